// What the optional chunks (plot.js, duckdb.js, xlsx.js …) hand over through queuebook.provide,
// in a module of its own so the readers (abstractFile.ts) and the loader (chunks.ts) share it
// without importing the library.
import {chunkOf} from "../notebook/contract.js";

/** The chunks' libraries by the key each passes to queuebook.provide. */
export const provided: Record<string, any> = {};

/** The value of a chunk's built-in or module name (`DuckDBClient`, `@observablehq/duckdb`), or undefined while its chunk is not loaded. */
export function providedValue(name: string): unknown {
  const chunk = chunkOf(name);
  const value = chunk ? provided[chunk.provides] : provided[name];
  return value !== undefined && chunk?.member ? value[chunk.member] : value;
}
