// DuckDB-Wasm in a page opened from anywhere, file:// included: its worker is made from the
// worker script this chunk carries as text, and its wasm (34 MB, deflated to 8 MB) comes from
// duckdb-wasm.js beside this chunk, a classic script loaded on the first DuckDBClient. Inside
// the worker, fetch() of the wasm's made-up URL inflates the bytes handed over with the script.
import * as duckdb from "@duckdb/duckdb-wasm";
import workerScript from "@duckdb/duckdb-wasm/dist/duckdb-browser-eh.worker.js";
import {pageApi} from "../pageApi.js";

/** Where this chunk was loaded from (duckdb-wasm.js sits beside it); none when inlined in an exported page. */
const base = (() => {
  const src = (document.currentScript as HTMLScriptElement | null)?.src;
  return src ? new URL(".", src).href : undefined;
})();

const wasmUrl = "queuebook:duckdb.wasm";

/** Runs in the worker before DuckDB's script (as source text): serves the wasm from the deflated base64 in self.__qbWasm. */
function prelude() {
  const real = self.fetch;
  self.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    if ((typeof input === "string" ? input : input instanceof URL ? input.href : input.url) !== "queuebook:duckdb.wasm")
      return real(input, init);
    const binary = atob((self as unknown as {__qbWasm: string}).__qbWasm);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
    return Promise.resolve(new Response(stream, {headers: {"Content-Type": "application/wasm"}}));
  };
}

let wasm: Promise<string> | undefined;

/** The deflated wasm as base64, from duckdb-wasm.js (loaded once). */
function wasmBase64(): Promise<string> {
  return (wasm ??= new Promise<string>((resolve, reject) => {
    const q = pageApi();
    const have = () => {
      try {
        return q.library("duckdbWasm") as string;
      } catch {
        return undefined;
      }
    };
    if (have()) return resolve(have()!);
    if (!base)
      return reject(new Error("DuckDB's engine (duckdb-wasm.js) is not part of a page exported as one file; build the site to use DuckDB"));
    const script = document.createElement("script");
    script.src = `${base}duckdb-wasm.js`;
    script.onload = () => (have() ? resolve(have()!) : reject(new Error("duckdb-wasm.js did not provide DuckDB's engine")));
    script.onerror = () => reject(new Error(`cannot load ${base}duckdb-wasm.js`));
    document.head.append(script);
  }));
}

/** A new DuckDB instance in its own worker, instantiated (not opened). */
export async function startDuckDB(): Promise<duckdb.AsyncDuckDB> {
  const code = await wasmBase64();
  const url = URL.createObjectURL(
    new Blob(['self.__qbWasm="', code, '";(', prelude.toString(), ")();\n", workerScript], {type: "text/javascript"})
  );
  const worker = new Worker(url);
  const db = new duckdb.AsyncDuckDB(new duckdb.ConsoleLogger(duckdb.LogLevel.WARNING), worker);
  try {
    await db.instantiate(wasmUrl);
  } finally {
    URL.revokeObjectURL(url);
  }
  return db;
}

export {duckdb};
