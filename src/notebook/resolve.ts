// How the cells' imports are resolved for the bundle: d3, Plot, Inputs and htl read the page's
// shared copy; every other import must reach a regular file inside the project (the nearest
// folder at or above the notebook root with a package.json) or an installed package, named
// with the case it has on disk. A refused import never reads the file it names.
import type {Plugin} from "esbuild";
import {readdirSync, statSync} from "node:fs";
import {basename, dirname, isAbsolute, join, sep} from "node:path";
import type {CompiledNotebook, Warning} from "./compile.js";
import {rootRelative} from "./data.js";
import {quote, shown, within} from "./messages.js";
import {sharedPackages} from "./globals.js";
import type {Embeds} from "./embed.js";
import type {BuildCache} from "./buildCache.js";
import {moduleStdlib, standIn} from "./moduleStdlib.js";
import {installedVersion, parseNpmSpecifier, versionMismatch} from "./npmVersion.js";

/**
 * Framework's own modules imported from a project module, by the stand-in that serves them
 * (cells read these as built-ins instead, see javascript/imports.ts).
 */
const moduleBuiltins: Record<string, "stdlib" | "tex"> = {
  "observablehq:stdlib": "stdlib",
  "@observablehq/stdlib": "stdlib",
  "@observablehq/tex": "tex"
};

/** What a cell's import of `bare` was written as, when it was Framework's `npm:` form. */
function writtenNpm(compiled: Pick<CompiledNotebook, "analysed">, bare: string): ReturnType<typeof parseNpmSpecifier> {
  for (const cell of compiled.analysed) {
    for (const i of cell.imports) if (i.specifier === bare && i.written) return parseNpmSpecifier(i.written);
  }
  return undefined;
}

