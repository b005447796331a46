// Page pass: a notebook's HTML — prose with placeholders, and classic <script> tags for the
// shared client, the chunks this notebook needs, and the notebook's own bundle.
import {escapeHtml} from "../notebook/parse.js";
import type {CompiledNotebook} from "../notebook/compile.js";
import {sourceScript} from "./pageSource.js";
import {chooseLanguageBlocks} from "./languageBlocks.js";
import {chunkedBuiltins, declaredLanguages, isLanguageCode} from "../notebook/contract.js";
import {scriptElement, styleElement} from "./exportInline.js";
import {applySnapshot, type Snapshot} from "./snapshotFill.js";
import {snapshotStyleElement} from "./snapshotStyles.js";
import {courseCss, courseLanguages, lessonTexts, scriptJson, minutesOf, renderCourse, requiresOf, type Lesson} from "./course.js";
import {uiScriptOf} from "../client/ui/tables.js";
import {pageChrome, type SiteChrome} from "./configPage.js";

/**
 * Where the page finds its scripts, the dev server's live-update hook, and what a single-file
 * export adds: the page is written once with these, never patched afterwards.
 */
export interface PageOptions {
  /** Prefix of the shared assets: relative to the page ("_queuebook/", "../_queuebook/"), or the dev server's "/_queuebook/". */
  assets: string;
  /** The notebook's bundle, relative to the page. */
  script: string;
  /** Relative link to the index page; null when there is no index (one exported file): the name, not a link. */
  home: string | null;
  /** Assets written into the page instead of linked, by name ("style.css", "client.js", a chunk's "plot.js"; `script` for the bundle); any other stays a link. */
  inline?: ReadonlyMap<string, string>;
  /** Chunks carried deflated and base64-encoded instead of linked or inlined ("plot.js" → its bytes so encoded): inert elements the client inflates and runs before the cells are first defined (src/client/chunks.ts). */
  deflated?: ReadonlyMap<string, string>;
  /** Markup for the top of <head> (the export's meta and opening script), made by the caller. */
  head?: readonly string[];
  /** Markup for the top of <main>, one line each, before the no-script sentence (the export's report line), made by the caller. */
  top?: readonly string[];
  /** A sentence for readers without scripts, at the top of <main> (text: escaped here). */
  noscript?: string;
  /** Leave out every cell's code shown with it (`<pre class="qb-echo">`), even where a fence says echo (export --no-code). */
  noCode?: boolean;
  /** The prose of <main> when the caller made it from pageProse() (the export's, its images inline); else pageProse's. */
  prose?: string;
  /** Elements after the notebook's script at the end of <body>, made by the caller (the export's editor chunk). */
  end?: readonly string[];
  /** The no-script snapshot (src/site/snapshot.ts): each cell's output written into its element, and the styles the page's code added, in <noscript> at the end of <head>. */
  snapshot?: {outputs: Snapshot; styles: readonly string[]};
  /** Dev server only: the EventSource URL for live updates. */
  events?: string;
  /** Dev server only: the save endpoint's path (src/site/save.ts); not a secret, the page says only that it may ask to save there. */
  save?: string;
  /** The site's config, pages and scheme variables (src/site/configPage.ts): sidebar, theme, header, footer, toc; without it only the front matter's theme width, style and toc apply. */
  site?: SiteChrome;
}

export {urlPath} from "./urlPath.js";

/** The scripts of the kit's words in the page's languages other than English (src/client/ui/), one each. */
export function uiAssets(compiled: {languages?: readonly string[]}): string[] {
  return [...new Set((compiled.languages ?? []).map(uiScriptOf).filter((name): name is string => name !== undefined))];
}

/** The shared assets a page links (or inlines), by name: the stylesheets, the client, the kit's words in its languages and the chunks it needs. */
export function pageAssets(compiled: Pick<CompiledNotebook, "chunks"> & {languages?: readonly string[]}): string[] {
  return [
    "style.css",
    ...chunkStyles(compiled.chunks),
    "client.js",
    ...uiAssets(compiled),
    ...compiled.chunks.map((chunk) => `${chunk}.js`)
  ];
}

/**
 * The page's <main> classes: a page in Framework's wide or dashboard theme (front matter
 * `theme:`) spans the window, one laid out with Framework's grid classes gets Framework's
 * 1152 px (four 280 px cards side by side); other pages keep queuebook's reading width.
 */
