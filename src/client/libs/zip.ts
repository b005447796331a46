// zip.js: FileAttachment(…).zip() with JSZip, as Framework's ZipArchive: `filenames`, and
// `file(path)`, a file with the same readers as a FileAttachment (the client's AbstractFile).
import JSZip from "jszip";
import {pageApi} from "../pageApi.js";

const {AbstractFile} = pageApi().library("stdlib") as {AbstractFile: typeof import("../abstractFile.js").AbstractFile};

const types: Record<string, string> = {
  csv: "text/csv",
  tsv: "text/tab-separated-values",
  json: "application/json",
  txt: "text/plain",
  parquet: "application/vnd.apache.parquet",
  arrow: "application/vnd.apache.arrow.file",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  svg: "image/svg+xml",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  zip: "application/zip"
};

/** One file of an archive, read when asked. */
class ZipEntry extends AbstractFile {
  declare name: string;
  declare mimeType: string;
  declare private entry: any;
  declare private href?: Promise<string>;
  constructor(entry: any) {
    super();
    this.name = entry.name;
    this.mimeType = types[entry.name.replace(/^.*\./, "").toLowerCase()] ?? "application/octet-stream";
    Object.defineProperty(this, "entry", {value: entry});
  }
  text(): Promise<string> {
    return this.entry.async("text");
  }
  arrayBuffer(): Promise<ArrayBuffer> {
    return this.entry.async("arraybuffer");
  }
  async blob(): Promise<Blob> {
    return new Blob([await this.arrayBuffer()], {type: this.mimeType});
  }
  url(): Promise<string> {
    return (this.href ??= this.blob().then((blob) => URL.createObjectURL(blob)));
  }
}

/** A ZIP archive opened from its bytes. */
export class ZipArchive {
  readonly filenames: string[];
  declare private archive: any;
  constructor(archive: any) {
    Object.defineProperty(this, "archive", {value: archive});
    this.filenames = Object.keys(archive.files).filter((name) => !archive.files[name].dir);
  }
  /** Opens the archive in `buffer`. */
  static async from(buffer: ArrayBuffer): Promise<ZipArchive> {
    return new ZipArchive(await JSZip.loadAsync(buffer));
  }
  /** The file at `path` inside the archive. */
  file(path: string): ZipEntry {
    const entry = this.archive.file(String(path));
    if (!entry || entry.dir) throw new Error(`file not found: ${path}`);
    return new ZipEntry(entry);
  }
}

pageApi().provide({zip: {ZipArchive, load: ZipArchive.from}});
