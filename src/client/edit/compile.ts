// The build's compiler passes, run in the page on the notebook as edited: parse → analyse
// (TypeScript stripped by sucrase) → graph checks → one definition per cell. Nothing here is a
// second compiler: each step is the src/notebook pass the build runs; only the TypeScript
// transform differs (esbuild is not in the browser), and analyses are kept by cell so a run
// re-analyses only the cells that changed.
import {parseNotebook, type ParsedNotebook} from "../../notebook/parse.js";
import {analyseCellWith, type AnalysedCell} from "../../notebook/analyse.js";
import type {CellSource} from "../../notebook/parse.js";
import {graphCellErrors} from "../../notebook/graph.js";
import {defineCell} from "../../notebook/transpile.js";
import {sucraseTransform} from "./typescript.js";

/** One cell's definition as the build writes it: source text, with its id and hash. */
export interface DefinitionText {
  id: string;
  hash: string;
  text: string;
}

/** A notebook compiled in the page. */
export interface EditCompiled {
  parsed: ParsedNotebook;
  analysed: AnalysedCell[];
  definitions: DefinitionText[];
}

/** Analyses by everything that goes into one (kind, source, position, identity). */
const analyses = new Map<string, AnalysedCell>();

function analyse(cell: CellSource): AnalysedCell {
  const key = `${cell.id}\0${cell.lang}\0${cell.line}\0${cell.column}\0${cell.inline}\0${cell.echo}\0${cell.source}`;
  let analysed = analyses.get(key);
  if (!analysed) {
    if (analyses.size > 5000) analyses.clear(); // a long session: start again rather than grow
    analyses.set(key, (analysed = analyseCellWith(cell, sucraseTransform)));
  }
  return analysed;
}

/** Compiles `text`, the notebook at `path` as edited, to one definition per cell. */
export function compileEdited(text: string, path: string): EditCompiled {
  const parsed = parseNotebook(text, path);
  const analysed = parsed.cells.map(analyse);
  const errors = graphCellErrors(analysed, path);
  const defined = new Set(analysed.flatMap((c) => c.declarations));
  const definitions = analysed.map((cell) => ({id: cell.id, ...defineCell(cell, defined, errors.get(cell.id))}));
  return {parsed, analysed, definitions};
}
