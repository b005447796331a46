import {describe, expect, it} from "vitest";
import {analyseCell, toNotebook} from "../../src/notebook/cell.js";
import type {CellSource} from "../../src/notebook/parse.js";

const cell = (source: string, options: Partial<CellSource> = {}): CellSource => ({
  id: "cell-1",
  source,
  lang: "js",
  line: 10,
  column: 1,
  inline: false,
  echo: false,
  ...options
});
const js = (source: string, options?: Partial<CellSource>) => analyseCell(cell(source, options));
const ts = (source: string, options?: Partial<CellSource>) => analyseCell(cell(source, {lang: "ts", ...options}));

describe("analyseCell(cell)", () => {
  describe("JavaScript cells", () => {
    it("analyses an expression cell", () => {
      expect(js("x * 2")).toMatchObject({js: "x * 2", expression: true, declarations: [], references: ["x"], imports: [], async: false});
      expect(js("x * 2").error).toBeUndefined();
    });
    it("analyses a program cell's declarations and references", () => {
      expect(js("const y = x + 1;\nfunction f() {}")).toMatchObject({expression: false, declarations: ["y", "f"], references: ["x"]});
    });
    it("keeps the cell's own fields", () => {
      expect(js("1", {id: "inline-3", inline: true, column: 7})).toMatchObject({id: "inline-3", inline: true, column: 7, source: "1"});
    });
    it("is async with an import", () => {
      const analysed = js('import {a} from "m";');
      expect(analysed.async).toBe(true);
      expect(analysed.imports.map((i) => i.specifier)).toEqual(["m"]);
    });
    it("is async with a top-level await", () => expect(js("await x").async).toBe(true));
    it("is not async with an await in a nested function", () => expect(js("const f = async () => await x;").async).toBe(false));
    it("maps FileAttachment positions to the notebook", () => {
      expect(js('const a = 1;\nconst d = FileAttachment("d.csv");').files).toEqual([{name: "d.csv", line: 11, column: 11}]);
    });
    it("maps FileAttachment positions on the first line of an inline cell by the cell's column", () => {
      expect(js('FileAttachment("d.csv")', {inline: true, column: 20}).files).toEqual([{name: "d.csv", line: 10, column: 20}]);
    });
  });

  describe("errors carry notebook positions", () => {
    it("maps a syntax error's line and column into the .md", () => {
      const analysed = js("const a = 1;\nconst b = );");
      expect(analysed.error).toMatchObject({name: "SyntaxError", line: 11, column: 11});
      expect(analysed.error!.message).toMatch(/Unexpected token/);
    });
    it("clears the analysis of an error cell", () => {
      expect(js("const a = 1;\nconst b = );")).toMatchObject({declarations: [], references: [], files: [], imports: [], async: false});
    });
    it("reports `export` as an error at the export statement", () => {
      expect(js("const a = 1;\n  export const b = 2;").error).toEqual({
        name: "SyntaxError",
        message: "export is not allowed in a cell",
        line: 11,
        column: 3
      });
    });
    it("reports an assignment to an external variable with its position", () => {
      expect(js("total = 1;").error).toEqual({
        name: "SyntaxError",
        message: 'Assignment to external variable "total"',
        line: 10,
        column: 1
      });
    });
    it("reports a non-literal FileAttachment with its position", () => {
      expect(js("\n  FileAttachment(name)").error).toMatchObject({line: 11, column: 3});
    });
    it("offsets the column of an error on the first line of an inline cell", () => {
      expect(js("1 +", {inline: true, line: 5, column: 14}).error).toMatchObject({line: 5, column: 17});
    });
    it("does not offset the column of an error on a later line of an inline cell", () => {
      expect(js("f(\n  1 +)", {inline: true, line: 5, column: 14}).error).toMatchObject({line: 6, column: 6});
    });
  });

  describe("TypeScript cells", () => {
    it("strips type annotations", () => {
      const analysed = ts("const n: number = 1;");
      expect(analysed.js).not.toContain(": number");
      expect(analysed.declarations).toEqual(["n"]);
      expect(analysed.error).toBeUndefined();
    });
    it("removes interfaces and type aliases, which define nothing", () => {
      const analysed = ts("interface P { a: number }\ntype Q = P[];\nconst p: Q = [];");
      expect(analysed.declarations).toEqual(["p"]);
      expect(analysed.references).toEqual([]);
    });
    it("keeps an import used only by another cell (verbatimModuleSyntax)", () => {
      const analysed = ts('import {erlangC} from "./queue.js";');
      expect(analysed.js).toMatch(/import \{ ?erlangC ?\} from "\.\/queue\.js"/);
      expect(analysed.declarations).toEqual(["erlangC"]);
      expect(analysed.imports.map((i) => i.specifier)).toEqual(["./queue.js"]);
      expect(analysed.async).toBe(true);
    });
    it("removes `import type`", () => {
      const analysed = ts('import type {T} from "./t.js";\nconst a: T = 1 as T;');
      expect(analysed.imports).toEqual([]);
      expect(analysed.declarations).toEqual(["a"]);
    });
    it("keeps a TS expression cell an expression", () => {
      const analysed = ts("(x as number) * 2");
      expect(analysed.expression).toBe(true);
      expect(analysed.references).toEqual(["x"]);
      expect(analysed.js).not.toMatch(/;\s*$/);
    });
    it("keeps a TS program ending with `;` a program", () => {
      expect(ts("display(x as number);").expression).toBe(false);
    });
    it("maps a TS syntax error to the notebook line and column", () => {
      // `;` after `=` on the cell's line 2, column 19
      const analysed = ts("const a = 1;\nconst b: number = ;");
      expect(analysed.error).toMatchObject({name: "SyntaxError", line: 11, column: 19});
      expect(analysed.js).toBe("const a = 1;\nconst b: number = ;");
    });
    it("maps a TS syntax error on the first line of an inline cell by the cell's column", () => {
      // esbuild reports the end of "x as", the cell's column 5 → 9 + 5 - 1
      expect(ts("x as", {inline: true, line: 3, column: 9}).error).toMatchObject({line: 3, column: 13});
    });
  });

  describe("regressions (bugs found by these tests, now fixed)", () => {
    // stripTypes only keeps the trailing ";" when the TS source itself ends with ";", so a
    // trailing comment makes a statement cell an expression cell (autodisplay).
    it("keeps a TS program `x; // comment` a program", () => {
      expect(ts("display(1); // show it").expression).toBe(false);
    });
    // esbuild parses `{a: 1}` as a block with a label; the JS cell is an object expression.
    it("keeps the TS expression cell `{a: 1}` an object expression", () => {
      expect(ts("{a: 1}").expression).toBe(true);
    });
    // esbuild reprints the code (drops blank lines, interfaces, comments), so positions found
    // by the later passes are positions in esbuild's output, not in the notebook.
    it("maps FileAttachment positions in a TS cell after removed lines to the notebook", () => {
      const analysed = ts('interface P {\n  a: number;\n}\n\n\nconst f = FileAttachment("a.csv");');
      expect(analysed.files).toEqual([{name: "a.csv", line: 15, column: 11}]);
    });
    it("maps an assignment error in a TS cell after blank lines to the notebook", () => {
      const analysed = ts("const a: number = 1;\n\n\ntotal = 2;");
      expect(analysed.error).toMatchObject({line: 13, column: 1});
    });
  });
});

