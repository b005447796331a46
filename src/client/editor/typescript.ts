// TypeScript → JavaScript in the browser for the in-page editor: sucrase's "typescript"
// transform (types removed, nothing else: modern syntax and unused imports kept, as the
// build's esbuild transform with verbatimModuleSyntax does), with a token-level source map so
// errors found later in the stripped code point at the TypeScript the learner wrote.
import {transform} from "sucrase";
import {StrippedSyntaxError, type TypeTransform} from "../../notebook/analyse.js";

/** The editor's TypeTransform for analyseCellWith (see src/notebook/analyse.ts). */
export const sucraseTransform: TypeTransform = (source, report) => {
  try {
    const result = transform(source, {
      transforms: ["typescript"],
      disableESTransforms: true,
      keepUnusedImports: true, // a cell's import declares names for other cells
      filePath: "cell.ts",
      sourceMapOptions: {compiledFilename: "cell.js"}
    });
    return {code: result.code, map: JSON.stringify(result.sourceMap)};
  } catch (error) {
    if (!report) return undefined;
    const e = error as Error & {loc?: {line: number; column: number}};
    const message = e.message.replace(/^Error transforming [^:]*: /, "").replace(/ \(\d+:\d+\)$/, "");
    throw new StrippedSyntaxError(message, e.loc?.line ?? 1, (e.loc?.column ?? 0) + 1);
  }
};
