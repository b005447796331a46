import {AbstractFile} from "./abstractFile.js";
import {sharedFileProvides, sharedFileScript, type EmbeddedFile, type Files} from "../notebook/contract.js";
import {assetUrl, loadScript} from "./chunks.js";
import {provided} from "./provided.js";

export type {EmbeddedFile, Files};

export class FileNotFoundError extends Error {
  constructor(name: string) {
    super(`file not found: ${name} (files are embedded at build time; is it next to the notebook?)`);
  }
}
FileNotFoundError.prototype.name = "FileNotFoundError";

function decodeBase64(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; ++i) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** An embedded file's bytes (text as UTF-8). */
function embeddedBytes(file: EmbeddedFile): Uint8Array {
  if (file.base64 !== undefined) return decodeBase64(file.base64);
  return new TextEncoder().encode(file.text ?? "");
}

/** The href of each embedded file, so cells re-running (or many calls) share one blob: URL. */
const hrefs = new WeakMap<EmbeddedFile, string>();

export class EmbeddedFileAttachment extends AbstractFile {
  readonly name: string;
  readonly mimeType: string;
  #file: EmbeddedFile;
  #url: string | undefined;
  /** The name the notebook wrote (with its folders), as toString shows it. */
  readonly path: string;
  constructor(path: string, file: EmbeddedFile) {
    super();
    this.path = path;
    this.name = path.split("/").pop()!; // as in Framework: the file's own name, without folders
    this.mimeType = file.mimeType ?? "application/octet-stream";
    this.#file = file;
  }
  /** The file's data: as embedded, or (a file loaded on use) once its script has handed it over. */
  async #data(): Promise<EmbeddedFile> {
    const file = this.#file;
    if (file.lazy === undefined) return file;
    const key = sharedFileProvides(file.lazy);
    if (provided[key] === undefined) await loadScript(sharedFileScript(file.lazy));
    const data = provided[key] as EmbeddedFile | undefined;
    if (data === undefined)
      throw new Error(`${this.path} could not be loaded: this page has no _queuebook/${sharedFileScript(file.lazy)}.js beside it`);
    return data;
  }
  async #bytes(): Promise<Uint8Array> {
    return embeddedBytes(await this.#data());
  }
  async text(): Promise<string> {
    const file = await this.#data();
    if (file.text !== undefined) return file.text;
    return new TextDecoder().decode(embeddedBytes(file));
  }
  async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = await this.#bytes();
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }
  async blob(): Promise<Blob> {
    return new Blob([(await this.#bytes()) as BlobPart], {type: this.mimeType});
  }
  /** A blob: URL for the file's bytes (made once per attachment object). */
  async url(): Promise<string> {
    return (this.#url ??= URL.createObjectURL(await this.blob()));
  }
  /**
   * The file's URL now, as Framework's FileAttachment.href (one blob: URL per embedded file; a
   * file loaded on use is also written as itself beside its script); a cell's
   * import.meta.resolve(…) becomes this.
   */
  get href(): string {
    const file = this.#file;
    if (file.lazy !== undefined) {
      const url = assetUrl(`${sharedFileScript(file.lazy)}/${encodeURIComponent(this.name)}`);
      if (url === undefined) throw new Error(`${this.path} has no URL: this page has no _queuebook/ folder beside it`);
      return url;
    }
    let href = hrefs.get(file);
    if (href === undefined)
      hrefs.set(file, (href = URL.createObjectURL(new Blob([embeddedBytes(file) as BlobPart], {type: this.mimeType}))));
    return href;
  }
  toString(): string {
    return `FileAttachment(${JSON.stringify(this.path)})`;
  }
}

/**
 * FileAttachment(name) over the embedded files; names may be written with a leading "./".
 * `refused` says why the build did not embed a name (a project module's file outside the root).
 */
export function makeFileAttachment(
  getFiles: () => Files,
  refused: (name: string) => string | undefined = () => undefined
): (name: string) => EmbeddedFileAttachment {
  return function FileAttachment(name: string) {
    if (typeof name !== "string") throw new TypeError("FileAttachment expects a file name");
    const files = getFiles();
    const key = name.replace(/^\.\//, "");
    const file = Object.hasOwn(files, key) ? files[key] : Object.hasOwn(files, name) ? files[name] : undefined;
    if (!file) {
      const why = refused(name);
      throw why ? new Error(why) : new FileNotFoundError(name);
    }
    return new EmbeddedFileAttachment(key, file);
  };
}
