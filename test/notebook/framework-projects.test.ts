// Issue 16, real Framework projects unchanged, at the bundle: root-relative imports, Framework's
// stdlib and npm: specifiers inside project modules, packages whose "browser" field leaves a
// module out, CommonJS default exports, and npm:name@range checked against the installed copy.
// Tiny fake packages live in the fixture project's own node_modules.
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {bundleNotebook} from "../../src/notebook/bundle.js";
import {compileNotebook} from "../../src/notebook/compile.js";
import {attachedNames} from "../../src/notebook/moduleStdlib.js";
import {parseNpmSpecifier, versionMismatch} from "../../src/notebook/npmVersion.js";
import {buildCache, type BuildCache} from "../../src/notebook/buildCache.js";

// project/ (package.json, node_modules/) holds the notebook root project/site/.
const base = mkdtempSync(join(tmpdir(), "queuebook-framework-"));
const project = join(base, "project");
const root = join(project, "site");
const write = (path: string, text: string) => {
  mkdirSync(join(path, ".."), {recursive: true});
  writeFileSync(path, text);
};
write(join(project, "package.json"), "{}\n");
write(join(project, "src", "util.js"), "export const three = 3;\n");
write(join(base, "secret.txt"), "SECRET-OUTSIDE\n");
write(join(root, "components", "math.js"), "export const two = 2;\n");
write(join(root, "data", "runs.csv"), "a,b\n1,2\n");
write(join(root, "lib", "note.txt"), "beside the module\n");
mkdirSync(join(root, "deep", "er"), {recursive: true});
write(
  join(root, "lib", "util.js"),
  [
    'import {FileAttachment, Generators} from "observablehq:stdlib";',
    'export const note = () => FileAttachment("./note.txt").text();',
    'export const runs = () => FileAttachment("../data/runs.csv").text();',
    'export const rooted = () => FileAttachment("/data/runs.csv").text();',
    'export const leak = () => FileAttachment("../../../secret.txt").text();',
    "export const generators = Generators;"
  ].join("\n")
);
write(
  join(root, "lib", "typed.ts"),
  "import {FileAttachment} from \"npm:@observablehq/stdlib\";\nexport const note = (): Promise<string> => FileAttachment('note.txt').text();\n"
);
write(
  join(root, "lib", "chart.js"),
  'import * as Plot from "npm:@observablehq/plot";\nimport {version} from "npm:qb-versioned@0.2";\nexport const plot = Plot;\nexport {version};\n'
);
write(join(root, "lib", "formula.js"), 'import tex from "npm:@observablehq/tex";\nexport const formula = tex;\n');
const pkg = (name: string, json: object, files: Record<string, string>) => {
  write(join(project, "node_modules", name, "package.json"), JSON.stringify({name, ...json}));
  for (const [file, text] of Object.entries(files)) write(join(project, "node_modules", name, file), text);
};
pkg(
  "qb-browser-false",
  {version: "1.0.0", main: "index.js", browser: {http: false, "./node.js": false}},
  {
    "index.js":
      'const http = require("http");\nconst node = require("./node.js");\nexports.where = http && http.request ? "node" : "browser";\nexports.node = node;\n',
    "node.js": 'module.exports = "NODE-ONLY-FILE";\n'
  }
);
pkg(
  "qb-cjs-default",
  {version: "2.1.0", main: "index.js"},
  {
    "index.js":
      '"use strict";\nObject.defineProperty(exports, "__esModule", {value: true});\nexports.default = function greet() { return "hello"; };\nexports.named = 1;\n'
  }
);
pkg("qb-versioned", {version: "0.3.1", type: "module", main: "index.js"}, {"index.js": 'export const version = "0.3.1";\n'});
afterAll(() => rmSync(base, {recursive: true, force: true}));

type Cell = {error?: {name: string; message: string}; body?: (...a: unknown[]) => any};

/**
 * A stand-in for the page's queuebook.library: a module's FileAttachment reads what the build
 * embedded for it, or (a site build's) the file written once for the site, from `shared`.
 */
const libraryOf =
  (shared?: BuildCache["sharedFiles"]) =>
  (name: string): unknown => {
    if (name !== "stdlib") return {name};
    return {
      Generators: {observe: () => {}},
      attachments: (files: Record<string, {text?: string; lazy?: string}>, refused: Record<string, string>) => (file: string) => {
        if (!Object.hasOwn(files, file)) throw new Error(refused[file] ?? `file not found: ${file}`);
        const lazy = files[file].lazy;
        return {text: async () => (lazy === undefined ? files[file].text : shared?.get(lazy)?.data.text)};
      }
    };
  };

/** Runs a bundle as a page would, capturing the queuebook.notebook call. */
function execute(code: string, shared?: BuildCache["sharedFiles"]): Cell[] {
  let captured: any;
  new Function("queuebook", code)({notebook: (x: unknown) => (captured = x), library: libraryOf(shared)});
  return captured.cells;
}

const fence = (...lines: string[]) => "```js\n" + lines.join("\n") + "\n```\n\n";
const bundle = (md: string, name = "nb.md") => bundleNotebook(compileNotebook(md, name), join(root, name), {}, {root});

