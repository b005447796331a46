// Analysis of one cell, for any host: TypeScript stripped by the host's transform, then the
// passes under javascript/ run on the syntax tree. Every error ends up as a position in the .md
// file, never as an exception. Browser-safe: the build (cell.ts, esbuild) and the in-page
// editor (src/client/editor, sucrase) differ only in the TypeScript transform they pass in.
import {TraceMap, originalPositionFor} from "@jridgewell/trace-mapping";
import type {CellSource} from "./parse.js";
import {parseCell, startsWithDeclaration, startsWithStatement, CellSyntaxError} from "./javascript/syntax.js";
import {findDeclarations} from "./javascript/declarations.js";
import {findReferences} from "./javascript/references.js";
import {findFiles, type FileReference} from "./javascript/files.js";
import {findImports, type ImportReference} from "./javascript/imports.js";
import {hasTopLevelAwait} from "./javascript/awaits.js";
import {fenceTags, templateCell} from "./javascript/template.js";

/** An error to show at a cell, positioned in the .md file. */
export interface CellError {
  name: string;
  message: string;
  line: number;
  column: number;
}

/** A cell after analysis: what it defines, what it needs, and how to run it. */
export interface AnalysedCell extends CellSource {
  /** The JavaScript to run (TypeScript stripped). */
  js: string;
  expression: boolean;
  declarations: string[];
  references: string[];
  files: FileReference[];
  imports: ImportReference[];
  async: boolean;
  error?: CellError;
}

/**
 * TypeScript → JavaScript for one source, imports kept as written, with a source map (JSON
 * text). Returns undefined when it does not compile, unless `report`: then it throws a
 * StrippedSyntaxError positioned in `source`.
 */
export type TypeTransform = (source: string, report: boolean) => {code: string; map: string} | undefined;

/** A TypeScript syntax error, already positioned in the original cell source. */
export class StrippedSyntaxError extends CellSyntaxError {}

/** Analyses a cell, stripping TypeScript with `transform`; syntax errors become `error` with the position in the notebook. */
export function analyseCellWith(cell: CellSource, transform: TypeTransform): AnalysedCell {
  const empty = {js: cell.source, expression: false, declarations: [], references: [], files: [], imports: [], async: false};
  // For TypeScript, positions found in the transform's reprinted output map back through its source map.
  let original = (line: number, column: number) => ({line, column});
  try {
    let js = cell.source;
    let kind: "expression" | "program" | undefined;
    if (cell.lang === "ts") {
      const stripped = stripTypes(cell.source, transform);
      ({js, kind} = stripped);
      original = stripped.original;
    } else if (cell.lang === "sql") {
      // Framework's ```sql: a query of the page's `sql` database, shown as a table unless it is
      // named (`id=`) without `display`; `${…}` become the query's parameters
      const template = templateCell(cell.source, "sql");
      const sql = sqlProgram(template.js, cell.sql ?? {});
      js = sql.js;
      kind = "program";
      original = (line, column) => ({line, column: line === 1 ? Math.max(1, column - sql.prefix - template.prefix) : column});
    } else if (Object.hasOwn(fenceTags, cell.lang)) {
      // html, svg, tex: a tagged template of the fence's content; positions shift on line 1
      const template = templateCell(cell.source, fenceTags[cell.lang]);
      js = template.js;
      kind = "expression";
      original = (line, column) => ({line, column: line === 1 ? Math.max(1, column - template.prefix) : column});
    }
    const parsed = parseCell(js, kind);
    const node = parsed.node;
    if (!parsed.expression) {
      const exported = parsed.node.body.find((s) => s.type.startsWith("Export"));
      if (exported) throw new CellSyntaxError("export is not allowed in a cell", exported.loc!.start.line, exported.loc!.start.column + 1);
    }
    const imports = parsed.expression ? [] : findImports(parsed.node);
    const files = findFiles(node);
    // import.meta.resolve(…) is rewritten to FileAttachment(…).href: the built-in becomes an input
    const resolves = files.some((f) => f.resolve) ? ["FileAttachment"] : [];
    return {
      ...cell,
      js,
      expression: parsed.expression,
      declarations: parsed.expression ? [] : findDeclarations(parsed.node),
      references: [...new Set([...findReferences(node), ...imports.flatMap((i) => i.uses ?? []), ...resolves])],
      files: files.map((f) => {
        const at = original(f.line, f.column);
        return {...f, ...toNotebook(cell, at.line, at.column)};
      }),
      imports,
      async: imports.some((i) => !i.builtin) || hasTopLevelAwait(node)
    };
  } catch (error) {
    if (!(error instanceof CellSyntaxError)) throw error;
    const at = error instanceof StrippedSyntaxError ? {line: error.line, column: error.column} : original(error.line, error.column);
    return {...cell, ...empty, error: {name: "SyntaxError", message: error.message, ...toNotebook(cell, at.line, at.column)}};
  }
}

