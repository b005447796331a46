import {mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {bundleNotebook} from "../../src/notebook/bundle.js";
import {BuildError} from "../../src/notebook/data.js";
import {compileNotebook} from "../../src/notebook/compile.js";

const dir = mkdtempSync(join(tmpdir(), "queuebook-bundle-"));
writeFileSync(join(dir, "helper.ts"), "export const twice = (x: number): number => x * 2;\n");
afterAll(() => rmSync(dir, {recursive: true, force: true}));

/** Runs a bundle the way a page would, capturing the queuebook.notebook call. */
function execute(code: string): {path: string; files: object; cells: {id: string; hash: string; body?: (...a: unknown[]) => unknown}[]} {
  let captured: any;
  new Function("queuebook", code)({notebook: (x: unknown) => (captured = x)});
  return captured;
}

describe("bundleNotebook(compiled, notebookFile, files)", () => {
  const md = '```js\nimport {twice} from "./helper.js";\n```\n\n```js\ntwice(21)\n```\n';

  it("inlines the TypeScript modules the cells import into one classic script", async () => {
    const bundle = await bundleNotebook(compileNotebook(md, "nb.md"), join(dir, "nb.md"), {}, {minify: false});
    expect(bundle.code).not.toMatch(/^\s*(import|export)\s/m);
    expect(bundle.inputs).toContain(join(dir, "helper.ts"));
    const notebook = execute(bundle.code);
    const outputs = (await notebook.cells[0].body!()) as {twice: (x: number) => number};
    expect(outputs.twice(21)).toBe(42);
  });

  it("turns an unresolvable import into a module that throws, so only its cell fails", async () => {
    const bundle = await bundleNotebook(compileNotebook('```js\nimport {x} from "./missing.js";\n```\n\n```js\n1 + 1\n```\n', "nb.md"), join(dir, "nb.md"), {});
    expect(bundle.warnings).toEqual([expect.stringMatching(/^nb\.md:2:1: Could not resolve "\.\/missing\.js"/)]);
    const notebook = execute(bundle.code);
    await expect(notebook.cells[0].body!()).rejects.toThrow(/Could not resolve "\.\/missing\.js" \(imported at nb\.md:2:1/);
    expect(notebook.cells[1].body!()).toBe(2);
  });

  it("fails with one line naming the broken module's position when an imported module does not compile", async () => {
    writeFileSync(join(dir, "broken.ts"), "export const x = (;\n");
    const error = await bundleNotebook(compileNotebook('```js\nimport {x} from "./broken.js";\n```\n', "nb.md"), join(dir, "nb.md"), {}).catch((e) => e);
    expect(error).toBeInstanceOf(BuildError);
    expect(error.message).toMatch(/^nb\.md: cannot bundle its imports: .*broken\.ts:1:19: Unexpected ";"$/);
  });

  it("reads d3, Plot, Inputs and htl from the page's shared copy instead of bundling them", async () => {
    const compiled = compileNotebook('```js\nimport * as d3 from "npm:d3@7";\nimport {html} from "htl";\n```\n', "nb.md");
    expect(compiled.chunks).toEqual(["d3"]);
    const bundle = await bundleNotebook(compiled, join(dir, "nb.md"), {});
    expect(bundle.code.length).toBeLessThan(5000); // d3 alone is 280 KB
    const asked: string[] = [];
    let captured: any;
    new Function("queuebook", bundle.code)({notebook: (x: unknown) => (captured = x), library: (name: string) => (asked.push(name), {sum: (a: number[]) => a.length, html: "h"})});
    const outputs = await captured.cells[0].body();
    expect(asked).toEqual(["d3", "htl"]);
    expect(outputs.d3.sum([1, 2, 3])).toBe(3);
    expect(outputs.html).toBe("h");
  });

  it("embeds the files it is given", async () => {
    const files = {"data/a.csv": {mimeType: "text/csv", text: "x\n1\n"}};
    const bundle = await bundleNotebook(compileNotebook("# t\n", "nb.md"), join(dir, "nb.md"), files);
    expect(execute(bundle.code).files).toEqual(files);
  });

  it("changes the hash of cells that import a module when the module changes, and no other", async () => {
    const compiled = compileNotebook(md + '\n```js\nconst other = 1;\n```\n', "nb.md");
    const before = execute((await bundleNotebook(compiled, join(dir, "nb.md"), {})).code).cells.map((c) => c.hash);
    writeFileSync(join(dir, "helper.ts"), "export const twice = (x: number): number => x + x;\n");
    const after = execute((await bundleNotebook(compiled, join(dir, "nb.md"), {})).code).cells.map((c) => c.hash);
    expect(after[0]).not.toBe(before[0]);
    expect(after.slice(1)).toEqual(before.slice(1));
  });
});
