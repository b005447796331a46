// Awaits pass: whether a cell awaits at its top level, so its body must be an async function.
import {simple, base, type RecursiveVisitors} from "acorn-walk";
import type {Node} from "acorn";

// Walk everything except the inside of nested functions, whose awaits are their own.
const skipFunctions: RecursiveVisitors<unknown> = {
  ...base,
  FunctionDeclaration() {},
  FunctionExpression() {},
  ArrowFunctionExpression() {}
};

/** True when `node` contains a top-level `await` or `for await`. */
export function hasTopLevelAwait(node: Node): boolean {
  let found = false;
  simple(
    node,
    {
      AwaitExpression() {
        found = true;
      },
      ForOfStatement(n) {
        if ((n as {await?: boolean}).await) found = true;
      }
    },
    skipFunctions
  );
  return found;
}
