// Typings for the untyped packages the library chunks bundle, and for the files esbuild loads as
// text or data URLs (build/client.js: the DuckDB worker's script, Leaflet's marker images).
declare module "topojson-client";
declare module "leaflet";
declare module "lodash";
declare module "sql.js/dist/sql-wasm.js";
declare module "exceljs/dist/exceljs.min.js";
declare module "*.worker.js" {
  const text: string;
  export default text;
}
declare module "*.wasm" {
  const base64: string;
  export default base64;
}
declare module "*.png" {
  const url: string;
  export default url;
}
