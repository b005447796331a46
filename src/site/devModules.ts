// `queuebook dev` bundles a module a cell edited in the page newly imports:
// `GET /_queuebook/module?page=<notebook>&specifier=<import>` answers one module, bundled by
// esbuild with the build's own confinement (src/notebook/resolve.ts: a regular file inside
// the project, or an installed package; d3, Plot, Inputs and htl read the page's copy) and the
// static files' rule besides: no segment of a file's resolved path starts with "." (no .git,
// no .env, no dot folder of a package), checked before esbuild reads it. The module is an ES
// module whose default export is the module's namespace; a refusal or failure names the
// specifier and a fixed reason, never a file's text (the terminal gets esbuild's). It reads code of the user's
// project beyond the served folder, so it answers only this server's own pages in a browser
// signed in to it: the server's guard (Host, Origin, Sec-Fetch-Site, previewGuard.ts), the
// session cookie and `X-Queuebook-Write: 1` (previewAccess.ts), as a save does. GET only, one
// specifier per request, cached until one of its files changes.
import type {IncomingMessage, ServerResponse} from "node:http";
import {stat} from "node:fs/promises";
import {basename, dirname, join, relative, resolve, sep} from "node:path";
import type {BuildFailure, Plugin} from "esbuild";
import {esbuild} from "../notebook/esbuild.js";
import type {Warning} from "../notebook/compile.js";
import {defaultMaxFileBytes, readInside} from "../notebook/data.js";
import {oneLine, within} from "../notebook/messages.js";
import {imports} from "../notebook/resolve.js";
import {projectRoot} from "../notebook/bundle.js";
import {pageName} from "./previewPath.js";
import {Refused, reply} from "./previewAccess.js";

/** The endpoint's path. */
export const modulePath = "/_queuebook/module";

/** What the endpoint needs from its server. */
export interface DevModuleOptions {
  root: string;
  /** The notebook folder's real path (links resolved). */
  realRoot: string;
  /** Why a request may not use the endpoint (previewAccess.ts's writeRefusal: the cookie and X-Queuebook-Write), run after the guard. */
  access(req: IncomingMessage): string | undefined;
  /** The server's own guard (previewGuard.ts's requestRefusal), run first. */
  guard(req: IncomingMessage): string | undefined;
  maxFileBytes?: number;
  log?: (line: string) => void;
}

/** A bundled module and the files it was made of, with their sizes and times then. */
interface Cached {
  code: string;
  stamps: string;
  inputs: string[];
}

const cache = new Map<string, Cached>();
const cacheLimit = 200;

/** Handles `GET /_queuebook/module`: 200 and the module, or a status with one line of text. */
export async function handleModule(req: IncomingMessage, res: ServerResponse, options: DevModuleOptions): Promise<void> {
  try {
    const code = await bundled(req, options);
    reply(res, 200, "text/javascript", code);
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    reply(res, error.status, "text/plain", `${error.message}\n`);
  }
}

async function bundled(req: IncomingMessage, options: DevModuleOptions): Promise<string> {
  const refusal = options.guard(req) ?? options.access(req);
  if (refusal) throw new Refused(403, `forbidden: ${refusal}`);
  if (req.method !== "GET") throw new Refused(405, "a module is fetched with GET");
  const query = new URL(req.url ?? "/", "http://x").searchParams;
  const pages = query.getAll("page");
  const specifiers = query.getAll("specifier");
  if (pages.length !== 1 || specifiers.length !== 1) throw new Refused(400, "one page and one specifier per request (?page=…&specifier=…)");
  const name = pageName(pages[0]);
  const specifier = specifiers[0];
  if (name === undefined || name === "") throw new Refused(404, "no such notebook");
  if (specifier === "" || specifier.length > 1000 || specifier.includes("\0")) throw new Refused(400, "the specifier is not an import");
  // the notebook must be one this server serves: a regular file inside the folder
  const notebook = join(options.root, `${name}.md`);
  const read = await readInside(notebook, options.root, options.realRoot, options.maxFileBytes ?? defaultMaxFileBytes);
  if (!("bytes" in read)) throw new Refused(404, "no such notebook");
  const key = `${name}\0${specifier}`;
  const hit = cache.get(key);
  if (hit && (await stampsOf(hit.inputs)) === hit.stamps) return hit.code;
  const made = await bundle(notebook, specifier, name, options);
  if (cache.size >= cacheLimit) cache.clear();
  cache.set(key, made);
  options.log?.(`bundled ${JSON.stringify(specifier)} for ${name}.md`);
  return made.code;
}

