// Observable Inputs as the page provides them: Inputs.file's value reads like a FileAttachment
// (text, json, csv, tsv, arrayBuffer, blob, url, stream, image), as in Framework, so a cell written
// for `FileAttachment("runs.csv").csv()` works unchanged on a file the reader chooses.
import * as Inputs from "@observablehq/inputs";
import {AbstractFile} from "./abstractFile.js";
import {labelRange, labelTable} from "./inputsA11y.js";

/** A file chosen in an Inputs.file, read with FileAttachment's methods. */
export class LocalFile extends AbstractFile {
  readonly name: string;
  readonly mimeType: string;
  readonly lastModified: number;
  readonly size: number;
  #file: File;
  #url: string | undefined;
  constructor(file: File) {
    super();
    this.name = file.name;
    this.mimeType = file.type || "application/octet-stream";
    this.lastModified = file.lastModified;
    this.size = file.size;
    this.#file = file;
  }
  async text(): Promise<string> {
    return this.#file.text();
  }
  async arrayBuffer(): Promise<ArrayBuffer> {
    return this.#file.arrayBuffer();
  }
  async blob(): Promise<Blob> {
    return this.#file;
  }
  async stream(): Promise<ReadableStream<Uint8Array>> {
    return this.#file.stream();
  }
  /** A blob: URL for the file (made once). */
  async url(): Promise<string> {
    return (this.#url ??= URL.createObjectURL(this.#file));
  }
  toString(): string {
    return `LocalFile(${JSON.stringify(this.name)})`;
  }
}

/** Inputs, with file() giving LocalFile values (a `transform` of the caller's own still wins) and every control named (inputsA11y.ts). */
export const inputs = {
  ...Inputs,
  range: (...args: Parameters<typeof Inputs.range>) => labelRange(Inputs.range(...args)),
  table: (...args: Parameters<typeof Inputs.table>) => labelTable(Inputs.table(...args)),
  file: (options: Record<string, unknown> = {}) => Inputs.file({transform: (file: File) => new LocalFile(file), ...options})
};
