// "Render everything now": before a snapshot or a print, views that wait until they are on
// screen (IntersectionObserver) render at once, and nothing is left to content-visibility (a
// full-page capture or a printed page never scrolls it into view). The request is the attribute
// `data-qb-render-all` on <html> (sticky, so a view created later sees it) and the window event
// `queuebook:render-all` (for views already waiting). The snapshot and the PDF set it from
// src/site/snapshot.ts; `?snapshot` in the URL and the browser's own print (beforeprint) set it too.
// Views read it with `renderAllRequested()` / `onRenderAll()` or the same two names themselves:
// src/components never import the client.

/** The attribute on <html> that asks every view to render now. */
export const RENDER_ALL_ATTRIBUTE = "data-qb-render-all";
/** The window event sent when it is set. */
export const RENDER_ALL_EVENT = "queuebook:render-all";

/** Sets the request (once) and tells the views already waiting. */
export function requestRenderAll(): void {
  const root = document.documentElement;
  if (root.hasAttribute(RENDER_ALL_ATTRIBUTE)) return;
  root.setAttribute(RENDER_ALL_ATTRIBUTE, "");
  dispatchEvent(new Event(RENDER_ALL_EVENT));
}

/** Whether everything should be rendered now. */
export function renderAllRequested(): boolean {
  return document.documentElement.hasAttribute(RENDER_ALL_ATTRIBUTE);
}

/** Wires the page: `?snapshot` asks at once, the browser's print dialog asks before it lays out the paper. */
export function startRenderAll(): void {
  if (typeof document === "undefined") return;
  if (new URLSearchParams(location.search).has("snapshot")) requestRenderAll();
  // beforeprint's listeners run before the print layout, so a view that renders in them is on paper.
  addEventListener("beforeprint", requestRenderAll);
}
