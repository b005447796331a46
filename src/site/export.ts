// One notebook as one self-contained HTML file: the client, the chunks the page uses, the
// styles (KaTeX's fonts inlined as data: URLs), the notebook's bundle with its data, and its
// images, all inline. It opens from file:// with no network and stays live; it loads nothing
// from anywhere. Optionally it opens at a given hash state and language, hides all code, and
// carries a no-script snapshot of every cell's output (src/site/snapshot.ts).
import {readFile, realpath, writeFile} from "node:fs/promises";
import {basename, dirname, join, resolve} from "node:path";
import {deflateRawSync} from "node:zlib";
import {buildClient} from "../../build/client.js";
import {defaultMaxFileBytes, readInside} from "../notebook/data.js";
import {BuildError, quote} from "../notebook/messages.js";
import {decodeEntities, imageLocator, imageSource, imageTags, readImage, type ImageRules} from "./images.js";
import {escapeHtml} from "../notebook/parse.js";
import {buildNotebook} from "./notebook.js";
import {pageAssets, pageProse, renderPage, type PageOptions} from "./page.js";
import {scriptElement} from "./exportInline.js";
import {chromiumPath, NoChromium, PageTimeout, printPdf, RenderFailed, renderSnapshot, renderTimeoutMs, withChromium} from "./snapshot.js";
import {agreeStateAndLanguage} from "./exportState.js";
import type {StatePart} from "./statePart.js";
import {reportHead} from "./reportHead.js";
import {relativeToPage} from "./machineFree.js";
import {pageInMemory} from "./renderAt.js";
import {printSlidesPdf} from "./slidesPdf.js";
import {writeAtomic} from "../io/write.js";
import type {CompiledNotebook, Warning} from "../notebook/compile.js";

/** Bad export options (a language the notebook does not declare, a malformed state). */
export class ExportOptionError extends Error {}

/** What to export and how. */
export interface ExportOptions {
  /** The notebook (absolute path). */
  file: string;
  /** The source root ("/" in imports, files and images; nothing outside it is read), at or above the notebook (default: its folder; the CLI's choice: src/cli/exportRoot.ts). */
  root?: string;
  packageRoot: string;
  /** The URL hash the page opens at when it has none of these parts (`run=…`, `/3`). */
  state?: string;
  /** The language the page opens in (one the notebook declares); it wins over the language a part of `state` names. */
  lang?: string;
  /** The hash parts lesson kits define (on-call's `run=`: src/cli/stateParts.ts): their language agrees with `lang`, the report line puts them in words. */
  stateParts?: readonly StatePart[];
  /** The exported file's name, which the report's link is relative to (default: the notebook's name, .html). */
  pageName?: string;
  /** Hide all code, even where a fence says echo. */
  noCode?: boolean;
  /** The Chromium that renders the snapshot and prints (default: chromiumPath()). */
  chromium?: string;
  /** Write the no-script snapshot into the page (default true). */
  snapshot?: boolean;
  /** Also print the rendered page to this PDF file. */
  pdf?: string;
  /** Print the PDF as the slides, a 16:9 page per slide (`?present&print`), not as A4 pages. */
  slides?: boolean;
  /** Largest attached file or image, in bytes (default 50 MB, --max-file-mb). */
  maxFileBytes?: number;
  /** How long Chromium may take to render the page before the snapshot is skipped (default: renderTimeoutMs()). */
  snapshotTimeoutMs?: number;
}

/** The exported page, and what happened to the snapshot. */
export interface ExportResult {
  html: string;
  title: string;
  warnings: Warning[];
  /** The state and language the page opens at, once --state and --lang agree (exportState.ts). */
  state?: string;
  lang?: string;
  /** Why the no-script snapshot was skipped, or undefined when it is in the page. */
  snapshotSkipped?: string;
}

/** Said to a reader whose browser runs no scripts, above the snapshot. */
const NOSCRIPT = "A snapshot of this notebook as it was rendered: open it in a browser with JavaScript on and every control is live.";

/** The exported file's name: --out's, else the notebook's with .html. */
function pageNameOf(options: ExportOptions): string {
  return options.pageName ?? basename(options.file).replace(/\.md$/, "") + ".html";
}

const STATE = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/?%]*$/;

