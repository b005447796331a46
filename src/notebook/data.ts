// FileAttachment files: found by the files pass, read from the notebook folder, embedded in the
// notebook's bundle (text as text, binary as base64) so pages work from file://. A page is
// published, so it must never carry the machine it was built on: only regular files inside the
// notebook root are read, each within a size limit; anything else is a problem reported at the
// cell that asks for it (the rest of the page still builds).
import {createHash} from "node:crypto";
import {realpath} from "node:fs/promises";
import {basename, dirname, resolve, sep} from "node:path";
import type {CompiledNotebook} from "./compile.js";
import {readBounded} from "../io/readBounded.js";
import type {EmbeddedFile} from "./contract.js";
import {oneLine, quote, shown, within} from "./messages.js";
import {npmFile, projectRoot} from "./npmFile.js";

export type {EmbeddedFile};

/** The default size limit of one attached file. */
export const defaultMaxFileBytes = 50 * 1024 * 1024;

const types: Record<string, string> = {
  csv: "text/csv",
  tsv: "text/tab-separated-values",
  txt: "text/plain",
  json: "application/json",
  md: "text/markdown",
  html: "text/html",
  svg: "image/svg+xml",
  xml: "application/xml",
  js: "text/javascript",
  css: "text/css",
  woff2: "font/woff2",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  pdf: "application/pdf",
  zip: "application/zip",
  parquet: "application/vnd.apache.parquet"
};

/** The MIME type for a file name, by extension. */
export function mimeType(name: string): string {
  const extension = name.replace(/^.*\./, "").toLowerCase();
  return Object.hasOwn(types, extension) ? types[extension] : "application/octet-stream";
}

/** A file's bytes as the page reads them: text as text, anything else as base64. */
export function embeddedFile(type: string, bytes: Buffer): EmbeddedFile {
  return /^text\/|json|xml|svg/.test(type)
    ? {mimeType: type, text: bytes.toString("utf8")}
    : {mimeType: type, base64: bytes.toString("base64")};
}

/** A file written once into a site for every page that attaches it (a site build's, see buildCache.ts). */
export interface SharedFile {
  /** Its data, as the page's FileAttachment reads it. */
  data: EmbeddedFile;
  /** Its bytes, also written as themselves (for FileAttachment's href). */
  bytes: Uint8Array;
  /** The file names it was attached by (each gets its copy under the key's folder). */
  names: Set<string>;
}

/**
 * What a page carries for a file written once into the site (src/site/sharedFiles.ts): its type
 * and key, a hash of its type and bytes, under which `shared` records it (once, however many
 * pages, cells and modules attach the same bytes). The page loads it when a cell first reads it.
 */
export function sharedFile(shared: Map<string, SharedFile>, type: string, bytes: Buffer, name: string): EmbeddedFile {
  const key = createHash("sha256").update(type).update("\0").update(bytes).digest("hex").slice(0, 20);
  const entry = shared.get(key) ?? {data: embeddedFile(type, bytes), bytes, names: new Set<string>()};
  entry.names.add(basename(name));
  shared.set(key, entry);
  return {mimeType: type, lazy: key};
}

/** True for a name Framework reads from the source root: one leading "/" (not "//", a host). */
export function rootRelative(name: string): boolean {
  return name.startsWith("/") && !name.startsWith("//");
}

