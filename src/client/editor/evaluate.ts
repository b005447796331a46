// A definition's source text (as the build writes it into the bundle) made a live cell
// definition in the page: its `import(…)` calls go to the modules the page's bundle holds
// (queuebook.import) or the page's shared libraries, since a page from file:// or an export
// can load no module of its own.
import {Parser} from "acorn";
import {simple} from "acorn-walk";
import type {CellDefinition} from "../../notebook/contract.js";
import {sharedPackages} from "../../notebook/contract.js";
import {devImport, devServer} from "./devImport.js";
import {pageApi} from "../pageApi.js";

/** How an edited cell imports: the page's shared copy of d3/Plot/Inputs/htl, else the bundle's module. */
export function importer(specifier: string): Promise<unknown> {
  const q = pageApi();
  const bundled = (specifier: string) =>
    q.import ? q.import(specifier) : Promise.reject(new Error(`cannot import ${JSON.stringify(specifier)}: the editor has not started`));
  if (!Object.hasOwn(sharedPackages, specifier)) {
    // what the bundle holds first; under `queuebook dev` the server bundles a new import
    const server = devServer();
    return server
      ? bundled(specifier).catch((error: Error) => (error?.name === "ImportError" ? devImport(specifier, server) : Promise.reject(error)))
      : bundled(specifier);
  }
  try {
    const library = q.library(sharedPackages[specifier]); // as the bundle's queuebook-shared modules do
    return Promise.resolve(library && typeof library === "object" ? {...library, default: library} : {default: library});
  } catch (error) {
    return Promise.reject(error);
  }
}

/** `text` with each `import(` expression made a call of the page's importer. */
export function rewriteImports(text: string): string {
  if (!text.includes("import")) return text;
  const starts: number[] = [];
  simple(Parser.parseExpressionAt(text, 0, {ecmaVersion: "latest", sourceType: "module"}), {
    ImportExpression(node: any) {
      starts.push(node.start);
    }
  });
  let out = text;
  for (const start of starts.sort((a, b) => b - a)) out = `${out.slice(0, start)}__queuebookImport${out.slice(start + "import".length)}`;
  return out;
}

/** The definition `text` evaluated: a CellDefinition whose body runs in the page. */
export function evaluateDefinition(text: string): CellDefinition {
  // The text is the compiler's own output for the learner's code, which is what the page runs
  // anyway; evaluating it as a function is the page running its notebook.
  return new Function("__queuebookImport", `return (${rewriteImports(text)});`)(importer);
}
