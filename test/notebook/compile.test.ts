import {describe, expect, it} from "vitest";
import {compileNotebook} from "../../src/notebook/compile.js";

const md = (...lines: string[]) => lines.join("\n") + "\n";
const fence = (source: string) => ["```js", source, "```", ""];
const chunks = (...sources: string[]) => compileNotebook(md(...sources.flatMap(fence)), "nb.md").chunks;

describe("compileNotebook(text, path)", () => {
  describe("chunks", () => {
    it("needs no chunk for plain cells", () => expect(chunks("1 + 1", "const a = Inputs.range();")).toEqual([]));
    it("needs plot for Plot", () => expect(chunks("Plot.dot([1]).plot()")).toEqual(["plot"]));
    it("needs d3 for d3", () => expect(chunks("d3.sum([1])")).toEqual(["d3"]));
    it("needs the combined plot-d3 for Plot and d3", () => expect(chunks("Plot.plot()", "d3.max([])")).toEqual(["plot-d3"]));
    it("needs katex for tex", () => expect(chunks("tex`x^2`")).toEqual(["katex"]));
    it("needs marked for md", () => expect(chunks("md`*hi*`")).toEqual(["marked"]));
    it("returns each chunk once, sorted", () => {
      expect(chunks("md`a`", "Plot.plot()", "tex`b`", "md`c`")).toEqual(["katex", "marked", "plot"]);
    });
    it("counts built-ins used in inline expressions", () => {
      expect(compileNotebook("The value ${tex`x`}.\n", "nb.md").chunks).toEqual(["katex"]);
    });
    it("needs no plot chunk when a cell defines its own Plot", () => {
      expect(chunks("const Plot = {dot() {}};", "Plot.dot()")).toEqual([]);
    });
    it("needs no chunk for a local Plot in one cell", () => {
      expect(chunks("{ const Plot = 1; Plot; }", "((md) => md)(1)")).toEqual([]);
    });
    it("needs no chunk for a member named like a built-in", () => expect(chunks("x.Plot.tex.md")).toEqual([]));
    it("needs no chunk for a cell with a syntax error", () => expect(chunks("Plot.dot(")).toEqual([]));
  });

  describe("warnings", () => {
    it("has no warnings for a valid notebook", () => {
      expect(compileNotebook(md(...fence("const a = 1;"), ...fence("a")), "nb.md").warnings).toEqual([]);
    });
    it("reports a syntax error with path, line and column", () => {
      const text = md("# T", "", "```js", "const a = 1;", "const b = );", "```");
      const [warning] = compileNotebook(text, "dir/nb.md").warnings;
      expect(warning).toMatchObject({path: "dir/nb.md", line: 5, column: 11});
      expect(warning.message).toMatch(/^SyntaxError: Unexpected token/);
    });
    it("reports an inline syntax error at its column in the .md", () => {
      const [warning] = compileNotebook("Value: ${1 +}\n", "nb.md").warnings;
      // the expression starts at column 10; the error is at its end, the cell's column 4
      expect(warning).toEqual({path: "nb.md", line: 1, column: 13, message: "SyntaxError: Unexpected token"});
    });
    it("reports a duplicate name once, at its first cell, listing every defining cell", () => {
      const text = md(...fence("const a = 1;"), ...fence("const a = 2;"));
      const warnings = compileNotebook(text, "nb.md").warnings;
      expect(warnings).toEqual([
        {path: "nb.md", line: 2, column: 1, message: 'RuntimeError: "a" is defined more than once (at nb.md:2, nb.md:6)'}
      ]);
    });
    it("reports a cycle once, at its first member, listing its cells", () => {
      const text = md(...fence("const a = b;"), ...fence("const b = a;"), ...fence("const c = a;"));
      const warnings = compileNotebook(text, "nb.md").warnings;
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatchObject({line: 2, column: 1});
      expect(warnings[0].message).toMatch(
        /^RuntimeError: circular definition: (a → b → a|b → a → b) \(cells at nb\.md:(2|6), nb\.md:(2|6)\)$/
      );
    });
    it("keeps a cycle's errors at each of its cells for the page", () => {
      const compiled = compileNotebook(md(...fence("const a = b;"), ...fence("const b = a;")), "nb.md");
      expect([...compiled.cellErrors.values()].map((e) => e.message.split(" (")[0])).toEqual([
        "circular definition: a → b → a",
        "circular definition: a → b → a"
      ]);
    });
    it("lets both cells declaring a name run, as Framework does, and still warns once", () => {
      const compiled = compileNotebook(md(...fence("let a = 1;"), ...fence("let a = 2;")), "nb.md");
      expect(compiled.cellErrors.size).toBe(0);
      expect(compiled.definitions).not.toContain("error:");
      expect(compiled.warnings.map((w) => [w.line, w.message])).toEqual([
        [2, 'RuntimeError: "a" is defined more than once (at nb.md:2, nb.md:6)']
      ]);
    });
    it("reports front matter problems first, at their line", () => {
      const text = md("---", "- not a mapping", "---", ...fence("1 +"));
      const warnings = compileNotebook(text, "nb.md").warnings;
      expect(warnings.map((w) => [w.line, w.message.split(":")[0]])).toEqual([
        [2, "front matter must be a YAML mapping"],
        [5, "SyntaxError"]
      ]);
    });
  });

  describe("output", () => {
    it("collects FileAttachment names with their positions in the .md", () => {
      const text = md("---", "title: T", "---", ...fence('const d = FileAttachment("a.csv");'), 'Inline ${FileAttachment("b.txt").name}');
      expect(compileNotebook(text, "nb.md").files).toEqual([
        {name: "a.csv", line: 5, column: 11},
        {name: "b.txt", line: 8, column: 10}
      ]);
    });
    it("returns analysed cells in order: fenced, then inline", () => {
      const compiled = compileNotebook(md("a ${x}", "", ...fence("const x = 1;")), "nb.md");
      expect(compiled.analysed.map((c) => [c.inline, c.source])).toEqual([
        [false, "const x = 1;"],
        [true, "x"]
      ]);
    });
    it("returns the parsed title and HTML", () => {
      const compiled = compileNotebook(md("# Queues", "", ...fence("1")), "nb.md");
      expect(compiled.title).toBe("Queues");
      expect(compiled.html).toContain(`<div class="qb-cell" id="cell-1" data-cell="${compiled.analysed[0].id}"></div>`);
    });
    it("transpiles the definitions for the path", () => {
      const compiled = compileNotebook(md(...fence("const a = 1;")), "x/nb.md");
      expect(compiled.definitions.startsWith('queuebook.notebook({path: "x/nb.md", files: __files, cells: [')).toBe(true);
      expect(compiled.definitions).toContain('outputs: ["a"]');
    });
  });
});