describe("bundleNotebook: Framework projects", () => {
  describe('a leading "/" is the notebook root', () => {
    it("imports a module by its root-relative path, from the root and from a subfolder", async () => {
      for (const name of ["nb.md", "deep/er/nb.md"]) {
        const result = await bundle(fence('import {two} from "/components/math.js";'), name);
        expect(result.warnings, name).toEqual([]);
        expect(await execute(result.code)[0].body!()).toEqual({two: 2});
      }
    });
    it("refuses a root-relative path that climbs out of the root, even into the project, reading nothing", async () => {
      for (const path of ["/../src/util.js", "/../../secret.txt", "/components/../../src/util.js"]) {
        const result = await bundle(fence(`import "${path}";`));
        expect(
          result.warnings.map((w) => w.message),
          path
        ).toEqual([`cannot import "${path}": it is outside the notebook folder`]);
        expect(result.inputs).toEqual([]);
      }
    });
    it("a missing root-relative module says where a leading / points", async () => {
      const result = await bundle(fence('import {x} from "/components/missing.js";'));
      expect(result.warnings[0].message).toMatch(
        /^Could not resolve "\/components\/missing\.js" .*a leading "\/" is the notebook folder\)$/
      );
    });
  });

  describe("observablehq:stdlib inside a project module", () => {
    it("gives the module FileAttachment relative to itself (and to the root with /), embedding only those files", async () => {
      const result = await bundle(fence('import {note, runs, rooted, leak, generators} from "./lib/util.js";'));
      const cell = execute(result.code)[0];
      const {note, runs, rooted, leak, generators} = await cell.body!();
      expect(await note()).toBe("beside the module\n");
      expect(await runs()).toBe("a,b\n1,2\n");
      expect(await rooted()).toBe("a,b\n1,2\n");
      expect(typeof generators.observe).toBe("function");
      // a file outside the root is refused at the build (a warning naming the module) and at the call
      expect(() => leak()).toThrow(/^FileAttachment "\.\.\/\.\.\/\.\.\/secret\.txt" \(in lib\/util\.js\) is outside the notebook folder/);
      expect(result.code).not.toContain("SECRET-OUTSIDE");
      expect(result.warnings.map((w) => w.message)).toEqual([
        expect.stringMatching(/^FileAttachment "\.\.\/\.\.\/\.\.\/secret\.txt" \(in lib\/util\.js\) is outside/)
      ]);
      // the module's files are inputs of the page, so the dev server re-runs its cells when one changes
      expect(result.inputs).toEqual(expect.arrayContaining([join(root, "lib", "note.txt"), join(root, "data", "runs.csv")]));
    });
    it("is the same for npm:@observablehq/stdlib in a TypeScript module", async () => {
      const result = await bundle(fence('import {note} from "./lib/typed.js";'));
      expect(result.warnings).toEqual([]);
      expect(await (await execute(result.code)[0].body!()).note()).toBe("beside the module\n");
    });
    it("in a site build, reads a module's files once for all pages and keeps them out of each page", async () => {
      const cache = buildCache();
      const md = fence('import {note} from "./lib/util.js";');
      const pages = await Promise.all(
        ["nb.md", "other.md"].map((name) => bundleNotebook(compileNotebook(md, name), join(root, name), {}, {root, cache}))
      );
      expect([...cache.moduleFiles.keys()].map((k) => k.split("\0")[0])).toEqual([join(root, "lib", "util.js")]);
      expect(cache.stamps.size).toBe(1); // the same modules, one stamp for both pages
      // each file the module attaches once, by a key; the pages carry the key, not the data
      const texts = [...cache.sharedFiles.values()].map((f) => f.data.text).sort();
      expect(texts).toEqual(["a,b\n1,2\n", "beside the module\n"]);
      expect([...cache.sharedFiles.values()].map((f) => [...f.names].join()).sort()).toEqual(["note.txt", "runs.csv"]);
      for (const page of pages) {
        expect(page.code).not.toContain("beside the module");
        expect(await (await execute(page.code, cache.sharedFiles)[0].body!()).note()).toBe("beside the module\n");
        expect(page.code).not.toMatch(/__queuebook_embed_/); // every placeholder linked
      }
      // without a site build's cache (the dev server, an export) the page embeds them, as before
      const alone = await bundleNotebook(compileNotebook(md, "nb.md"), join(root, "nb.md"), {}, {root});
      expect(alone.code).toContain("beside the module");
      expect(await (await execute(alone.code)[0].body!()).note()).toBe("beside the module\n");
    });
    it("holds a module's files to the size limit", async () => {
      const result = await bundleNotebook(
        compileNotebook(fence('import {note} from "./lib/util.js";'), "nb.md"),
        join(root, "nb.md"),
        {},
        {
          root,
          maxFileBytes: 4
        }
      );
      expect(result.warnings.map((w) => w.message)).toContainEqual(
        expect.stringMatching(/^FileAttachment "\.\/note\.txt" \(in lib\/util\.js\) .*limit/)
      );
      expect(result.code).not.toContain("beside the module");
    });
    it("finds only FileAttachment calls with one literal name", () => {
      expect(
        attachedNames(
          'FileAttachment("a.csv"); FileAttachment(\'b.csv\'); FileAttachment(`c.csv`); FileAttachment(`${x}.csv`); FileAttachment(name); MyFileAttachment("d.csv")'
        )
      ).toEqual(["a.csv", "b.csv", "c.csv"]);
    });
  });

  describe("npm: specifiers beyond a cell's static imports", () => {
    it("resolves npm: in a project module: Plot is the page's copy (the page loads its chunk), others the installed package", async () => {
      const result = await bundle(fence('import {plot, version} from "./lib/chart.js";'));
      expect(result.libraries).toContain("Plot");
      expect(await execute(result.code)[0].body!()).toMatchObject({plot: {name: "Plot"}, version: "0.3.1"});
    });
    it("resolves npm:@observablehq/tex in a module to the page's tex (the page loads KaTeX)", async () => {
      const result = await bundle(fence('import {formula} from "./lib/formula.js";'));
      expect(result.warnings).toEqual([]);
      expect(result.libraries).toContain("tex");
    });
    it('resolves import("npm:…") in a cell, shared or installed', async () => {
      const result = await bundle(
        fence('const d3 = await import("npm:d3@7");') + fence('const v = (await import("npm:qb-versioned")).version;')
      );
      expect(result.warnings).toEqual([]);
      const [shared, installed] = execute(result.code);
      expect(await shared.body!()).toMatchObject({d3: {name: "d3"}});
      expect(await installed.body!()).toEqual({v: "0.3.1"});
    });
  });

  describe("packages", () => {
    it('leaves out what a package\'s "browser" field maps to false: a Node built-in and a file of its own', async () => {
      const result = await bundle(fence('import {where, node} from "npm:qb-browser-false";'));
      expect(result.warnings).toEqual([]);
      expect(result.code).not.toContain("NODE-ONLY-FILE");
      expect(await execute(result.code)[0].body!()).toEqual({where: "browser", node: {}});
    });
    it("gives a CommonJS module's exports.default as its default export when it sets __esModule, as Framework's npm: does", async () => {
      const result = await bundle(
        fence(
          'import greet from "npm:qb-cjs-default";',
          'import * as all from "qb-cjs-default";',
          "const kinds = [typeof greet, typeof greet.default, typeof all.default, all.named];"
        )
      );
      expect((await execute(result.code)[0].body!()).kinds).toEqual(["function", "undefined", "function", 1]);
    });
    it("warns once per page and range when the installed copy is outside the range an npm: import asks for", async () => {
      const result = await bundle(
        fence('import {version} from "npm:qb-versioned@0.2";') +
          fence('import {version as again} from "npm:qb-versioned@0.2";') +
          fence('import {version as fine} from "npm:qb-versioned@0.3";')
      );
      expect(result.warnings).toEqual([
        {
          path: "nb.md",
          line: 2,
          column: 1,
          message:
            "npm:qb-versioned@0.2: the installed version is 0.3.1, which is not 0.2; this page uses the installed copy (one copy serves every page)"
        }
      ]);
      const fromModule = await bundle(fence('import {version} from "./lib/chart.js";'));
      expect(fromModule.warnings.map((w) => w.message)).toEqual([
        "npm:qb-versioned@0.2 (in lib/chart.js): the installed version is 0.3.1, which is not 0.2; this page uses the installed copy (one copy serves every page)"
      ]);
      const dynamic = await bundle(fence('const m = await import("npm:qb-versioned@^1.0.0");'));
      expect(dynamic.warnings.map((w) => w.message)).toEqual([
        expect.stringMatching(/^npm:qb-versioned@\^1\.0\.0: the installed version is 0\.3\.1/)
      ]);
    });
  });
});

