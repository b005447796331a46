// Bundle pass: the transpiled definitions plus every module the cells import, as one classic
// script (IIFE) per notebook. An import that cannot be resolved becomes a module that throws,
// so only the cell that imports it fails.
import {build, type Plugin} from "esbuild";
import {dirname, relative} from "node:path";
import type {CompiledNotebook} from "./compile.js";
import type {EmbeddedFile} from "./data.js";

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
    plugins: [unresolvedImports(compiled, warnings)]
  });
  const inputs = Object.keys(result.metafile.inputs).filter((f) => !f.startsWith("<") && !f.includes(":"));
  return {code: result.outputFiles[0].text, inputs, warnings};
}

/** Turns a cell's import that esbuild cannot resolve into a module that throws when imported. */
function unresolvedImports(compiled: CompiledNotebook, warnings: string[]): Plugin {
  return {
    name: "queuebook-unresolved",
    setup(build) {
      build.onResolve({filter: /.*/}, async (args) => {
        if (args.importer !== "<stdin>" || args.pluginData === "retry") return undefined;
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