/** The key a file is embedded under: its name as written, less a leading "./" (as the client looks it up). */
export function fileKey(name: string): string {
  return name.replace(/^\.\//, "");
}

/** The attached files that could be read, and a one-line problem for each one that could not. */
export interface LoadedFiles {
  /** By key (see fileKey); a Map, so "__proto__" is a name like any other. */
  files: Map<string, EmbeddedFile>;
  /** By key: why the file is not embedded ("…" is outside the notebook folder). */
  problems: Map<string, string>;
  /** Absolute paths of the files read (for the dev server's watcher). */
  paths: string[];
}

/** Where files may come from and how big they may be. */
export interface FileOptions {
  /** The notebook root: no file outside it is read. Default: the notebook's own folder. */
  root?: string;
  /** Largest file embedded, in bytes (default 50 MB). */
  maxBytes?: number;
  /**
   * A site build's files written once into the site (buildCache.ts): each file read is recorded
   * there and named by key, not embedded, unless it is small or the page may ask for its URL (see loadFiles).
   */
  shared?: Map<string, SharedFile>;
}

/**
 * The smallest cell's file a site build writes into the site rather than into the page: a smaller
 * one costs less in the page's script than a request of its own (a cell that awaits several in
 * turn would wait for each), as bundlers inline small assets.
 */
export const sharedFileMinBytes = 8 * 1024;

/** Reads every file the notebook attaches; problems (missing, outside the root, too big…) are returned, not thrown. */
export async function loadFiles(compiled: CompiledNotebook, notebookFile: string, options: FileOptions = {}): Promise<LoadedFiles> {
  const folder = dirname(resolve(notebookFile));
  const root = resolve(options.root ?? folder);
  let realRoot: Promise<string> | undefined; // (asked once a file is read: most pages attach none)
  const maxBytes = options.maxBytes ?? defaultMaxFileBytes;
  const loaded: LoadedFiles = {files: new Map(), problems: new Map(), paths: []};
  // A file's URL (href, import.meta.resolve) is a blob: URL only while its bytes are in the page:
  // one written into the site is a file beside it, which fetch cannot read from file://. So a page
  // whose cells may ask for a URL (the word href anywhere in them) embeds its files as before.
  const urls = options.shared !== undefined && compiled.analysed.some((cell) => /\bhref\b/.test(cell.js));
  for (const {name, resolve: resolved} of compiled.files) {
    const key = fileKey(name);
    if (loaded.files.has(key) || loaded.problems.has(key)) continue;
    const result = name.startsWith("npm:")
      ? await readPackageFile(name, folder, root, maxBytes)
      : await readAttached(name, folder, root, await (realRoot ??= realpath(root).catch(() => root)), maxBytes);
    if (!("bytes" in result)) {
      loaded.problems.set(
        key,
        oneLine(`${resolved ? `import.meta.resolve(${quote(name)})` : `FileAttachment ${quote(name)}`} ${refusalText(result)}`)
      );
      continue;
    }
    const type = mimeType(name);
    const share = options.shared && !resolved && !urls && result.bytes.length >= sharedFileMinBytes ? options.shared : undefined;
    loaded.files.set(key, share ? sharedFile(share, type, result.bytes, name) : embeddedFile(type, result.bytes));
    loaded.paths.push(result.path);
  }
  return loaded;
}

/** Why a file is not read: the end of a sentence about it, a hint on what would do, and whether it is simply not there. */
export interface Refusal {
  /** "is a folder, not a file", "not found in the notebook folder (x)", … */
  is: string;
  /** What would be read instead ("only files inside it are attached"). */
  hint?: string;
  missing?: boolean;
}

/** A file's bytes and real path, as read. */
export interface ReadFile {
  bytes: Buffer;
  path: string;
}

const insideOnly = "only files inside it are attached";

/** A refusal as the end of a sentence about an attached file: `is a link to a file outside the notebook folder: only files inside it are attached`. */
export function refusalText(refusal: Refusal): string {
  return refusal.hint ? `${refusal.is}: ${refusal.hint}` : refusal.is;
}

/** The file's bytes, or why it may not be attached. */
async function readAttached(name: string, folder: string, root: string, realRoot: string, maxBytes: number): Promise<ReadFile | Refusal> {
  if (name === "" || name.includes("\0")) return {is: "is not a file name"};
  if (/^[a-zA-Z]:[\\/]/.test(name) || name.startsWith("\\") || name.startsWith("//"))
    return {is: "is an absolute path", hint: "attach files inside the notebook folder by a relative path"};
  // As in Framework, a leading "/" is the notebook root (the source root), not the disk's.
  const file = rootRelative(name) ? resolve(root, `.${name}`) : resolve(folder, name);
  if (!within(file, root)) return {is: "is outside the notebook folder", hint: insideOnly};
  const read = await readInside(file, root, realRoot, maxBytes);
  if (rootRelative(name) && "missing" in read && read.missing) return {...read, is: `${read.is}; a leading "/" is the notebook folder`};
  return read;
}

/** The bytes of an installed package's file (`npm:us-atlas@3/counties-10m.json`, see npmFile.ts), read as an attached file is, inside the package. */
async function readPackageFile(name: string, folder: string, root: string, maxBytes: number): Promise<ReadFile | Refusal> {
  const found = npmFile(name, folder, projectRoot(root));
  if ("is" in found) return found;
  const realPackage = await realpath(found.packageDir).catch(() => found.packageDir);
  const read = await readInside(found.file, found.packageDir, realPackage, maxBytes);
  if ("bytes" in read) return read;
  // readInside speaks of the notebook folder; here the folder is the package's
  if (read.missing)
    return {
      is: `is not a file of the installed package (${shown(found.packageDir.slice(0, found.packageDir.lastIndexOf(`${sep}node_modules${sep}`)), found.file)})`,
      missing: true
    };
  return {
    ...read,
    is: read.is.replace("outside the notebook folder", "outside the package"),
    hint: read.hint && "only the package's own files are embedded"
  };
}

/**
 * The bytes of `file` if it is a regular file whose real path (links followed) lies inside
 * `realRoot` and holds at most `maxBytes`; else why not ("not found (…)", "is a folder, not a
 * file", "is a link to a file outside …"). Never waits on a pipe, never reads past the limit.
 */
export async function readInside(file: string, root: string, realRoot: string, maxBytes: number): Promise<ReadFile | Refusal> {
  let real: string;
  try {
    real = await realpath(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return {is: `not found in the notebook folder (${shown(root, file)})`, missing: true};
    return {is: code === "ELOOP" ? "is a link that loops" : `cannot be read (${code ?? "error"})`};
  }
  if (!within(real, realRoot)) return {is: "is a link to a file outside the notebook folder", hint: insideOnly};
  const read = await readBounded(real, maxBytes);
  switch (read.problem) {
    case undefined:
      return {bytes: read.bytes, path: real};
    case "folder":
      return {is: "is a folder, not a file"};
    case "not-regular":
      return {is: "is not a regular file (a device, pipe or socket)"};
    case "too-large":
      return {
        is: read.grew
          ? `is more than the limit of ${megabytes(maxBytes)} (--max-file-mb)`
          : `is ${megabytes(read.size)}, more than the limit of ${megabytes(maxBytes)} (--max-file-mb)`
      };
    default:
      // the real path was found a moment ago; a file gone since is as unreadable as one denied
      return {is: read.code === "EACCES" ? "cannot be read (permission denied)" : `cannot be read (${read.code})`};
  }
}

function megabytes(bytes: number): string {
  if (bytes < 100 * 1024) return `${bytes.toLocaleString("en-US")} bytes`;
  const mb = bytes / (1024 * 1024);
  return `${mb >= 10 || Number.isInteger(mb) ? Math.round(mb) : mb.toFixed(1)} MB`;
}

/** The absolute paths of the files a notebook attaches (for the dev server's watcher). */
export function attachedPaths(compiled: CompiledNotebook, notebookFile: string): string[] {
  return compiled.files.filter((f) => !f.name.startsWith("npm:")).map((f) => resolve(dirname(notebookFile), f.name));
}
