// Imports pass: a cell's static imports, rewritten as `await import(…)` so the cell's body is a
// plain async function and esbuild can inline the imported modules into the notebook's bundle.
import type {ImportDeclaration, Program} from "acorn";

/** One static import of a cell. */
export interface ImportReference {
  /** The specifier as esbuild resolves it (Framework's `npm:` prefix removed). */
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
      const specifier = String(declaration.source.value).replace(/^npm:/, "");
      const call = `await import(${JSON.stringify(specifier)})`;
      return {specifier, start: declaration.start, end: declaration.end, replacement: rewrite(declaration, call)};
    });
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
