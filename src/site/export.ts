// One notebook as one self-contained HTML file: the client, the chunks the page uses, the
// styles (KaTeX's fonts inlined as data: URLs), the notebook's bundle with its data, and its
// images, all inline. It opens from file:// with no network and stays live; it loads nothing
// from anywhere. Optionally it opens at a given hash state and language, hides all code, and
// carries a no-script snapshot of every cell's output (src/site/snapshot.ts).
import {mkdtemp, readFile, rm, writeFile} from "node:fs/promises";
import {tmpdir} from "node:os";
import {dirname, extname, join, resolve} from "node:path";
import {pathToFileURL} from "node:url";
import {buildClient} from "../../build/client.js";
import {BuildError} from "../notebook/data.js";
import {escapeHtml} from "../notebook/parse.js";
import {buildNotebook} from "./notebook.js";
import {renderPage} from "./page.js";
import {scriptElement, styleElement} from "./exportInline.js";
import {applySnapshot, chromiumPath, NoChromium, printPdf, snapshotPage, withChromium} from "./snapshot.js";
import {writeAtomic} from "../io/write.js";
import type {Warning} from "../notebook/compile.js";

/** Bad export options (a language the notebook does not declare, a malformed state). */
export class ExportOptionError extends Error {}

/** What to export and how. */
export interface ExportOptions {
  /** The notebook (absolute path). */
  file: string;
  /** The notebooks folder the notebook's path is shown relative to (default: its folder). */
  root?: string;
  packageRoot: string;
  /** The URL hash the page opens at when it has none of these parts (`run=…`, `/3`). */
  state?: string;
  /** The language the page opens in (one the notebook declares). */
  lang?: string;
  /** Hide all code, even where a fence says echo. */
  noCode?: boolean;
  /** The Chromium that renders the snapshot and prints (default: chromiumPath()). */
  chromium?: string;
  /** Write the no-script snapshot into the page (default true). */
  snapshot?: boolean;
  /** Also print the rendered page to this PDF file. */
  pdf?: string;
}

/** The exported page, and what happened to the snapshot. */
export interface ExportResult {
  html: string;
  title: string;
  warnings: Warning[];
  /** Why the no-script snapshot was skipped, or undefined when it is in the page. */
  snapshotSkipped?: string;
}

const MARK = "qb-export-asset:";
/** Said to a reader whose browser runs no scripts, above the snapshot. */
const NOSCRIPT = '<noscript><p class="qb-noscript">A snapshot of this notebook as it was rendered: open it in a browser with JavaScript on and every control is live.</p></noscript>\n';
const IMAGE_TYPES: Record<string, string> = {".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".gif": "image/gif", ".svg": "image/svg+xml", ".webp": "image/webp", ".avif": "image/avif"};
const STATE = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/?%]*$/;

/** Checks --state and returns it without a leading #. */
export function checkState(state: string): string {
  const value = state.replace(/^#/, "");
  if (value.length > 25_000) throw new ExportOptionError(`--state is ${value.length} characters long; at most 25000`);
  if (!STATE.test(value)) throw new ExportOptionError(`--state must be a URL hash (letters, digits and -._~!$&'()*+,;=:@/?%), got "${value.slice(0, 40)}${value.length > 40 ? "…" : ""}"`);
  return value;
}

/** The page without a snapshot: every asset inline. */
export async function exportPage(options: ExportOptions): Promise<{html: string; title: string; warnings: Warning[]}> {
  const file = resolve(options.file);
  const root = resolve(options.root ?? dirname(file));
  const state = options.state === undefined ? undefined : checkState(options.state);
  const assets = buildClient(options.packageRoot);
  assets.catch(() => {});
  const built = await buildNotebook(file, root);
  const {compiled} = built;
  if (options.lang !== undefined && !compiled.languages.includes(options.lang)) {
    throw new ExportOptionError(
      compiled.languages.length ? `--lang ${options.lang}: the notebook declares ${compiled.languages.join(", ")}` : `--lang ${options.lang}: the notebook declares no languages`
    );
  }
  const dir = await assets;
  const warnings = [...built.warnings];
  let html = renderPage({...compiled, languages: options.lang ? [options.lang] : compiled.languages}, {assets: MARK, script: `${MARK}notebook`, home: ""});
  // Images first, while the page holds only prose (the inlined scripts may contain "<img").
  if (options.noCode) html = html.replace(/<pre class="qb-echo">[\s\S]*?<\/pre>\n?/g, "");
  html = await inlineImages(html, dirname(file), (message) => warnings.push({path: compiled.path, line: 0, column: 0, message}));
  const asset = (name: string) => readFile(join(dir, name), "utf8");
  const pieces = new Map<string, string>();
  for (const [, name] of html.matchAll(/<(?:link rel="stylesheet" href|script src)="qb-export-asset:([^"]+)"/g)) {
    if (!pieces.has(name)) pieces.set(name, name === "notebook" ? built.script : await asset(name));
  }
  html = html.replace(/<link rel="stylesheet" href="qb-export-asset:([^"]+)">/g, (_, name: string) => styleElement(pieces.get(name)!));
  html = html.replace(/<script src="qb-export-asset:([^"]+)"><\/script>/g, (_, name: string) => scriptElement(pieces.get(name)!));
  // A single file has no index to go home to.
  html = html.replace(/<a href="">([^<]*)<\/a>/, '<span class="qb-home">$1</span>');
  const head: string[] = ['<meta name="queuebook-export" content="1">'];
  if (options.lang) head.push(`<meta name="queuebook-lang" content="${escapeHtml(options.lang)}">`);
  if (state) head.push(scriptElement(`(${openAt})(${JSON.stringify(state)})`));
  html = html.replace(/<head>\n/, `<head>\n${head.join("\n")}\n`);
  return {html, title: compiled.title, warnings};
}

