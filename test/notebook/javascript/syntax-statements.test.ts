// parseCell(source) tells a statement cell from an expression cell by its first reserved word
// without a failed expression parse (thousands of cells), and is not fooled by comments.
import {describe, expect, it} from "vitest";
import {parseCell} from "../../../src/notebook/javascript/syntax.js";

describe("parseCell(source) on cells starting with a statement keyword", () => {
  it("parses statement cells as programs", () => {
    for (const source of [
      "const a = 1;",
      "let b = 2",
      "var c",
      "if (x) y();",
      "for (const i of []) {}",
      "/* note */ const d = 1;",
      "// note\nconst e = 1;",
      "try { f(); } catch {}",
      "throw new Error('x')"
    ]) {
      expect(parseCell(source).expression, source).toBe(false);
    }
  });
  it("keeps expressions that start with a comment mentioning a keyword, or with a name that begins like one", () => {
    for (const source of [
      "// if the rate grows\n42",
      "/* const */ 1 + 1",
      "constant * 2",
      "letters.length",
      "format(x)",
      "doubled",
      "import.meta.url",
      "(1, 2)",
      "/* a */ /* b */ x"
    ]) {
      expect(parseCell(source).expression, source).toBe(true);
    }
  });
  it("still reports a syntax error at its position", () => {
    expect(() => parseCell("const = 1;")).toThrow(/Unexpected token/);
  });
  it("does not backtrack without end on many comments before a non-keyword", () => {
    const source = "/**/ ".repeat(5000) + "// x\n".repeat(5000) + "1";
    expect(parseCell(source).expression).toBe(true);
  });
});
