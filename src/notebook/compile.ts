// Compiles one notebook's Markdown: parse → analyse each cell → graph checks → transpile.
// Pure (no file system): the build and the dev server decide where text comes from.
import {parseNotebook, type ParsedNotebook} from "./parse.js";
import {analyseCell, type AnalysedCell} from "./cell.js";
import {checkGraph} from "./graph.js";
import {transpileNotebook} from "./transpile.js";
import {chunksFor, sharedPackages} from "./globals.js";

/** A warning for the build's output: file, line, column and message. */
export interface Warning {
  path: string;
  line: number;
  column: number;
  message: string;
}

/** Everything later steps need about a notebook. */
export interface CompiledNotebook extends ParsedNotebook {
  analysed: AnalysedCell[];
  /** The transpiled definitions (see transpile.ts). */
  definitions: string;
  /** FileAttachment names used by the cells, with where they are used. */
  files: {name: string; line: number; column: number}[];
  /** Asset chunks the page needs (plot, d3, plot-d3, katex, marked), from the built-ins the cells use. */
  chunks: string[];
  warnings: Warning[];
}

/** Compiles `text`, the Markdown of the notebook at `path` (used in messages). */
export function compileNotebook(text: string, path: string): CompiledNotebook {
  const parsed = parseNotebook(text, path);
  const analysed = parsed.cells.map(analyseCell);
  const graphErrors = checkGraph(analysed, path);
  const definitions = transpileNotebook(analysed, path, graphErrors);
  const defined = new Set(analysed.flatMap((c) => c.declarations));
  const imported = analysed.flatMap((cell) => cell.imports.map((i) => sharedPackages[i.specifier])).filter(Boolean);
  const chunks = chunksFor([...analysed.flatMap((cell) => cell.references).filter((name) => !defined.has(name)), ...imported]);
  const warnings: Warning[] = parsed.warnings.map((w) => ({path, ...w}));
  for (const cell of analysed) {
    const error = cell.error ?? graphErrors.get(cell.id);
    if (error) warnings.push({path, line: error.line, column: error.column, message: `${error.name}: ${error.message}`});
  }
  return {
    ...parsed,
    analysed,
    definitions,
    files: analysed.flatMap((c) => c.files),
    chunks,
    warnings
  };
}
