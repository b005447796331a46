// buildNotebook(file, root): the page loads the chunks its bundle reads, including those a
// project module imports (not only those a cell names).
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterEach, beforeEach, describe, expect, it} from "vitest";
import {buildNotebook} from "../../src/site/notebook.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "queuebook-chunks-"));
  mkdirSync(join(dir, "nb"));
});
afterEach(() => rmSync(dir, {recursive: true, force: true}));

describe("buildNotebook(file, root) chunks", () => {
  it("loads plot.js when only a module imports Plot", async () => {
    writeFileSync(
      join(dir, "nb", "chart.js"),
      'import * as Plot from "@observablehq/plot";\nexport const chart = (data) => Plot.lineY(data).plot();\n'
    );
    writeFileSync(join(dir, "nb", "page.md"), '```js\nimport {chart} from "./chart.js";\n```\n\n```js\nchart([1, 2, 3])\n```\n');
    const built = await buildNotebook(join(dir, "nb", "page.md"), join(dir, "nb"));
    expect(built.compiled.chunks).toEqual(["plot"]);
    expect(built.html).toContain('<script src="_queuebook/plot.js"></script>');
  });
  it("merges a module's d3 with a cell's Plot into the one plot-d3 chunk", async () => {
    writeFileSync(join(dir, "nb", "stats.js"), 'import * as d3 from "d3";\nexport const total = (xs) => d3.sum(xs);\n');
    writeFileSync(
      join(dir, "nb", "page.md"),
      '```js\nimport {total} from "./stats.js";\n```\n\n```js\nPlot.lineY([total([1, 2])]).plot()\n```\n'
    );
    const built = await buildNotebook(join(dir, "nb", "page.md"), join(dir, "nb"));
    expect(built.compiled.chunks).toEqual(["plot-d3"]);
  });
  it("adds nothing when no module reads a shared library", async () => {
    writeFileSync(join(dir, "nb", "page.md"), "```js\n1 + 1\n```\n");
    const built = await buildNotebook(join(dir, "nb", "page.md"), join(dir, "nb"));
    expect(built.compiled.chunks).toEqual([]);
  });
});
