// What every file a cell reads offers, whether embedded at build time (FileAttachment) or chosen
// by the reader (Inputs.file): the readers built on text(), and an image from url(). Each kind
// supplies how to get its text, bytes and URL.
import {autoType, csvParse, tsvParse} from "d3-dsv";

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
  async csv({typed = false}: {typed?: boolean} = {}): Promise<any[]> {
    const text = await this.text();
    return typed ? csvParse(text, autoType) : csvParse(text);
  }
  async tsv({typed = false}: {typed?: boolean} = {}): Promise<any[]> {
    const text = await this.text();
    return typed ? tsvParse(text, autoType) : tsvParse(text);
  }
  /** The file as an <img>, loaded. */
  async image(properties: Partial<HTMLImageElement> = {}): Promise<HTMLImageElement> {
    const image = Object.assign(new Image(), properties);
    image.src = await this.url();
    await image.decode();
    return image;
  }
}
