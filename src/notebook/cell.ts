// Analysis of one cell in the build: the passes of analyse.ts with TypeScript stripped by
// esbuild. The in-page editor runs the same passes with its own transform (src/client/editor).
import type {TransformOptions} from "esbuild";
import {esbuild} from "./esbuild.js";
import type {CellSource} from "./parse.js";
import {analyseCellWith, typeScriptInputs, StrippedSyntaxError, type AnalysedCell} from "./analyse.js";

export {toNotebook, type AnalysedCell, type CellError} from "./analyse.js";

/** Analyses a cell; syntax errors become `error` with the position in the notebook. */
export function analyseCell(cell: CellSource): AnalysedCell {
  if (cell.lang !== "ts") return analyseCellWith(cell, transform);
  try {
    return analyseCellWith(cell, transform);
  } finally {
    for (const input of typeScriptInputs(cell.source)) prepared.delete(input);
  }
}

const transformOptions: TransformOptions = {
  loader: "ts",
  sourcemap: "external",
  sourcefile: "cell.ts",
  tsconfigRaw: {compilerOptions: {verbatimModuleSyntax: true}}, // imports kept as written
  logLevel: "silent"
};

/** esbuild's transforms done ahead by prepareTypeScript, by input: the result, or undefined when it failed. */
const prepared = new Map<string, {code: string; map: string} | undefined>();

/**
 * Strips the given TypeScript cell sources ahead, all at once: esbuild runs them in parallel,
 * and analyseCell then finds each done instead of waiting on esbuild once per cell (a
 * notebook of a thousand TypeScript cells). Optional: without it the analysis does the same.
 */
export async function prepareTypeScript(sources: Iterable<string>): Promise<void> {
  const inputs = new Set<string>();
  for (const source of sources) for (const input of typeScriptInputs(source)) inputs.add(input);
  await Promise.all(
    [...inputs].map((input) =>
      esbuild()
        .transform(input, transformOptions)
        .then(
          (r) => void prepared.set(input, {code: r.code, map: r.map}),
          () => void prepared.set(input, undefined)
        )
    )
  );
}

function transform(source: string, report = false): {code: string; map: string} | undefined {
  if (prepared.has(source)) {
    const done = prepared.get(source);
    if (done || !report) return done; // a failure to report is transformed again, for its error
  }
  try {
    return esbuild().transformSync(source, transformOptions);
  } catch (error) {
    const message = (error as {errors?: {text: string; location?: {line: number; column: number}}[]}).errors?.[0];
    if (!report) return undefined;
    if (!message) throw error;
    throw new StrippedSyntaxError(message.text, message.location?.line ?? 1, (message.location?.column ?? 0) + 1);
  }
}
