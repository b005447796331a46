// Transpile pass: one small readable definition per cell, in the shape the browser client's
// queuebook.notebook({cells}) takes (see README.md beside this file).
import {sha256Hex} from "./sha256.js";
import type {AnalysedCell, CellError} from "./cell.js";
import {globals, sharedPackages} from "./globals.js";

/** Inputs of a cell: its free references, less browser globals that no cell defines. */
export function cellInputs(cell: AnalysedCell, defined: ReadonlySet<string>): string[] {
  return cell.references.filter((name) => defined.has(name) || !globals.has(name));
}

/** The body function's source: imports rewritten, outputs returned. */
export function cellBody(cell: AnalysedCell, inputs: readonly string[]): string {
  const head = `${cell.async ? "async " : ""}(${inputs.join(", ")}) =>`;
  // Imports become `await import(…)`; import.meta.resolve("x") the embedded file's URL (files pass).
  const edits = [
    ...cell.imports,
    ...cell.files.flatMap((f) => (f.resolve ? [{...f.resolve, replacement: `FileAttachment(${JSON.stringify(f.name)}).href`}] : []))
  ];
  let js = cell.js;
  for (const i of edits.sort((a, b) => b.start - a.start)) {
    js = js.slice(0, i.start) + i.replacement + js.slice(i.end);
  }
  if (cell.expression) return `${head} (\n${js.trim()}\n)`;
  const outputs = cell.declarations.length ? `\nreturn {${cell.declarations.join(", ")}};` : "";
  return `${head} {\n${js.replace(/\s+$/, "")}${outputs}\n}`;
}

/** Best-effort top-level names of a cell that failed to parse, so its dependents can say so. */
export function guessDeclarations(source: string): string[] {
  const names = new Set<string>();
  for (const m of source.matchAll(
    /^(?:export\s+)?(?:(?:const|let|var)\s+([A-Za-z_$][\w$]*)|(?:async\s+)?function\*?\s+([A-Za-z_$][\w$]*)|class\s+([A-Za-z_$][\w$]*))/gm
  )) {
    names.add(m[1] ?? m[2] ?? m[3]);
  }
  return [...names];
}

/** One cell's definition as source text, and its hash as data (the bundle extends some hashes). */
export function defineCell(cell: AnalysedCell, defined: ReadonlySet<string>, graphError?: CellError): {text: string; hash: string} {
  const error = cell.error ?? graphError;
  const fields: [string, string][] = [
    ["id", JSON.stringify(cell.id)],
    ["line", String(cell.line)],
    ["column", String(cell.column)]
  ];
  let hashed: unknown;
  if (error) {
    const outputs = cell.error ? guessDeclarations(cell.source) : cell.declarations;
    const value = {name: error.name, message: error.message, line: error.line, column: error.column};
    fields.push(["inputs", "[]"], ["outputs", JSON.stringify(outputs)], ["error", JSON.stringify(value)]);
    hashed = [outputs, value];
  } else {
    const inputs = cellInputs(cell, defined);
    const body = cellBody(cell, inputs);
    fields.push(["inputs", JSON.stringify(inputs)], ["outputs", JSON.stringify(cell.declarations)]);
    // As in Framework, an expression that calls display (or view) shows only what it displays.
    if (cell.expression && !inputs.includes("display") && !inputs.includes("view")) fields.push(["autodisplay", "true"]);
    hashed = [inputs, cell.declarations, cell.expression, cell.inline, body];
    fields.push(["body", body]);
  }
  if (cell.inline) fields.splice(3, 0, ["inline", "true"]);
  const hash = sha256Hex(JSON.stringify(hashed), 12);
  fields.splice(fields.length - (error ? 0 : 1), 0, ["hash", JSON.stringify(hash)]);
  return {text: `{${fields.map(([k, v]) => `${k}: ${v}`).join(", ")}}`, hash};
}

/** The whole notebook's definitions: one `queuebook.notebook` call (files come from `__files`). */
export function transpileNotebook(
  cells: readonly AnalysedCell[],
  path: string,
  graphErrors: ReadonlyMap<string, CellError>,
  options: {languages?: readonly string[]} = {}
): string {
  return defineNotebook(cells, path, graphErrors, options).text;
}

/** Where a cell's definition stands in the notebook's definitions, and its hash. */
export interface DefinedCell {
  id: string;
  hash: string;
  /** 1-based lines of the definitions text the cell's definition spans. */
  firstLine: number;
  lastLine: number;
}

/** The notebook's definitions as text, with each cell's hash and lines as data (see transpileNotebook). */
export function defineNotebook(
  cells: readonly AnalysedCell[],
  path: string,
  errors: ReadonlyMap<string, CellError>,
  options: {languages?: readonly string[]} = {}
): {text: string; cells: DefinedCell[]} {
  const defined = new Set(cells.flatMap((c) => c.declarations));
  const definitions = cells.map((cell) => defineCell(cell, defined, errors.get(cell.id)));
  const languages = options.languages?.length ? `, languages: ${JSON.stringify(options.languages)}` : "";
  let line = 2; // after the queuebook.notebook({…, cells: [ line
  const located = definitions.map(({text, hash}, i) => {
    const firstLine = line;
    for (let at = text.indexOf("\n"); at >= 0; at = text.indexOf("\n", at + 1)) line++;
    return {id: cells[i].id, hash, firstLine, lastLine: line++};
  });
  const text = `queuebook.notebook({path: ${JSON.stringify(path)}, files: __files${languages}, cells: [\n${definitions.map((d) => d.text).join(",\n")}\n]${moduleTable(cells, errors)}});\n`;
  return {text, cells: located};
}

/**
 * `, modules: {"../src/x.js": () => import("../src/x.js")}`: each module the cells import, under
 * its specifier, so that a cell edited in the page (src/client/editor) can import what the page
 * bundled. The bundler turns each into a call into the bundle; nothing more is bundled, since
 * the cells import the same modules. Cells with errors, built-ins and the page's shared
 * libraries (d3, Plot, Inputs, htl: queuebook.library) are left out.
 */
function moduleTable(cells: readonly AnalysedCell[], errors: ReadonlyMap<string, CellError>): string {
  const specifiers = new Set<string>();
  for (const cell of cells) {
    if (cell.error || errors.has(cell.id)) continue;
    for (const i of cell.imports) if (!i.builtin && !Object.hasOwn(sharedPackages, i.specifier)) specifiers.add(i.specifier);
  }
  if (specifiers.size === 0) return "";
  return `, modules: {${[...specifiers].map((s) => `${JSON.stringify(s)}: () => import(${JSON.stringify(s)})`).join(", ")}}`;
}
