// Loading the optional chunks (Plot, d3, KaTeX, marked, and Framework's libraries: Arquero,
// DuckDB, ExcelJS …) a page starts using when it was built without them: a live update, a
// reader such as FileAttachment.xlsx() called on a page whose cells did not name it, a lesson in
// JupyterLab. Which built-in lives in which chunk: src/notebook/contract.ts.
import {chunkOf, type CellDefinition} from "../notebook/contract.js";
import {provided} from "./provided.js";
import {inlineChunkText} from "./inlineChunk.js";

/** Where client.js was loaded from: the optional chunks sit beside it. */
const assetBase = (() => {
  const src = typeof document !== "undefined" ? (document.currentScript as HTMLScriptElement | null)?.src : undefined;
  return src ? new URL(".", src).href : undefined;
})();

const loading = new Map<string, Promise<void>>();

/** The URL of `path` under the page's `_queuebook/` (undefined on a page exported as one file). */
export function assetUrl(path: string): string | undefined {
  return assetBase && assetBase + path;
}

/**
 * Loads the chunks the cells need that the page did not include (a live update may start using
 * Plot or tex); resolves at once, without loading anything, on a page built with them.
 */
export function loadChunks(defs: readonly CellDefinition[]): Promise<void> | undefined {
  return loadBuiltins(defs.flatMap((def) => def.inputs));
}

let pageChunks: Promise<void> | undefined;
let pageChunksRun = false;

/**
 * An exported page's chunks, carried deflated (`<script type="text/x-queuebook-chunk"
 * data-qb-load="page">`, src/site/export.ts): inflated and run in their order, once, before the
 * cells are first defined; undefined once they ran or where the page has none.
 */
export function loadPageChunks(): Promise<void> | undefined {
  if (pageChunksRun || typeof document === "undefined") return;
  if (!pageChunks) {
    const elements = Array.from(document.querySelectorAll('script[type="text/x-queuebook-chunk"][data-qb-load="page"]'));
    if (!elements.length) return void (pageChunksRun = true);
    pageChunks = Promise.all(elements.map(inlineChunkText)).then((texts) => {
      for (const text of texts) {
        const script = document.createElement("script");
        script.text = text; // a classic script runs as it is appended: it hands its library to provide()
        document.head.append(script);
      }
      pageChunksRun = true;
    });
  }
  return pageChunks;
}

/**
 * Loads the chunks of the built-ins or module names `names` (Plot, d3, tex, md, aq, DuckDBClient,
 * `@observablehq/duckdb`, `xlsx` …; other names need none) that are not loaded yet; undefined
 * when none is missing. (A lesson in JupyterLab loads those its module map's modules read
 * before the first of them runs: src/client/jupyter/frame.ts.)
 */
export function loadBuiltins(names: Iterable<string>): Promise<void> | undefined {
  if (!assetBase) return loadPageChunks(); // an exported page carries every chunk it has
  const loads = new Set<Promise<void>>();
  for (const name of names) {
    const need = chunkOf(name);
    if (need && provided[need.provides] === undefined) loads.add(loadScript(need.chunk, need.css));
  }
  if (!loads.size) return;
  return Promise.all(loads).then(() => {});
}

/**
 * The library a chunk provides for `name` (a built-in or module name of the contract), loading
 * the chunk first when the page does not have it; a clear error where it cannot be had (a page
 * exported as one file carries only the chunks its cells name).
 */
export async function needChunk(name: string): Promise<any> {
  const chunk = chunkOf(name);
  if (!chunk) throw new Error(`no chunk provides ${name}`);
  if (provided[chunk.provides] === undefined) await loadBuiltins([name]);
  const value = provided[chunk.provides];
  if (value === undefined)
    throw new Error(
      `${name} is not available: this page has no _queuebook/${chunk.chunk}.js${assetBase ? "" : " (a page exported as one file carries only the libraries its cells name)"}`
    );
  return chunk.member ? value[chunk.member] : value;
}

/** Loads `_queuebook/<file>.js` (a chunk, or a chunk's data such as DuckDB's wasm) once, as a classic script: works from file://. */
export function loadScript(file: string, css?: string): Promise<void> {
  const chunk = `${file}.js`;
  let load = loading.get(chunk);
  if (!load) {
    if (!assetBase) return Promise.resolve();
    if (css) {
      const link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = assetBase + css;
      document.head.append(link);
    }
    load = new Promise<void>((resolve) => {
      const script = document.createElement("script");
      script.src = assetBase + chunk;
      script.onload = script.onerror = () => resolve();
      document.head.append(script);
    });
    loading.set(chunk, load);
  }
  return load;
}
