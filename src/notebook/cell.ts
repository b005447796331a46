// Analysis of one cell: TypeScript stripped, then the passes under javascript/ run on the
// syntax tree. Every error ends up as a position in the .md file, never as an exception.
import {transformSync} from "esbuild";
import type {CellSource} from "./parse.js";
import {parseCell, CellSyntaxError} from "./javascript/syntax.js";
import {findDeclarations} from "./javascript/declarations.js";
import {findReferences} from "./javascript/references.js";
import {findFiles, type FileReference} from "./javascript/files.js";
import {findImports, type ImportReference} from "./javascript/imports.js";
import {hasTopLevelAwait} from "./javascript/awaits.js";

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

/** Analyses a cell; syntax errors become `error` with the position in the notebook. */
export function analyseCell(cell: CellSource): AnalysedCell {
  const empty = {js: cell.source, expression: false, declarations: [], references: [], files: [], imports: [], async: false};
  try {
    const js = cell.lang === "ts" ? stripTypes(cell.source) : cell.source;
    const parsed = parseCell(js);
    const node = parsed.node;
    if (!parsed.expression) {
      const exported = parsed.node.body.find((s) => s.type.startsWith("Export"));
      if (exported) throw new CellSyntaxError("export is not allowed in a cell", exported.loc!.start.line, exported.loc!.start.column + 1);
    }
    const imports = parsed.expression ? [] : findImports(parsed.node);
    return {
      ...cell,
      js,
      expression: parsed.expression,
      declarations: parsed.expression ? [] : findDeclarations(parsed.node),
      references: findReferences(node),
      files: findFiles(node).map((f) => ({...f, ...toNotebook(cell, f.line, f.column)})),
      imports,
      async: imports.length > 0 || hasTopLevelAwait(node)
    };
  } catch (error) {
    if (!(error instanceof CellSyntaxError)) throw error;
    return {...cell, ...empty, error: {name: "SyntaxError", message: error.message, ...toNotebook(cell, error.line, error.column)}};
  }
}

/** Maps a 1-based position within the cell to its position in the .md file. */
export function toNotebook(cell: Pick<CellSource, "line" | "column">, line: number, column: number): {line: number; column: number} {
  return {line: cell.line + line - 1, column: line === 1 ? cell.column + column - 1 : column};
}

/** TypeScript → JavaScript with esbuild; imports are kept as written (verbatimModuleSyntax). */
function stripTypes(source: string): string {
  try {
    const {code} = transformSync(source, {
      loader: "ts",
      tsconfigRaw: {compilerOptions: {verbatimModuleSyntax: true}},
      logLevel: "silent"
    });
    // esbuild ends every statement with ";\n"; keep a lone expression an expression cell.
    return /;\s*$/.test(source) ? code : code.replace(/;\n$/, "");
  } catch (error) {
    const message = (error as {errors?: {text: string; location?: {line: number; column: number}}[]}).errors?.[0];
    if (!message) throw error;
    throw new CellSyntaxError(message.text, message.location?.line ?? 1, (message.location?.column ?? 0) + 1);
  }
}
