// JavaScript and browser globals that a cell may use without them becoming runtime inputs.
// A cell that defines one of these names makes it an ordinary input again.
import {chunkOf, chunkedBuiltins, chunkedModules, isBuiltin, sharedPackages} from "./contract.js";

/** Names resolved from the browser's global scope, not from other cells or built-ins. */
export const globals = new Set(
  (
    "Array ArrayBuffer BigInt BigInt64Array BigUint64Array Blob Boolean CustomEvent DataView Date " +
    "Element Error Event EvalError Float32Array Float64Array FormData Function HTMLElement Infinity " +
    "Int16Array Int32Array Int8Array IntersectionObserver Intl JSON Map Math MutationObserver NaN Node " +
    "Number Object Promise Proxy RangeError ReferenceError Reflect RegExp ResizeObserver Set String " +
    "Symbol SyntaxError TextDecoder TextEncoder TypeError URIError URL URLSearchParams Uint16Array " +
    "Uint32Array Uint8Array Uint8ClampedArray WeakMap WeakRef WeakSet Worker AbortController " +
    "alert cancelAnimationFrame clearInterval clearTimeout console decodeURI decodeURIComponent " +
    "document encodeURI encodeURIComponent eval fetch globalThis isFinite isNaN localStorage location " +
    "navigator parseFloat parseInt performance queueMicrotask requestAnimationFrame setInterval " +
    "setTimeout structuredClone undefined window"
  ).split(" ")
);

/** The optional asset chunks for the built-ins (or module names) a notebook uses; Plot with d3 is one chunk. */
export function chunksFor(names: Iterable<string>): string[] {
  const chunks = new Set<string>();
  for (const name of names) {
    const chunk = chunkOf(name);
    if (chunk) chunks.add(chunk.chunk);
  }
  if (chunks.has("plot") && chunks.has("d3")) {
    chunks.delete("plot");
    chunks.delete("d3");
    chunks.add("plot-d3");
  }
  return [...chunks].sort();
}

/**
 * The chunks a page needs once its bundle is known: `chunks` from the cells' own names, plus the
 * shared libraries (Plot, d3, …) that project modules import through `queuebook.library`.
 */
export function chunksWithLibraries(chunks: readonly string[], libraries: Iterable<string>): string[] {
  const names: string[] = [...libraries];
  for (const chunk of chunks) {
    if (chunk === "plot-d3") names.push("Plot", "d3");
    else
      for (const [name, entry] of [...Object.entries(chunkedBuiltins), ...Object.entries(chunkedModules)])
        if (entry.chunk === chunk) names.push(name);
  }
  return chunksFor(names);
}

export {isBuiltin, sharedPackages};