describe("parseNpmSpecifier(specifier) and versionMismatch(range, version)", () => {
  it("reads Framework's npm: forms", () => {
    expect(parseNpmSpecifier("npm:d3")).toEqual({name: "d3", range: undefined, path: ""});
    expect(parseNpmSpecifier("npm:@observablehq/plot@0.6/dist/x.js")).toEqual({
      name: "@observablehq/plot",
      range: "0.6",
      path: "/dist/x.js"
    });
    expect(parseNpmSpecifier("npm:d3@7/+esm")).toEqual({name: "d3", range: "7", path: ""});
    expect(parseNpmSpecifier("d3")).toBeUndefined();
  });
  it("accepts what a range serves and tags, names what it does not", () => {
    for (const [range, version] of [
      ["7", "7.9.2"],
      ["7.9", "7.9.2"],
      ["^0.6.1", "0.6.17"],
      ["latest", "0.1.0"],
      ["next", "1.0.0"]
    ])
      expect(versionMismatch(range, version), range).toBeUndefined();
    for (const [range, version] of [
      ["6", "7.9.2"],
      ["0.2", "0.3.1"],
      ["~7.8", "7.9.2"]
    ])
      expect(versionMismatch(range, version), range).toBe(`the installed version is ${version}, which is not ${range}`);
  });
});
