// Bundle pass: the transpiled definitions plus every module the cells import, as one classic
// script (IIFE) per notebook. An import that cannot be resolved becomes a module that throws,
// so only the cell that imports it fails.
import {build, type Plugin} from "esbuild";
import {createHash} from "node:crypto";
import {readFileSync} from "node:fs";
import {dirname, relative, resolve} from "node:path";
import type {CompiledNotebook} from "./compile.js";
import {BuildError, type EmbeddedFile} from "./data.js";
import {sharedPackages} from "./globals.js";

/** The notebook's script and the files that went into it (for watching). */
export interface Bundle {
  code: string;
  inputs: string[];
  warnings: string[];
}

/** Bundles a compiled notebook whose Markdown is at `notebookFile` (absolute). */
export async function bundleNotebook(compiled: CompiledNotebook, notebookFile: string, files: Record<string, EmbeddedFile>, options: {minify?: boolean} = {}): Promise<Bundle> {
  const warnings: string[] = [];
  const result = await build({
    stdin: {
      contents: `const __files = ${JSON.stringify(files)};\n${compiled.definitions}`,
      resolveDir: dirname(notebookFile),
      sourcefile: compiled.path,
      loader: "js"
    },
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "es2022",
    minify: options.minify ?? true,
    write: false,
    metafile: true,
    logLevel: "silent",
    define: {"process.env.NODE_ENV": '"production"'},
    plugins: [sharedLibraries(resolve(notebookFile)), unresolvedImports(compiled, resolve(notebookFile), warnings)]
  }).catch((error: {errors?: {text: string; location?: {file: string; line: number; column: number} | null}[]}) => {
    // A broken module (not a cell) stops this notebook: one line naming the module's position.
    const first = error.errors?.[0];
    if (!first) throw error;
    const where = first.location ? `${first.location.file}:${first.location.line}:${first.location.column + 1}: ` : "";
    throw new BuildError(`${compiled.path}: cannot bundle its imports: ${where}${first.text}`);
  });
  const inputs = Object.keys(result.metafile.inputs)
    .filter((f) => !f.startsWith("<") && !f.includes(":"))
    .map((f) => resolve(f))
    .filter((f) => f !== resolve(notebookFile)); // the entry itself (stdin, named after the notebook)
  return {code: stampModuleCells(result.outputFiles[0].text, compiled, inputs), inputs, warnings};
}

/**
 * Cells that import modules get their hash extended by a hash of the imported files' contents,
 * so a live update re-runs them when a module changes even though their own text did not.
 */
function stampModuleCells(code: string, compiled: CompiledNotebook, inputs: string[]): string {
  const importing = compiled.analysed.filter((c) => c.imports.length > 0 || /\bimport\s*\(/.test(c.js));
  if (importing.length === 0 || inputs.length === 0) return code;
  const digest = createHash("sha256");
  for (const file of inputs.filter((f) => !f.includes("/node_modules/")).sort()) digest.update(file).update(readFileSync(file));
  const stamp = digest.digest("hex").slice(0, 8);
  const hashes = new Set(importing.map((c) => /hash: "([0-9a-f]+)"/.exec(compiled.definitions.split("\n").find((line) => line.startsWith(`{id: ${JSON.stringify(c.id)},`)) ?? "")?.[1]).filter(Boolean));
  return code.replace(/"([0-9a-f]{12})"/g, (m, h) => (hashes.has(h) ? `"${h}-${stamp}"` : m));
}

/** A cell's import of d3, Plot, Inputs or htl reads the page's shared copy (queuebook.library). */
function sharedLibraries(entry: string): Plugin {
  const names = Object.keys(sharedPackages).map((n) => n.replace(/[/.]/g, "\\$&"));
  return {
    name: "queuebook-shared",
    setup(build) {
      build.onResolve({filter: new RegExp(`^(${names.join("|")})$`)}, (args) =>
        args.importer === entry || args.importer === "<stdin>" ? {path: args.path, namespace: "queuebook-shared"} : undefined
      );
      build.onLoad({filter: /.*/, namespace: "queuebook-shared"}, (args) => ({
        contents: `module.exports = queuebook.library(${JSON.stringify(sharedPackages[args.path])});`,
        loader: "js"
      }));
    }
  };
}

/** Turns a cell's import that esbuild cannot resolve into a module that throws when imported. */
function unresolvedImports(compiled: CompiledNotebook, entry: string, warnings: string[]): Plugin {
  return {
    name: "queuebook-unresolved",
    setup(build) {
      build.onResolve({filter: /.*/}, async (args) => {
        // esbuild names the entry (stdin) after its sourcefile, resolved: the notebook's path
        if ((args.importer !== entry && args.importer !== "<stdin>") || args.pluginData === "retry") return undefined;
        const result = await build.resolve(args.path, {kind: args.kind, resolveDir: args.resolveDir, pluginData: "retry"});
        if (result.errors.length === 0) return result;
        const cell = compiled.analysed.find((c) => c.imports.some((i) => i.specifier === args.path));
        const where = cell ? `${compiled.path}:${cell.line}:${cell.column}` : compiled.path;
        const message = `Could not resolve "${args.path}" (imported at ${where}, from ${relative(process.cwd(), args.resolveDir) || "."})`;
        warnings.push(`${where}: ${message}`);
        return {path: args.path, namespace: "queuebook-unresolved", pluginData: message};
      });
      build.onLoad({filter: /.*/, namespace: "queuebook-unresolved"}, (args) => ({
        contents: `throw new Error(${JSON.stringify(args.pluginData)});`,
        loader: "js"
      }));
    }
  };
}
