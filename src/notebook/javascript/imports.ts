// Imports pass: a cell's static imports, rewritten as `await import(…)` so the cell's body is a
// plain async function and esbuild can inline the imported modules into the notebook's bundle.
import type {ImportDeclaration, Program} from "acorn";
import {isBuiltin} from "../contract.js";
import {CellSyntaxError} from "./syntax.js";

/** One static import of a cell. */
export interface ImportReference {
  /** The specifier as esbuild resolves it (Framework's `npm:name@version` made a bare name). */
  specifier: string;
  /** The specifier as written, when that differs (`npm:d3@7`): the bundle checks the version. */
  written?: string;
  start: number;
  end: number;
  /** The replacement statement. */
  replacement: string;
  /** True for a module the page provides as built-ins (observablehq:stdlib, @observablehq/tex). */
  builtin?: boolean;
  /** The built-ins such an import reads under another name (runtime inputs of the cell). */
  uses?: string[];
}

/**
 * Framework's own modules, provided by the page as built-ins: for each, the built-in an export
 * is (`*` is the namespace). Importing them bundles nothing: the names are the built-ins.
 */
const stdlib = {FileAttachment: "FileAttachment", Generators: "Generators", Mutable: "Mutable", resize: "resize"};
const builtinModules: Record<string, Record<string, string>> = {
  "observablehq:stdlib": stdlib,
  "@observablehq/stdlib": stdlib, // npm:@observablehq/stdlib, as Framework's docs write it
  "@observablehq/tex": {default: "tex"},
  // Framework's `sql` is this module's, over the page's default database, which the page's `sql:`
  // front matter fills: the built-in `sql` (or the front matter's) is the same database here
  "@observablehq/duckdb": {sql: "sql", DuckDBClient: "DuckDBClient"}
};
/** Modules whose imports are the built-ins only when each name imported is one (`registerTable` …: the module is bundled). */
const builtinWhenEach = new Set(["@observablehq/duckdb"]);

/**
 * For an import of a module the page provides as built-ins, each local name → the built-in it
 * stands for; undefined for other modules. From the stdlib, a page built-in that Framework's
 * stdlib lacks (`import {md} from "@observablehq/stdlib"`, which Framework leaves undefined) is
 * the built-in, so the cell's other imports still run; any other missing export is an error.
 */
export function builtinBindings(declaration: ImportDeclaration): Map<string, string> | undefined {
  const specifier = npmSpecifier(String(declaration.source.value));
  if (!Object.hasOwn(builtinModules, specifier)) return undefined;
  const table = builtinModules[specifier];
  const bindings = new Map<string, string>();
  for (const s of declaration.specifiers) {
    const exported =
      s.type === "ImportDefaultSpecifier"
        ? "default"
        : s.type === "ImportNamespaceSpecifier"
          ? "*"
          : s.imported.type === "Identifier"
            ? s.imported.name
            : String(s.imported.value);
    if (table === stdlib && !Object.hasOwn(table, exported) && isBuiltin(exported)) {
      bindings.set(s.local.name, exported);
      continue;
    }
    if (!Object.hasOwn(table, exported)) {
      if (builtinWhenEach.has(specifier)) return undefined;
      const what = exported === "*" ? "a namespace import" : `"${exported}"`;
      const has = Object.keys(table)
        .map((name) => (name === "default" ? "its default export" : name))
        .join(", ");
      const also = table === stdlib ? " and the page's built-ins" : "";
      throw new CellSyntaxError(`${specifier}: queuebook provides ${has}${also}, not ${what}`, s.loc!.start.line, s.loc!.start.column + 1);
    }
    bindings.set(s.local.name, table[exported]);
  }
  return bindings;
}

/** True when a name an import declares is exactly the built-in of that name (so it declares nothing). */
export function isBuiltinBinding(declaration: ImportDeclaration, local: string): boolean {
  return builtinBindings(declaration)?.get(local) === local;
}

/** Finds a program cell's import declarations and their `await import()` replacements. */
export function findImports(program: Program): ImportReference[] {
  return program.body
    .filter((s): s is ImportDeclaration => s.type === "ImportDeclaration")
    .map((declaration) => {
      const specifier = npmSpecifier(String(declaration.source.value));
      const bindings = builtinBindings(declaration);
      if (bindings) {
        // `import {resize} from "observablehq:stdlib"` is the built-in itself; an alias is a const
        const aliased = [...bindings].filter(([local, builtin]) => local !== builtin);
        const replacement = aliased.length ? `const ${aliased.map(([local, builtin]) => `${local} = ${builtin}`).join(", ")};` : "";
        return {
          specifier,
          start: declaration.start,
          end: declaration.end,
          replacement,
          builtin: true,
          uses: [...new Set(aliased.map(([, builtin]) => builtin))]
        };
      }
      const call = `await import(${JSON.stringify(specifier)})`;
      const written = String(declaration.source.value);
      return {
        specifier,
        ...(written !== specifier && {written}),
        start: declaration.start,
        end: declaration.end,
        replacement: rewrite(declaration, call)
      };
    });
}

/**
 * Observable Framework's `npm:` imports as bare specifiers for the locally installed package:
 * `npm:d3@7` → `d3`, `npm:@observablehq/plot@0.6/dist/x.js` → `@observablehq/plot/dist/x.js`,
 * `npm:d3@7/+esm` → `d3`. Other specifiers are returned as written.
 */
export function npmSpecifier(specifier: string): string {
  const match = /^npm:((?:@[^/@]+\/)?[^/@]+)(?:@[^/]*)?(\/.*)?$/.exec(specifier);
  if (!match) return specifier;
  const path = (match[2] ?? "").replace(/\/\+esm$/, "");
  return match[1] + path;
}

function rewrite(declaration: ImportDeclaration, call: string): string {
  const named: string[] = [];
  let namespace: string | undefined;
  for (const s of declaration.specifiers) {
    if (s.type === "ImportNamespaceSpecifier") namespace = s.local.name;
    else if (s.type === "ImportDefaultSpecifier") named.push(`default: ${s.local.name}`);
    else {
      const imported = s.imported.type === "Identifier" ? s.imported.name : JSON.stringify(s.imported.value);
      named.push(imported === s.local.name ? imported : `${imported}: ${s.local.name}`);
    }
  }
  if (namespace && named.length) return `const ${namespace} = ${call}, {${named.join(", ")}} = ${namespace};`;
  if (namespace) return `const ${namespace} = ${call};`;
  if (named.length) return `const {${named.join(", ")}} = ${call};`;
  return `${call};`;
}
