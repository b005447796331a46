// References pass: the free names a cell uses (its inputs), in order of first use.
import {ancestor, base, type AncestorVisitors} from "acorn-walk";
import type {Identifier, Node} from "acorn";
import {isLocal} from "./scope.js";
import {CellSyntaxError} from "./syntax.js";

/**
 * Free identifiers of `node`: referenced but declared nowhere in the cell. Assigning to a
 * free name is an error (it belongs to another cell), reported at its position.
 */
export function findReferences(node: Node): string[] {
  const found = new Set<string>();
  // acorn-walk calls "VariablePattern" for identifiers in binding and assignment positions;
  // its types do not list that pseudo node type.
  ancestor(
    node,
    {
      Identifier(id, _state, ancestors) {
        if (!isLocal((id as Identifier).name, ancestors.slice(0, -1))) found.add((id as Identifier).name);
      },
      VariablePattern(id: Node, _state: unknown, ancestors: Node[]) {
        const name = (id as Identifier).name;
        const parents = ancestors.slice(0, -1);
        if (isLocal(name, parents)) return;
        const parent = parents[parents.length - 1];
        if (parent?.type === "AssignmentExpression" || parent?.type === "ForInStatement" || parent?.type === "ForOfStatement") {
          throw new CellSyntaxError(`Assignment to external variable "${name}"`, id.loc!.start.line, id.loc!.start.column + 1);
        }
        found.add(name);
      }
    } as AncestorVisitors<unknown>,
    base
  );
  return [...found];
}