/** Bundles `specifier` as the notebook's cells import it; refused (403/404) as the build refuses it, 422 when it does not build. */
async function bundle(notebook: string, specifier: string, name: string, options: DevModuleOptions): Promise<Cached> {
  const root = resolve(options.root);
  const project = projectRoot(root);
  const warnings: Warning[] = [];
  const attached: string[] = [];
  // the resolver wants the notebook's analysis only to place warnings at cells: this import has none
  const compiled = {path: basename(notebook), analysed: []};
  let result;
  try {
    result = await esbuild().build({
      stdin: {
        contents: `import * as module from ${JSON.stringify(specifier)};\nexport default module;\n`,
        resolveDir: dirname(notebook),
        sourcefile: basename(notebook),
        loader: "js"
      },
      absWorkingDir: project,
      bundle: true,
      format: "esm",
      platform: "browser",
      target: "es2022",
      minify: true,
      write: false,
      metafile: true,
      logLevel: "silent",
      define: {"process.env.NODE_ENV": '"production"'},
      // (the dot rule first: esbuild asks the plugins' onLoad in order, and a refusal ends the file)
      plugins: [
        noDotSegments(project),
        imports({compiled, entry: resolve(notebook), project, root, warnings, maxFileBytes: options.maxFileBytes, attached})
      ]
    });
  } catch (error) {
    const first = (error as Partial<BuildFailure>).errors?.[0];
    if (!first) throw error;
    throw failure(specifier, first.text, `${name}.md`, project, options);
  }
  // a refusal of the import itself is a warning (the build fails only that cell): here, the request
  if (warnings.length) throw failure(specifier, warnings[0].message, `${name}.md`, project, options);
  const inputs = Object.keys(result.metafile!.inputs)
    .filter((f) => !f.startsWith("<") && !f.includes(":"))
    .map((f) => resolve(project, f))
    .concat(attached);
  return {code: result.outputFiles![0].text, inputs, stamps: await stampsOf(inputs)};
}

/** The files' sizes and modification times, as one string: a cached module is stale once it differs. */
async function stampsOf(files: readonly string[]): Promise<string> {
  const stamps = await Promise.all(
    files.map((f) =>
      stat(f).then(
        (s) => `${s.size}:${s.mtimeMs}`,
        () => "gone"
      )
    )
  );
  return stamps.join("\n");
}

/**
 * Why `specifier` is not served, as the page may read it: the specifier and one fixed reason,
 * never esbuild's text (it quotes the file: a line of .git/config that does not parse). The
 * terminal gets that text, with the project's folder left out.
 */
function failure(specifier: string, text: string, notebook: string, project: string, options: DevModuleOptions): Refused {
  const quoted = JSON.stringify(specifier);
  if (/outside the (project|notebook folder)|an absolute path|a dot segment/.test(text)) {
    return new Refused(
      403,
      `cannot import ${quoted}: it is outside the project or in a dot folder; only the project's modules and installed packages may be imported`
    );
  }
  if (/not a regular file/.test(text)) return new Refused(403, `cannot import ${quoted}: it is not a regular file`);
  if (/^Could not resolve|no such file/.test(text)) return new Refused(404, `cannot import ${quoted}: no such module`);
  options.log?.(`error: cannot import ${quoted} for ${notebook}: ${withoutMachine(text, project)}`);
  return new Refused(422, `cannot import ${quoted}: it does not build (the terminal running queuebook dev says why)`);
}

/** Refuses, before esbuild reads it, a file with a dot segment in its path: inside the project, and inside its package. */
function noDotSegments(project: string): Plugin {
  return {
    name: "queuebook-no-dot-segments",
    setup(build) {
      build.onLoad({filter: /.*/, namespace: "file"}, (args) =>
        dotted(args.path, project) ? {errors: [{text: "a dot segment in the path"}]} : undefined
      );
    }
  };
}

/**
 * True when a segment of `file` (absolute) starts with ".": of its path inside the project up to
 * any node_modules, and of its path inside its package (after the last node_modules). The
 * folders between (a package manager's node_modules/.pnpm store) and above the project are not
 * the project's.
 */
export function dotted(file: string, project: string): boolean {
  const segments = file.split(sep);
  const last = segments.lastIndexOf("node_modules");
  const inPackage = last >= 0 ? segments.slice(last + 1) : [];
  const inProject = within(file, project) ? relative(project, file).split(sep) : [];
  const own = inProject.indexOf("node_modules") >= 0 ? inProject.slice(0, inProject.indexOf("node_modules")) : inProject;
  return [...own, ...inPackage].some((segment) => segment.startsWith("."));
}

/** A message with the project's folder left out (a page never learns this machine's paths). */
function withoutMachine(text: string, project: string): string {
  return oneLine(
    text
      .split(project + sep)
      .join("")
      .split(project)
      .join(".")
  );
}
