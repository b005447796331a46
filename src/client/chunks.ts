// Loading the optional chunks (Plot, d3, KaTeX, marked) a live update starts using when the
// page was built without them. Which built-in lives in which chunk: src/notebook/contract.ts.
import {chunkedBuiltins, type CellDefinition} from "../notebook/contract.js";
import {provided} from "./library.js";

/** Where client.js was loaded from: the optional chunks sit beside it. */
const assetBase = (() => {
  const src = typeof document !== "undefined" ? (document.currentScript as HTMLScriptElement | null)?.src : undefined;
  return src ? new URL(".", src).href : undefined;
})();

const loading = new Map<string, Promise<void>>();

/**
 * Loads the chunks the cells need that the page did not include (a live update may start using
 * Plot or tex); resolves at once, without loading anything, on a page built with them.
 */
export function loadChunks(defs: readonly CellDefinition[]): Promise<void> | undefined {
  return loadBuiltins(defs.flatMap((def) => def.inputs));
}

/**
 * Loads the chunks of the built-ins `names` (Plot, d3, tex, md; other names need none) that are
 * not loaded yet; undefined when none is missing. (A lesson in JupyterLab loads those its
 * module map's modules read before the first of them runs: src/client/jupyter/frame.ts.)
 */
export function loadBuiltins(names: Iterable<string>): Promise<void> | undefined {
  if (!assetBase) return;
  const missing = new Set<string>();
  for (const name of names) {
    const need = Object.hasOwn(chunkedBuiltins, name) ? chunkedBuiltins[name] : undefined;
    if (need && provided[need.provides] === undefined) missing.add(name);
  }
  if (!missing.size) return;
  const loads = new Set<Promise<void>>();
  for (const name of missing) {
    const {chunk: base, css} = chunkedBuiltins[name];
    const chunk = `${base}.js`;
    let load = loading.get(chunk);
    if (!load) {
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
    loads.add(load);
  }
  return Promise.all(loads).then(() => {});
}