/** The program a ```sql fence runs, and how many characters precede the query on line 1. */
function sqlProgram(query: string, {id, display}: {id?: string; display?: string}): {js: string; prefix: number} {
  if (id !== undefined && !/^([A-Za-z_$][\w$]*|[[{][\w$,\s:[\]{}.]*[\]}])$/.test(id))
    throw new CellSyntaxError(`invalid id for a sql fence: ${id}`, 1, 1);
  const shown = (display ?? (id === undefined ? "true" : "false")).toLowerCase() !== "false";
  const prefix =
    id === undefined
      ? shown
        ? "display(Inputs.table(await "
        : ""
      : shown
        ? `const ${id} = ((_) => (display(Inputs.table(_, {select: false})), _))(await `
        : `const ${id} = await `;
  const suffix = id === undefined ? (shown ? ", {select: false}));" : ";") : shown ? ");" : ";";
  return {js: prefix + query + suffix, prefix: prefix.length};
}

/** Maps a 1-based position within the cell to its position in the .md file. */
export function toNotebook(cell: Pick<CellSource, "line" | "column">, line: number, column: number): {line: number; column: number} {
  return {line: cell.line + line - 1, column: line === 1 ? cell.column + column - 1 : column};
}

/** The inputs the transform is asked for, for a TypeScript cell source (the expression try first, when it may be one). */
export function typeScriptInputs(source: string): string[] {
  return !startsWithDeclaration(source) && !startsWithStatement(source) ? [`(${source}\n)`, source] : [source];
}

/** A TypeScript cell as JavaScript, whether it is one expression, and a map back to its positions. */
interface Stripped {
  js: string;
  kind: "expression" | "program";
  original: (line: number, column: number) => {line: number; column: number};
}

/**
 * A cell is an expression when it still compiles wrapped in parentheses (so `{a: 1}` is an
 * object and `x; // note` a statement); the transform reprints the code, so positions found
 * later are mapped back through its source map.
 */
function stripTypes(source: string, transform: TypeTransform): Stripped {
  if (!startsWithDeclaration(source) && !startsWithStatement(source)) {
    // else a program: no failed transform first
    const wrapped = transform(`(${source}\n)`, false);
    if (wrapped) return {js: wrapped.code.replace(/;\s*$/, ""), kind: "expression", original: mapper(wrapped.map, 1)};
  }
  const result = transform(source, true);
  return {js: result!.code, kind: "program", original: mapper(result!.map, 0)};
}

/** Maps 1-based positions in the transform's output to the cell source (less `shift` columns of wrapping on line 1). */
function mapper(map: string, shift: number): Stripped["original"] {
  let trace: TraceMap | undefined; // decoded when a position is first asked for (most cells never ask)
  return (line, column) => {
    const found = originalPositionFor((trace ??= new TraceMap(map)), {line, column: column - 1});
    if (found.line === null) return {line, column};
    return {line: found.line, column: found.column + 1 - (found.line === 1 ? shift : 0)};
  };
}
