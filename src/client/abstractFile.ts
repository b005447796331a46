// What every file a cell reads offers, whether embedded at build time (FileAttachment) or chosen
// by the reader (Inputs.file): the readers built on text(), and an image from url(). Each kind
// supplies how to get its text, bytes and URL.
import {autoType, dsvFormat} from "d3-dsv";
import {needChunk} from "./chunks.js";

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
    if (array) return typed ? format.parseRows(text, autoType) : format.parseRows(text);
    return typed ? format.parse(text, autoType) : format.parse(text);
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
  /** A spreadsheet (ExcelJS, from the xlsx chunk): Framework's Workbook, `sheetNames` and `sheet(name, {range, headers})`. */
  async xlsx(): Promise<any> {
    const [xlsx, buffer] = await Promise.all([needChunk("xlsx"), this.arrayBuffer()]);
    return xlsx.load(buffer);
  }
  /** A ZIP archive (JSZip, from the zip chunk): `filenames` and `file(path)`. */
  async zip(): Promise<any> {
    const [zip, buffer] = await Promise.all([needChunk("zip"), this.arrayBuffer()]);
    return zip.load(buffer);
  }
  /** An Arrow IPC file as an Apache Arrow table. */
  async arrow(): Promise<any> {
    const [Arrow, buffer] = await Promise.all([needChunk("Arrow"), this.arrayBuffer()]);
    return Arrow.tableFromIPC(new Uint8Array(buffer));
  }
  /** A Parquet file as an Apache Arrow table (hyparquet, from the parquet chunk). */
  async parquet(): Promise<any> {
    const [parquet, buffer] = await Promise.all([needChunk("parquet"), this.arrayBuffer()]);
    return parquet.read(buffer);
  }
  /** A SQLite database (sql.js, from the sqlite chunk) as a SQLiteDatabaseClient. */
  async sqlite(): Promise<any> {
    const sqlite = await needChunk("sqlite");
    return sqlite.SQLiteDatabaseClient.open(this);
  }
  /** An Arquero table from CSV, TSV, JSON, Arrow or Parquet. */
  async arquero(options: Record<string, unknown> = {}): Promise<any> {
    const aq = await needChunk("aq");
    const type = this.mimeType;
    if (type === "application/json" || /\.json$/i.test(this.name)) return aq.fromJSON(await this.text(), options);
    if (type === "text/tab-separated-values" || /\.tsv$/i.test(this.name))
      return aq.fromCSV(await this.text(), {delimiter: "\t", ...options});
    if (type === "text/csv" || /\.csv$/i.test(this.name)) return aq.fromCSV(await this.text(), options);
    if (/\.arrow$/i.test(this.name)) return aq.fromArrow(new Uint8Array(await this.arrayBuffer()), options);
    if (/\.parquet$/i.test(this.name)) return aq.from(await (await needChunk("parquet")).readRows(await this.arrayBuffer()));
    throw new Error(`${this.name}: cannot tell how to read it into Arquero (CSV, TSV, JSON, Arrow or Parquet)`);
  }
  /** The file as an <img>, loaded. */
  async image(properties: Partial<HTMLImageElement> = {}): Promise<HTMLImageElement> {
    const image = Object.assign(new Image(), properties);
    image.src = await this.url();
    await image.decode();
    return image;
  }
}
