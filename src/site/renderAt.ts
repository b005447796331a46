// Where Chromium renders a page for its snapshot or its PDF: a fixed address that is no path of
// this machine. A page may write its own address into its output (the on-call share field), and
// a cell can show it in any encoding (`encodeURIComponent(location.href)`, `btoa(…)`); rendered
// from file:///tmp/queuebook-export-XXXXXX/, any of those would carry the machine's temporary
// folder into the published file, and no amount of searching for the path's forms afterwards
// finds them all. So the page is never opened from a file: Chromium asks for
// https://queuebook.invalid/<page> and every request to that origin is answered from memory or
// from the site's folder (snapshot.ts routes them); nothing else is loaded. `.invalid` is
// reserved (RFC 2606): no request ever leaves the browser for it. https, so that the page is a
// secure context as it is from file://.
import {readFile, realpath, stat} from "node:fs/promises";
import {extname, join} from "node:path";

/** The origin every render is at. */
export const RENDER_ORIGIN = "https://queuebook.invalid";

/** A file answered to the page. */
export interface ServedFile {
  body: Buffer | string;
  contentType: string;
}

/** A page to render: its address at RENDER_ORIGIN, and the files served there (by URL path, decoded; undefined: 404). */
export interface RenderTarget {
  url: string;
  files: (path: string) => Promise<ServedFile | undefined>;
}

const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".ttf": "font/ttf",
  ".txt": "text/plain; charset=utf-8",
  ".csv": "text/csv; charset=utf-8"
};

/** The Content-Type a file is served with, by its extension. */
export function contentType(path: string): string {
  return types[extname(path).toLowerCase()] ?? "application/octet-stream";
}

/** The address of `page` (a path relative to the site, / between folders) at RENDER_ORIGIN. */
export function renderUrl(page: string): string {
  return `${RENDER_ORIGIN}/${page.split("/").map(encodeURIComponent).join("/")}`;
}

/** One page held in memory (the export): `name` is its only file. */
export function pageInMemory(name: string, html: string): RenderTarget {
  return {url: renderUrl(name), files: async (path) => (path === `/${name}` ? {body: html, contentType: contentType(name)} : undefined)};
}

/**
 * A page of a site folder (`build --snapshot`), with the folder's other files (assets, scripts,
 * images) served beside it. Only regular files inside `dir` are answered: no segment starting
 * with a dot (`..`, `.git`), no link leading out. `html`: the page itself, not written yet (the
 * build writes each page once, with its snapshot).
 */
export function pageInFolder(dir: string, page: string, html?: string): RenderTarget {
  const real = realpath(dir);
  const own = `/${page}`;
  return {
    url: renderUrl(page),
    async files(path) {
      if (html !== undefined && path === own) return {body: html, contentType: contentType(page)};
      if (path.includes("\0") || path.split("/").some((segment) => segment.startsWith("."))) return undefined;
      try {
        const root = await real;
        const file = await realpath(join(root, path));
        if (!file.startsWith(root + "/") || !(await stat(file)).isFile()) return undefined;
        return {body: await readFile(file), contentType: contentType(file)};
      } catch {
        return undefined; // absent, or unreadable: the page sees a 404
      }
    }
  };
}
