// import.meta.resolve in a cell, as Framework's map examples use it: the files pass finds the
// literal, the transpile pass rewrites the call to FileAttachment(name).href, and loadFiles
// embeds an installed package's file (npm:pkg[@range]/path) or a notebook file under the same
// confinement as FileAttachment: a fake package in a temporary project, links and climbs out.
import {mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {compileNotebook} from "../../src/notebook/compile.js";
import {loadFiles} from "../../src/notebook/data.js";
import {npmFile} from "../../src/notebook/npmFile.js";

// base/project/{package.json, node_modules/…, nb/…}; base/secret.txt must never be read.
const base = mkdtempSync(join(tmpdir(), "queuebook-resolve-"));
const project = join(base, "project");
const root = join(project, "nb");
const atlas = join(project, "node_modules", "qb-atlas");
const scoped = join(project, "node_modules", "@qb", "maps");
mkdirSync(join(atlas, "data"), {recursive: true});
mkdirSync(scoped, {recursive: true});
mkdirSync(join(root, "sub"), {recursive: true});
writeFileSync(join(project, "package.json"), "{}");
writeFileSync(join(base, "secret.txt"), "SECRET-OUTSIDE");
writeFileSync(join(atlas, "package.json"), '{"name": "qb-atlas", "version": "3.0.1"}');
writeFileSync(join(atlas, "data", "states.json"), '{"type": "Topology"}');
writeFileSync(join(atlas, "big.bin"), Buffer.alloc(64));
symlinkSync(join(base, "secret.txt"), join(atlas, "leak.json"));
mkdirSync(join(atlas, "folder"));
writeFileSync(join(scoped, "package.json"), '{"name": "@qb/maps", "version": "1.0.0"}');
writeFileSync(join(scoped, "world.txt"), "world");
writeFileSync(join(root, "data.json"), "[1, 2]");
afterAll(() => rmSync(base, {recursive: true, force: true}));

/** Loads what a notebook at nb/<notebook> resolves, one import.meta.resolve per name. */
const load = (names: string[], options: {notebook?: string; maxBytes?: number} = {}) => {
  const notebook = options.notebook ?? "nb.md";
  const md = "# t\n\n```js\n" + names.map((n, i) => `const u${i} = import.meta.resolve(${JSON.stringify(n)});`).join("\n") + "\n```\n";
  return loadFiles(compileNotebook(md, notebook), join(root, notebook), {root, maxBytes: options.maxBytes});
};

describe("import.meta.resolve(name) in a cell: compile time", () => {
  it("is a file reference at the call, and the call becomes FileAttachment(name).href with FileAttachment as an input", () => {
    const compiled = compileNotebook('```js\nconst url = import.meta.resolve("npm:qb-atlas@3/data/states.json");\n```\n', "nb.md");
    expect(compiled.files).toEqual([{name: "npm:qb-atlas@3/data/states.json", line: 2, column: 13, resolve: expect.any(Object)}]);
    expect(compiled.definitions).toContain('inputs: ["FileAttachment"]');
    expect(compiled.definitions).toContain('const url = FileAttachment("npm:qb-atlas@3/data/states.json").href;');
    expect(compiled.definitions).not.toContain("import.meta");
  });
  it("rewrites every call, in expressions, nested functions, template fences and TypeScript, and nothing else", () => {
    const md = [
      "```js\n[import.meta.resolve(\"./a.json\"), import.meta.resolve('./b.json')]\n```",
      "```ts\nconst f = (): string => import.meta.resolve(`./c.json`);\n```",
      '```html\n<a href=${import.meta.resolve("./d.json")}>d</a>\n```',
      "```js\nconst m = import.meta.url;\n```"
    ].join("\n\n");
    const compiled = compileNotebook(md, "nb.md");
    expect(compiled.files.map((f) => f.name)).toEqual(["./a.json", "./b.json", "./c.json", "./d.json"]);
    for (const name of ["./a.json", "./b.json", "./c.json", "./d.json"])
      expect(compiled.definitions).toContain(`FileAttachment(${JSON.stringify(name)}).href`);
    expect(compiled.definitions).toContain("import.meta.url"); // only resolve is Framework's file form
  });
  it("is a syntax error at the call for a computed name, no argument, or a local FileAttachment", () => {
    for (const [code, message] of [
      ["import.meta.resolve(name)", /requires a single literal string argument/],
      ["import.meta.resolve(`./${x}.json`)", /requires a single literal string argument/],
      ["import.meta.resolve()", /requires a single literal string argument/],
      ['{ const FileAttachment = 1; import.meta.resolve("./a.json"); }', /where FileAttachment names a local variable/]
    ] as const) {
      const [cell] = compileNotebook("```js\n" + code + "\n```\n", "nb.md").analysed;
      expect(cell.error?.message, code).toMatch(message);
      expect(cell.error?.line, code).toBe(2);
    }
  });
});

describe('loadFiles: import.meta.resolve("npm:…") embeds an installed package\'s file', () => {
  it("embeds the file by the name written, with or without a range, scoped or not, from a subfolder notebook", async () => {
    const loaded = await load(["npm:qb-atlas@3/data/states.json", "npm:qb-atlas/data/states.json", "npm:@qb/maps@1/world.txt"], {
      notebook: "sub/page.md"
    });
    expect([...loaded.problems]).toEqual([]);
    expect(loaded.files.get("npm:qb-atlas@3/data/states.json")).toEqual({mimeType: "application/json", text: '{"type": "Topology"}'});
    expect(loaded.files.get("npm:qb-atlas/data/states.json")?.text).toBe('{"type": "Topology"}');
    expect(loaded.files.get("npm:@qb/maps@1/world.txt")).toEqual({mimeType: "text/plain", text: "world"});
  });
  it("says what to install for a package that is not there, naming the range written", async () => {
    const loaded = await load(["npm:us-atlas@3/counties-10m.json"]);
    expect(loaded.problems.get("npm:us-atlas@3/counties-10m.json")).toBe(
      'import.meta.resolve("npm:us-atlas@3/counties-10m.json") is not installed: us-atlas is not in the project\'s node_modules (npm install us-atlas@3)'
    );
  });
  it("refuses, one line each and reading nothing outside, what is not a plain file of the package", async () => {
    const loaded = await load(
      [
        "npm:qb-atlas/data/nope.json",
        "npm:qb-atlas/leak.json",
        "npm:qb-atlas/../../../secret.txt",
        "npm:qb-atlas/data/../../secret.txt",
        "npm:qb-atlas",
        "npm:qb-atlas/folder",
        "npm:../x/y",
        "npm:qb-atlas/big.bin"
      ],
      {maxBytes: 32}
    );
    const problem = (name: string) => loaded.problems.get(name);
    expect(problem("npm:qb-atlas/data/nope.json")).toBe(
      'import.meta.resolve("npm:qb-atlas/data/nope.json") is not a file of the installed package (node_modules/qb-atlas/data/nope.json)'
    );
    expect(problem("npm:qb-atlas/leak.json")).toBe(
      'import.meta.resolve("npm:qb-atlas/leak.json") is a link to a file outside the package: only the package\'s own files are embedded'
    );
    expect(problem("npm:qb-atlas/../../../secret.txt")).toMatch(/is a path that leaves the package/);
    expect(problem("npm:qb-atlas/data/../../secret.txt")).toMatch(/is a path that leaves the package/);
    expect(problem("npm:qb-atlas")).toMatch(/names a package, not a file: give the file inside it \(npm:qb-atlas\/path\/to\/file\.json\)$/);
    expect(problem("npm:qb-atlas/folder")).toMatch(/is a folder, not a file$/);
    expect(problem("npm:../x/y")).toMatch(/is not a package name/);
    expect(problem("npm:qb-atlas/big.bin")).toMatch(/is 64 bytes, more than the limit of 32 bytes/);
    expect(loaded.files.size).toBe(0);
    for (const message of loaded.problems.values()) {
      expect(message).not.toContain(base); // never this machine's folders
      expect(message).not.toContain("SECRET");
    }
  });
  it("never looks above the project: a package installed only above it is not installed", async () => {
    mkdirSync(join(base, "node_modules", "qb-above"), {recursive: true});
    writeFileSync(join(base, "node_modules", "qb-above", "package.json"), "{}");
    writeFileSync(join(base, "node_modules", "qb-above", "x.json"), "{}");
    expect(npmFile("npm:qb-above/x.json", root, project)).toEqual({is: expect.stringMatching(/^is not installed/), missing: true});
    expect(npmFile("npm:qb-atlas/data/states.json", join(root, "sub"), project)).toEqual({
      file: join(atlas, "data", "states.json"),
      packageDir: atlas
    });
  });
});

describe('loadFiles: import.meta.resolve("./file") is a notebook file, as FileAttachment reads it', () => {
  it("embeds a file beside the notebook and refuses one outside the notebook folder", async () => {
    const loaded = await load(["./data.json", "../package.json", "/../secret.txt"]);
    expect(loaded.files.get("data.json")).toEqual({mimeType: "application/json", text: "[1, 2]"});
    expect(loaded.problems.get("../package.json")).toBe(
      'import.meta.resolve("../package.json") is outside the notebook folder: only files inside it are attached'
    );
    expect(loaded.problems.get("/../secret.txt")).toMatch(/is outside the notebook folder/);
  });
});
