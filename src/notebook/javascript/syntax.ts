// Syntax pass: parses one cell with acorn, as an expression when the whole cell is one
// expression (it is then displayed), else as a program of statements.
import {Parser, parseExpressionAt, tokenizer, tokTypes, type Expression, type Options, type Program} from "acorn";

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
  constructor(message: string, readonly line: number, readonly column: number) {
    super(message);
    this.name = "SyntaxError";
  }
}

/**
 * Parses a cell. `{a: 1}` and `x * 2` are expressions; anything with a statement, or ending
 * in a semicolon, is a program. Throws CellSyntaxError with the position in the cell.
 */
export function parseCell(source: string): CellNode {
  if (!/;\s*$/.test(stripTrailingComments(source))) {
    try {
      const node = parseExpressionAt(source, 0, acornOptions);
      if (onlyCommentsAfter(source, node.end)) return {expression: true, node};
    } catch {
      // Not a single expression: parse as a program below, whose error message is clearer.
    }
  }
  try {
    return {expression: false, node: Parser.parse(source, acornOptions) as Program};
  } catch (error) {
    const e = error as SyntaxError & {loc?: {line: number; column: number}};
    const message = e.message.replace(/ \(\d+:\d+\)$/, "");
    throw new CellSyntaxError(message, e.loc?.line ?? 1, (e.loc?.column ?? 0) + 1);
  }
}

function onlyCommentsAfter(source: string, end: number): boolean {
  try {
    const tokens = tokenizer(source.slice(end), {ecmaVersion: "latest"});
    return tokens.getToken().type === tokTypes.eof;
  } catch {
    return false;
  }
}

function stripTrailingComments(source: string): string {
  return source.replace(/(\/\/[^\n]*|\/\*[\s\S]*?\*\/|\s)+$/g, "");
}
