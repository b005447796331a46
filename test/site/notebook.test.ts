// buildNotebook(file, root, options): the size limit holds for the files a project module
// attaches as for a cell's (it once reached the cells only).
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterEach, beforeEach, describe, expect, it} from "vitest";
import {buildNotebook} from "../../src/site/notebook.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "queuebook-site-notebook-"));
  mkdirSync(join(dir, "nb", "lib"), {recursive: true});
  writeFileSync(join(dir, "nb", "lib", "big.txt"), "x".repeat(2000));
  writeFileSync(
    join(dir, "nb", "lib", "util.js"),
    'import {FileAttachment} from "observablehq:stdlib";\nexport const big = () => FileAttachment("./big.txt").text();\n'
  );
  writeFileSync(join(dir, "nb", "page.md"), '```js\nimport {big} from "./lib/util.js";\n```\n');
});
afterEach(() => rmSync(dir, {recursive: true, force: true}));

describe("buildNotebook(file, root, {maxFileBytes})", () => {
  it("refuses a module's attached file over the limit, and embeds it under the limit", async () => {
    const small = await buildNotebook(join(dir, "nb", "page.md"), join(dir, "nb"), {maxFileBytes: 1000});
    expect(small.warnings.map((w) => w.message)).toContainEqual(
      expect.stringMatching(/^FileAttachment "\.\/big\.txt" \(in lib\/util\.js\)/)
    );
    expect(small.script).not.toContain("x".repeat(2000));
    const large = await buildNotebook(join(dir, "nb", "page.md"), join(dir, "nb"), {maxFileBytes: 4000});
    expect(large.warnings).toEqual([]);
    expect(large.script).toContain("x".repeat(2000));
  });
});
