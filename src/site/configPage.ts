// What a project's config and a page's front matter add around the page (src/site/page.ts calls
// pageChrome once per page): the theme's colours and width, the config's and the page's
// stylesheets, the config's head, header and footer, the sidebar of the config's pages, the
// table of contents of the page's h2 headings, and the previous/next links. Every link is
// relative to the page, so a site opened from file:// works. The head, header and footer are the
// project's own markup and go in as the page's own HTML prose does (not sanitised: the page runs
// the project's code anyway); the texts (title, page names, the toc's label) are escaped.
import {posix} from "node:path";
import {escapeHtml} from "../notebook/parse.js";
import type {SiteConfig, SitePage, SiteSection} from "./config.js";
import {tocOf} from "./config.js";
import {resolveTheme, themeCss, themeList, type Theme} from "./theme.js";
import {chromeCss} from "./configCss.js";
import {urlPath} from "./urlPath.js";
import {decodeEntities} from "./images.js";

/** What the whole site shares: its config (if any), its pages, and queuebook's scheme variables. */
export interface SiteChrome {
  config?: SiteConfig;
  /** Every page of the site: its path without .md ("dir/page") and title (the sidebar when the config lists none). */
  pages: readonly {page: string; title: string}[];
  /** queuebook's light and dark variables (schemeBlocks of the built style.css): a one-scheme theme holds the page in it. */
  schemes: {light: string; dark: string};
}

/** What pageChrome adds to one page. */
export interface PageChrome {
  /** Classes of <html> ("qb-theme" when a theme sets colours). */
  htmlClass: string;
  /** Lines at the end of <head>: styles, stylesheet links, the config's head. */
  head: string[];
  /** In place of queuebook's home link: the sidebar (or undefined: keep it). */
  nav?: string;
  /** Before <main>: the config's header. */
  header: string;
  /** In place of queuebook's footer (the notebook's path), when the config or page has one. */
  footer?: string;
  /** After <main>: the previous/next links and the table of contents. */
  after: string;
  /** The page spans the window (theme wide or dashboard). */
  wide: boolean;
  /** The prose with an id on each h2 the table of contents links to. */
  prose: string;
  /** The <title>: the page's, then the site's. */
  title: string;
}

/** A CSS file linked by the page: its href from the page and its path in the root. */
export interface PageStyle {
  href: string;
  file: string;
}

/** The page's theme: its front matter's, else the config's. */
export function pageTheme(data: Record<string, unknown>, config?: SiteConfig): Theme {
  return resolveTheme(data.theme !== undefined ? themeList(data.theme) : (config?.theme ?? []));
}

/** `target` (a path in the root, "dir/page") as a link from the page at `page`. */
function linkFrom(page: string, target: string): string {
  const rel = posix.relative(posix.dirname(`/${page}`), `/${target}`);
  return urlPath(rel);
}

