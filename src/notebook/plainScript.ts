// A notebook whose cells import nothing needs no bundler: its definitions, wrapped as a classic
// script, are already the page's script. The bundle pass (bundle.ts) asks here first and starts
// esbuild only when this gives nothing: requiring esbuild, starting its service and waiting for
// it are most of what a small notebook's build costs after Node's own start (about 70 of 320 ms
// for the one-page bench). Whatever esbuild would do beyond wrapping sends the notebook to it:
// an import or require of any kind (process.env.NODE_ENV, which esbuild defines, is read only
// by imported modules: in a cell `process` is an input like any other), an assignment to a constant (esbuild refuses it, at the cell), and any script that does not parse
// once wrapped. (A cell's hashbang never gets here: the bundle pass refuses it first, refusals.ts.)
// The script is not minified: a few hundred bytes more for a page of prose and cells.
import {Parser} from "acorn";
import type {CompiledNotebook} from "./compile.js";
import {constantAssignment} from "./javascript/constAssign.js";

/** What esbuild would resolve or bundle in a cell: an import or require call, import.meta. */
const bundled = /\bimport\s*[(.]|\brequire\s*\(/;

/** True when no cell asks the bundler for anything but wrapping (cheap: no parse; plainScript checks the rest). */
export function needsNoBundler(compiled: Pick<CompiledNotebook, "analysed">): boolean {
  return compiled.analysed.every((cell) => cell.imports.length === 0 && !bundled.test(cell.js));
}

/**
 * The page's script for `definitions` (the notebook's queuebook.notebook call) after `prelude`
 * (the embedded files), as esbuild's IIFE holds them; undefined when the notebook needs esbuild.
 * `preludeShape` is what is parsed in the prelude's place: the same declarations with none of the
 * data (the build's prelude holds the embedded files as one expression, written by embed.ts and
 * property-tested to read back, which acorn would otherwise scan through, hundreds of KB a page).
 */
export function plainScript(
  compiled: Pick<CompiledNotebook, "analysed">,
  prelude: string,
  definitions: string,
  preludeShape = prelude
): string | undefined {
  if (!needsNoBundler(compiled)) return undefined;
  if (compiled.analysed.some((cell) => !cell.error && (cell.lang === "js" || cell.lang === "ts") && constantAssignment(cell.js)))
    return undefined;
  const wrapped = (text: string) => `(() => {\n${text}${definitions}\n})();\n`;
  try {
    Parser.parse(wrapped(preludeShape), {ecmaVersion: 2022, sourceType: "script"});
  } catch {
    return undefined;
  }
  return wrapped(prelude);
}
