// What the bundler refuses in a cell's own code, said without it: a cell that starts with a
// hashbang line, and an assignment to a constant (`const a = 1; a = 2;`, an imported binding,
// `a++`: javascript/constAssign.ts). The page's editor has no esbuild and adds both
// (src/client/editor/compile.ts), so an edited cell fails as the built one does, in the same
// words at the same place. The build's bundle pass says the hashbang before it bundles (a regular
// expression); a constant it leaves to esbuild, which finds it at no cost in the bundling it
// does anyway, where this pass would parse every cell again (about 30 ms over advent2024's 157
// cells), and to plainScript.ts for a page that is not bundled.
import {toNotebook, type AnalysedCell, type CellError} from "./analyse.js";
import {constantAssignment} from "./javascript/constAssign.js";

const found = new WeakMap<AnalysedCell, CellError | null>();

/** The error a bundler would give `cell` for its own code, or undefined (kept per analysis: a cell's is computed once). */
export function cellRefusal(cell: AnalysedCell): CellError | undefined {
  let refusal = found.get(cell);
  if (refusal === undefined) {
    refusal = cell.error ? null : (hashbang(cell) ?? constant(cell) ?? null);
    found.set(cell, refusal);
  }
  return refusal ?? undefined;
}

/** The error of a JavaScript or TypeScript cell that starts with a hashbang line (`#!/usr/bin/env node`), or undefined. */
export function hashbang(cell: AnalysedCell): CellError | undefined {
  if ((cell.lang !== "js" && cell.lang !== "ts") || !/^\s*#!/.test(cell.source)) return undefined;
  return {
    name: "SyntaxError",
    message: 'a cell cannot start with "#!" (a hashbang line belongs to a script file)',
    line: cell.line,
    column: cell.column
  };
}

/** The error of a JavaScript or TypeScript cell that assigns to a constant, at the assignment, or undefined. */
export function constant(cell: AnalysedCell): CellError | undefined {
  const assigned = cell.lang === "js" || cell.lang === "ts" ? constantAssignment(cell.js) : undefined;
  if (!assigned) return undefined;
  // (a TypeScript cell's JavaScript is the transform's reprint: its error is placed at the cell)
  const at = cell.lang === "js" ? toNotebook(cell, assigned.line, assigned.column) : {line: cell.line, column: cell.column};
  return {name: "SyntaxError", message: `Cannot assign to "${assigned.name}" because it is a constant`, ...at};
}
