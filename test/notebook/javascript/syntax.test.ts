import {describe, expect, it} from "vitest";
import {CellSyntaxError, parseCell} from "../../../src/notebook/javascript/syntax.js";

function syntaxError(source: string): CellSyntaxError {
  try {
    parseCell(source);
  } catch (error) {
    expect(error).toBeInstanceOf(CellSyntaxError);
    return error as CellSyntaxError;
  }
  throw new Error(`expected a syntax error for ${JSON.stringify(source)}`);
}

describe("parseCell(source)", () => {
  describe("expression cells", () => {
    it("parses `{a: 1}` as an object expression, not a block", () => {
      const cell = parseCell("{a: 1}");
      expect(cell.expression).toBe(true);
      expect(cell.node.type).toBe("ObjectExpression");
    });
    it("parses `x * 2` as a binary expression", () => {
      const cell = parseCell("x * 2");
      expect(cell.expression).toBe(true);
      expect(cell.node.type).toBe("BinaryExpression");
    });
    it("keeps an expression with a trailing line comment an expression", () => {
      const cell = parseCell("x + 1 // trailing");
      expect(cell.expression).toBe(true);
      expect(cell.node.type).toBe("BinaryExpression");
    });
    it("keeps an expression with a trailing block comment and whitespace an expression", () => {
      expect(parseCell("x /* note */ \n\n").expression).toBe(true);
    });
    it("allows leading comments before an expression", () => {
      expect(parseCell("// heading\nx + 1").expression).toBe(true);
    });
    it("parses a multi-line expression", () => {
      expect(parseCell("Plot.plot({\n  marks: []\n})").expression).toBe(true);
    });
    it("parses top-level `await x` as an expression", () => {
      const cell = parseCell("await x");
      expect(cell.expression).toBe(true);
      expect(cell.node.type).toBe("AwaitExpression");
    });
    it("parses an arrow function as an expression", () => {
      expect(parseCell("(a) => a + 1").node.type).toBe("ArrowFunctionExpression");
    });
    it("parses a tagged template as an expression", () => {
      expect(parseCell("html`<b>${x}</b>`").expression).toBe(true);
    });
    it("records 1-based lines in the node's locations", () => {
      const cell = parseCell("\n\nx");
      expect(cell.node.loc!.start.line).toBe(3);
    });
  });

  describe("program cells", () => {
    it("parses `x;` as a program (trailing semicolon)", () => {
      const cell = parseCell("x;");
      expect(cell.expression).toBe(false);
      expect(cell.node.type).toBe("Program");
    });
    it("parses `x; // comment` as a program (semicolon before trailing comment)", () => {
      expect(parseCell("x; // comment").expression).toBe(false);
    });
    it("parses `x; /* c */` as a program", () => {
      expect(parseCell("x; /* c */\n").expression).toBe(false);
    });
    it("parses two expressions on two lines as a program", () => {
      const cell = parseCell("x\ny");
      expect(cell.expression).toBe(false);
      expect(cell.node.type === "Program" && cell.node.body).toHaveLength(2);
    });
    it("parses a declaration as a program", () => {
      expect(parseCell("const a = 1").expression).toBe(false);
    });
    it("parses a block statement `{ const a = 1; }` as a program", () => {
      expect(parseCell("{ const a = 1; }").expression).toBe(false);
    });
    it("parses import declarations (module code)", () => {
      const cell = parseCell('import {a} from "b"');
      expect(cell.expression).toBe(false);
    });
    it("allows top-level await in a program", () => {
      expect(parseCell("const a = await b;").expression).toBe(false);
    });
    it("parses an empty cell as an empty program", () => {
      const cell = parseCell("");
      expect(cell.expression).toBe(false);
      expect(cell.node.type === "Program" && cell.node.body).toEqual([]);
    });
    it("parses a comment-only cell as an empty program", () => {
      const cell = parseCell("// nothing here");
      expect(cell.expression).toBe(false);
    });
  });

  describe("syntax errors", () => {
    it("throws CellSyntaxError named SyntaxError", () => {
      const error = syntaxError("1 +");
      expect(error.name).toBe("SyntaxError");
    });
    it("reports a 1-based line and column", () => {
      // `)` is at line 2, column 11 (1-based)
      const error = syntaxError("const a = 1;\nconst b = );");
      expect(error.line).toBe(2);
      expect(error.column).toBe(11);
    });
    it("reports column 1 for an error at the start of a line", () => {
      const error = syntaxError("x;\n)");
      expect([error.line, error.column]).toEqual([2, 1]);
    });
    it("removes acorn's ` (line:column)` suffix from the message", () => {
      const error = syntaxError("const = 1;");
      expect(error.message).not.toMatch(/\(\d+:\d+\)$/);
      expect(error.message).toMatch(/Unexpected token/);
    });
    it("reports the program parser's error, not the expression parser's", () => {
      // As an expression this fails at `b`; as a program it fails at `const` after `a`.
      const error = syntaxError("a const");
      expect(error.line).toBe(1);
      expect(error.column).toBe(3);
    });
    it("rejects `return` at the top level of a cell", () => {
      expect(syntaxError("return 1;").line).toBe(1);
    });
  });

  describe("regressions (bugs found by these tests, now fixed)", () => {
    // A named function or class declaration is a statement: the cell defines `f` / `A`
    // (Observable Framework treats named function and class expressions as programs).
    it("parses `function f() {}` as a program (it declares f)", () => {
      expect(parseCell("function f() {}").expression).toBe(false);
    });
    it("parses `class A {}` as a program (it declares A)", () => {
      expect(parseCell("class A {}").expression).toBe(false);
    });
    it("parses `async function f() {}` as a program", () => {
      expect(parseCell("async function f() {}").expression).toBe(false);
    });
    // Anonymous ones cannot be declarations: they are expression cells (issue 7).
    for (const source of [
      "function() { return 42; }",
      "function* () { yield 1; }",
      "async function () { return 1; }",
      "class {}",
      "class extends Array {}"
    ]) {
      it(`parses \`${source}\` as an expression`, () => {
        expect(parseCell(source).expression).toBe(true);
      });
    }
    // acorn's node.end excludes the parentheses of a parenthesized expression, so
    // onlyCommentsAfter sees the closing ")" and the cell falls back to a program (not displayed).
    it("parses `({a: 1})` as an expression", () => {
      expect(parseCell("({a: 1})").expression).toBe(true);
    });
    it("parses `(a + b)` as an expression", () => {
      expect(parseCell("(a + b)").expression).toBe(true);
    });
    // stripTrailingComments strips `//b"` inside the string literal, leaving `"a;` which
    // looks like a trailing semicolon, so the single expression becomes a program.
    it('parses the string literal `"a;//b"` as an expression', () => {
      expect(parseCell('"a;//b"').expression).toBe(true);
    });
  });
});
