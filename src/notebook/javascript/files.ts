// Files pass: the files a cell reads with FileAttachment("name"), so the build can embed them,
// and Framework's import.meta.resolve("npm:pkg/file" or "./file"), embedded the same way and
// rewritten to FileAttachment(name).href (a page's bundle is a classic script: no import.meta).
import {ancestor} from "acorn-walk";
import type {CallExpression, Expression, Node} from "acorn";
import {isLocal} from "./scope.js";
import {CellSyntaxError} from "./syntax.js";

/** A FileAttachment name and where the call stands in the cell (1-based). */
export interface FileReference {
  name: string;
  line: number;
  column: number;
  /** For import.meta.resolve: the call's offsets in the cell's JavaScript, which the transpile pass rewrites. */
  resolve?: {start: number; end: number};
}

/** The string a literal argument holds (a template literal without expressions too), or undefined. */
function literalOf(arg: Node | undefined): string | undefined {
  const node = arg as Expression | undefined;
  if (node?.type === "Literal" && typeof node.value === "string") return node.value;
  if (node?.type === "TemplateLiteral" && node.expressions.length === 0) return node.quasis[0].value.cooked ?? undefined;
  return undefined;
}

/** True for `observable.params.name` (or `observable.params["name"]`): a parameterized page's value. */
function isParam(node: Node): boolean {
  const n = node as any;
  return (
    n.type === "MemberExpression" &&
    n.object.type === "MemberExpression" &&
    !n.object.computed &&
    n.object.object.type === "Identifier" &&
    n.object.object.name === "observable" &&
    n.object.property.name === "params" &&
    (n.computed ? n.property.type === "Literal" && typeof n.property.value === "string" : n.property.type === "Identifier")
  );
}

/**
 * A name made of literal text and a parameterized page's params (Framework's
 * FileAttachment(`${observable.params.id}.json`)): known only with the page's params, so it is
 * not embedded; the call runs and names the file it looked for.
 */
function isParamName(arg: Node | undefined): boolean {
  const node = arg as Expression | undefined;
  return node?.type === "TemplateLiteral" && node.expressions.length > 0 && node.expressions.every(isParam);
}

/** True for the callee `import.meta.resolve`. */
function isMetaResolve(callee: Node): boolean {
  const c = callee as any;
  return (
    c.type === "MemberExpression" &&
    c.object.type === "MetaProperty" &&
    c.object.meta.name === "import" &&
    c.object.property.name === "meta" &&
    (c.computed ? c.property.type === "Literal" && c.property.value === "resolve" : c.property.name === "resolve")
  );
}

/** Finds FileAttachment("literal") and import.meta.resolve("literal") calls; a non-literal argument is an error (but for a page's params in a template). */
export function findFiles(node: Node): FileReference[] {
  const files: FileReference[] = [];
  ancestor(node, {
    CallExpression(call, _state, ancestors) {
      const {callee, arguments: args} = call as CallExpression;
      const at = call.loc!.start;
      if (isMetaResolve(callee)) {
        const literal = literalOf(args[0]);
        if (args.length !== 1 || literal === undefined)
          throw new CellSyntaxError(
            'import.meta.resolve requires a single literal string argument ("npm:us-atlas@3/counties-10m.json" or "./data.json"): the file is embedded at build time',
            at.line,
            at.column + 1
          );
        // The call becomes FileAttachment(name).href, so that name must be the built-in here.
        if (isLocal("FileAttachment", ancestors))
          throw new CellSyntaxError(
            "import.meta.resolve cannot be used where FileAttachment names a local variable",
            at.line,
            at.column + 1
          );
        files.push({name: literal, line: at.line, column: at.column + 1, resolve: {start: call.start, end: call.end}});
        return;
      }
      if (callee.type !== "Identifier" || callee.name !== "FileAttachment" || isLocal("FileAttachment", ancestors)) return;
      const literal = literalOf(args[0]);
      if (args.length === 1 && literal === undefined && isParamName(args[0])) return;
      if (args.length !== 1 || literal === undefined) {
        throw new CellSyntaxError("FileAttachment requires a single literal string argument", at.line, at.column + 1);
      }
      files.push({name: literal, line: at.line, column: at.column + 1});
    }
  });
  return files;
}