/** Checks --state and returns it without a leading #. */
export function checkState(state: string): string {
  const value = state.replace(/^#/, "");
  if (value.length > 25_000) throw new ExportOptionError(`--state is ${value.length} characters long; at most 25000`);
  if (!STATE.test(value))
    throw new ExportOptionError(
      `--state must be a URL hash (letters, digits and -._~!$&'()*+,;=:@/?%), got "${value.slice(0, 40)}${value.length > 40 ? "…" : ""}"`
    );
  return value;
}

/** The export as renderPage writes it: the notebook in the language it opens in, and the page's options but the snapshot. */
interface ExportedPage {
  compiled: CompiledNotebook;
  page: PageOptions;
  title: string;
  notebook: string;
  warnings: Warning[];
  state?: string;
  lang?: string;
}

/** The export's report line (reportHead.ts) for the hash the page shows, one line. */
function reportLine(compiled: CompiledNotebook, options: ExportOptions, hash: string): string {
  return reportHead({title: compiled.title, notebook: compiled.path, page: pageNameOf(options), hash, parts: options.stateParts}).trimEnd();
}

/** Builds the notebook and says how its page is written: every asset, image and the editor inline, no home link, the export's head lines and report line. */
async function preparePage(options: ExportOptions): Promise<ExportedPage> {
  const file = resolve(options.file);
  const root = resolve(options.root ?? dirname(file));
  const asked = options.state === undefined ? undefined : checkState(options.state);
  const assets = buildClient(options.packageRoot);
  assets.catch(() => {});
  const maxBytes = options.maxFileBytes ?? defaultMaxFileBytes;
  const built = await buildNotebook(file, root, {maxFileBytes: maxBytes});
  if (options.lang !== undefined && !built.compiled.languages.includes(options.lang)) {
    const declared = built.compiled.languages;
    throw new ExportOptionError(
      declared.length
        ? `--lang ${options.lang}: the notebook declares ${declared.join(", ")}`
        : `--lang ${options.lang}: the notebook declares no languages`
    );
  }
  const {state, lang} = agreeStateAndLanguage(asked, options.lang, built.compiled.languages, options.stateParts);
  const compiled = {...built.compiled, languages: lang ? [lang] : built.compiled.languages};
  const dir = await assets;
  const warnings = [...built.warnings];
  const rules: ImageRules = {folder: dirname(file), root, realRoot: await realpath(root).catch(() => root), maxBytes};
  const source = await readInside(file, root, rules.realRoot, maxBytes);
  const markdown = "bytes" in source ? source.bytes.toString("utf8") : "";
  const prose = await inlineImages(pageProse(compiled, {noCode: options.noCode}), markdown, rules, (at, message) =>
    warnings.push({path: compiled.path, ...at, message})
  );
  const inline = new Map<string, string>([["notebook", built.script]]);
  // The chunks (Plot and d3, KaTeX, marked …) ride deflated as the editor does, inflated and run
  // before the cells are first defined (src/client/chunks.ts): a third of their text.
  const chunkFiles = new Set(compiled.chunks.map((chunk) => `${chunk}.js`));
  const deflated = new Map<string, string>();
  for (const name of pageAssets(compiled)) {
    if (chunkFiles.has(name)) deflated.set(name, deflateRawSync(await readFile(join(dir, name)), {level: 9}).toString("base64"));
    else inline.set(name, await readFile(join(dir, name), "utf8"));
  }
  // The in-page editor (editor.js) rides along deflated and base64-encoded (about 40 % of its
  // text), inflated and run only on the first edit (src/client/inlineChunk.ts): the file is
  // editable offline. Raw deflate at a fixed level: no header, so no time or OS byte in it.
  const editor = deflateRawSync(await readFile(join(dir, "editor.js")), {level: 9}).toString("base64");
  const head: string[] = ['<meta name="queuebook-export" content="1">'];
  if (lang) head.push(`<meta name="queuebook-lang" content="${escapeHtml(lang)}">`);
  if (state) head.push(scriptElement(`(${openAt})(${JSON.stringify(state)})`));
  const page: PageOptions = {
    assets: "",
    script: "notebook",
    home: null, // a single file has no index to go home to
    inline,
    deflated,
    head,
    prose,
    top: [reportLine(compiled, options, state ?? "")],
    end: [`<script type="text/x-queuebook-chunk" data-qb-chunk="editor" data-encoding="deflate-raw-base64">${editor}</script>`]
  };
  return {compiled, page, title: compiled.title, notebook: compiled.path, warnings, state, lang};
}

/** The page without a snapshot: every asset inline. */
export async function exportPage(
  options: ExportOptions
): Promise<{html: string; title: string; notebook: string; warnings: Warning[]; state?: string; lang?: string}> {
  const {compiled, page, ...rest} = await preparePage(options);
  return {html: renderPage(compiled, page), ...rest};
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

/** Inlined images in all, at most: one HTML file is one string in memory (V8 caps a string near 512 M characters, and base64 adds a third). */
const IMAGE_BUDGET_BYTES = 200 * 1024 * 1024;

/**
 * Each <img src> of the prose becomes a data: URL when the file is one FileAttachment could
 * attach (src/site/images.ts); any other src (a URL elsewhere, a file outside the notebook
 * folder, a link out, a device, too big, a malformed escape) is left out with a warning at the
 * line of the notebook where the image is written. A srcset is always left out (its other
 * files would be loaded from wherever the export is opened).
 */
async function inlineImages(
  html: string,
  markdown: string,
  rules: ImageRules,
  warn: (at: {line: number; column: number}, message: string) => void
): Promise<string> {
  const locate = imageLocator(markdown);
  const edits: {start: number; end: number; text: string}[] = [];
  let budget = IMAGE_BUDGET_BYTES;
  for (const tag of imageTags(html)) {
    // (the locator takes srcs in page order: src and srcset in the order they are written)
    for (const attr of [tag.src, tag.srcset].filter((a) => a !== undefined).sort((x, y) => x.start - y.start)) {
      const value = decodeEntities(attr.raw);
      if (attr === tag.srcset) {
        warn(locate(attr.raw), `image srcset ${quote(value)} is not inlined: left out of the export (only an src is)`);
        edits.push({start: attr.start, end: attr.end, text: ""});
        continue;
      }
      if (value === "") continue;
      const at = locate(attr.raw);
      const refuse = (why: string) => {
        warn(at, `image ${quote(value)} ${why}; left out of the export`);
        edits.push({start: attr.start, end: attr.end, text: ""});
      };
      const source = imageSource(value, rules);
      if (source.kind === "url") refuse(`is a URL (${source.scheme}): the export loads nothing from elsewhere`);
      else if (source.kind === "refused") refuse(source.refused);
      else if (source.kind === "file") {
        const image = await readImage(source.path, rules, budget);
        if (!("bytes" in image))
          refuse(image.overBudget ? `would take the export's images past ${IMAGE_BUDGET_BYTES / 1024 / 1024} MB in all` : image.refused);
        else {
          budget -= image.bytes.length;
          edits.push({start: attr.start, end: attr.end, text: ` src="data:${image.type};base64,${image.bytes.toString("base64")}"`});
        }
      }
    }
  }
  let out = "";
  let last = 0;
  for (const edit of edits) {
    out += html.slice(last, edit.start) + edit.text;
    last = edit.end;
  }
  return out + html.slice(last);
}

/**
 * The whole export: the page, then its snapshot (and PDF) rendered by Chromium when there is
 * one. Without Chromium, or when the page does not render in time (a cell that blocks it), the
 * page is complete but for the snapshot, and the result says why; a PDF that cannot be printed
 * is a BuildError.
 */
export async function exportNotebook(options: ExportOptions): Promise<ExportResult> {
  const prepared = await preparePage(options);
  const {compiled, page: pageOptions, ...facts} = prepared;
  const page = {html: renderPage(compiled, pageOptions), ...facts};
  const snapshot = options.snapshot ?? true;
  if (!snapshot && !options.pdf) return {...page, snapshotSkipped: "not asked for"};
  const path = options.chromium ?? chromiumPath();
  const timeoutMs = options.snapshotTimeoutMs ?? renderTimeoutMs();
  // Rendered from memory at an address that is no path of this machine (renderAt.ts), named as
  // the export will be, so a link the page writes of itself reads as it will there.
  const name = pageNameOf(options);
  try {
    return await withChromium(path, async (browser) => {
      let html = page.html;
      let skipped: string | undefined = snapshot ? undefined : "not asked for";
      if (snapshot) {
        try {
          const target = pageInMemory(name, html);
          const rendered = relativeToPage(await renderSnapshot(browser, target, timeoutMs), target.url);
          // The page again, now with the snapshot, the no-script sentence and the state it ended at.
          html = renderPage(compiled, {
            ...pageOptions,
            top: [reportLine(compiled, options, rendered.hash)],
            noscript: NOSCRIPT,
            snapshot: {outputs: rendered.outputs, styles: rendered.styles}
          });
        } catch (error) {
          if (!(error instanceof RenderFailed)) throw error;
          skipped = error.message;
          if (error instanceof PageTimeout && options.pdf) throw new BuildError(`cannot print the PDF: ${error.message}`);
        }
      }
      if (options.pdf) {
        let bytes: Buffer;
        try {
          bytes = await (options.slides ? printSlidesPdf : printPdf)(browser, pageInMemory(name, html), timeoutMs);
        } catch (error) {
          throw error instanceof RenderFailed ? new BuildError(`cannot print the PDF: ${error.message}`) : error;
        }
        await writeAtomic(options.pdf, (tmp) => writeFile(tmp, bytes));
      }
      return {...page, html, snapshotSkipped: skipped};
    });
  } catch (error) {
    if (error instanceof NoChromium) {
      if (options.pdf) throw new BuildError(`--pdf needs Chromium: ${error.message}`);
      return {...page, snapshotSkipped: error.message};
    }
    throw error;
  }
}