describe("toNotebook(cell, line, column)", () => {
  it("adds the cell's line and column on the first line", () => {
    expect(toNotebook({line: 10, column: 5}, 1, 3)).toEqual({line: 10, column: 7});
  });
  it("adds only the cell's line on later lines", () => {
    expect(toNotebook({line: 10, column: 5}, 3, 3)).toEqual({line: 12, column: 3});
  });
  it("is the identity for a cell at 1:1", () => {
    expect(toNotebook({line: 1, column: 1}, 4, 9)).toEqual({line: 4, column: 9});
  });
});

describe("analyseCell: Framework's modules and fences", () => {
  it("a FileAttachment imported from observablehq:stdlib is the built-in: its file is found, nothing is declared", () => {
    const analysed = js('import {FileAttachment} from "observablehq:stdlib";\nconst d = FileAttachment("data/a.csv").csv();');
    expect(analysed.error).toBeUndefined();
    expect(analysed.declarations).toEqual(["d"]);
    expect(analysed.references).toEqual(["FileAttachment"]);
    expect(analysed.files.map((f) => [f.name, f.line, f.column])).toEqual([["data/a.csv", 11, 11]]);
    expect(analysed.async).toBe(false);
  });
  it("an html fence is an expression cell of an html template reading its ${…} names", () => {
    const analysed = js("<b>${n}</b>", {lang: "html"});
    expect(analysed).toMatchObject({expression: true, js: "html`<b>${n}</b>`", references: ["html", "n"]});
  });
  it("a tex fence reads tex (so the page loads KaTeX) and keeps its backslashes", () => {
    const analysed = js("\\frac{a}{b}", {lang: "tex"});
    expect(analysed).toMatchObject({expression: true, js: "tex.block`\\frac{a}{b}`", references: ["tex"]});
  });
  it("a syntax error inside an html fence's ${…} is positioned in the fence's text", () => {
    const analysed = js("<p>${1 +}</p>", {lang: "html", line: 5});
    expect(analysed.error).toMatchObject({name: "SyntaxError", line: 5});
    expect(analysed.error!.column).toBeGreaterThanOrEqual(6);
    expect(analysed.error!.column).toBeLessThanOrEqual(9);
  });
});
