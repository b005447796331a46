import {parse} from "acorn";
import {simple} from "acorn-walk";
import {readFileSync, statSync} from "node:fs";
import {join} from "node:path";
import {beforeAll, describe, expect, it} from "vitest";
import {assets, buildClient, uiLanguages} from "../../build/client.js";
import {uiLanguages as tableLanguages, uiTables} from "../../src/client/ui/tables.js";
import {chunksFor} from "../../src/notebook/globals.js";

const packageRoot = join(import.meta.dirname, "..", "..");
let dir: string;
const read = (name: string) => readFileSync(join(dir, name), "utf8");

beforeAll(async () => {
  dir = await buildClient(packageRoot);
}, 60_000);

describe("buildClient", () => {
  it("writes every asset", () => {
    expect(assets).toEqual([
      "client.js",
      "plot.js",
      "d3.js",
      "plot-d3.js",
      "katex.js",
      "katex.css",
      "marked.js",
      "style.css",
      "lab-upload.js",
      "editor.js",
      "course.js",
      "ui-hu.js",
      "ui-ig.js",
      "ui-ja.js",
      "ui-pt.js",
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
    ]);
    for (const name of assets) expect(statSync(join(dir, name)).size).toBeGreaterThan(1000);
    expect(dir).toMatch(/node_modules\/\.cache\/queuebook\/client-[0-9a-f]{12}$/);
  });

  it("writes one script per language of the kit's words, each setting only its own table", () => {
    expect([...uiLanguages].sort()).toEqual([...tableLanguages].sort());
    for (const lang of uiLanguages) {
      const script = read(`ui-${lang}.js`);
      parse(script, {ecmaVersion: "latest", sourceType: "script"}); // a classic script
      const context: {queuebookUi?: Record<string, unknown>} = {};
      new Function("globalThis", script)(context);
      expect(Object.keys(context.queuebookUi!)).toEqual([lang]);
      expect(context.queuebookUi![lang]).toEqual(uiTables[lang]);
    }
  });

  it("reuses the build while nothing changed", async () => {
    expect(await buildClient(packageRoot)).toBe(dir);
  });

  it("makes classic scripts (no import or export statements)", () => {
    for (const name of ["client.js", "plot.js", "d3.js", "plot-d3.js", "katex.js", "marked.js"]) {
      const ast = parse(read(name), {ecmaVersion: "latest", sourceType: "script"}); // throws on import/export
      let dynamic = 0;
      simple(ast, {ImportExpression: () => void ++dynamic, MetaProperty: () => void ++dynamic});
      expect(dynamic, name).toBe(0); // no import() or import.meta either
    }
  });

  it("sets window.queuebook and provides the chunks' libraries", () => {
    // set through the page contract's installPageApi (src/page/api.ts); a chunk calls pageApi().provide({…})
    expect(/\{notebook:\w+,provide:\w+,library:\w+,loadBuiltins:\w+,needChunk:\w+,ui:\w+\}/.test(read("client.js"))).toBe(true);
    expect(/\.queuebook=\w+/.test(read("client.js"))).toBe(true);
    // Plot may be provided as it is or through a wrapper call (the accessible-Plot one)
    expect(/\.provide\(\{Plot:\w+(\(\w+\))?\}\)/.test(read("plot.js"))).toBe(true);
    expect(/\.provide\(\{d3:\w+\}\)/.test(read("d3.js"))).toBe(true);
    expect(/\.provide\(\{Plot:\w+(\(\w+\))?,d3:\w+\}\)/.test(read("plot-d3.js"))).toBe(true);
    expect(/\.provide\(\{katex:\w+\}\)/.test(read("katex.js"))).toBe(true);
    expect(/\.provide\(\{marked:\w+\}\)/.test(read("marked.js"))).toBe(true);
    // Framework's libraries (build/libraries.js): each chunk provides its key; DuckDB's wasm is data
    for (const [file, key] of [
      ["arquero", "aq"],
      ["arrow", "Arrow"],
      ["topojson", "topojson"],
      ["lodash", "_"],
      ["leaflet", "L"],
      ["duckdb", "duckdb"],
      ["sqlite", "sqlite"],
      ["xlsx", "xlsx"],
      ["zip", "zip"],
      ["parquet", "parquet"]
    ]) {
      expect(new RegExp(`\\.provide\\(\\{${key.replace("_", "\\_")}:`).test(read(`${file}.js`)), file).toBe(true);
    }
    expect(read("duckdb-wasm.js").startsWith('queuebook.provide({duckdbWasm: "')).toBe(true);
  });

  it("keeps Plot, d3 beyond d3-dsv, KaTeX and marked out of client.js", () => {
    const client = read("client.js");
    for (const marker of ["scaleLinear", "lineY", "forceSimulation", "KaTeX parse error", "marked("]) {
      expect(client.includes(marker), marker).toBe(false);
    }
    expect(client.includes('new Date("2019-01-01T00:00")')).toBe(true); // d3-dsv's autoType is in
  });

  it("inlines KaTeX's fonts as woff2 data: URLs", () => {
    const css = read("katex.css");
    const urls = css.match(/url\([^)]*\)/g) ?? [];
    expect(urls.length).toBeGreaterThan(10);
    for (const url of urls) expect(url.startsWith("url(data:font/woff2;base64,")).toBe(true);
    expect(/\.woff\)|\.ttf\)|format\("?woff"?\)|truetype/.test(css)).toBe(false);
  });

  it("bundles the Inspector's and Inputs' styles into style.css", () => {
    const css = read("style.css");
    expect(css.includes(".observablehq--inspect")).toBe(true);
    expect(css.includes("inputs-3a86ea")).toBe(true);
    expect(css.includes(".qb-error")).toBe(true);
    expect(/@import|url\((?!data:)/.test(css)).toBe(false);
  });
});

describe("chunksFor(names)", () => {
  it("maps built-ins to the chunk scripts a page needs", () => {
    expect(chunksFor(["rate", "Plot"])).toEqual(["plot"]);
    expect(chunksFor(["d3"])).toEqual(["d3"]);
    expect(chunksFor(["md", "tex", "d3", "Plot"])).toEqual(["katex", "marked", "plot-d3"]);
    expect(chunksFor(["Inputs", "html", "x"])).toEqual([]);
  });

  it("makes plot.js smaller than plot-d3.js, and plot-d3.js smaller than plot.js and d3.js together", () => {
    const size = (name: string) => statSync(join(dir, name)).size;
    expect(size("plot.js")).toBeLessThan(size("plot-d3.js"));
    expect(size("plot-d3.js")).toBeLessThan(size("plot.js") + size("d3.js"));
  });
});
