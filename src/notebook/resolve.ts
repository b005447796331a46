// How the cells' imports are resolved for the bundle: d3, Plot, Inputs and htl read the page's
// shared copy; every other import must reach a regular file inside the project (the nearest
// folder at or above the notebook root with a package.json) or an installed package, named
// with the case it has on disk. A refused import never reads the file it names.
import type {Plugin} from "esbuild";
import {existsSync, readdirSync, statSync} from "node:fs";
import {basename, dirname, isAbsolute, join, sep} from "node:path";
import type {CompiledNotebook, Warning} from "./compile.js";
import {quote, shown, within} from "./data.js";
import {sharedPackages} from "./globals.js";

/** True for a regular file (a pipe or a device would make esbuild wait or read forever). */
function regularFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return true; // missing: esbuild says so itself
  }
}

/** The project a notebook root belongs to: the nearest folder at or above it with a package.json. */
export function projectRoot(root: string): string {
  for (let dir = root; ; dir = dirname(dir)) {
    if (existsSync(join(dir, "package.json"))) return dir;
    if (dirname(dir) === dir) return root;
  }
}

/**
 * Resolves the cells' imports: d3, Plot, Inputs and htl read the page's shared copy (from a
 * cell or a project module); everything else must resolve to a file inside the project or to
 * an installed package (under node_modules, by a bare name), with its name's case as on disk.
 * A cell's import that fails becomes a module that throws (only that cell fails) and a
 * warning; a module's import that fails is an esbuild error, which bundleNotebook traces back
 * to the cells importing that module.
 */
export function imports({compiled, entry, project, warnings}: {compiled: CompiledNotebook; entry: string; project: string; warnings: Warning[]}): Plugin {
  const shared = new RegExp(`^(${Object.keys(sharedPackages).map((n) => n.replace(/[/.]/g, "\\$&")).join("|")})$`);
  const listings = new Map<string, string[] | undefined>();
  const listing = (dir: string) => {
    if (!listings.has(dir)) listings.set(dir, (() => { try { return readdirSync(dir); } catch { return undefined; } })());
    return listings.get(dir);
  };
  return {
    name: "queuebook-imports",
    setup(build) {
      build.onResolve({filter: /.*/}, async (args) => {
        if (args.pluginData === "retry" || args.kind === "entry-point" || args.namespace !== "file") return undefined;
        const fromCell = args.importer === entry || args.importer === "<stdin>";
        const inPackage = args.importer.includes(`${sep}node_modules${sep}`);
        if (shared.test(args.path) && !inPackage) return {path: args.path, namespace: "queuebook-shared"};
        const fail = (reason: string) => {
          if (!fromCell) return {errors: [{text: reason}]};
          const cell = compiled.analysed.find((c) => c.imports.some((i) => i.specifier === args.path)) ?? compiled.analysed.find((c) => !c.error && c.js.includes(args.path));
          const where = cell ? {line: cell.line, column: cell.column} : {line: 0, column: 0};
          warnings.push({path: compiled.path, ...where, message: reason});
          return {path: args.path, namespace: "queuebook-unresolved", pluginData: reason};
        };
        if (isAbsolute(args.path)) return fail(`cannot import ${quote(args.path)}: an absolute path; import the project's modules by a relative path`);
        const result = await build.resolve(args.path, {kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: "retry"});
        if (result.errors.length) return fail(`Could not resolve ${quote(args.path)} (from ${shown(project, args.resolveDir)})`);
        if (result.external || result.namespace !== "file") return result;
        // Packages may live above the project (a workspace's hoisted node_modules): a bare
        // specifier, or any import inside a package, may resolve into a node_modules folder.
        const bare = !/^\.{0,2}\//.test(args.path);
        const packaged = (bare || inPackage) && result.path.includes(`${sep}node_modules${sep}`);
        if (!packaged && !within(result.path, project)) return fail(`cannot import ${quote(args.path)}: it is outside the project; only the project's modules and packages may be bundled`);
        if (!regularFile(result.path)) return fail(`cannot import ${quote(args.path)}: it is not a regular file`);
        const names = listing(dirname(result.path));
        const name = basename(result.path);
        if (names && !names.includes(name)) {
          const near = names.find((n) => n.toLowerCase() === name.toLowerCase());
          return fail(near ? `cannot import ${quote(args.path)}: no such file; did you mean ${quote(near)}? (the letter case differs)` : `Could not resolve ${quote(args.path)}`);
        }
        return result;
      });
      // A last guard for paths resolved without asking (esbuild expands `import(\`./${x}\`)` to
      // every matching file itself): nothing outside the project and its packages is read.
      build.onLoad({filter: /.*/, namespace: "file"}, (args) => {
        if (!regularFile(args.path)) return {errors: [{text: `cannot import ${quote(shown(project, args.path))}: it is not a regular file`}]};
        if (within(args.path, project) || args.path.includes(`${sep}node_modules${sep}`)) return undefined;
        return {errors: [{text: `cannot import ${quote(shown(project, args.path))}: it is outside the project; only the project's modules and packages may be bundled`}]};
      });
      build.onLoad({filter: /.*/, namespace: "queuebook-shared"}, (args) => ({
        contents: `module.exports = queuebook.library(${JSON.stringify(sharedPackages[args.path])});`,
        loader: "js"
      }));
      build.onLoad({filter: /.*/, namespace: "queuebook-unresolved"}, (args) => ({
        contents: `throw new Error(${JSON.stringify(args.pluginData)});`,
        loader: "js"
      }));
    }
  };
}
