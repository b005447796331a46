// Page pass: a notebook's HTML — prose with placeholders, and classic <script> tags for the
// shared client, the chunks this notebook needs, and the notebook's own bundle.
import {escapeHtml} from "../notebook/parse.js";
import type {CompiledNotebook} from "../notebook/compile.js";
import {sourceScript} from "./pageSource.js";

/** Where the page finds its scripts, and the dev server's live-update hook. */
export interface PageOptions {
  /** Prefix of the shared assets, relative to the page ("_queuebook/", "../_queuebook/"). */
  assets: string;
  /** The notebook's bundle, relative to the page. */
  script: string;
  /** Relative link to the index page. */
  home: string;
  /** Dev server only: the EventSource URL for live updates. */
  events?: string;
  /** Dev server only: the per-server token the save endpoint demands (src/site/save.ts). */
  saveToken?: string;
}

/** A relative path as a URL path: each segment percent-encoded ("a#b.html" → "a%23b.html"). */
export function urlPath(path: string): string {
  return path.split("/").map((segment) => (segment === ".." || segment === "." ? segment : encodeURIComponent(segment))).join("/");
}

/** The HTML of one notebook page. */
export function renderPage(compiled: CompiledNotebook, options: PageOptions): string {
  const a = escapeHtml(options.assets);
  const head = [
    `<link rel="stylesheet" href="${a}style.css">`,
    compiled.chunks.includes("katex") ? `<link rel="stylesheet" href="${a}katex.css">` : "",
    options.events ? `<meta name="queuebook-dev" content="${escapeHtml(options.events)}">` : "",
    options.saveToken ? `<meta name="queuebook-save" content="/_queuebook/save">\n<meta name="queuebook-token" content="${escapeHtml(options.saveToken)}">` : "",
    `<script src="${a}client.js"></script>`,
    ...compiled.chunks.map((chunk) => `<script src="${a}${chunk}.js"></script>`)
  ].filter(Boolean);
  return document({
    lang: compiled.languages[0],
    title: compiled.title,
    description: compiled.description,
    head,
    body: `<nav class="qb-nav"><a href="${escapeHtml(options.home)}">queuebook</a></nav>
<main class="qb-notebook" id="observablehq-main">
${compiled.html}</main>
${sourceScript(compiled)}
<footer class="qb-footer">${escapeHtml(compiled.path)}</footer>
<script src="${escapeHtml(options.script)}"></script>`
  });
}

/** One entry of the index page. */
export interface IndexEntry {
  href: string;
  title: string;
  description: string;
  /** The front matter's `order` (lower first); entries without one follow, by path. */
  order?: number;
}

/** A notebook's `order` from its front matter, when it is a finite number. */
export function orderOf(data: Record<string, unknown>): number | undefined {
  return typeof data.order === "number" && Number.isFinite(data.order) ? data.order : undefined;
}

/** The index page: every notebook with its title and description. */
export function renderIndex(entries: readonly IndexEntry[], options: {assets: string; events?: string}): string {
  const items = [...entries]
    .sort((a, b) => (a.order ?? Infinity) - (b.order ?? Infinity) || 0)
    .map((e) => `<li><a href="${escapeHtml(e.href)}">${escapeHtml(e.title)}</a>${e.description ? `<p>${escapeHtml(e.description)}</p>` : ""}</li>`)
    .join("\n");
  return document({
    title: "queuebook",
    description: "Reactive notebooks on how web services behave under load",
    head: [`<link rel="stylesheet" href="${options.assets}style.css">`, options.events ? `<meta name="queuebook-dev" content="${escapeHtml(options.events)}"><script src="${options.assets}client.js"></script>` : ""].filter(Boolean),
    body: `<main class="qb-notebook qb-index">
<h1>queuebook</h1>
<p>Reactive notebooks: move a control and every value, formula and chart that depends on it updates.</p>
<ul class="qb-index-list">
${items || "<li>No notebooks yet: add a Markdown file to the notebooks folder.</li>"}
</ul>
</main>`
  });
}

function document({lang = "en", title, description, head, body}: {lang?: string; title: string; description: string; head: string[]; body: string}): string {
  return `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
${description ? `<meta name="description" content="${escapeHtml(description)}">\n` : ""}${head.join("\n")}
</head>
<body>
${body}
</body>
</html>
`;
}