export function mainClass(compiled: Pick<CompiledNotebook, "data" | "html">): string {
  const theme = compiled.data.theme;
  const themes = (Array.isArray(theme) ? theme : typeof theme === "string" ? theme.split(/[\s,]+/) : []).map(String);
  if (themes.some((t) => t === "wide" || t === "dashboard")) return "qb-notebook qb-wide";
  return /class="[^"]*\bgrid\b/.test(compiled.html) ? "qb-notebook qb-framework-width" : "qb-notebook";
}

/** The stylesheets of a page's chunks (katex.css, leaflet.css), from the contract's table. */
export function chunkStyles(chunks: readonly string[]): string[] {
  const styles = Object.values(chunkedBuiltins)
    .filter((c) => c.css && chunks.includes(c.chunk))
    .map((c) => c.css!);
  return [...new Set(styles)];
}

/** The prose of a page's <main>: its language blocks chosen for its first language, its echoed code left out with `noCode`. */
export function pageProse(compiled: Pick<CompiledNotebook, "html" | "languages">, options: {noCode?: boolean} = {}): string {
  const prose = chooseLanguageBlocks(compiled.html, compiled.languages[0] ?? "en");
  return options.noCode ? prose.replace(/<pre class="qb-echo">[\s\S]*?<\/pre>\n?/g, "") : prose;
}

/** The HTML of one notebook page. */
export function renderPage(compiled: CompiledNotebook, options: PageOptions): string {
  const inline = options.inline ?? new Map<string, string>();
  const style = (name: string) =>
    inline.has(name) ? styleElement(inline.get(name)!) : `<link rel="stylesheet" href="${escapeHtml(options.assets + name)}">`;
  const script = (src: string) => (inline.has(src) ? scriptElement(inline.get(src)!) : `<script src="${escapeHtml(src)}"></script>`);
  const deflated = options.deflated ?? new Map<string, string>();
  const asset = (name: string) =>
    deflated.has(name)
      ? `<script type="text/x-queuebook-chunk" data-qb-chunk="${escapeHtml(name.replace(/\.js$/, ""))}" data-qb-load="page" data-encoding="deflate-raw-base64">${deflated.get(name)}</script>`
      : inline.has(name)
        ? scriptElement(inline.get(name)!)
        : script(options.assets + name);
  const head = [
    style("style.css"),
    ...chunkStyles(compiled.chunks).map(style),
    options.events ? `<meta name="queuebook-dev" content="${escapeHtml(options.events)}">` : "",
    options.save ? `<meta name="queuebook-save" content="${escapeHtml(options.save)}">` : "",
    asset("client.js"),
    ...uiAssets(compiled).map(asset),
    ...compiled.chunks.map((chunk) => asset(`${chunk}.js`))
  ].filter(Boolean);
  const home = options.home === null ? '<span class="qb-home">queuebook</span>' : `<a href="${escapeHtml(options.home)}">queuebook</a>`;
  const top = (options.top ?? []).map((line) => `${line}\n`).join("");
  const noscript = options.noscript ? `<noscript><p class="qb-noscript">${escapeHtml(options.noscript)}</p></noscript>\n` : "";
  const end = (options.end ?? []).map((element) => `\n${element}`).join("");
  const texts = pageTexts(compiled);
  // the config's and front matter's sidebar, theme, stylesheets, header, footer and toc (src/site/configPage.ts)
  const chrome = pageChrome(
    compiled.path.replace(/\.md$/, ""),
    compiled.data,
    options.prose ?? pageProse(compiled, options),
    texts.own.title,
    options.site
  );
  const prose = chrome.prose;
  const main = chrome.wide ? "qb-notebook qb-wide" : mainClass(compiled);
  return document({
    lang: compiled.languages[0],
    htmlClass: chrome.htmlClass,
    title: chrome.title,
    description: texts.own.description,
    early: options.head ?? [],
    head: [...head, ...chrome.head],
    late: options.snapshot ? snapshotStyleElement(options.snapshot.styles) : "",
    body: `${chrome.nav ?? `<nav class="qb-nav">${home}</nav>`}
${chrome.header}<main class="${main}" id="observablehq-main">
${top}${noscript}${options.snapshot ? applySnapshot(prose, options.snapshot.outputs) : prose}</main>
${chrome.after}${sourceScript(compiled)}
${titlesScript(texts.others)}${chrome.footer ?? `<footer class="qb-footer">${escapeHtml(compiled.path)}</footer>`}
${script(options.script)}${end}`
  });
}

/**
 * The page's title and description in the language it opens in (its first: an export with
 * --lang opens in that one alone), and those of the notebook's other declared languages, from
 * the front matter's `title`, `description` and `translations`.
 */
