// Compiles one notebook's Markdown: parse → analyse each cell → graph checks → transpile.
// Pure (no file system): the build and the dev server decide where text comes from.
import {parseNotebook, type ParsedNotebook} from "./parse.js";
import {analyseCell, type AnalysedCell, type CellError} from "./cell.js";
import {graphCellErrors, graphProblems} from "./graph.js";
import {defineNotebook, type DefinedCell} from "./transpile.js";
import {chunksFor, sharedPackages} from "./globals.js";
import {declaredLanguages} from "./contract.js";

export {declaredLanguages};
import {oneLine} from "./messages.js";
import {highlightCode} from "./highlight.js";

/** A warning for the build's output: file, line, column and message. */
export interface Warning {
  path: string;
  line: number;
  column: number;
  message: string;
}

/** A warning as one terminal line, `warning: path:line:column: message`; `path` as the caller shows it (no position when line is 0). */
export function warningLine(warning: Warning, path: string = warning.path): string {
  return oneLine(`warning: ${path}${warning.line ? `:${warning.line}:${warning.column}` : ""}: ${warning.message}`);
}

/** Sorts warnings in place by line, then column (the order they are read in the notebook). */
export function sortWarnings(warnings: Warning[]): Warning[] {
  return warnings.sort((a, b) => a.line - b.line || a.column - b.column);
}

/** Everything later steps need about a notebook. */
export interface CompiledNotebook extends ParsedNotebook {
  analysed: AnalysedCell[];
  /** The transpiled definitions (see transpile.ts). */
  definitions: string;
  /** Each cell's hash and lines in `definitions`, as data (the bundle maps errors and stamps hashes with them). */
  defined: DefinedCell[];
  /** Errors the graph pass attaches to cells by id (duplicate names, cycles); later steps add theirs. */
  cellErrors: Map<string, CellError>;
  /** FileAttachment names used by the cells, with where they are used (`resolve`: by import.meta.resolve). */
  files: {name: string; line: number; column: number; resolve?: {start: number; end: number}}[];
  /** Asset chunks the page needs (plot, d3, plot-d3, katex, marked), from the built-ins the cells use. */
  chunks: string[];
  /** Languages declared in the front matter (`languages: [en, hu]`, first = default), else []. */
  languages: string[];
  warnings: Warning[];
}

/**
 * The FileAttachment readers with a chunk of their own that a page calls (`.xlsx()`, `.zip()`,
 * `.parquet()`, `.arrow()`, `.sqlite()`), so the page carries them (an export too); a reader
 * named only elsewhere loads its chunk when called. Found by name on pages that attach files.
 */
function readersOf(analysed: readonly AnalysedCell[]): string[] {
  if (!analysed.some((cell) => cell.references.includes("FileAttachment"))) return [];
  const found = new Set<string>();
  for (const cell of analysed) for (const m of cell.js.matchAll(/\.(xlsx|zip|parquet|arrow|sqlite)\s*\(\s*\)/g)) found.add(m[1]);
  if (analysed.some((cell) => /\.arquero\s*\(/.test(cell.js))) found.add("aq");
  return [...found];
}

/** Compiles `text`, the Markdown of the notebook at `path` (used in messages); `parsed` when the caller already parsed it. */
export function compileNotebook(text: string, path: string, parsed: ParsedNotebook = parseNotebook(text, path)): CompiledNotebook {
  const analysed = parsed.cells.map(analyseCell);
  const problems = graphProblems(analysed, path);
  // A name declared by two cells (`let total` in both) stops neither, so the cells reading it
  // show "total is defined more than once"; the build still warns once, listing both.
  const graphErrors = graphCellErrors(analysed, path, problems);
  const warnings: Warning[] = parsed.warnings.map((w) => ({path, ...w}));
  const languages = declaredLanguages(parsed.data.languages, (message) => warnings.push({path, line: 1, column: 1, message}));
  const {text: definitions, cells: definedCells} = defineNotebook(analysed, path, graphErrors, {languages});
  const defined = new Set(analysed.flatMap((c) => c.declarations));
  const imported = analysed.flatMap((cell) => cell.imports.map((i) => sharedPackages[i.specifier])).filter(Boolean);
  const chunks = chunksFor([
    ...analysed.flatMap((cell) => cell.references).filter((name) => !defined.has(name)),
    ...imported,
    ...readersOf(analysed)
  ]);
  // A syntax error is one warning per cell; a duplicate name or a cycle one per name or cycle.
  const cellWarnings: Warning[] = analysed
    .filter((cell) => cell.error)
    .map(({error}) => ({path, line: error!.line, column: error!.column, message: `${error!.name}: ${error!.message}`}));
  for (const {cells, message} of problems)
    cellWarnings.push({path, line: cells[0].line, column: cells[0].column, message: `RuntimeError: ${message}`});
  warnings.push(...sortWarnings(cellWarnings));
  return {
    ...parsed,
    html: highlightCode(parsed.html), // code shown, not run, highlighted in Node (highlight.ts)
    analysed,
    definitions,
    defined: definedCells,
    cellErrors: new Map(graphErrors),
    files: analysed.flatMap((c) => c.files),
    chunks,
    languages,
    warnings
  };
}
