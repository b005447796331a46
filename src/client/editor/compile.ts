// The build's compiler passes, run in the page on the notebook as edited: parse → analyse
// (TypeScript stripped by sucrase) → graph checks → one definition per cell. Nothing here is a
// second compiler: each step is the src/notebook pass the build runs; only the TypeScript
// transform differs (esbuild is not in the browser), and analyses are kept by cell so a run
// re-analyses only the cells that changed.
import {parseNotebook, type ParsedNotebook} from "../../notebook/parse.js";
import {analyseCellWith, type AnalysedCell} from "../../notebook/analyse.js";
import {cellRefusal} from "../../notebook/refusals.js";
import type {CellSource} from "../../notebook/parse.js";
import {graphCellErrors} from "../../notebook/graph.js";
import {defineCell} from "../../notebook/transpile.js";
import {globals} from "../../notebook/globals.js";
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

const analysisKey = (cell: CellSource) =>
  `${cell.id}\0${cell.lang}\0${cell.line}\0${cell.column}\0${cell.inline}\0${cell.echo}\0${cell.source}`;

/** The cell analysed by the build's pass (kept: a run re-analyses only the cells that changed). */
export function analyse(cell: CellSource): AnalysedCell {
  const key = analysisKey(cell);
  let analysed = analyses.get(key);
  if (!analysed) rememberAnalysis(cell, (analysed = analyseCellWith(cell, sucraseTransform)));
  return analysed;
}

/** Keeps an analysis of `cell` found another way (compileCell.ts moves a cell's analysis with its lines). */
export function rememberAnalysis(cell: CellSource, analysed: AnalysedCell): void {
  if (analyses.size > 5000) analyses.clear(); // a long session: start again rather than grow
  analyses.set(analysisKey(cell), analysed);
}

/** Each analysis's last definition, with what else went into it (its graph error, which of its global-named references a cell defines). */
const definitionCache = new WeakMap<AnalysedCell, {key: string; definition: DefinitionText}>();

/** One definition per cell, from the graph checks over all of them; a cell whose inputs to defineCell did not change keeps its text. */
export function definitionsOf(analysed: readonly AnalysedCell[], path: string): DefinitionText[] {
  const errors = graphCellErrors(analysed, path);
  const defined = new Set(analysed.flatMap((c) => c.declarations));
  return analysed.map((cell) => {
    const error = errors.get(cell.id) ?? cellRefusal(cell); // (what the build's bundling refuses, said as it says it: refusals.ts)
    // defineCell reads `defined` only for the cell's references to browser globals (cellInputs)
    const key = `${error ? JSON.stringify(error) : ""}\0${cell.references.filter((r) => globals.has(r) && defined.has(r)).join(",")}`;
    const kept = definitionCache.get(cell);
    if (kept?.key === key) return kept.definition;
    const definition = {id: cell.id, ...defineCell(cell, defined, error)};
    definitionCache.set(cell, {key, definition});
    return definition;
  });
}

/** Compiles `text`, the notebook at `path` as edited, to one definition per cell. */
export function compileEdited(text: string, path: string): EditCompiled {
  const parsed = parseNotebook(text, path);
  const analysed = parsed.cells.map(analyse);
  return {parsed, analysed, definitions: definitionsOf(analysed, path)};
}
