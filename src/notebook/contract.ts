// The contract between the compiler (src/notebook, src/site) and the browser client
// (src/client): what a notebook bundle hands to `queuebook.notebook(…)`, how files are
// embedded, and which built-in lives in which asset chunk. Both sides import this module, so
// the shapes and the chunk table are written once. Browser-safe: no node: imports.

/**
 * A file embedded in the notebook bundle at build time (text, or binary as base64); or, for a
 * file a project module attaches in a site build, written once for the whole site and loaded on
 * first read (`lazy`: see sharedFileScript).
 */
export interface EmbeddedFile {
  mimeType?: string;
  text?: string;
  base64?: string;
  /** The key of a file loaded on use: its data in `_queuebook/files/<lazy>.js`, its bytes as `_queuebook/files/<lazy>/<name>`. */
  lazy?: string;
}

/** The script, under the site's `_queuebook/`, that hands over the data of the file loaded on use as `key` (without .js). */
export function sharedFileScript(key: string): string {
  return `files/${key}`;
}

/** The key under which that script hands the file's data to queuebook.provide. */
export function sharedFileProvides(key: string): string {
  return `file:${key}`;
}

/** The notebook's embedded files by name (a null-prototype object: no "__proto__" surprises). */
export type Files = Record<string, EmbeddedFile>;

/** One cell as the bundle defines it; see src/notebook/README.md for each field. */
export interface CellDefinition {
  id: string;
  inputs: string[];
  outputs?: string[];
  hash: string;
  line: number;
  column: number;
  body?: (...args: any[]) => any;
  autodisplay?: boolean;
  inline?: boolean;
  error?: {name?: string; message: string; line?: number; column?: number};
}

/** A whole notebook as its bundle hands it to the client. */
export interface NotebookDefinition {
  path: string;
  files?: Files;
  /** Why a file the cells name could not be had (its name, without "./"): FileAttachment throws it. */
  refused?: Record<string, string>;
  /**
   * Files still on their way (a lesson in JupyterLab reads them through the tab): the cells are
   * defined at once and only those that use FileAttachment wait for them. Replaces `files` and
   * `refused` when it resolves.
   */
  filesArriving?: Promise<{files: Files; refused?: Record<string, string>}>;
  cells: CellDefinition[];
  /** Languages the notebook declares in its front matter (first = default); absent = none. */
  languages?: string[];
  /** The modules the cells import, by specifier, each loaded from the bundle on call (for cells edited in the page). */
  modules?: Record<string, () => Promise<unknown>>;
}

/** True for a language code a notebook may declare (BCP 47-like: en, hu, pt-BR); the compiler and the page both check it. */
export function isLanguageCode(code: string): boolean {
  return /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(code);
}

/** The front matter's `languages`, validated: BCP 47-like codes, no repeats; problems warned. */
export function declaredLanguages(value: unknown, warn: (message: string) => void): string[] {
  if (value === undefined) return [];
  const list = typeof value === "string" ? [value] : Array.isArray(value) ? value : undefined;
  if (!list) {
    warn("front matter: languages must be a list of language codes, e.g. [en, hu]");
    return [];
  }
  const codes: string[] = [];
  for (const code of list) {
    if (typeof code === "string" && isLanguageCode(code)) {
      if (!codes.includes(code)) codes.push(code);
    } else {
      warn(`front matter: languages: ${JSON.stringify(String(code)).slice(0, 40)} is not a language code (like en, hu, pt-BR)`);
    }
  }
  return codes;
}

/** A language's own name ("magyar" → "Magyar", "日本語"), or its code where Intl has none; the course page and the page's picker both show it. */
export function languageName(code: string): string {
  try {
    const name = new Intl.DisplayNames([code], {type: "language"}).of(code);
    return name ? name.charAt(0).toLocaleUpperCase(code) + name.slice(1) : code;
  } catch {
    return code;
  }
}

/** An optional asset chunk: its script, the library it hands over (queuebook.provide) and CSS. */
export interface Chunk {
  /** File name without .js under _queuebook/ ("plot", "katex"). */
  chunk: string;
  /** The key the chunk passes to queuebook.provide({…}). */
  provides: string;
  /** A stylesheet the chunk needs, under _queuebook/. */
  css?: string;
  /** The built-in is this property of what the chunk provides (DuckDBClient of the duckdb chunk). */
  member?: string;
}

