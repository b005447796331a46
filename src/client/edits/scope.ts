// Where a static page's edits are kept in localStorage: the keys, by page. Its own module so the
// page's client.js (editor/boot.ts: are edits kept for this page?) and the editor chunk (store.ts)
// read the same keys without client.js carrying the store.

/**
 * Which page the edits belong to: its path in the address (".html" and a trailing "index"
 * dropped, so /erlang-c and /erlang-c.html are one page) and its notebook's path. The origin
 * needs no place: storage is per origin already, and all of file:// is one. A page shown from a
 * `blob:` URL (an export in JupyterLab's HTML viewer, a new URL each time it opens) is kept by its
 * notebook alone, so the edits are found again on the next open (and, like every stored edit,
 * offered for review, never applied unasked).
 */
export function pageScope(path: string, where: Pick<Location, "pathname"> & Partial<Pick<Location, "protocol">> = location): string {
  const page = where.protocol === "blob:" ? "blob:" : where.pathname.replace(/\.html$/, "").replace(/\/index$/, "/");
  return `${page}|${path}`;
}

/** The localStorage key of a page's edits. */
export const editsKey = (scope: string) => `queuebook:edits:${scope}`;
/** Where edits made to other versions of the page's notebook are kept (a list, oldest first). */
export const setAsideKey = (scope: string) => `queuebook:edits-set-aside:${scope}`;
