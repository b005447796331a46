import {spawnSync} from "node:child_process";
import {mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {bundleNotebook, projectRoot} from "../../src/notebook/bundle.js";
import {compileNotebook} from "../../src/notebook/compile.js";

// A project (package.json) holding a notebook root nb/, with a sibling folder outside the project.
const base = mkdtempSync(join(tmpdir(), "queuebook-bundle-"));
const project = join(base, "project");
const dir = join(project, "nb");
mkdirSync(join(dir, "sub"), {recursive: true});
mkdirSync(join(project, "src"));
mkdirSync(join(dir, "data"));
writeFileSync(join(project, "package.json"), "{}\n");
writeFileSync(join(project, "src", "util.js"), "export const three = 3;\n");
writeFileSync(join(base, "outside.js"), "export const secret = 'SECRET-OUTSIDE';\n");
writeFileSync(join(dir, "helper.ts"), "export const twice = (x: number): number => x * 2;\n");
writeFileSync(join(dir, "leaky.js"), "export {secret} from '../../outside.js';\n");
writeFileSync(join(dir, "data", "x.csv"), "a,b\n1,2\n");
writeFileSync(join(dir, "sub", "local.js"), "export const here = 'sub';\n");
// Packages hoisted above the project (a workspace): node_modules is a link out of the project.
mkdirSync(join(base, "hoisted", "node_modules", "fakepkg"), {recursive: true});
writeFileSync(join(base, "hoisted", "node_modules", "fakepkg", "package.json"), '{"name": "fakepkg", "main": "index.js"}\n');
writeFileSync(join(base, "hoisted", "node_modules", "fakepkg", "index.js"), "export const pkg = 'PKG';\n");
symlinkSync(join(base, "hoisted", "node_modules"), join(project, "node_modules"));
afterAll(() => rmSync(base, {recursive: true, force: true}));

type Cell = {
  id: string;
  hash: string;
  line: number;
  error?: {name: string; message: string; line: number; column: number};
  body?: (...a: unknown[]) => unknown;
};

/** Runs a bundle the way a page would, capturing the queuebook.notebook call. */
function execute(
  code: string,
  library: (name: string) => unknown = () => ({})
): {path: string; files: Record<string, unknown>; cells: Cell[]} {
  let captured: any;
  new Function("queuebook", code)({notebook: (x: unknown) => (captured = x), library});
  return captured;
}

const bundle = (md: string, name = "nb.md", options: {minify?: boolean} = {}) =>
  bundleNotebook(compileNotebook(md, name), join(dir, name), {}, {root: dir, ...options});
const fence = (...lines: string[]) => "```js\n" + lines.join("\n") + "\n```\n\n";

describe("bundleNotebook(compiled, notebookFile, files, options)", () => {
  const md = '```js\nimport {twice} from "./helper.js";\n```\n\n```js\ntwice(21)\n```\n';

  it("inlines the TypeScript modules the cells import into one classic script", async () => {
    const result = await bundle(md, "nb.md", {minify: false});
    expect(result.code).not.toMatch(/^\s*(import|export)\s/m);
    expect(result.inputs).toContain(join(dir, "helper.ts"));
    const notebook = execute(result.code);
    const outputs = (await notebook.cells[0].body!()) as {twice: (x: number) => number};
    expect(outputs.twice(21)).toBe(42);
  });

  it("turns an unresolvable import into a module that throws, so only its cell fails, warning once at the cell", async () => {
    const result = await bundle('```js\nimport {x} from "./missing.js";\n```\n\n```js\n1 + 1\n```\n');
    expect(result.warnings).toEqual([
      {path: "nb.md", line: 2, column: 1, message: expect.stringMatching(/^Could not resolve "\.\/missing\.js" \(from /)}
    ]);
    expect(result.warnings[0].message).not.toContain("nb.md"); // the position is the warning's, not repeated
    const notebook = execute(result.code);
    await expect(notebook.cells[0].body!()).rejects.toThrow(/Could not resolve "\.\/missing\.js"/);
    expect(notebook.cells[1].body!()).toBe(2);
  });

  it("reads d3, Plot, Inputs and htl from the page's shared copy instead of bundling them", async () => {
    const compiled = compileNotebook('```js\nimport * as d3 from "npm:d3@7";\nimport {html} from "htl";\n```\n', "nb.md");
    expect(compiled.chunks).toEqual(["d3"]);
    const result = await bundleNotebook(compiled, join(dir, "nb.md"), {}, {root: dir});
    expect(result.code.length).toBeLessThan(5000); // d3 alone is 280 KB
    const asked: string[] = [];
    const notebook = execute(result.code, (name) => (asked.push(name), {sum: (a: number[]) => a.length, html: "h"}));
    const outputs: any = await notebook.cells[0].body!();
    expect(asked).toEqual(["d3", "htl"]);
    expect(outputs.d3.sum([1, 2, 3])).toBe(3);
    expect(outputs.html).toBe("h");
  });

  it("embeds the files it is given, in a null-prototype object where __proto__ is an ordinary name", async () => {
    const files = new Map([
      ["data/a.csv", {mimeType: "text/csv", text: "x\n1\n"}],
      ["__proto__", {mimeType: "text/plain", text: "p"}]
    ]);
    const result = await bundleNotebook(compileNotebook("# t\n", "nb.md"), join(dir, "nb.md"), files, {root: dir});
    const embedded = execute(result.code).files;
    expect(Object.getPrototypeOf(embedded)).toBe(null);
    expect(Object.keys(embedded).sort()).toEqual(["__proto__", "data/a.csv"]);
    expect(Object.getOwnPropertyDescriptor(embedded, "__proto__")?.value).toEqual({mimeType: "text/plain", text: "p"});
    expect(embedded["data/a.csv"]).toEqual({mimeType: "text/csv", text: "x\n1\n"});
  });

  it("changes the hash of cells that import a module when the module changes, and no other", async () => {
    const compiled = compileNotebook(md + "\n```js\nconst other = 1;\n```\n", "nb.md");
    const hashes = async () => execute((await bundleNotebook(compiled, join(dir, "nb.md"), {}, {root: dir})).code).cells.map((c) => c.hash);
    const before = await hashes();
    writeFileSync(join(dir, "helper.ts"), "export const twice = (x: number): number => x + x;\n");
    const after = await hashes();
    expect(after[0]).not.toBe(before[0]);
    expect(after[0].startsWith(before[0].slice(0, 12))).toBe(true);
    expect(after.slice(1)).toEqual(before.slice(1));
  });

  it("gives a cell that imports a module the same hash from another checkout of the same project (no path of the machine in it)", async () => {
    const copy = join(base, "copy-of-project");
    mkdirSync(join(copy, "nb"), {recursive: true});
    writeFileSync(join(copy, "package.json"), "{}\n");
    writeFileSync(join(copy, "nb", "helper.ts"), "export const twice = (x: number): number => x * 2;\n");
    writeFileSync(join(dir, "helper.ts"), "export const twice = (x: number): number => x * 2;\n");
    const compiled = compileNotebook(fence('import {twice} from "./helper.js";', "const four = twice(2);"), "nb.md");
    const here = await bundleNotebook(compiled, join(dir, "nb.md"), {}, {root: dir});
    const there = await bundleNotebook(compiled, join(copy, "nb", "nb.md"), {}, {root: join(copy, "nb")});
    expect(execute(here.code).cells[0].hash).toMatch(/^[0-9a-f]{12}-[0-9a-f]{8}$/);
    expect(execute(there.code).cells.map((c) => c.hash)).toEqual(execute(here.code).cells.map((c) => c.hash));
    expect(there.code).toBe(here.code);
  });

  describe("one broken cell never fails the page: it shows its error, the others run", () => {
    /** Bundles `broken` then a healthy cell; returns the broken cell's error and checks the healthy one. */
    const brokenCell = async (broken: string, name = "nb.md") => {
      const result = await bundle("# t\n\n" + broken + fence("const fine = 40 + 2;"), name);
      const notebook = execute(result.code);
      const healthy = notebook.cells.find((c) => !c.error && c.body && c !== notebook.cells[0]);
      expect(await (healthy!.body as () => unknown)()).toEqual({fine: 42});
      expect(result.warnings.length).toBeGreaterThan(0);
      for (const w of result.warnings) expect(w.message).not.toMatch(/\n/);
      return {error: notebook.cells[0].error, warnings: result.warnings, cell: notebook.cells[0]};
    };

    it("an assignment to a constant, at its line and column", async () => {
      const {error, warnings} = await brokenCell(fence("const a = 1; a = 2;"));
      expect(error).toEqual({name: "SyntaxError", message: 'Cannot assign to "a" because it is a constant', line: 4, column: 14});
      expect(warnings).toEqual([
        {path: "nb.md", line: 4, column: 14, message: 'SyntaxError: Cannot assign to "a" because it is a constant'}
      ]);
    });
    it("an assignment to an imported binding", async () => {
      const {error} = await brokenCell(fence('import {twice} from "./helper.js";', "twice = 1;"));
      expect(error).toMatchObject({name: "SyntaxError", message: 'Cannot assign to "twice" because it is a constant', line: 5, column: 1});
    });
    it("a cell starting with #!", async () => {
      const {error} = await brokenCell(fence("#!/usr/bin/env node", "1"));
      expect(error).toMatchObject({name: "SyntaxError", message: expect.stringContaining('cannot start with "#!"'), line: 4, column: 1});
    });
    it("a data file imported as code, statically or dynamically: says to use FileAttachment", async () => {
      for (const cell of [fence('import d from "./data/x.csv";'), fence('const d = await import("./data/x.csv");')]) {
        const {error} = await brokenCell(cell);
        expect(error).toMatchObject({
          name: "ImportError",
          line: 4,
          message: 'cannot import "data/x.csv": .csv files are data, not code; read it with FileAttachment("data/x.csv")'
        });
      }
    });
    it("a wrong-case import names the file on disk", async () => {
      const {cell, warnings} = await brokenCell(fence('import {twice} from "./Helper.js";'));
      expect(warnings[0]).toMatchObject({
        line: 4,
        column: 1,
        message: 'cannot import "./Helper.js": no such file; did you mean "helper.ts"? (the letter case differs)'
      });
      await expect((cell.body as () => Promise<unknown>)()).rejects.toThrow(/letter case differs/);
    });
    it('a leading / is the notebook root, not the disk\'s: import "/etc/passwd" bundles nothing from it', async () => {
      const result = await bundle(fence('import "/etc/passwd";') + fence("1"));
      expect(result.code).not.toContain("root:");
      expect(result.inputs).toEqual([]);
      expect(result.warnings).toEqual([
        {path: "nb.md", line: 2, column: 1, message: 'Could not resolve "/etc/passwd" (from nb; a leading "/" is the notebook folder)'}
      ]);
    });
    it("an import outside the project, directly or through a project module", async () => {
      const direct = await bundle(fence('import {secret} from "../../outside.js";') + fence("1"));
      expect(direct.code).not.toContain("SECRET-OUTSIDE");
      expect(direct.warnings[0].message).toMatch(/^cannot import "\.\.\/\.\.\/outside\.js": it is outside the project/);
      const {error, cell} = await brokenCell(fence('import {secret} from "./leaky.js";'));
      expect(error).toMatchObject({
        name: "ImportError",
        line: 4,
        column: 1,
        message: expect.stringMatching(
          /^cannot bundle its imports: .*leaky\.js:1:\d+: cannot import "\.\.\/\.\.\/outside\.js": it is outside the project/
        )
      });
      expect(cell.body).toBeUndefined();
    });
    it("a computed import() or require() is refused at its cell (esbuild would bundle every file it matches)", async () => {
      for (const source of [
        'const name = "outside.js";\nconst m = await import(`../../${name}`);',
        'const name = "x";\nconst m = await import("../" + name);',
        'const r = require(["a", "b"].join("/"));'
      ]) {
        const {error} = await brokenCell(fence(source));
        expect(error).toMatchObject({name: "ImportError", message: expect.stringMatching(/^(import|require)\(\) needs a literal path/)});
        expect(error!.line).toBe(source.startsWith("const r") ? 4 : 5);
      }
      const result = await bundle(fence('const name = "outside.js";', "const m = await import(`../../${name}`);"));
      expect(result.code).not.toContain("SECRET-OUTSIDE");
      const literal = await bundle(fence("const m = await import(`../src/util.js`);") + fence('const n = await import("./helper.js");'));
      expect(literal.warnings).toEqual([]);
      expect(literal.code).toContain("three");
    });
    it("a module that is not a regular file (a pipe) is refused without waiting on it", async () => {
      spawnSync("mkfifo", [join(dir, "pipe.js")]);
      const {error, warnings} = await brokenCell(fence('import "./pipe.js";'));
      expect(error).toBeUndefined(); // a cell's import that fails becomes a module that throws
      expect(warnings[0]).toMatchObject({line: 4, message: 'cannot import "./pipe.js": it is not a regular file'});
    });
    it("allows installed packages by name, even where node_modules lies outside the project, but not by path", async () => {
      const byName = await bundle(fence('import {pkg} from "fakepkg";'));
      expect(byName.warnings).toEqual([]);
      expect(await execute(byName.code).cells[0].body!()).toEqual({pkg: "PKG"});
      const byPath = await bundle(fence('import {pkg} from "../../hoisted/node_modules/fakepkg/index.js";'));
      expect(byPath.code).not.toContain("PKG");
      expect(byPath.warnings[0].message).toMatch(/it is outside the project/);
    });
    it("allows the project's own modules above the notebook root", async () => {
      const result = await bundle(fence('import {three} from "../src/util.js";'));
      expect(result.warnings).toEqual([]);
      expect(await execute(result.code).cells[0].body!()).toEqual({three: 3});
    });
    it("a module that does not compile fails the cells importing it, naming its position", async () => {
      writeFileSync(join(dir, "broken.ts"), "export const x = (;\n");
      const {error} = await brokenCell(fence('import {x} from "./broken.js";'));
      expect(error).toMatchObject({
        name: "ImportError",
        line: 4,
        column: 1,
        message: expect.stringMatching(/^cannot bundle its imports: .*broken\.ts:1:19: Unexpected ";"$/)
      });
    });
    it("every cell importing a broken module fails, and only those (30 of them among healthy importers)", async () => {
      writeFileSync(join(dir, "broken2.ts"), "export const y = (;\n");
      const md = Array.from(
        {length: 30},
        (_, i) => fence(`import {y as y${i}} from "./broken2.js";`) + fence(`import {twice as t${i}} from "./helper.js";`)
      ).join("");
      const cells = execute((await bundle(md)).code).cells;
      expect(cells.filter((c) => c.error).length).toBe(30);
      expect(cells.filter((c, i) => (i % 2 === 0) === Boolean(c.error)).length).toBe(60);
    });
    it("several broken cells at once, each with its own error", async () => {
      const result = await bundle(
        fence("const a = 1; a = 2;") +
          fence('import d from "./data/x.csv";') +
          fence('import {x} from "./broken.js";') +
          fence("const ok = 1;")
      );
      const cells = execute(result.code).cells;
      expect(cells.map((c) => c.error?.name ?? "ok")).toEqual(["SyntaxError", "ImportError", "ImportError", "ok"]);
      expect(result.cellErrors.size).toBe(3);
    });
  });

  describe("a notebook in a subfolder", () => {
    it("imports a local module and a shared package (the entry is the notebook itself)", async () => {
      const result = await bundle(
        fence('import {here} from "./local.js";') +
          fence('import * as Inputs from "npm:@observablehq/inputs";') +
          fence('import {three} from "../../src/util.js";'),
        "sub/page.md"
      );
      expect(result.warnings).toEqual([]);
      expect(result.inputs).toEqual(expect.arrayContaining([join(dir, "sub", "local.js"), join(project, "src", "util.js")]));
      const asked: string[] = [];
      const cells = execute(result.code, (name) => (asked.push(name), {range: 1})).cells;
      expect(await cells[0].body!()).toEqual({here: "sub"});
      expect(await cells[1].body!()).toMatchObject({Inputs: {range: 1}});
      expect(asked).toEqual(["Inputs"]);
      expect(cells[0].hash).toMatch(/^[0-9a-f]{12}-[0-9a-f]{8}$/);
    });
  });
});

describe("projectRoot(root)", () => {
  it("is the nearest folder at or above the root with a package.json, else the root", () => {
    expect(projectRoot(join(dir, "sub"))).toBe(project);
    expect(projectRoot(project)).toBe(project);
    expect(projectRoot(base)).toBe(base);
  });
});

describe("bundleNotebook: a project module with top-level await (issue 36)", () => {
  it("bundles it into a classic script (ESM in an async function) whose cell gets the awaited export", async () => {
    writeFileSync(
      join(dir, "ready.js"),
      "const base = await Promise.resolve(40);\nexport const answer = base + 2;\nexport const meta = typeof import.meta;\n"
    );
    const {code} = await bundle(fence('import {answer, meta} from "./ready.js";', "display([answer, meta]);"));
    const {parse} = await import("acorn");
    expect(() => parse(code, {ecmaVersion: "latest", sourceType: "script"})).not.toThrow(); // no import, export or top-level await left
    let captured: any;
    expect(code.startsWith("(async () => {")).toBe(true);
    await new Function("queuebook", `return ${code}`)({notebook: (x: unknown) => (captured = x), library: () => ({})}); // the wrapper's promise
    const shown: unknown[] = [];
    await captured.cells[0].body((value: unknown) => shown.push(value));
    expect(shown).toEqual([[42, "object"]]);
  });
});
