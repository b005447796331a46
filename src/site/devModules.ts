// `queuebook dev` bundles a module a cell edited in the page newly imports:
// `GET /_queuebook/module?page=<notebook>&specifier=<import>` answers one module, bundled by
// esbuild with the build's own confinement (src/notebook/resolve.ts: a regular file inside
// the project, or an installed package; d3, Plot, Inputs and htl read the page's copy), as an
// ES module whose default export is the module's namespace. It reads code of the user's
// project beyond the served folder, so it answers only this server's own pages in a browser
// signed in to it: the server's guard (Host, Origin, Sec-Fetch-Site, previewGuard.ts), the
// session cookie and `X-Queuebook-Write: 1` (previewAccess.ts), as a save does. GET only, one
// specifier per request, cached until one of its files changes.
import type {IncomingMessage, ServerResponse} from "node:http";
import {stat} from "node:fs/promises";
import {basename, dirname, join, resolve, sep} from "node:path";
import {build, type BuildFailure} from "esbuild";
import type {CompiledNotebook, Warning} from "../notebook/compile.js";
import {defaultMaxFileBytes, readInside} from "../notebook/data.js";
import {oneLine} from "../notebook/messages.js";
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
  const made = await bundle(notebook, specifier, options);
  if (cache.size >= cacheLimit) cache.clear();
  cache.set(key, made);
  options.log?.(`bundled ${JSON.stringify(specifier)} for ${name}.md`);
  return made.code;
}

/** Bundles `specifier` as the notebook's cells import it; refused (403/404) as the build refuses it. */
async function bundle(notebook: string, specifier: string, options: DevModuleOptions): Promise<Cached> {
  const root = resolve(options.root);
  const project = projectRoot(root);
  const warnings: Warning[] = [];
  const attached: string[] = [];
  // the resolver wants the notebook's analysis only to place warnings at cells: this import has none
  const compiled = {path: basename(notebook), analysed: []} as unknown as CompiledNotebook;
  let result;
  try {
    result = await build({
      stdin: {contents: `import * as module from ${JSON.stringify(specifier)};\nexport default module;\n`, resolveDir: dirname(notebook), sourcefile: basename(notebook), loader: "js"},
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
      plugins: [imports({compiled, entry: resolve(notebook), project, root, warnings, maxFileBytes: options.maxFileBytes, attached})]
    });
  } catch (error) {
    const first = (error as Partial<BuildFailure>).errors?.[0];
    if (!first) throw error;
    const refused = /outside the project|not a regular file/.test(first.text);
    throw new Refused(refused ? 403 : 404, `cannot import ${JSON.stringify(specifier)}: ${withoutMachine(first.text, project)}`);
  }
  // a refusal of the import itself is a warning (the build fails only that cell): here, the request
  if (warnings.length) {
    const message = warnings[0].message;
    throw new Refused(/outside the (project|notebook folder)|an absolute path|not a regular file/.test(message) ? 403 : 404, withoutMachine(message, project));
  }
  const inputs = Object.keys(result.metafile!.inputs)
    .filter((f) => !f.startsWith("<") && !f.includes(":"))
    .map((f) => resolve(project, f))
    .concat(attached);
  return {code: result.outputFiles![0].text, inputs, stamps: await stampsOf(inputs)};
}

/** The files' sizes and modification times, as one string: a cached module is stale once it differs. */
async function stampsOf(files: readonly string[]): Promise<string> {
  const stamps = await Promise.all(files.map((f) => stat(f).then((s) => `${s.size}:${s.mtimeMs}`, () => "gone")));
  return stamps.join("\n");
}

/** A message with the project's folder left out (a page never learns this machine's paths). */
function withoutMachine(text: string, project: string): string {
  return oneLine(text.split(project + sep).join("").split(project).join("."));
}
