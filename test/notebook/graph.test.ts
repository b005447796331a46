import {describe, expect, it} from "vitest";
import {analyseCell, type AnalysedCell} from "../../src/notebook/cell.js";
import {checkGraph, graphProblems} from "../../src/notebook/graph.js";

/** Cells from sources; cell i (0-based) is at line 10 * (i + 1), id cell-(i + 1). */
const notebook = (...sources: string[]): AnalysedCell[] =>
  sources.map((source, i) =>
    analyseCell({id: `cell-${i + 1}`, source, lang: "js", line: 10 * (i + 1), column: 1, inline: false, echo: false})
  );
const check = (...sources: string[]) => checkGraph(notebook(...sources), "nb.md");

describe("checkGraph(cells, path)", () => {
  it("reports nothing for a valid notebook", () => {
    expect(check("const a = 1;", "const b = a + 1;", "b * 2").size).toBe(0);
  });
  it("reports nothing for an empty notebook", () => expect(checkGraph([], "nb.md").size).toBe(0));

  describe("duplicate names", () => {
    it("reports a duplicate at every defining cell with the others' positions", () => {
      const errors = check("const a = 1;", "const b = 2;", "let a = 3;");
      expect([...errors.keys()].sort()).toEqual(["cell-1", "cell-3"]);
      expect(errors.get("cell-1")).toEqual({
        name: "RuntimeError",
        message: '"a" is defined more than once (also at nb.md:30)',
        line: 10,
        column: 1
      });
      expect(errors.get("cell-3")).toEqual({
        name: "RuntimeError",
        message: '"a" is defined more than once (also at nb.md:10)',
        line: 30,
        column: 1
      });
    });
    it("lists all other definers when three cells define a name", () => {
      const errors = check("const a = 1;", "function a() {}\na;", "import {a} from 'm';");
      expect(errors.get("cell-2")!.message).toBe('"a" is defined more than once (also at nb.md:10, nb.md:30)');
      expect(errors.size).toBe(3);
    });
    it("ignores cells with syntax errors", () => {
      expect(check("const a = 1;", "const a = ;").size).toBe(0);
    });
    it("uses the cell's own line and column", () => {
      const cells = notebook("const a = 1;", "const a = 2;");
      cells[1] = {...cells[1], line: 7, column: 4};
      expect(checkGraph(cells, "p.md").get("cell-2")).toMatchObject({line: 7, column: 4});
    });
  });

  describe("cycles", () => {
    it("reports a 2-cycle at each member", () => {
      const errors = check("const a = b + 1;", "const b = a + 1;");
      expect(errors.get("cell-1")).toMatchObject({name: "RuntimeError", line: 10, column: 1});
      expect(errors.get("cell-2")).toMatchObject({name: "RuntimeError", line: 20, column: 1});
      for (const error of errors.values()) {
        expect(error.message).toMatch(/^circular definition: /);
        expect(error.message).toContain("nb.md:10");
        expect(error.message).toContain("nb.md:20");
      }
    });
    it("names the cycle's members in order and closes the loop", () => {
      const message = check("const a = b + 1;", "const b = a + 1;").get("cell-1")!.message;
      expect(message).toMatch(/^circular definition: (a → b → a|b → a → b) \(cells at /);
    });
    it("reports a 3-cycle at each member", () => {
      const errors = check("const a = c;", "const b = a;", "const c = b;");
      expect([...errors.keys()].sort()).toEqual(["cell-1", "cell-2", "cell-3"]);
      const message = errors.get("cell-2")!.message;
      for (const name of ["a", "b", "c"]) expect(message).toContain(name);
      for (const line of [10, 20, 30]) expect(message).toContain(`nb.md:${line}`);
    });
    it("does not affect cells outside the cycle", () => {
      const errors = check("const x = 1;", "const a = b + x;", "const b = a;", "const y = x;");
      expect([...errors.keys()].sort()).toEqual(["cell-2", "cell-3"]);
    });
    it("does not put a cell that depends on a cycle member in the cycle", () => {
      const errors = check("const a = b;", "const b = a;", "const c = a + b;", "c * 2");
      expect(errors.has("cell-3")).toBe(false);
      expect(errors.has("cell-4")).toBe(false);
      expect(errors.size).toBe(2);
    });
    it("does not report a cell a cycle depends on", () => {
      const errors = check("const base = 1;", "const a = b + base;", "const b = a;");
      expect(errors.has("cell-1")).toBe(false);
    });
    it("reports two separate cycles separately", () => {
      const errors = check("const a = b;", "const b = a;", "const c = d;", "const d = c;");
      expect(errors.size).toBe(4);
      expect(errors.get("cell-1")!.message).not.toContain("nb.md:30");
      expect(errors.get("cell-3")!.message).not.toContain("nb.md:10");
    });
    it("does not treat a self-reference as a cycle (the name is local)", () => {
      expect(check("let a = 1; a = a + 1;").size).toBe(0);
    });
    it("keeps the duplicate error for a cell that is also in a cycle", () => {
      const errors = check("const a = b;", "const b = a;", "const b = 3;");
      expect(errors.get("cell-2")!.message).toMatch(/defined more than once/);
    });
    it("handles a long chain without a cycle", () => {
      const sources = Array.from({length: 200}, (_, i) => (i === 0 ? "const v0 = 1;" : `const v${i} = v${i - 1} + 1;`));
      expect(check(...sources).size).toBe(0);
    });
  });

  describe("large notebooks (cost linear in cells, not in pairs)", () => {
    it("handles a valid chain of 6,000 cells without overflowing the stack", () => {
      const sources = Array.from({length: 6000}, (_, i) => (i === 0 ? "const v0 = 1;" : `const v${i} = v${i - 1} + 1;`));
      expect(check(...sources).size).toBe(0);
    });
    it("reports a 6,000-cell cycle once, at every member, with capped lists", () => {
      const n = 6000;
      const sources = Array.from({length: n}, (_, i) => `const v${i} = v${(i + n - 1) % n} + 1;`);
      const errors = check(...sources);
      expect(errors.size).toBe(n);
      const messages = new Set([...errors.values()].map((e) => e.message));
      expect(messages.size).toBe(1);
      const [message] = messages;
      expect(message).toMatch(/^circular definition: .* → … \(6,000 cells\) → v\d+ \(cells at .* … and 5,990 more\)$/);
      expect(message.length).toBeLessThan(400);
      const problems = graphProblems(notebook(...sources), "nb.md");
      expect(problems).toHaveLength(1);
      expect(problems[0].cells).toHaveLength(n);
    });
    it("reports 2,000 cells defining one name as one problem, each cell's message short", () => {
      const errors = check(...Array.from({length: 2000}, (_, i) => `const a = ${i};`));
      expect(errors.size).toBe(2000);
      expect(errors.get("cell-1")!.message).toBe(
        `"a" is defined more than once (also at ${Array.from({length: 10}, (_, i) => `nb.md:${20 + 10 * i}`).join(", ")} … and 1,989 more)`
      );
      expect(errors.get("cell-5")!.message).not.toContain("nb.md:50,");
      for (const error of errors.values()) expect(error.message.length).toBeLessThan(250);
      const problems = graphProblems(notebook(...Array.from({length: 2000}, (_, i) => `const a = ${i};`)), "nb.md");
      expect(problems.map((p) => [p.kind, p.names, p.cells.length])).toEqual([["duplicate", ["a"], 2000]]);
      expect(problems[0].message).toMatch(/^"a" is defined more than once \(at nb\.md:10, nb\.md:20, .* … and 1,990 more\)$/);
    });
  });

  describe("regressions (bugs found by these tests, now fixed)", () => {
    // `var x` twice in one cell is valid JavaScript; findDeclarations returns ["x", "x"], and the
    // cell is reported as a duplicate of itself: '"x" is defined more than once (also at )'.
    it("does not report a name declared twice with var in one cell", () => {
      expect(check("var x = 1;\nvar x = 2;").size).toBe(0);
    });
  });
});
