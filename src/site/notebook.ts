// One notebook, start to finish: read → compile → embed files → bundle → page. Shared by the
// static build and the dev server, so both produce the same page. A cell that asks for a file
// it may not have, or that esbuild refuses, shows its error; the rest of the page is built.
import {realpath} from "node:fs/promises";
import {relative} from "node:path";
import {compileNotebook, sortWarnings, type CompiledNotebook, type Warning} from "../notebook/compile.js";
import {attachedPaths, defaultMaxFileBytes, fileKey, loadFiles, readInside} from "../notebook/data.js";
import {BuildError, oneLine, within} from "../notebook/messages.js";
import {prepareTypeScript, type CellError} from "../notebook/cell.js";
import {parseNotebook, type ParsedNotebook} from "../notebook/parse.js";
import {bundleNotebook} from "../notebook/bundle.js";
import type {BuildCache} from "../notebook/buildCache.js";
import {startEsbuild} from "../notebook/esbuild.js";
import {needsNoBundler} from "../notebook/plainScript.js";
import {chunksWithLibraries} from "../notebook/globals.js";
import {localeWarnings} from "./localeWarnings.js";
import {renderPage, urlPath} from "./page.js";
import type {SiteChrome} from "./configPage.js";

/** A notebook made into a page and its script. */
export interface BuiltNotebook {
  compiled: CompiledNotebook;
  html: string;
  script: string;
  /** Every file the page was made from (notebook, attached files, imported modules). */
  inputs: string[];
  warnings: Warning[];
}

/** How a notebook is built: dev-server hooks and the file size limit. */
export interface NotebookOptions {
  /** Where the page finds the shared assets, when not relative to it: the dev server's "/_queuebook/". */
  assets?: string;
  events?: string;
  scriptQuery?: string;
  /** Largest attached file, in bytes (default 50 MB). */
  maxFileBytes?: number;
  /** The folder a message names files from (the command's working folder; default: the process's). */
  cwd?: string;
  /** Dev server only: its save endpoint's path, named in the page (src/site/save.ts). */
  save?: string;
  /** The site's config and pages (src/site/configPage.ts), for the sidebar, theme, header and footer. */
  site?: SiteChrome;
  /** The page as the build already read and parsed it (src/site/configSite.ts, pageHead): compilePage neither reads nor parses it again. */
  source?: ReadPage;
  /** What a site build's pages read alike (src/notebook/buildCache.ts): read once, not once per page. */
  cache?: BuildCache;
}

/** Page links for a notebook at `name` (relative path without .md) in the site, URL-encoded. */
export function pageLinks(name: string, options: {events?: string} = {}) {
  const up = "../".repeat(name.split("/").length - 1);
  return {assets: `${up}_queuebook/`, script: urlPath(`${name.replace(/^.*\//, "")}.js`), home: `${up}index.html`, ...options};
}

/** A notebook read and compiled, its files loaded: what the page's bundle is made from. */
export interface CompiledPage {
  file: string;
  root: string;
  text: string;
  compiled: CompiledNotebook;
  loaded: Awaited<ReturnType<typeof loadFiles>>;
  /** Cells failed by a file they may not attach, by id. */
  fileErrors: Map<string, CellError>;
  warnings: Warning[];
}

/** Builds the notebook at `file` (absolute); `root` is the notebooks folder. */
export async function buildNotebook(file: string, root: string, options: NotebookOptions = {}): Promise<BuiltNotebook> {
  return finishNotebook(await compilePage(file, root, options), options);
}

/** A page as read and parsed once (the build reads every page's head first: src/site/configSite.ts). */
export interface ReadPage {
  text: string;
  parsed: ParsedNotebook;
}

/**
 * The notebook's text. It too is read only as a regular file inside the root (a link named x.md
 * that points at /etc/passwd would publish it as prose), within the size limit.
 */
