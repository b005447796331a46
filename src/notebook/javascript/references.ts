// References pass: the free names a cell uses (its inputs), in order of first use.
import {ancestor, base, type AncestorVisitors} from "acorn-walk";
import type {Identifier, Node} from "acorn";
import {isLocal} from "./scope.js";
import {CellSyntaxError} from "./syntax.js";

/**
 * Free identifiers of `node`: referenced but declared nowhere in the cell. Assigning to a
 * free name (`x = 1`, `x++`, `[x] = a`, `for (x of a)`) is an error, since the name belongs to
 * another cell; it is reported at its position.
 */
export function findReferences(node: Node): string[] {
  const found = new Set<string>();
  const visit = (id: Node, ancestors: Node[]) => {
    const name = (id as Identifier).name;
    const parents = ancestors.slice(0, -1);
    if (isLocal(name, parents)) return;
    if (isAssignmentTarget(id, parents)) {
      throw new CellSyntaxError(`Assignment to external variable "${name}"`, id.loc!.start.line, id.loc!.start.column + 1);
    }
    found.add(name);
  };
  // acorn-walk calls "VariablePattern" for identifiers in binding and assignment positions;
  // its types do not list that pseudo node type.
  ancestor(
    node,
    {
      Identifier: (id: Node, _state: unknown, ancestors: Node[]) => visit(id, ancestors),
      VariablePattern: (id: Node, _state: unknown, ancestors: Node[]) => visit(id, ancestors)
    } as AncestorVisitors<unknown>,
    base
  );
  return [...found];
}

/** True when `id` is written to: the target of an assignment, update or for-in/of head. */
function isAssignmentTarget(id: Node, parents: readonly Node[]): boolean {
  let child: Node = id;
  for (let i = parents.length - 1; i >= 0; i--) {
    const parent = parents[i] as any;
    switch (parent.type) {
      case "ArrayPattern":
      case "ObjectPattern":
      case "RestElement":
        break;
      case "Property":
        if (parent.value !== child) return false;
        break;
      case "AssignmentPattern":
        if (parent.left !== child) return false;
        break;
      case "AssignmentExpression":
      case "ForInStatement":
      case "ForOfStatement":
        return parent.left === child;
      case "UpdateExpression":
        return true;
      default:
        return false;
    }
    child = parent;
  }
  return false;
}
