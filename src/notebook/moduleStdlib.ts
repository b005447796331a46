// `import {FileAttachment} from "observablehq:stdlib"` inside a project module (src/lib/util.js),
// as Framework allows: the module gets the page's stdlib, and a FileAttachment of its own whose
// names are relative to the module (or to the notebook root with a leading "/"). The files it
// names are read at build time under the same rules as a cell's (regular files inside the
// notebook root, within the size limit) and embedded in the module's stand-in; in a site build,
// written once into the site instead and named in the stand-in by key (src/site/sharedFiles.ts).
import {readFile, realpath} from "node:fs/promises";
import {dirname, resolve} from "node:path";
import {
  defaultMaxFileBytes,
  embeddedFile,
  mimeType,
  readInside,
  refusalText,
  rootRelative,
  sharedFile,
  type EmbeddedFile,
  type SharedFile
} from "./data.js";
import {jsonExpression} from "./embed.js";
import {oneLine, quote, shown, within} from "./messages.js";

export type {SharedFile};

/** What the stand-in for a module's `observablehq:stdlib` carries, and what it read. */
export interface ModuleStdlib {
  /** The embedded files, as a JavaScript expression (a null-prototype record by name). */
  files: string;
  /** The names that could not be embedded and why, as a JavaScript expression. */
  refused: string;
  /** Absolute paths of the files read (for the dev server's watcher). */
  paths: string[];
  /** One line per file that could not be embedded (said at the page's build). */
  problems: string[];
}

/**
 * FileAttachment calls with one literal string, found in the module's source text. A text scan
 * rather than a parse, so TypeScript modules are read alike; a name found in a comment is only
 * embedded if it is a file inside the root, which is harmless.
 */
export function attachedNames(source: string): string[] {
  const names = new Set<string>();
  for (const match of source.matchAll(/\bFileAttachment\(\s*(?:"([^"\\\n]*)"|'([^'\\\n]*)'|`([^`\\$]*)`)\s*\)/g))
    names.add(match[1] ?? match[2] ?? match[3]);
  return [...names];
}

/**
 * The stand-in module for `observablehq:stdlib` imported by `module` (absolute path). With
 * `shared` (a site build's), the files are not embedded: each is recorded there once, by a hash
 * of its bytes, and the stand-in names it by that key (loaded on use, see BuildCache).
 */
export async function moduleStdlib(
  module: string,
  root: string,
  maxBytes = defaultMaxFileBytes,
  shared?: Map<string, SharedFile>
): Promise<ModuleStdlib> {
  const source = await readFile(module, "utf8").catch(() => "");
  const realRoot = await realpath(root).catch(() => root);
  // Null-prototype records: a file named "__proto__" is a key like any other.
  const files: Record<string, EmbeddedFile> = Object.create(null);
  const refused: Record<string, string> = Object.create(null);
  const paths: string[] = [];
  for (const name of attachedNames(source)) {
    const file = rootRelative(name) ? resolve(root, `.${name}`) : resolve(dirname(module), name);
    const read =
      name === "" || !within(file, root)
        ? {is: "is outside the notebook folder: only files inside it are attached"}
        : await readInside(file, root, realRoot, maxBytes);
    if (!("bytes" in read)) {
      refused[name] = oneLine(`FileAttachment ${quote(name)} (in ${shown(root, module)}) ${refusalText(read)}`);
      continue;
    }
    const type = mimeType(name);
    files[name] = shared ? sharedFile(shared, type, read.bytes, file) : embeddedFile(type, read.bytes);
    paths.push(read.path);
  }
  return {files: jsonExpression(files), refused: jsonExpression(refused), paths, problems: Object.values(refused)};
}

/**
 * The stand-in's JavaScript (ESM) for esbuild: the stdlib's exports, and FileAttachment over the
 * embedded files, which `embed` may replace by a placeholder (see embed.ts).
 */
export function standIn(stdlib: ModuleStdlib, embed: (expression: string) => string = (e) => e): string {
  return `const stdlib = queuebook.library("stdlib");
export const {AbstractFile, Generators, Mutable, resize} = stdlib;
export const FileAttachment = stdlib.attachments(${embed(stdlib.files)}, ${stdlib.refused});
`;
}
