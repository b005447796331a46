// Bundles the library chunks of Framework's implicit imports and FileAttachment readers (called
// by build/client.js), each a classic script loaded only by a page that uses it:
//   arquero.js aq · arrow.js Arrow · topojson.js topojson · lodash.js _ · leaflet.js L (+ leaflet.css)
//   duckdb.js  DuckDBClient, sql, duckdb (DuckDB-Wasm, its worker's script as text)
//   duckdb-wasm.js  DuckDB's wasm, deflated and base64 (8 MB → 10 MB of script), loaded by
//              duckdb.js on the first database; made once per DuckDB-Wasm version and kept
//   sqlite.js  SQLite, SQLiteDatabaseClient (sql.js, its wasm inside)   xlsx.js ExcelJS
//   zip.js     JSZip   parquet.js hyparquet → Arrow
// Sources: src/client/libs/. From file:// a page may load classic scripts but not fetch, so
// every wasm and worker travels inside a script.
import {existsSync, mkdirSync, readFileSync, renameSync, writeFileSync} from "node:fs";
import {createRequire} from "node:module";
import {dirname, join} from "node:path";
import {deflateRawSync} from "node:zlib";

/** The files buildLibraries writes. */
export const libraryAssets = [
  "arquero.js",
  "arrow.js",
  "topojson.js",
  "lodash.js",
  "leaflet.js",
  "leaflet.css",
  "duckdb.js",
  "duckdb-wasm.js",
  "sqlite.js",
  "xlsx.js",
  "zip.js",
  "parquet.js"
];

/** Writes the library chunks into `out` with esbuild's `build` and the client's common options. */
export async function buildLibraries(build, packageRoot, out, common) {
  const require = createRequire(join(packageRoot, "package.json"));
  const libs = join(packageRoot, "src", "client", "libs");
  const target = ["es2022", "chrome100", "firefox100", "safari15"];
  await build({
    ...common,
    entryPoints: ["arquero", "arrow", "topojson", "lodash", "leaflet", "duckdb", "sqlite", "xlsx", "zip", "parquet"].map((name) => ({
      in: join(libs, `${name}.ts`),
      out: name
    })),
    outdir: out,
    format: "iife",
    platform: "browser",
    target,
    // sql.js's Node branch names fs, path and crypto: left out of a browser chunk
    external: ["fs", "path", "crypto", "node:fs", "node:path", "node:crypto"],
    loader: {".worker.js": "text", ".wasm": "base64", ".png": "dataurl"}
  });
  const leafletCss = require.resolve("leaflet/dist/leaflet.css");
  await build({
    ...common,
    stdin: {contents: readFileSync(leafletCss, "utf8"), loader: "css", resolveDir: dirname(leafletCss), sourcefile: "leaflet.css"},
    outfile: join(out, "leaflet.css"),
    loader: {".png": "dataurl"}
  });
  writeFileSync(join(out, "duckdb-wasm.js"), duckdbWasm(packageRoot, require));
}

/** duckdb-wasm.js's text, deflated once per DuckDB-Wasm version (two seconds) and kept in the build cache. */
function duckdbWasm(packageRoot, require) {
  const wasm = require.resolve("@duckdb/duckdb-wasm/dist/duckdb-eh.wasm");
  const {version} = JSON.parse(readFileSync(join(dirname(dirname(wasm)), "package.json"), "utf8"));
  const cache = join(packageRoot, "node_modules", ".cache", "queuebook", `duckdb-wasm-${version}.js`);
  if (existsSync(cache)) return readFileSync(cache);
  const text = `queuebook.provide({duckdbWasm: ${JSON.stringify(deflateRawSync(readFileSync(wasm), {level: 6}).toString("base64"))}});\n`;
  mkdirSync(dirname(cache), {recursive: true});
  const tmp = `${cache}.tmp-${process.pid}`;
  writeFileSync(tmp, text);
  renameSync(tmp, cache);
  return text;
}