/**
 * Runs in the page before anything else, with the state as its argument: adds the state's hash
 * parts the URL does not already carry (a shared link's own `#/5` or `run=` wins), without a
 * history entry. A string, so that it is the same bytes however this module was compiled.
 */
const openAt = `function (state) {
  var keyOf = function (part) { return part.charAt(0) === "/" ? "/" : part.split("=")[0]; };
  var parts = location.hash.replace(/^#/, "").split("&").filter(Boolean);
  var keys = parts.map(keyOf);
  state.split("&").filter(Boolean).forEach(function (part) { if (keys.indexOf(keyOf(part)) < 0) parts.push(part); });
  var hash = "#" + parts.join("&");
  if (hash === location.hash || hash === "#") return;
  try { history.replaceState(history.state, "", hash); } catch (e) { location.replace(hash); }
}`;

/** <img src="relative"> become data: URLs; an image from another host is dropped with a warning. */
async function inlineImages(html: string, dir: string, warn: (message: string) => void): Promise<string> {
  const found = [...html.matchAll(/(<img\b[^>]*?\ssrc=")([^"]*)(")/g)];
  let out = "";
  let last = 0;
  for (const match of found) {
    const src = match[2].replace(/&amp;/g, "&");
    let replacement = match[0];
    if (/^[a-z][a-z0-9+.-]*:/i.test(src) || src.startsWith("//")) {
      if (!/^data:/i.test(src)) {
        warn(`image ${src} is on another host: left out of the export (it loads nothing from elsewhere)`);
        replacement = `${match[1]}${match[3]}`;
      }
    } else {
      const path = resolve(dir, decodeURIComponent(src.replace(/[?#].*$/, "")));
      const type = IMAGE_TYPES[extname(path).toLowerCase()];
      const bytes = type ? await readFile(path).catch(() => undefined) : undefined;
      if (bytes) replacement = `${match[1]}data:${type};base64,${bytes.toString("base64")}${match[3]}`;
      else warn(`image ${src}: ${type ? "cannot read the file" : "not an image type queuebook inlines"}; left out of the export`);
    }
    out += html.slice(last, match.index) + replacement;
    last = match.index! + match[0].length;
  }
  return out + html.slice(last);
}

/**
 * The whole export: the page, then its snapshot (and PDF) rendered by Chromium when there is
 * one. Without Chromium the page is complete but for the snapshot, and the result says why.
 */
export async function exportNotebook(options: ExportOptions): Promise<ExportResult> {
  const page = await exportPage(options);
  const snapshot = options.snapshot ?? true;
  if (!snapshot && !options.pdf) return {...page, snapshotSkipped: "not asked for"};
  const path = options.chromium ?? chromiumPath();
  const work = await mkdtemp(join(tmpdir(), "queuebook-export-"));
  try {
    const live = join(work, "page.html");
    await writeFile(live, page.html);
    return await withChromium(path, async (browser) => {
      const url = pathToFileURL(live).href;
      let html = page.html;
      if (snapshot) {
        html = applySnapshot(page.html, await snapshotPage(browser, url)).replace(/<main class="qb-notebook">\n/, (main) => main + NOSCRIPT);
        await writeFile(live, html);
      }
      if (options.pdf) {
        const bytes = await printPdf(browser, url);
        await writeAtomic(options.pdf, (tmp) => writeFile(tmp, bytes));
      }
      return {...page, html, snapshotSkipped: snapshot ? undefined : "not asked for"};
    });
  } catch (error) {
    if (error instanceof NoChromium) {
      if (options.pdf) throw new BuildError(`--pdf needs Chromium: ${error.message}`);
      return {...page, snapshotSkipped: error.message};
    }
    throw error;
  } finally {
    await rm(work, {recursive: true, force: true}).catch(() => {});
  }
}