/** A Framework path ("/dir/page", "/dir/", "/", "page.html") as a page in the root, or an outside URL kept as is; undefined for a scheme that may not be linked. */
export function pageTarget(path: string): {page: string; hash: string} | {url: string} | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(path)) return /^(https?|mailto):/i.test(path) ? {url: path} : undefined;
  const [, bare, hash] = /^([^#?]*)(?:\?[^#]*)?(#.*)?$/.exec(path) ?? [path, path, ""];
  let page = posix.normalize(`/${bare}`).replace(/^\/+/, "");
  if (page === "" || page.endsWith("/")) page += "index";
  page = page.replace(/\.(html|md)$/, "");
  if (page.startsWith("..")) return undefined;
  return {page, hash: hash ?? ""};
}

/** One sidebar link from the page at `page`. */
function link(page: string, entry: {name: string; path: string}): {html: string; current: boolean} {
  const target = pageTarget(entry.path);
  if (!target) return {html: `<span>${escapeHtml(entry.name)}</span>`, current: false};
  if ("url" in target) return {html: `<a href="${escapeHtml(target.url)}">${escapeHtml(entry.name)}</a>`, current: false};
  const current = target.page === page;
  const href = linkFrom(page, `${target.page}.html`) + target.hash;
  return {html: `<a href="${escapeHtml(href)}"${current ? ' aria-current="page"' : ""}>${escapeHtml(entry.name)}</a>`, current};
}

/** The sidebar's entries of each site's chrome, made once: every page of a build shows the same list (a SiteChrome's pages are read-only). */
const entriesOf = new WeakMap<SiteChrome, (SitePage | SiteSection)[]>();

/** The sidebar's entries: the config's pages, or every page of the site (top-level pages, then one section per folder) as Framework lists them. */
export function sidebarEntries(site: SiteChrome): (SitePage | SiteSection)[] {
  if (site.config?.pages) return site.config.pages;
  let entries = entriesOf.get(site);
  if (!entries) entriesOf.set(site, (entries = pageEntries(site)));
  return entries;
}

function pageEntries(site: SiteChrome): (SitePage | SiteSection)[] {
  const top: SitePage[] = [];
  const folders = new Map<string, SitePage[]>();
  for (const {page, title} of [...site.pages].sort((a, b) => a.page.localeCompare(b.page))) {
    if (page === "index") continue;
    const folder = page.includes("/") ? page.slice(0, page.indexOf("/")) : "";
    const entry = {name: title || posix.basename(page), path: `/${page}`};
    if (!folder) top.push(entry);
    else folders.set(folder, [...(folders.get(folder) ?? []), entry]);
  }
  return [...top, ...[...folders].map(([name, pages]) => ({name, open: true, collapsible: true, pages}))];
}

/** The sidebar of the page at `page`: the site's title (linking home) and its pages, sections as <details>; closed on a narrow screen until opened. */
export function renderSidebar(page: string, site: SiteChrome): string {
  const title = site.config?.title ?? site.pages.find((p) => p.page === "index")?.title ?? "Home";
  const home = link(page, {name: title, path: "/"});
  const items = sidebarEntries(site).map((entry) => {
    if (!("pages" in entry)) return `<li>${link(page, entry).html}</li>`;
    const links = entry.pages.map((p) => link(page, p));
    const own = entry.path ? link(page, {name: entry.name, path: entry.path}) : undefined;
    const open = entry.open || !entry.collapsible || links.some((l) => l.current) || own?.current;
    const head = own ? own.html : escapeHtml(entry.name);
    return `<li class="qb-sidebar-section"><details${open ? " open" : ""}><summary>${head}</summary><ol>${links.map((l) => `<li>${l.html}</li>`).join("")}</ol></details></li>`;
  });
  return `<nav class="qb-sidebar" id="observablehq-sidebar" aria-label="${escapeHtml(title)}">
<details class="qb-sidebar-box" open><summary>${escapeHtml(title)}</summary>
<ol><li class="qb-sidebar-home">${home.html}</li>${items.join("")}</ol>
</details></nav>
<script>matchMedia("(max-width: 59.99rem)").matches && (document.querySelector(".qb-sidebar-box").open = false)</script>`;
}

/** The previous and next pages of the config's list around `page` (links to pages in the root only); "" when it is not listed. */
export function renderPager(page: string, site: SiteChrome): string {
  const listed = sidebarEntries(site).flatMap((e) =>
    "pages" in e ? [...(e.path ? [{name: e.name, path: e.path}] : []), ...e.pages] : [e]
  );
  const pages = listed.map((e) => ({e, target: pageTarget(e.path)})).filter((p) => p.target && "page" in p.target) as {
    e: SitePage;
    target: {page: string};
  }[];
  const at = pages.findIndex((p) => p.target.page === page);
  if (at < 0) return "";
  const side = (p: (typeof pages)[number] | undefined, rel: "prev" | "next") =>
    p
      ? `<a rel="${rel}" href="${escapeHtml(linkFrom(page, `${p.target.page}.html`))}"><span>${rel === "prev" ? "Previous page" : "Next page"}</span>${escapeHtml(p.e.name)}</a>`
      : "";
  const prev = side(pages[at - 1], "prev");
  const next = side(pages[at + 1], "next");
  return prev || next ? `<nav class="qb-pager" aria-label="Previous and next page">${prev}${next}</nav>` : "";
}

/** A heading's text as Framework's anchor: lower case, words joined by "-". */
export function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^\p{L}\p{N}\s-]/gu, "")
      .trim()
      .replace(/\s+/g, "-") || "section"
  );
}

/** The prose with an id on each h2 (kept where it has one), and the h2s as {id, html}. */
export function headingIds(prose: string): {prose: string; headings: {id: string; text: string}[]} {
  const used = new Set<string>([...prose.matchAll(/\sid="([^"]*)"/g)].map((m) => m[1]));
  const headings: {id: string; text: string}[] = [];
  const out = prose.replace(/<h2(\s[^>]*)?>([\s\S]*?)<\/h2>/g, (whole, attrs: string | undefined, inner: string) => {
    const text = inner.replace(/<[^>]*>/g, "").trim();
    const own = /\sid="([^"]*)"/.exec(attrs ?? "")?.[1];
    if (own) return (headings.push({id: own, text}), whole);
    const plain = decodeEntities(text).replace(/&[a-z]+;/gi, " "); // (a named reference it does not read is no word of the anchor)
    let id = slug(plain);
    for (let n = 1; used.has(id); n++) id = `${slug(plain)}-${n}`;
    used.add(id);
    headings.push({id, text});
    return `<h2 id="${escapeHtml(id)}"${attrs ?? ""}>${inner}</h2>`;
  });
  return {prose: out, headings};
}

