// Files pass: the files a cell reads with FileAttachment("name"), so the build can embed them.
import {ancestor} from "acorn-walk";
import type {CallExpression, Node} from "acorn";
import {isLocal} from "./scope.js";
import {CellSyntaxError} from "./syntax.js";

/** A FileAttachment name and where the call stands in the cell (1-based). */
export interface FileReference {
  name: string;
  line: number;
  column: number;
}

/** Finds FileAttachment("literal") calls; a non-literal argument is an error. */
export function findFiles(node: Node): FileReference[] {
  const files: FileReference[] = [];
  ancestor(node, {
    CallExpression(call, _state, ancestors) {
      const {callee, arguments: args} = call as CallExpression;
      if (callee.type !== "Identifier" || callee.name !== "FileAttachment" || isLocal("FileAttachment", ancestors)) return;
      const [arg] = args;
      const at = call.loc!.start;
      const literal = arg?.type === "Literal" && typeof arg.value === "string" ? arg.value
        : arg?.type === "TemplateLiteral" && arg.expressions.length === 0 ? arg.quasis[0].value.cooked ?? undefined
        : undefined;
      if (args.length !== 1 || literal === undefined) {
        throw new CellSyntaxError("FileAttachment requires a single literal string argument", at.line, at.column + 1);
      }
      files.push({name: literal, line: at.line, column: at.column + 1});
    }
  });
  return files;
}