/** True for a regular file (a pipe or a device would make esbuild wait or read forever). */
function regularFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return true; // missing: esbuild says so itself
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
export function imports({
  compiled,
  entry,
  project,
  root,
  warnings,
  maxFileBytes,
  attached = [],
  embeds,
  cache
}: {
  /** Only its path and its cells' analyses: where a warning is placed, and which cell imports what. */
  compiled: Pick<CompiledNotebook, "path" | "analysed">;
  entry: string;
  project: string;
  root: string;
  warnings: Warning[];
  maxFileBytes?: number;
  attached?: string[];
  /** When given, the files a module attaches are left out of esbuild and linked in after it (embed.ts). */
  embeds?: Embeds;
  /** A site build's: what project modules attach is read once for its pages, and written once into the site (buildCache.ts). */
  cache?: BuildCache;
}): Plugin {
  const mismatched = new Set<string>();
  const shared = new RegExp(
    `^(${Object.keys(sharedPackages)
      .map((n) => n.replace(/[/.]/g, "\\$&"))
      .join("|")})$`
  );
  const listings = new Map<string, string[] | undefined>();
  const listing = (dir: string) => {
    if (!listings.has(dir))
      listings.set(
        dir,
        (() => {
          try {
            return readdirSync(dir);
          } catch {
            return undefined;
          }
        })()
      );
    return listings.get(dir);
  };
  return {
    name: "queuebook-imports",
    setup(build) {
      build.onResolve({filter: /.*/}, async (args) => {
        if (args.pluginData === "retry" || args.kind === "entry-point" || args.namespace !== "file") return undefined;
        const fromCell = args.importer === entry || args.importer === "<stdin>";
        const inPackage = args.importer.includes(`${sep}node_modules${sep}`);
        // Framework's npm: specifiers, from a cell (rewritten to a bare name by the imports
        // pass, which keeps what was written) or from a module or an import() call (as written).
        const npm = parseNpmSpecifier(args.path) ?? (fromCell ? writtenNpm(compiled, args.path) : undefined);
        const spec = npm ? npm.name + npm.path : args.path;
        if (!inPackage && Object.hasOwn(moduleBuiltins, spec)) {
          return fromCell
            ? undefined
            : {path: moduleBuiltins[spec] === "stdlib" ? args.importer : spec, namespace: `queuebook-${moduleBuiltins[spec]}`};
        }
        const checkVersion = (resolved: string) => {
          if (!npm?.range) return;
          const version = installedVersion(npm.name, resolved);
          const problem = version && versionMismatch(npm.range, version);
          const key = `${npm.name}@${npm.range}`;
          if (!problem || mismatched.has(key)) return;
          mismatched.add(key);
          const cell = fromCell
            ? compiled.analysed.find((c) => c.imports.some((i) => i.specifier === args.path) || c.js.includes(args.path))
            : undefined;
          const from = fromCell ? "" : ` (in ${shown(root, args.importer)})`;
          warnings.push({
            path: compiled.path,
            line: cell?.line ?? 0,
            column: cell?.column ?? 0,
            message: `npm:${key}${from}: ${problem}; this page uses the installed copy (one copy serves every page)`
          });
        };
        if (shared.test(spec) && !inPackage) {
          if (npm?.range) {
            const found = await build.resolve(spec, {
              kind: args.kind,
              resolveDir: args.resolveDir,
              importer: args.importer,
              pluginData: "retry"
            });
            if (!found.errors.length) checkVersion(found.path);
          }
          return {path: spec, namespace: "queuebook-shared"};
        }
        // Inside a package esbuild resolves alone, so the package's "browser" field holds whole
        // (a file it maps to false is left out; a plugin's resolve would lose that); what is
        // read is still confined by the onLoad guard below.
        if (inPackage) return undefined;
        const fail = (reason: string) => {
          if (!fromCell) return {errors: [{text: reason}]};
          const cell =
            compiled.analysed.find((c) => c.imports.some((i) => i.specifier === args.path)) ??
            compiled.analysed.find((c) => !c.error && c.js.includes(args.path));
          const where = cell ? {line: cell.line, column: cell.column} : {line: 0, column: 0};
          warnings.push({path: compiled.path, ...where, message: reason});
          return {path: args.path, namespace: "queuebook-unresolved", pluginData: reason};
        };
        let path = spec;
        if (rootRelative(path) && !inPackage) {
          // As in Framework, a leading "/" is the notebook root (the source root), not the disk's.
          path = join(root, `.${path}`);
          if (!within(path, root)) return fail(`cannot import ${quote(args.path)}: it is outside the notebook folder`);
        } else if (isAbsolute(path))
          return fail(`cannot import ${quote(args.path)}: an absolute path; import the project's modules by a relative path`);
        const result = await build.resolve(path, {
          kind: args.kind,
          resolveDir: args.resolveDir,
          importer: args.importer,
          pluginData: "retry"
        });
        if (result.errors.length)
          return fail(
            `Could not resolve ${quote(args.path)} (from ${shown(project, args.resolveDir)}${path !== args.path ? '; a leading "/" is the notebook folder' : ""})`
          );
        // A package's `"browser": {"http": false}` leaves a module out: esbuild resolves it to a
        // bare path and no namespace, which a plugin may not return; it becomes an empty module.
        if (!result.external && (result.namespace === "" || result.namespace === "file") && !isAbsolute(result.path))
          return {path: result.path, namespace: "queuebook-empty"};
        if (result.external || result.namespace !== "file") return result;
        checkVersion(result.path);
        // Packages may live above the project (a workspace's hoisted node_modules): a bare
        // specifier, or any import inside a package, may resolve into a node_modules folder.
        const bare = !/^\.{0,2}\//.test(args.path);
        const packaged = (bare || inPackage) && result.path.includes(`${sep}node_modules${sep}`);
        if (!packaged && !within(result.path, project))
          return fail(
            `cannot import ${quote(args.path)}: it is outside the project; only the project's modules and packages may be bundled`
          );
        if (!regularFile(result.path)) return fail(`cannot import ${quote(args.path)}: it is not a regular file`);
        const names = listing(dirname(result.path));
        const name = basename(result.path);
        if (names && !names.includes(name)) {
          const near = names.find((n) => n.toLowerCase() === name.toLowerCase());
          return fail(
            near
              ? `cannot import ${quote(args.path)}: no such file; did you mean ${quote(near)}? (the letter case differs)`
              : `Could not resolve ${quote(args.path)}`
          );
        }
        return result;
      });
      // A last guard for paths resolved without asking (esbuild expands `import(\`./${x}\`)` to
      // every matching file itself): nothing outside the project and its packages is read.
      build.onLoad({filter: /.*/, namespace: "file"}, (args) => {
        if (!regularFile(args.path))
          return {errors: [{text: `cannot import ${quote(shown(project, args.path))}: it is not a regular file`}]};
        if (within(args.path, project) || args.path.includes(`${sep}node_modules${sep}`)) return undefined;
        return {
          errors: [
            {
              text: `cannot import ${quote(shown(project, args.path))}: it is outside the project; only the project's modules and packages may be bundled`
            }
          ]
        };
      });
      build.onLoad({filter: /.*/, namespace: "queuebook-shared"}, (args) => ({
        contents: `module.exports = queuebook.library(${JSON.stringify(sharedPackages[args.path])});`,
        loader: "js"
      }));
      build.onLoad({filter: /.*/, namespace: "queuebook-empty"}, () => ({contents: "module.exports = {};", loader: "js"}));
      build.onLoad({filter: /.*/, namespace: "queuebook-tex"}, () => ({
        contents: 'export default queuebook.library("tex");',
        loader: "js"
      }));
      build.onLoad({filter: /.*/, namespace: "queuebook-stdlib"}, async (args) => {
        const key = `${args.path}\0${root}\0${maxFileBytes}`;
        let read = cache?.moduleFiles.get(key);
        if (!read) {
          read = moduleStdlib(args.path, root, maxFileBytes, cache?.sharedFiles);
          cache?.moduleFiles.set(key, read);
        }
        const stdlib = await read;
        attached.push(...stdlib.paths);
        for (const problem of stdlib.problems) warnings.push({path: compiled.path, line: 0, column: 0, message: problem});
        return {contents: standIn(stdlib, embeds && ((expression) => embeds.placeholder(expression))), loader: "js"};
      });
      build.onLoad({filter: /.*/, namespace: "queuebook-unresolved"}, (args) => ({
        contents: `throw new Error(${JSON.stringify(args.pluginData)});`,
        loader: "js"
      }));
    }
  };
}
