// Scopes: which names a node declares for the code inside it. Used by the references and
// files passes to tell a cell's free names (its inputs) from its local ones.
import type {Node, Pattern, Statement} from "acorn";
import {patternNames} from "./declarations.js";
import {isBuiltinBinding} from "./imports.js";

const cache = new WeakMap<Node, Set<string>>();

/**
 * True when `name` is declared by one of `ancestors` (innermost last), so it is local. Code in
 * a function's parameter list (defaults) sees the parameters, not the body's declarations.
 */
export function isLocal(name: string, ancestors: readonly Node[]): boolean {
  for (let i = ancestors.length - 1; i >= 0; i--) {
    const scope = ancestors[i];
    const child = ancestors[i + 1];
    const inParams = child !== undefined && /Function/.test(scope.type) && child !== (scope as any).body;
    if ((inParams ? parameterNames(scope) : declaredBy(scope)).has(name)) return true;
  }
  return false;
}

const paramCache = new WeakMap<Node, Set<string>>();

/** The names a function's parameter list can see: its parameters and, for a named function expression, its name. */
function parameterNames(fn: Node): Set<string> {
  let names = paramCache.get(fn);
  if (!names) {
    const n = fn as any;
    names = new Set(n.params.flatMap((p: Pattern) => patternNames(p)));
    if (fn.type === "FunctionExpression" && n.id) names.add(n.id.name);
    if (fn.type !== "ArrowFunctionExpression") names.add("arguments");
    paramCache.set(fn, names);
  }
  return names;
}

/** The names `node` declares for the code it contains (cached per node). */
export function declaredBy(node: Node): Set<string> {
  let names = cache.get(node);
  if (!names) cache.set(node, (names = new Set(computeDeclared(node))));
  return names;
}

function computeDeclared(node: Node): string[] {
  const n = node as any;
  switch (node.type) {
    case "Program":
      return [...hoistedVars(n.body), ...lexical(n.body)];
    case "FunctionDeclaration":
    case "FunctionExpression":
    case "ArrowFunctionExpression": {
      const names = n.params.flatMap((p: Pattern) => patternNames(p));
      if (node.type === "FunctionExpression" && n.id) names.push(n.id.name);
      if (node.type !== "ArrowFunctionExpression") names.push("arguments");
      if (n.body.type === "BlockStatement") names.push(...hoistedVars(n.body.body));
      return names;
    }
    case "BlockStatement":
    case "StaticBlock":
      return lexical(n.body);
    case "SwitchStatement":
      return lexical(n.cases.flatMap((c: any) => c.consequent));
    case "ForStatement":
      return n.init?.type === "VariableDeclaration" ? declarators(n.init) : [];
    case "ForInStatement":
    case "ForOfStatement":
      return n.left.type === "VariableDeclaration" ? declarators(n.left) : [];
    case "CatchClause":
      return n.param ? patternNames(n.param) : [];
    case "ClassExpression":
    case "ClassDeclaration":
      return n.id ? [n.id.name] : [];
    default:
      return [];
  }
}

function declarators(declaration: any): string[] {
  return declaration.declarations.flatMap((d: any) => patternNames(d.id));
}

/** let/const/class/function/import declared directly in a statement list. */
function lexical(statements: any[]): string[] {
  const names: string[] = [];
  for (const s of statements) {
    if (s.type === "VariableDeclaration" && s.kind !== "var") names.push(...declarators(s));
    else if ((s.type === "FunctionDeclaration" || s.type === "ClassDeclaration") && s.id) names.push(s.id.name);
    else if (s.type === "ImportDeclaration") {
      // a built-in imported under its own name stays the built-in: a free name (an input)
      names.push(...s.specifiers.map((x: any) => x.local.name).filter((name: string) => !isBuiltinBinding(s, name)));
    }
  }
  return names;
}

/** `var` declarations anywhere in these statements, not entering nested functions. */
function hoistedVars(statements: readonly (Statement | Node)[]): string[] {
  const names: string[] = [];
  const visit = (node: any): void => {
    if (!node || typeof node.type !== "string") return;
    if (/Function/.test(node.type) || node.type === "ClassDeclaration" || node.type === "ClassExpression") return;
    if (node.type === "VariableDeclaration") {
      if (node.kind === "var") names.push(...declarators(node));
      return;
    }
    if (!/Statement|SwitchCase|CatchClause/.test(node.type)) return;
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === "object") visit(value);
    }
  };
  statements.forEach(visit);
  return names;
}
