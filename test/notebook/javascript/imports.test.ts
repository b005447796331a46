import {Parser, type Program} from "acorn";
import {describe, expect, it} from "vitest";
import {npmSpecifier, findImports} from "../../../src/notebook/javascript/imports.js";
import {acornOptions} from "../../../src/notebook/javascript/syntax.js";

const program = (source: string) => Parser.parse(source, acornOptions) as Program;
const imports = (source: string) => findImports(program(source));
const replacement = (source: string) => {
  const found = imports(source);
  expect(found).toHaveLength(1);
  return found[0].replacement;
};

describe("findImports(program)", () => {
  it("rewrites named imports", () => {
    expect(replacement('import {a, b} from "m";')).toBe('const {a, b} = await import("m");');
  });
  it("rewrites renamed imports as `imported: local`", () => {
    expect(replacement('import {x as y} from "m";')).toBe('const {x: y} = await import("m");');
  });
  it("rewrites a default import as `default: local`", () => {
    expect(replacement('import def from "m";')).toBe('const {default: def} = await import("m");');
  });
  it("rewrites `import {default as d}` like a default import", () => {
    expect(replacement('import {default as d} from "m";')).toBe('const {default: d} = await import("m");');
  });
  it("rewrites default and named imports together", () => {
    expect(replacement('import def, {x as y} from "./helper.js";')).toBe('const {default: def, x: y} = await import("./helper.js");');
  });
  it("rewrites a namespace import", () => {
    expect(replacement('import * as ns from "m";')).toBe('const ns = await import("m");');
  });
  it("rewrites a namespace with a default import by destructuring the namespace", () => {
    expect(replacement('import def, * as ns from "m";')).toBe('const ns = await import("m"), {default: def} = ns;');
  });
  it("rewrites a side-effect import", () => {
    expect(replacement('import "./side-effect.js";')).toBe('await import("./side-effect.js");');
  });
  it("quotes string import names", () => {
    expect(replacement('import {"a-b" as ab} from "m";')).toBe('const {"a-b": ab} = await import("m");');
  });
  it("strips the `npm:` prefix from the specifier", () => {
    const [found] = imports('import * as Plot from "npm:@observablehq/plot";');
    expect(found.specifier).toBe("@observablehq/plot");
    expect(found.replacement).toBe('const Plot = await import("@observablehq/plot");');
  });
  it("strips `npm:` only at the start", () => {
    expect(imports('import "./npm:thing.js";')[0].specifier).toBe("./npm:thing.js");
  });
  it("escapes the specifier as a JSON string", () => {
    expect(replacement('import "./a\\"b.js";')).toBe('await import("./a\\"b.js");');
  });
  it("returns the declaration's start and end offsets so it can be spliced", () => {
    const source = 'const a = 1;\nimport {b} from "m";\nb;';
    const [found] = imports(source);
    expect(source.slice(found.start, found.end)).toBe('import {b} from "m";');
  });
  it("returns every import in source order", () => {
    expect(imports('import "a"; const x = 1; import {y} from "b";').map((i) => i.specifier)).toEqual(["a", "b"]);
  });
  it("ignores dynamic import() expressions", () => {
    expect(imports('const m = await import("m");')).toEqual([]);
  });
});

describe("npmSpecifier(specifier)", () => {
  it("drops Framework's npm: prefix, the version and /+esm", () => {
    expect(npmSpecifier("npm:d3")).toBe("d3");
    expect(npmSpecifier("npm:d3@7")).toBe("d3");
    expect(npmSpecifier("npm:d3@7.9.2/+esm")).toBe("d3");
    expect(npmSpecifier("npm:@observablehq/plot@0.6")).toBe("@observablehq/plot");
    expect(npmSpecifier("npm:@observablehq/plot@0.6.17/dist/plot.umd.js")).toBe("@observablehq/plot/dist/plot.umd.js");
    expect(npmSpecifier("npm:d3-array/src/sum.js")).toBe("d3-array/src/sum.js");
  });
  it("leaves other specifiers as written", () => {
    expect(npmSpecifier("../src/sim/queue.js")).toBe("../src/sim/queue.js");
    expect(npmSpecifier("d3")).toBe("d3");
  });
});

describe("Framework's own modules are the page's built-ins", () => {
  it("an import from observablehq:stdlib under the built-in's name leaves nothing to run", () => {
    const [found] = imports('import {FileAttachment, Generators, resize} from "observablehq:stdlib";');
    expect(found).toMatchObject({builtin: true, replacement: "", uses: []});
  });
  it("an alias becomes a const of the built-in", () => {
    expect(replacement('import {Mutable as M} from "observablehq:stdlib";')).toBe("const M = Mutable;");
    expect(replacement('import texify from "npm:@observablehq/tex";')).toBe("const texify = tex;");
  });
  it("npm:@observablehq/duckdb's sql and DuckDBClient are the page's built-ins; with any other name the module is bundled", () => {
    expect(imports('import {sql} from "npm:@observablehq/duckdb";')[0]).toMatchObject({builtin: true, replacement: "", uses: []});
    expect(replacement('import {DuckDBClient as Client, sql} from "npm:@observablehq/duckdb";')).toBe("const Client = DuckDBClient;");
    const mixed = imports('import {sql, registerTable} from "npm:@observablehq/duckdb";')[0];
    expect(mixed.builtin).toBeUndefined();
    expect(mixed.replacement).toBe('const {sql, registerTable} = await import("@observablehq/duckdb");');
  });

  it("npm:@observablehq/tex's default export is the built-in tex", () => {
    expect(imports('import tex from "npm:@observablehq/tex@1";')[0]).toMatchObject({builtin: true, replacement: "", uses: []});
    expect(imports('import {Mutable as M, resize} from "observablehq:stdlib";')[0]).toMatchObject({uses: ["Mutable"]});
  });
  it("an export the page does not provide is an error at the specifier", () => {
    expect(() => imports('import {Unknown} from "observablehq:stdlib";')).toThrow(
      `observablehq:stdlib: queuebook provides FileAttachment, Generators, Mutable, resize and the page's built-ins, not "Unknown"`
    );
    expect(() => imports('import * as stdlib from "observablehq:stdlib";')).toThrow("not a namespace import");
    expect(() => imports('import {md} from "npm:@observablehq/tex";')).toThrow(
      `@observablehq/tex: queuebook provides its default export, not "md"`
    );
  });
  it("a page built-in Framework's stdlib lacks (md, html, Plot …) is the built-in, declaring nothing", () => {
    for (const name of ["md", "html", "svg", "Plot", "d3", "Inputs", "width", "tex", "DuckDBClient", "aq"]) {
      expect(imports(`import {${name}} from "@observablehq/stdlib";`)[0]).toMatchObject({builtin: true, replacement: "", uses: []});
    }
    expect(imports('import {md, FileAttachment} from "observablehq:stdlib";')[0]).toMatchObject({builtin: true, replacement: "", uses: []});
  });
  it("an alias of such a built-in is a const of it, read as an input", () => {
    expect(imports('import {md as m, resize} from "observablehq:stdlib";')[0]).toMatchObject({replacement: "const m = md;", uses: ["md"]});
  });
});

describe("npm:@observablehq/stdlib", () => {
  it("is observablehq:stdlib under the name Framework's docs use", () => {
    expect(imports('import {Generators} from "npm:@observablehq/stdlib";')[0]).toMatchObject({builtin: true, replacement: ""});
  });
});
