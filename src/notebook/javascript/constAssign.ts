// The one refusal the build gets from esbuild rather than from the compiler's passes: an
// assignment to a constant (`const a = 1; a = 2;`, `a++`, `[a] = xs`, `for (a of xs)`) is
// "Cannot assign to "a" because it is a constant" at the assignment, when the notebook is
// bundled. The page has no esbuild, so this pass says the same at the same place, and the
// edited cell fails as the built one does instead of throwing TypeError when it runs.
import {Parser, type Node} from "acorn";
import {base, recursive, type RecursiveVisitors} from "acorn-walk";

/** A name assigned to while it is a constant, at its 1-based line and column in the cell's JavaScript. */
export interface ConstantAssignment {
  name: string;
  line: number;
  column: number;
}

type Scope = Map<string, boolean>; // name → declared const
interface State {
  scopes: Scope[];
  found?: ConstantAssignment;
}

const options = {
  ecmaVersion: "latest",
  sourceType: "module",
  allowAwaitOutsideFunction: true,
  allowReturnOutsideFunction: true,
  locations: true
} as const;

/** The first assignment to a constant in `js` (a cell's JavaScript), or undefined (also when it does not parse: the passes say why). */
export function constantAssignment(js: string): ConstantAssignment | undefined {
  if (!/\bconst\b/.test(js)) return undefined; // most cells: no second parse
  let program: Node;
  try {
    program = Parser.parse(js, options);
  } catch {
    return undefined;
  }
  const state: State = {scopes: []};
  recursive(program, state, visitors);
  return state.found;
}

/** The identifiers a binding pattern or an assignment's target names (a member expression names none). */
function identifiers(pattern: any, out: any[] = []): any[] {
  if (!pattern) return out;
  if (pattern.type === "Identifier") out.push(pattern);
  else if (pattern.type === "ObjectPattern")
    for (const p of pattern.properties) identifiers(p.type === "RestElement" ? p.argument : p.value, out);
  else if (pattern.type === "ArrayPattern") for (const e of pattern.elements) identifiers(e, out);
  else if (pattern.type === "AssignmentPattern") identifiers(pattern.left, out);
  else if (pattern.type === "RestElement") identifiers(pattern.argument, out);
  return out;
}

const names = (pattern: any): string[] => identifiers(pattern).map((id) => id.name);

/** `var` names anywhere in a function's body (they belong to the function), not in nested functions. */
function hoisted(body: any): string[] {
  const out: string[] = [];
  recursive(body, null, {
    Function() {}, // a nested function's own vars are its own
    VariableDeclaration(node: any, st, c) {
      if (node.kind === "var") for (const d of node.declarations) out.push(...names(d.id));
      for (const d of node.declarations) if (d.init) c(d.init, st);
    }
  });
  return out;
}

/** A block's own declarations: let/const, classes, functions. */
function lexical(statements: any[], scope: Scope): void {
  for (const s of statements) {
    const node = s.type === "ExportNamedDeclaration" ? s.declaration : s;
    if (node?.type === "VariableDeclaration" && node.kind !== "var")
      for (const d of node.declarations) for (const n of names(d.id)) scope.set(n, node.kind === "const");
    else if ((node?.type === "ClassDeclaration" || node?.type === "FunctionDeclaration") && node.id) scope.set(node.id.name, false);
  }
}

/** Records the first identifier `target` assigns to whose nearest declaration is a const. */
function check(target: any, state: State): void {
  for (const id of identifiers(target)) {
    if (state.found) return;
    const scope = state.scopes.findLast((s) => s.has(id.name));
    if (scope?.get(id.name)) state.found = {name: id.name, line: id.loc.start.line, column: id.loc.start.column + 1};
  }
}

/** Runs `walk` inside a new scope holding `scope`. */
function within(state: State, scope: Scope, walk: () => void): void {
  state.scopes.push(scope);
  walk();
  state.scopes.pop();
}

/** acorn-walk's callback as it is (its typings leave out the third argument, the node's kind to walk it as). */
type WalkAs = (node: Node, state: State, override: string) => void;

const visitors: RecursiveVisitors<State> = {
  Program(node: any, st, c) {
    const scope: Scope = new Map(hoisted(node).map((n) => [n, false]));
    lexical(node.body, scope);
    within(st, scope, () => node.body.forEach((s: any) => c(s, st)));
  },
  BlockStatement(node: any, st, c) {
    const scope: Scope = new Map();
    lexical(node.body, scope);
    within(st, scope, () => node.body.forEach((s: any) => c(s, st)));
  },
  Function(node: any, st, c) {
    const scope: Scope = new Map(hoisted(node.body).map((n) => [n, false]));
    for (const p of node.params) for (const n of names(p)) scope.set(n, false);
    if (node.type === "FunctionExpression" && node.id) scope.set(node.id.name, false);
    if (node.body.type === "BlockStatement") lexical(node.body.body, scope);
    within(st, scope, () => {
      for (const p of node.params) (c as WalkAs)(p, st, "Pattern");
      if (node.body.type === "BlockStatement") node.body.body.forEach((s: any) => c(s, st));
      else (c as WalkAs)(node.body, st, "Expression");
    });
  },
  ForStatement(node: any, st, c) {
    const scope: Scope = new Map();
    if (node.init?.type === "VariableDeclaration") lexical([node.init], scope);
    within(st, scope, () => base.ForStatement!(node, st, c));
  },
  ForInStatement(node: any, st, c) {
    const scope: Scope = new Map();
    if (node.left.type === "VariableDeclaration") lexical([node.left], scope);
    else check(node.left, st);
    within(st, scope, () => base.ForInStatement!(node, st, c));
  },
  ForOfStatement(node: any, st, c) {
    visitors.ForInStatement!(node, st, c);
  },
  CatchClause(node: any, st, c) {
    within(st, new Map(names(node.param).map((n) => [n, false])), () => base.CatchClause!(node, st, c));
  },
  AssignmentExpression(node: any, st, c) {
    check(node.left, st);
    base.AssignmentExpression!(node, st, c);
  },
  UpdateExpression(node: any, st, c) {
    check(node.argument, st);
    base.UpdateExpression!(node, st, c);
  }
};
