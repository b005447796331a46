// Syntax pass: parses one cell with acorn, as an expression when the whole cell is one
// expression (it is then displayed), else as a program of statements.
import {Parser, tokTypes, type Expression, type Options, type Program} from "acorn";

/** acorn options for cells: latest syntax, module code, top-level await allowed. */
export const acornOptions: Options = {
  ecmaVersion: "latest",
  sourceType: "module",
  allowAwaitOutsideFunction: true,
  locations: true
};

/** A cell's syntax tree: an expression cell or a program cell. */
export type CellNode = {expression: true; node: Expression} | {expression: false; node: Program};

/** A syntax error at a 1-based line and 1-based column within the cell. */
export class CellSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number
  ) {
    super(message);
    this.name = "SyntaxError";
  }
}

/**
 * Parses a cell. `{a: 1}`, `(a + b)` and `x * 2` are expressions; a cell that starts with a
 * function or class declaration, holds a statement, or ends in a semicolon is a program.
 * Throws CellSyntaxError with the position in the cell.
 */
export function parseCell(source: string, kind?: "expression" | "program"): CellNode {
  const expression =
    kind === "program" || startsWithStatement(source) || startsWithDeclaration(source) ? undefined : parseWholeExpression(source);
  if (expression) return {expression: true, node: expression};
  try {
    return {expression: false, node: Parser.parse(source, acornOptions) as Program};
  } catch (error) {
    const e = error as SyntaxError & {loc?: {line: number; column: number}};
    const message = e.message.replace(/ \(\d+:\d+\)$/, "");
    throw new CellSyntaxError(message, e.loc?.line ?? 1, (e.loc?.column ?? 0) + 1);
  }
}

/**
 * A cell whose first word (after comments) is a reserved word that only starts a statement
 * (`const x = 1;`, `if (…)`): a program, known without the failed expression parse, whose
 * thrown error costs more than the parse itself in notebooks of thousands of cells.
 */
const statementStart =
  /^(?:\s|\/\/[^\n]*(?:\n|$)|\/\*(?:[^*]|\*(?!\/))*\*\/)*(?:const|let|var|if|for|while|do|switch|try|throw|return|break|continue|debugger|with|export)(?![\w$\u0080-\uffff])/;

/** True when the cell's first word (after comments) is one that only starts a statement (const, let, if, for…). */
export function startsWithStatement(source: string): boolean {
  return statementStart.test(source);
}

/** The cell as one expression followed by nothing but comments, or undefined. */
function parseWholeExpression(source: string): Expression | undefined {
  try {
    // acorn's Parser methods below are internal but stable; they let us parse one expression
    // and then look at the very next token (end of input, or a semicolon making a statement).
    const parser = new (Parser as any)(acornOptions, source, 0);
    parser.nextToken();
    const node = parser.parseExpression() as Expression;
    return parser.type === tokTypes.eof ? node : undefined;
  } catch {
    return undefined; // not a single expression: parsed as a program, whose error is clearer
  }
}

/** What may begin a declaration, at the cell's first character that is not white space. */
const declarationStart = /^(?:[/#\\]|async|function|class)/;

/**
 * True when the cell starts with a named function or class declaration (`function f`,
 * `async function* g`, `class A`). An anonymous `function () {…}` or `class {…}` is an
 * expression cell, as in Framework.
 */
export function startsWithDeclaration(source: string): boolean {
  // Most cells are answered without a tokenizer (whose construction is the cost here): past
  // leading white space (the same characters as acorn's), only a comment, a hashbang, an escape
  // or one of the three words can begin a declaration.
  const first = source.search(/\S/);
  if (first < 0 || !declarationStart.test(source.slice(first, first + 9))) return false;
  try {
    const parser = new (Parser as any)(acornOptions, source, 0);
    parser.nextToken();
    if (parser.type === tokTypes.name && parser.value === "async") {
      parser.nextToken();
      if (parser.type !== tokTypes._function) return false;
    }
    if (parser.type === tokTypes._function) {
      parser.nextToken();
      if (parser.type === tokTypes.star) parser.nextToken();
      return parser.type === tokTypes.name;
    }
    if (parser.type === tokTypes._class) {
      parser.nextToken();
      return parser.type === tokTypes.name;
    }
  } catch {
    // a tokenizer error is reported by the program parse
  }
  return false;
}
