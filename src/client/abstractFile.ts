// What every file a cell reads offers, whether embedded at build time (FileAttachment) or chosen
// by the reader (Inputs.file): the readers built on text(), and an image from url(). Each kind
// supplies how to get its text, bytes and URL.
import {autoType, dsvFormat} from "d3-dsv";

/** Options of csv() and tsv(), as in Framework. */
export interface DsvOptions {
  array?: boolean;
  typed?: boolean;
}

/** The shared readers of FileAttachment and of a chosen file, as in Framework. */
export abstract class AbstractFile {
  abstract readonly name: string;
  abstract readonly mimeType: string;
  abstract text(): Promise<string>;
  abstract arrayBuffer(): Promise<ArrayBuffer>;
  abstract blob(): Promise<Blob>;
  abstract url(): Promise<string>;
  async json(): Promise<any> {
    return JSON.parse(await this.text());
  }
  /** Rows as objects by the header line, or with `array: true` as arrays (the header is a row); `typed` infers numbers and dates. */
  async dsv({delimiter = ",", array = false, typed = false}: DsvOptions & {delimiter?: string} = {}): Promise<any[]> {
    const format = dsvFormat(delimiter);
    const text = await this.text();
    const row = typed ? autoType : undefined;
    return array ? format.parseRows(text, row as any) : format.parse(text, row as any);
  }
  async csv(options: DsvOptions = {}): Promise<any[]> {
    return this.dsv({...options, delimiter: ","});
  }
  async tsv(options: DsvOptions = {}): Promise<any[]> {
    return this.dsv({...options, delimiter: "\t"});
  }
  /** The bytes as a ReadableStream. */
  async stream(): Promise<ReadableStream<Uint8Array>> {
    return (await this.blob()).stream();
  }
  /** The file parsed as a document (XML by default). */
  async xml(mimeType: DOMParserSupportedType = "application/xml"): Promise<Document> {
    return new DOMParser().parseFromString(await this.text(), mimeType);
  }
  /** The file parsed as an HTML document. */
  async html(): Promise<Document> {
    return this.xml("text/html");
  }
  /** Framework reads spreadsheets with ExcelJS; queuebook does not bundle a reader (see README). */
  async xlsx(): Promise<never> {
    throw new Error(`${this.name}: FileAttachment.xlsx() is not available in queuebook (Framework loads ExcelJS from a CDN); save the sheet as CSV and use .csv(), or install a reader (npm install exceljs) and pass it await .arrayBuffer()`);
  }
  /** Framework reads ZIP archives with JSZip; queuebook does not bundle a reader (see README). */
  async zip(): Promise<never> {
    throw new Error(`${this.name}: FileAttachment.zip() is not available in queuebook (Framework loads JSZip from a CDN); attach the files inside the archive, or install a reader (npm install jszip) and pass it await .arrayBuffer()`);
  }
  /** Framework reads Arrow IPC with apache-arrow from a CDN; queuebook does not bundle it (see README). */
  async arrow(): Promise<never> {
    throw this.notBundled("arrow", "apache-arrow");
  }
  /** Framework reads Parquet with parquet-wasm and apache-arrow from a CDN; not bundled (see README). */
  async parquet(): Promise<never> {
    throw this.notBundled("parquet", "parquet-wasm");
  }
  /** Framework opens SQLite files with sql.js from a CDN; not bundled (see README). */
  async sqlite(): Promise<never> {
    throw this.notBundled("sqlite", "sql.js");
  }
  /** Framework loads tables with arquero from a CDN; not bundled (see README). */
  async arquero(): Promise<never> {
    throw this.notBundled("arquero", "arquero");
  }
  // One sentence for every reader Framework fetches from a CDN: the cell says what is missing
  // and what to do, instead of "….parquet is not a function".
  private notBundled(method: string, pkg: string): Error {
    return new Error(`${this.name}: FileAttachment.${method}() is not available in queuebook (Framework loads ${pkg} from a CDN); install a reader (npm install ${pkg}) and pass it await .arrayBuffer(), or attach the data as CSV or JSON`);
  }
  /** The file as an <img>, loaded. */
  async image(properties: Partial<HTMLImageElement> = {}): Promise<HTMLImageElement> {
    const image = Object.assign(new Image(), properties);
    image.src = await this.url();
    await image.decode();
    return image;
  }
}
