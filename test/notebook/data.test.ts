import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {compileNotebook} from "../../src/notebook/compile.js";
import {BuildError, loadFiles, mimeType} from "../../src/notebook/data.js";

const dir = mkdtempSync(join(tmpdir(), "queuebook-data-"));
mkdirSync(join(dir, "data"));
writeFileSync(join(dir, "data", "a.csv"), "x,y\n1,2\n");
writeFileSync(join(dir, "data", "b.bin"), Buffer.from([0, 255, 1]));
afterAll(() => rmSync(dir, {recursive: true, force: true}));

describe("mimeType(name)", () => {
  it("knows the lab's and the web's common types by extension", () => {
    expect(mimeType("runs.csv")).toBe("text/csv");
    expect(mimeType("q.TSV")).toBe("text/tab-separated-values");
    expect(mimeType("x.json")).toBe("application/json");
    expect(mimeType("p.png")).toBe("image/png");
    expect(mimeType("noext")).toBe("application/octet-stream");
  });
});

describe("loadFiles(compiled, notebookFile)", () => {
  it("embeds text files as text and other files as base64, each once", async () => {
    const compiled = compileNotebook('```js\nFileAttachment("data/a.csv")\n```\n\n```js\nFileAttachment("data/b.bin")\n```\n\n${FileAttachment("data/a.csv").name}\n', "nb.md");
    expect(await loadFiles(compiled, join(dir, "nb.md"))).toEqual({
      "data/a.csv": {mimeType: "text/csv", text: "x,y\n1,2\n"},
      "data/b.bin": {mimeType: "application/octet-stream", base64: "AP8B"}
    });
  });
  it("names the notebook position and the path looked for when a file is missing", async () => {
    const compiled = compileNotebook('# t\n\n```js\nconst f = FileAttachment("data/nope.csv");\n```\n', "nb.md");
    const error = await loadFiles(compiled, join(dir, "nb.md")).catch((e) => e);
    expect(error).toBeInstanceOf(BuildError);
    expect(error.message).toMatch(/^nb\.md:4:11: FileAttachment "data\/nope\.csv" not found \(.*data\/nope\.csv\)$/);
  });
});
