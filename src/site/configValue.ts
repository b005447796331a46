// The literal values of a JavaScript program, read without running it: an observablehq.config.js
// is code in Framework (it is imported), and queuebook builds projects downloaded from anywhere,
// so it reads only what the file spells out — strings, numbers, booleans, null, arrays, objects,
// templates and `+` of those, and top-level `const`s holding them. Anything else (a call, a
// function, an import, a spread) is not a value here: the caller is told where, and leaves that
// key out.
import type {Node} from "acorn";

/** A part of the program that is not a plain value, with its position (1-based line, 0-based column). */
export class NotLiteral extends Error {
  constructor(
    readonly node: Node & {loc?: {start: {line: number; column: number}} | null},
    readonly what: string
  ) {
    super(what);
  }
}

/** What a node is, in a few words, for the warning ("a function", "a call of defineConfig"). */
export function describeNode(node: any): string {
  switch (node.type) {
    case "ArrowFunctionExpression":
    case "FunctionExpression":
      return "a function";
    case "CallExpression":
      return node.callee?.type === "Identifier" ? `a call of ${node.callee.name}` : "a call";
    case "Identifier":
      return `the name ${node.name}, not a constant of this file`;
    case "SpreadElement":
      return "a spread (...)";
    case "TemplateLiteral":
      return "a template with an expression";
    case "Property":
      return node.method || node.kind !== "init" ? "a method or getter" : "a computed key";
    default:
      return `code (${node.type})`;
  }
}

/**
 * The value `node` spells out; `consts` are the program's top-level `const` declarations by name.
 * Throws NotLiteral at the first part that is not a plain value.
 */
export function literalValue(node: any, consts: ReadonlyMap<string, any> = new Map(), seen: ReadonlySet<string> = new Set()): unknown {
  switch (node.type) {
    case "Literal":
      if ("regex" in node && node.regex) throw new NotLiteral(node, "a regular expression");
      if (typeof node.value === "bigint") throw new NotLiteral(node, "a BigInt");
      return node.value;
    case "TemplateLiteral":
      return node.quasis
        .map(
          (q: any, i: number) =>
            q.value.cooked + (i < node.expressions.length ? String(literalValue(node.expressions[i], consts, seen)) : "")
        )
        .join("");
    case "ArrayExpression":
      return node.elements.map((element: any) => {
        if (element === null || element.type === "SpreadElement")
          throw new NotLiteral(element ?? node, element ? describeNode(element) : "an array with a hole");
        return literalValue(element, consts, seen);
      });
    case "ObjectExpression": {
      const value: Record<string, unknown> = {};
      for (const property of node.properties) {
        const key = propertyKey(property);
        Object.defineProperty(value, key, {
          value: literalValue(property.value, consts, seen),
          enumerable: true,
          writable: true,
          configurable: true
        });
      }
      return value;
    }
    case "UnaryExpression": {
      const argument = literalValue(node.argument, consts, seen);
      if (node.operator === "-" && typeof argument === "number") return -argument;
      if (node.operator === "+" && typeof argument === "number") return argument;
      if (node.operator === "!") return !argument;
      throw new NotLiteral(node, `the operator ${node.operator}`);
    }
    case "BinaryExpression": {
      if (node.operator !== "+") throw new NotLiteral(node, `the operator ${node.operator}`);
      const left = literalValue(node.left, consts, seen);
      const right = literalValue(node.right, consts, seen);
      if (typeof left === "string" || typeof right === "string") return String(left) + String(right);
      if (typeof left === "number" && typeof right === "number") return left + right;
      throw new NotLiteral(node, "a + of values that are neither strings nor numbers");
    }
    case "Identifier":
      if (node.name === "undefined") return undefined;
      if (consts.has(node.name) && !seen.has(node.name)) return literalValue(consts.get(node.name), consts, new Set([...seen, node.name]));
      throw new NotLiteral(node, describeNode(node));
    case "ParenthesizedExpression":
      return literalValue(node.expression, consts, seen);
    default:
      throw new NotLiteral(node, describeNode(node));
  }
}

/** An object property's key, when it is spelled out (`a`, `"a"`, `1`); NotLiteral for a computed key, a method, a getter or a spread. */
export function propertyKey(property: any): string {
  if (property.type !== "Property") throw new NotLiteral(property, describeNode(property));
  if (property.method || property.kind !== "init") throw new NotLiteral(property, "a method or getter");
  if (property.computed) throw new NotLiteral(property, "a computed key");
  if (property.key.type === "Identifier") return property.key.name;
  if (property.key.type === "Literal") return String(property.key.value);
  throw new NotLiteral(property, "a computed key");
}