export function pageTexts(compiled: Pick<CompiledNotebook, "data" | "title" | "description" | "languages">): {
  own: {title: string; description: string};
  others: Record<string, {title: string; description: string}>;
} {
  const declared = declaredLanguages(compiled.data.languages, () => {});
  const languages = declared.length ? declared : compiled.languages;
  const texts = lessonTexts(compiled.data, compiled, languages);
  const opens = compiled.languages[0] ?? languages[0];
  const pick = (lang: string) => ({title: texts[lang].title, description: texts[lang].description});
  const own = opens !== undefined && Object.hasOwn(texts, opens) ? pick(opens) : {title: compiled.title, description: compiled.description};
  const others = Object.fromEntries(
    languages.filter((lang) => lang !== opens && Object.hasOwn(texts, lang)).map((lang) => [lang, pick(lang)])
  );
  return {own, others};
}

/** The page's title and description in its other languages, for src/client/titles.ts; "" when there are none. */
function titlesScript(others: Record<string, {title: string; description: string}>): string {
  return Object.keys(others).length ? `<script type="application/json" id="qb-titles">${scriptJson(others)}</script>\n` : "";
}

/** One entry of the index page: a lesson of the course. */
export interface IndexEntry {
  href: string;
  title: string;
  description: string;
  /** The front matter's `order` (lower first); entries without one follow, by path. */
  order?: number;
  /** The page path without `.html` ("on-call"): the lesson's name in `requires` and the progress store; from `href` when left out. */
  page?: string;
  /** The whole front matter: `languages`, `goal`, `minutes`, `requires`, `translations` (src/site/course.ts). */
  data?: Record<string, unknown>;
}

/** A notebook's `order` from its front matter, when it is a finite number. */
export function orderOf(data: Record<string, unknown>): number | undefined {
  return typeof data.order === "number" && Number.isFinite(data.order) ? data.order : undefined;
}

/** The index entry of the notebook at `page` (its path without `.md`), linked as `href`. */
export function indexEntry(
  page: string,
  href: string,
  notebook: {title: string; description: string; data: Record<string, unknown>}
): IndexEntry {
  return {page, href, title: notebook.title, description: notebook.description, order: orderOf(notebook.data), data: notebook.data};
}

/** An entry as a lesson of the course: its languages, texts per language, time and prerequisites. */
export function lessonOf(entry: IndexEntry): Lesson {
  const data = entry.data ?? {};
  const declared = (Array.isArray(data.languages) ? data.languages : typeof data.languages === "string" ? [data.languages] : []).filter(
    (code): code is string => typeof code === "string" && isLanguageCode(code)
  );
  const languages = declared.length ? [...new Set(declared)] : ["en"];
  const page = entry.page ?? decodeURIComponent(entry.href.replace(/^\//, "").replace(/\.html$/, ""));
  return {
    page,
    href: entry.href,
    languages,
    texts: lessonTexts(data, entry, languages),
    minutes: minutesOf(data),
    requires: requiresOf(data),
    order: entry.order
  };
}

/** The index page: the course, each notebook a lesson with its goal, time, prerequisites, languages and the learner's progress. */
export function renderIndex(entries: readonly IndexEntry[], options: {assets: string; events?: string}): string {
  const lessons = [...entries].sort((a, b) => (a.order ?? Infinity) - (b.order ?? Infinity) || 0).map(lessonOf);
  const lang = courseLanguages(lessons)[0];
  const course = renderCourse(lessons, lang);
  const a = escapeHtml(options.assets);
  return document({
    lang,
    title: course.title,
    description: course.description,
    head: [
      `<link rel="stylesheet" href="${a}style.css">`,
      `<style>${courseCss}</style>`,
      options.events ? `<meta name="queuebook-dev" content="${escapeHtml(options.events)}"><script src="${a}client.js"></script>` : "",
      `<script src="${a}course.js" defer></script>`
    ].filter(Boolean),
    body: `${course.main}
<script type="application/json" id="qb-course">${course.data}</script>`
  });
}

function document({
  lang = "en",
  htmlClass = "",
  title,
  description,
  early = [],
  head,
  late = "",
  body
}: {
  lang?: string;
  htmlClass?: string;
  title: string;
  description: string;
  early?: readonly string[];
  head: string[];
  late?: string;
  body: string;
}): string {
  return `<!doctype html>
<html lang="${escapeHtml(lang)}"${htmlClass ? ` class="${escapeHtml(htmlClass)}"` : ""}>
<head>
${early.map((line) => `${line}\n`).join("")}<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
${description ? `<meta name="description" content="${escapeHtml(description)}">\n` : ""}${head.join("\n")}
${late}</head>
<body>
${body}
</body>
</html>
`;
}
