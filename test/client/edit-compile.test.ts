// The in-page editor's compiler is the build's: the same passes give the same cells, ids,
// hashes and definitions in Node's build and in the editor's browser-safe path (which swaps
// only esbuild's TypeScript transform for sucrase's), and the editor chunk bundles for the
// browser with nothing from node: or esbuild in it.
import {readFileSync} from "node:fs";
import {build} from "esbuild";
import {describe, expect, it} from "vitest";
import {compileNotebook} from "../../src/notebook/compile.js";
import {compileEdited} from "../../src/client/editor/compile.js";
import {rewriteImports} from "../../src/client/editor/evaluate.js";
import {importModule, registerModules} from "../../src/client/editor/modules.js";

const root = new URL("../../", import.meta.url).pathname;

/** The build's definitions of `text`, one per cell, as the transpile pass wrote them. */
function buildDefinitions(text: string, path: string): string[] {
  const lines = compileNotebook(text, path).definitions.split("\n");
  return lines
    .slice(1, -2)
    .join("\n")
    .split(/,\n(?=\{id: )/);
}

describe("compileEdited(text, path)", () => {
  for (const name of ["erlang-c.md", "formulas.md", "format.md"]) {
    it(`gives ${name} the build's definitions, cell for cell`, () => {
      const text = readFileSync(`${root}notebooks/${name}`, "utf8");
      const edited = compileEdited(text, name);
      const built = compileNotebook(text, name).analysed;
      const expected = buildDefinitions(text, name);
      expect(edited.definitions.map((d) => d.id)).toEqual(built.map((c) => c.id));
      // JavaScript cells byte for byte; TypeScript ones (esbuild reprints, sucrase keeps the layout) by what they read and define
      edited.definitions.forEach((d, i) => {
        if (built[i].lang !== "ts") expect(d.text).toBe(expected[i]);
        else expect([edited.analysed[i].declarations, edited.analysed[i].references]).toEqual([built[i].declarations, built[i].references]);
      });
      expect(built.some((c) => c.lang !== "ts")).toBe(true);
    });
  }

  it("strips TypeScript like the build: the same names in and out, and a syntax error at the same line", () => {
    const text =
      "# T\n\n```ts\ninterface P {x: number}\nconst p: P = {x: 2};\nconst q = (p.x as number) * k;\n```\n\n```ts\nconst k: number = 3;\n```\n\n```ts\nconst bad: = 1;\n```\n";
    const built = compileNotebook(text, "t.md").analysed;
    const edited = compileEdited(text, "t.md").analysed;
    expect(edited.map((c) => [c.declarations, c.references])).toEqual(built.map((c) => [c.declarations, c.references]));
    expect(edited[1].declarations).toEqual(["k"]);
    expect(edited[2].error?.name).toBe("SyntaxError");
    expect(edited[2].error?.line).toBe(built[2].error?.line);
    expect(edited[2].error?.line).toBe(14);
  });

  it("reports duplicate names and cycles as the build does", () => {
    const text = "```js\nconst a = b;\n```\n\n```js\nconst b = a;\n```\n\n```js\nconst c = 1;\n```\n\n```js\nconst c = 2;\n```\n";
    expect(compileEdited(text, "g.md").definitions.map((d) => d.text)).toEqual(buildDefinitions(text, "g.md"));
    expect(compileEdited(text, "g.md").definitions[0].text).toContain("circular definition");
  });
});

describe("rewriteImports(text)", () => {
  it("sends import() calls to the page's importer, leaving strings and names that merely contain 'import' alone", () => {
    const text =
      '{id: "x", body: async () => {\nconst {a} = await import("./a.js");\nconst s = "import(\\"b\\")";\nconst imports = 1;\nawait import(`./c.js`);\nreturn {a, s, imports};\n}}';
    const out = rewriteImports(text);
    expect(out).toContain('await __queuebookImport("./a.js")');
    expect(out).toContain("await __queuebookImport(`./c.js`)");
    expect(out).toContain('"import(\\"b\\")"');
    expect(out).toContain("const imports = 1;");
  });
});

describe("importModule(specifier)", () => {
  it("loads a module the bundle registered, and names any other with where it works", async () => {
    registerModules({"./held.js": async () => ({answer: 42})});
    await expect(importModule("./held.js")).resolves.toEqual({answer: 42});
    const error: Error = await importModule("../src/sim/elsewhere.js").then(
      () => new Error("loaded"),
      (e: Error) => e
    );
    expect(error.name).toBe("ImportError");
    expect(error.message).toContain('"../src/sim/elsewhere.js"');
    expect(error.message).toContain("queuebook dev");
  });
});

describe("editor.js (src/client/editor/main.ts)", () => {
  it("bundles for the browser with nothing from node: or esbuild", async () => {
    const result = await build({
      entryPoints: [`${root}src/client/editor/main.ts`],
      bundle: true,
      write: false,
      metafile: true,
      platform: "browser",
      format: "iife",
      logLevel: "silent"
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((f) => f.includes("src/notebook/parse.ts"))).toBe(true); // the build's passes
    expect(inputs.filter((f) => f.startsWith("node:") || /node_modules\/esbuild\//.test(f) || f.includes("src/notebook/cell.ts"))).toEqual(
      []
    );
  }, 60_000);
});
