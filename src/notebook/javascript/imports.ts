// Imports pass: a cell's static imports, rewritten as `await import(…)` so the cell's body is a
// plain async function and esbuild can inline the imported modules into the notebook's bundle.
import type {ImportDeclaration, Program} from "acorn";

/** One static import of a cell. */
export interface ImportReference {
  /** The specifier as esbuild resolves it (Framework's `npm:name@version` made a bare name). */
  specifier: string;
  start: number;
  end: number;
  /** The replacement statement. */
  replacement: string;
}

/** Finds a program cell's import declarations and their `await import()` replacements. */
export function findImports(program: Program): ImportReference[] {
  return program.body
    .filter((s): s is ImportDeclaration => s.type === "ImportDeclaration")
    .map((declaration) => {
      const specifier = npmSpecifier(String(declaration.source.value));
      const call = `await import(${JSON.stringify(specifier)})`;
      return {specifier, start: declaration.start, end: declaration.end, replacement: rewrite(declaration, call)};
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