/**
 * Built-ins carried by an optional chunk rather than by client.js: queuebook's own (Plot, d3,
 * tex, md) and Framework's implicit imports, each loaded only by a page that reads it.
 */
export const chunkedBuiltins: Record<string, Chunk> = {
  Plot: {chunk: "plot", provides: "Plot"},
  d3: {chunk: "d3", provides: "d3"},
  tex: {chunk: "katex", provides: "katex", css: "katex.css"},
  md: {chunk: "marked", provides: "marked"},
  aq: {chunk: "arquero", provides: "aq"},
  Arrow: {chunk: "arrow", provides: "Arrow"},
  topojson: {chunk: "topojson", provides: "topojson"},
  L: {chunk: "leaflet", provides: "L", css: "leaflet.css"},
  _: {chunk: "lodash", provides: "_"},
  DuckDBClient: {chunk: "duckdb", provides: "duckdb", member: "DuckDBClient"},
  sql: {chunk: "duckdb", provides: "duckdb", member: "sql"},
  duckdb: {chunk: "duckdb", provides: "duckdb", member: "duckdb"},
  SQLite: {chunk: "sqlite", provides: "sqlite", member: "SQLite"},
  SQLiteDatabaseClient: {chunk: "sqlite", provides: "sqlite", member: "SQLiteDatabaseClient"}
};

/**
 * Chunks reached by a module name rather than a built-in: Framework's own modules a page imports
 * (`npm:@observablehq/duckdb`), and the readers of FileAttachment (`.xlsx()` …, by method name).
 */
export const chunkedModules: Record<string, Chunk> = {
  "@observablehq/duckdb": {chunk: "duckdb", provides: "duckdb"},
  "@duckdb/duckdb-wasm": {chunk: "duckdb", provides: "duckdb", member: "duckdb"},
  "@observablehq/sqlite": {chunk: "sqlite", provides: "sqlite"},
  "@observablehq/xlsx": {chunk: "xlsx", provides: "xlsx"},
  "@observablehq/zip": {chunk: "zip", provides: "zip"},
  xlsx: {chunk: "xlsx", provides: "xlsx"},
  zip: {chunk: "zip", provides: "zip"},
  parquet: {chunk: "parquet", provides: "parquet"},
  arrow: {chunk: "arrow", provides: "Arrow"},
  sqlite: {chunk: "sqlite", provides: "sqlite"}
};

/** The chunk carrying a built-in or a module name, if any. */
export function chunkOf(name: string): Chunk | undefined {
  return Object.hasOwn(chunkedBuiltins, name)
    ? chunkedBuiltins[name]
    : Object.hasOwn(chunkedModules, name)
      ? chunkedModules[name]
      : undefined;
}

/** Built-ins client.js carries itself. `display` and `view` are cell-local. */
export const clientBuiltins = [
  "Inputs",
  "html",
  "svg",
  "htl",
  "FileAttachment",
  "width",
  "now",
  "invalidation",
  "visibility",
  "Generators",
  "Mutable",
  "resize",
  "dark",
  "lang",
  "observable",
  "display",
  "view"
] as const;

/** True when `name` is a built-in (client or chunk). */
export function isBuiltin(name: string): boolean {
  return Object.hasOwn(chunkedBuiltins, name) || (clientBuiltins as readonly string[]).includes(name);
}

/**
 * Packages the shared assets already carry, by the library name `queuebook.library(name)`
 * returns: a cell's `import * as d3 from "d3"` reuses the page's copy instead of bundling one.
 */
export const sharedPackages: Record<string, string> = {
  d3: "d3",
  "@observablehq/plot": "Plot",
  "@observablehq/inputs": "Inputs",
  htl: "htl",
  arquero: "aq",
  "apache-arrow": "Arrow",
  "topojson-client": "topojson",
  leaflet: "L",
  lodash: "_",
  "@observablehq/duckdb": "@observablehq/duckdb",
  "@duckdb/duckdb-wasm": "@duckdb/duckdb-wasm",
  "@observablehq/sqlite": "@observablehq/sqlite",
  "@observablehq/xlsx": "@observablehq/xlsx",
  "@observablehq/zip": "@observablehq/zip"
};