async function readPage(file: string, root: string, options: NotebookOptions): Promise<string> {
  const read = await readInside(file, root, await realpath(root).catch(() => root), options.maxFileBytes ?? defaultMaxFileBytes);
  if (!("bytes" in read)) {
    const reason = read.missing ? "no such file or directory" : `it ${read.is}`;
    throw new BuildError(oneLine(`cannot read ${relative(options.cwd ?? process.cwd(), file) || file}: ${reason}`));
  }
  return read.bytes.toString("utf8");
}

/**
 * The first half of buildNotebook: reads the notebook at `file`, compiles it and loads the
 * files its cells attach. The static build compiles every page first, so it can write the
 * course page from their front matter while esbuild bundles them (finishNotebook).
 */
export async function compilePage(file: string, root: string, options: NotebookOptions = {}): Promise<CompiledPage> {
  const path = relative(root, file);
  const text = options.source?.text ?? (await readPage(file, root, options));
  // The parser finds the TypeScript cells; their types are stripped in one parallel pass
  // before the (synchronous) analysis instead of one wait per cell.
  const parsed = options.source?.parsed ?? parseNotebook(text, path);
  const typescript = parsed.cells.filter((cell) => cell.lang === "ts").map((cell) => cell.source);
  if (typescript.length) await prepareTypeScript(typescript);
  const compiled = compileNotebook(text, path, parsed);
  // a notebook that imports needs esbuild: its service starts on the other core while the files are read
  if (!needsNoBundler(compiled)) startEsbuild();
  // (a site build's files are written once into the site, src/site/sharedFiles.ts; the page names them)
  const loaded = await loadFiles(compiled, file, {root, maxBytes: options.maxFileBytes, shared: options.cache?.sharedFiles});
  // A file that may not be attached fails the cells that ask for it, at the call.
  const fileErrors = new Map<string, CellError>();
  const warnings = [...compiled.warnings];
  for (const cell of compiled.analysed) {
    for (const ref of cell.files) {
      const problem = loaded.problems.get(fileKey(ref.name));
      if (!problem) continue;
      warnings.push({path, line: ref.line, column: ref.column, message: problem});
      if (!fileErrors.has(cell.id) && !cell.error && !compiled.cellErrors.has(cell.id))
        fileErrors.set(cell.id, {name: "Error", message: problem, line: ref.line, column: ref.column});
    }
  }
  return {file, root, text, compiled, loaded, fileErrors, warnings};
}

/** The second half of buildNotebook: bundles the compiled notebook and makes its page. */
export async function finishNotebook(page: CompiledPage, options: NotebookOptions = {}): Promise<BuiltNotebook> {
  const {file, root, text, loaded} = page;
  const path = page.compiled.path;
  const warnings = [...page.warnings];
  const bundle = await bundleNotebook(page.compiled, file, loaded.files, {
    root,
    cellErrors: page.fileErrors,
    maxFileBytes: options.maxFileBytes,
    cache: options.cache
  });
  // A project module importing Plot or d3 reads the page's chunk too: the page must load it.
  const chunks = chunksWithLibraries(page.compiled.chunks, bundle.libraries);
  const compiled = chunks.join() !== page.compiled.chunks.join() ? {...page.compiled, chunks} : page.compiled;
  const name = path.replace(/\.md$/, "");
  const links = {...pageLinks(name, {events: options.events}), save: options.save, site: options.site};
  if (options.assets !== undefined) links.assets = options.assets;
  if (options.scriptQuery) links.script += options.scriptQuery;
  const html = renderPage(compiled, links);
  warnings.push(...bundle.warnings);
  // A key the page's views read that a locale table it imports lacks (src/site/localeWarnings.ts).
  warnings.push(...(await localeWarnings(path, text, bundle.inputs, root)));
  sortWarnings(warnings);
  const watched = attachedPaths(compiled, file).filter((f) => within(f, root));
  const inputs = [...new Set([file, ...loaded.paths, ...watched, ...bundle.inputs])];
  return {compiled, html, script: bundle.code, inputs, warnings};
}
