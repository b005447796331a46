// The bundle pass without a bundler (src/notebook/plainScript.ts): a notebook whose cells import
// nothing gets its definitions wrapped as a classic script, and it runs as esbuild's bundle of
// the same cells does; anything esbuild would resolve, define or refuse sends it to esbuild.
import {mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {bundleNotebook} from "../../src/notebook/bundle.js";
import {compileNotebook} from "../../src/notebook/compile.js";
import {needsNoBundler, plainScript} from "../../src/notebook/plainScript.js";

const dir = mkdtempSync(join(tmpdir(), "queuebook-plain-"));
writeFileSync(join(dir, "package.json"), "{}\n");
writeFileSync(join(dir, "util.js"), "export const three = 3;\n");
afterAll(() => rmSync(dir, {recursive: true, force: true}));

const fence = (...lines: string[]) => "```js\n" + lines.join("\n") + "\n```\n\n";
const plain = [
  fence("const rate = 10;"),
  fence("const points = Array.from({length: 3}, (_, i) => i * rate);"),
  fence("const label = `${points.length} points, ${'é'} </script>`;"),
  "Rate: ${rate}\n\n",
  fence("function* ticks() { yield 1; yield 2; }"),
  fence("const later = await Promise.resolve(points.at(-1));")
].join("");

type Cell = {id: string; hash: string; inputs: string[]; outputs: string[]; error?: unknown; body?: (...a: unknown[]) => unknown};
/** Runs a page's script as the page does, capturing the queuebook.notebook call. */
function execute(code: string): {path: string; cells: Cell[]} {
  let captured: any;
  new Function("queuebook", code)({notebook: (x: unknown) => (captured = x), library: () => ({})});
  return captured;
}
const bundle = (md: string) => bundleNotebook(compileNotebook(md, "nb.md"), join(dir, "nb.md"), {}, {root: dir});
const values: Record<string, unknown> = {rate: 10, points: [0, 10, 20]};
/** Each cell's id, inputs, outputs, hash and what its body gives (its inputs from `values`), as JSON. */
async function ran(code: string, ids?: string[]) {
  const cells = execute(code).cells.filter((c) => !ids || ids.includes(c.id));
  return Promise.all(
    cells.map(async (c) => {
      const value = await c.body?.(...c.inputs.map((name) => values[name]));
      return {id: c.id, inputs: c.inputs, outputs: c.outputs, hash: c.hash, value: JSON.stringify(value) ?? String(value)};
    })
  );
}

describe("plainScript via bundleNotebook", () => {
  it("wraps a notebook that imports nothing, and it runs as esbuild's bundle of the same cells", async () => {
    const script = (await bundle(plain)).code;
    expect(script.startsWith("(() => {\n")).toBe(true);
    // the same cells beside one that makes esbuild bundle the notebook (an import)
    const viaEsbuild = (await bundle(plain + fence('import {three} from "./util.js";'))).code;
    expect(viaEsbuild.startsWith("(() => {\n")).toBe(false);
    const mine = await ran(script);
    expect(execute(viaEsbuild).cells).toHaveLength(mine.length + 1);
    expect(mine).toEqual(
      await ran(
        viaEsbuild,
        mine.map((c) => c.id)
      )
    );
    expect(mine.map((c) => c.value)).toContain(JSON.stringify({label: "3 points, é </script>"}));
    expect(mine.map((c) => c.value)).toContain(JSON.stringify({later: 20}));
  });

  it("parses the prelude's shape in its place and writes the prelude itself (the files' data is not scanned)", () => {
    const compiled = compileNotebook(plain, "nb.md");
    const data = `const __files = Object.assign(Object.create(null), {"a.txt": ${JSON.stringify("x".repeat(1000))}});\n`;
    const shape = "const __files = Object.assign(Object.create(null), {});\n";
    const script = plainScript(compiled, data, compiled.definitions, shape);
    expect(script).toBe(`(() => {\n${data}${compiled.definitions}\n})();\n`);
    // a shape that does not parse once wrapped sends the notebook to esbuild, whatever the prelude
    expect(plainScript(compiled, data, compiled.definitions, "const __files = ;\n")).toBeUndefined();
  });

  it("leaves to esbuild a notebook with an import, a require or import.meta", async () => {
    for (const cell of [
      fence('import {three} from "./util.js";'),
      fence('const util = await import("./util.js");'),
      fence('const fs = require("./util.js");'),
      fence('const here = import.meta.resolve("./util.js");')
    ]) {
      const compiled = compileNotebook(plain + cell, "nb.md");
      expect(needsNoBundler(compiled), cell).toBe(false);
      expect(plainScript(compiled, "", compiled.definitions), cell).toBeUndefined();
    }
    expect(needsNoBundler(compileNotebook(plain, "nb.md"))).toBe(true);
  });

  it("leaves to esbuild an assignment to a constant, which it refuses at the cell; the cell shows esbuild's error", async () => {
    const cell = fence("const a = 1;", "a = 2;");
    const compiled = compileNotebook(plain + cell, "nb.md");
    expect(needsNoBundler(compiled)).toBe(true); // nothing to bundle, but
    expect(plainScript(compiled, "", compiled.definitions)).toBeUndefined(); // not a plain script
    const result = await bundle(plain + cell);
    expect([...result.cellErrors.values()].map((e) => e.message)).toEqual(['Cannot assign to "a" because it is a constant']);
    expect(result.code).toMatch(/^\(\(\)=>\{/); // esbuild's minified IIFE
  });

  it("refuses a cell's hashbang before bundling (refusals.ts): the page is still a plain script, with that cell's error and its warning", async () => {
    const cell = fence("#!/usr/bin/env node", "const b = 1;");
    const result = await bundle(plain + cell);
    expect([...result.cellErrors.values()].map((e) => e.message)).toEqual([
      'a cell cannot start with "#!" (a hashbang line belongs to a script file)'
    ]);
    expect(result.warnings.map((w) => w.message)).toEqual([
      'SyntaxError: a cell cannot start with "#!" (a hashbang line belongs to a script file)'
    ]);
    expect(result.code).toMatch(/^\(\(\) => \{\n/); // plainScript's wrapping, not esbuild's output
  });
});
