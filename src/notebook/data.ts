// FileAttachment files: found by the files pass, read from beside the notebook, embedded in
// the notebook's bundle (text as text, binary as base64) so pages work from file://.
import {readFile} from "node:fs/promises";
import {dirname, join, relative, resolve} from "node:path";
import type {CompiledNotebook} from "./compile.js";

import type {EmbeddedFile} from "./contract.js";

export type {EmbeddedFile};

/** A notebook that cannot be built: one line naming file, position and problem. */
export class BuildError extends Error {}

const types: Record<string, string> = {
  csv: "text/csv", tsv: "text/tab-separated-values", txt: "text/plain", json: "application/json",
  md: "text/markdown", html: "text/html", svg: "image/svg+xml", xml: "application/xml", js: "text/javascript",
  css: "text/css", woff2: "font/woff2",
  png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg", gif: "image/gif", webp: "image/webp",
  pdf: "application/pdf", zip: "application/zip", parquet: "application/vnd.apache.parquet"
};

/** The MIME type for a file name, by extension. */
export function mimeType(name: string): string {
  return types[name.replace(/^.*\./, "").toLowerCase()] ?? "application/octet-stream";
}

/** Reads every file the notebook attaches; a missing one is a BuildError naming where it is used. */
export async function loadFiles(compiled: CompiledNotebook, notebookFile: string): Promise<Record<string, EmbeddedFile>> {
  const files: Record<string, EmbeddedFile> = {};
  const folder = dirname(notebookFile);
  for (const {name, line, column} of compiled.files) {
    if (Object.hasOwn(files, name)) continue;
    const file = resolve(folder, name);
    let bytes: Buffer;
    try {
      bytes = await readFile(file);
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "not found" : (error as Error).message;
      throw new BuildError(`${compiled.path}:${line}:${column}: FileAttachment "${name}" ${reason} (${relative(process.cwd(), file) || file})`);
    }
    const type = mimeType(name);
    files[name] = /^text\/|json|xml|svg/.test(type) ? {mimeType: type, text: bytes.toString("utf8")} : {mimeType: type, base64: bytes.toString("base64")};
  }
  return files;
}

/** The absolute paths of the files a notebook attaches (for the dev server's watcher). */
export function attachedPaths(compiled: CompiledNotebook, notebookFile: string): string[] {
  return compiled.files.map((f) => join(dirname(notebookFile), f.name));
}