/** Root-relative links of the config's markup ("/logo.png", href="/about") made relative to the page. */
export function relativeLinks(html: string, page: string): string {
  return html.replace(/(\s(?:href|src)=)(["'])\/(?!\/)([^"']*)\2/gi, (_, attr: string, q: string, path: string) => {
    const [, file, rest] = /^([^?#]*)(.*)$/.exec(path)!;
    const target = pageTarget(`/${file}`);
    const isPage = target && "page" in target && !/\.[a-z0-9]+$/i.test(file) ? `${target.page}.html` : file || "index.html";
    return `${attr}${q}${escapeHtml(linkFrom(page, isPage))}${rest}${q}`;
  });
}

/** The CSS files the page links: the config's `style` (root-relative) and the front matter's (relative to the page, or root-relative with /); outside the root, or not .css, are warnings. */
export function pageStyles(
  page: string,
  data: Record<string, unknown>,
  config?: SiteConfig,
  warn: (message: string) => void = () => {}
): PageStyle[] {
  const styles: PageStyle[] = [];
  const add = (path: unknown, from: string, what: string) => {
    if (typeof path !== "string" || !path) return;
    const file = posix.normalize(path.startsWith("/") ? path.slice(1) : posix.join(from, path));
    if (file.startsWith("..") || posix.isAbsolute(file) || !file.endsWith(".css") || /^[a-z][a-z0-9+.-]*:/i.test(path))
      return void warn(`${what} ${path} is not a .css file inside the root; not linked`);
    styles.push({href: linkFrom(page, file), file});
  };
  if (data.style === undefined) add(config?.style, "", "the config's style");
  add(data.style, posix.dirname(page), "style");
  return styles;
}

/** What the site's config and the page's front matter add to the page `page` (path without .md). */
export function pageChrome(page: string, data: Record<string, unknown>, prose: string, pageTitle: string, site?: SiteChrome): PageChrome {
  const config = site?.config;
  const theme = pageTheme(data, config);
  const css = site ? themeCss(theme, site.schemes) : "";
  const styles = pageStyles(page, data, config);
  // Framework's style replaces the theme's colours; queuebook's own style stays beneath it
  const ownStyle = styles.length > 0;
  const sidebar = !!config && config.sidebar && data.sidebar !== false;
  const toc =
    config || data.toc !== undefined
      ? tocOf(data.toc, () => {}, config?.toc ?? {show: false, label: "Contents"})
      : {show: false, label: ""};
  const {prose: withIds, headings} = toc.show ? headingIds(prose) : {prose, headings: []};
  const tocHtml =
    toc.show && headings.length
      ? `<aside class="qb-toc" id="observablehq-toc"><nav aria-label="${escapeHtml(toc.label)}"><div>${escapeHtml(toc.label)}</div><ol>${headings.map((h) => `<li><a href="#${escapeHtml(h.id)}">${h.text}</a></li>`).join("")}</ol></nav></aside>`
      : "";
  const pager = config?.pager && data.pager !== false && site ? renderPager(page, site) : "";
  const markup = (value: unknown) => (typeof value === "string" ? relativeLinks(value, page) : undefined);
  const header = markup(data.header) ?? markup(config?.header) ?? "";
  const footer = markup(data.footer) ?? markup(config?.footer);
  const layout = sidebar || tocHtml || pager || header || footer !== undefined;
  const classes = [css && !ownStyle ? "qb-theme" : "", sidebar ? "qb-has-sidebar" : "", tocHtml ? "qb-has-toc" : ""].filter(Boolean);
  const head = [
    ...(layout ? [`<style>${chromeCss}</style>`] : []),
    ...(css && !ownStyle ? [`<style>${css}</style>`] : []),
    ...styles.map((s) => `<link rel="stylesheet" href="${escapeHtml(s.href)}">`),
    ...(config?.head ? [relativeLinks(config.head, page)] : [])
  ];
  const siteTitle = config?.title;
  return {
    htmlClass: classes.join(" "),
    head,
    nav: sidebar && site ? renderSidebar(page, site) : undefined,
    header: header ? `<header class="qb-header" id="observablehq-header">${header}</header>\n` : "",
    footer: footer === undefined ? undefined : `<footer class="qb-footer" id="observablehq-footer">${footer}</footer>`,
    after: `${pager}${tocHtml}`,
    wide: theme.wide,
    prose: withIds,
    title: siteTitle && siteTitle !== pageTitle ? (pageTitle ? `${pageTitle} | ${siteTitle}` : siteTitle) : pageTitle
  };
}
