// Dev live updates. Active only on pages served by the dev server, which carry
// <meta name="queuebook-dev" content="/_queuebook/events?page=…&v=N"> (N: the build the page was
// served; a build since then is sent when the stream connects).
//   {"type":"update","script":"/foo.js?v=N","html":"…","source":{path,hash,text,blocks}} → take
//     the notebook's new source (the page's `#qb-source`, and a `queuebook:source` event for the
//     editor: the next save expects this version of the file), patch <main>, keeping the cells'
//     elements (and so their outputs), then load the script: it calls queuebook.notebook again,
//     which redefines only the cells that changed.
//   {"type":"reload"} → reload the page.
//   {"type":"error","message":"…"} → a rebuild failed (the notebook is gone, the client does not
//     compile): show the message in a notice above the page, which keeps what it has; the next
//     update or reload removes it.

import {showLanguageBlocks} from "../page/prose.js";

const CELL = ".qb-cell[id], .qb-inline[id]";

/** A cell element's identity: its data-cell (by content), else its id. */
function identity(cell: Element): string {
  return cell.getAttribute("data-cell") ?? cell.id;
}

function notebookMain(): Element | null {
  return document.querySelector("main.qb-notebook") ?? document.querySelector("main");
}

/** The structure of a main element's content: its HTML with the cells' outputs and the page's own controls (`[data-qb-ui]`: edit buttons, editors) left out, so a live update that changes neither leaves <main> as it is. */
export function skeleton(root: Element | DocumentFragment): string {
  const copy = root.cloneNode(true) as Element | DocumentFragment;
  for (const ui of copy.querySelectorAll("[data-qb-ui]")) ui.remove();
  for (const cell of copy.querySelectorAll(CELL)) {
    cell.replaceChildren();
    cell.classList.remove("qb-pending");
    if (!cell.getAttribute("class")) cell.removeAttribute("class");
  }
  // (trimmed: the page's <main> opens with a line break the compiled HTML does not have)
  return (copy instanceof Element ? copy.innerHTML : Array.from(copy.childNodes, serialize).join("")).trim();
}

function serialize(node: Node): string {
  if (node instanceof Element) return node.outerHTML;
  const div = document.createElement("div");
  div.append(node.cloneNode(true));
  return div.innerHTML;
}

/** Rebuilds main from the new HTML when its structure changed, moving existing cells over. */
export function patchMain(html: string): void {
  const main = notebookMain();
  if (!main) return;
  const template = document.createElement("template");
  template.innerHTML = html;
  if (skeleton(template.content) === skeleton(main)) return;
  // adopted, not cloned: the existing cells moved in below must stay the same elements
  const fragment = document.adoptNode(template.content);
  const old = new Map<string, Element>();
  for (const cell of main.querySelectorAll(CELL)) old.set(identity(cell), cell);
  for (const cell of Array.from(fragment.querySelectorAll(CELL))) {
    const existing = old.get(identity(cell));
    if (!existing || existing.tagName !== cell.tagName) continue;
    const pending = existing.classList.contains("qb-pending");
    existing.className = cell.className;
    existing.id = cell.id; // positional: an insertion above renumbers it
    if (pending) existing.classList.add("qb-pending");
    cell.replaceWith(existing);
  }
  main.replaceChildren(fragment);
  // the new prose comes with every language block: show the page's own again (a cell that chose them does not re-run)
  showLanguageBlocks(document.documentElement.lang || "en", main);
}

/**
 * Takes the notebook's source as the file is now: the page's `#qb-source` says it (the editor,
 * loaded later, starts from it), and `queuebook:source` tells a running editor (src/client/editor/main.ts).
 * Set as text: the data never becomes markup.
 */
export function adoptSource(source: unknown): void {
  const s = source as {path?: unknown; hash?: unknown; text?: unknown; blocks?: unknown} | null;
  const element = document.getElementById("qb-source");
  if (!element || typeof s?.path !== "string" || typeof s.hash !== "string" || typeof s.text !== "string" || !Array.isArray(s.blocks))
    return;
  element.textContent = JSON.stringify(s);
  document.dispatchEvent(new CustomEvent("queuebook:source", {detail: s}));
}

let scripts: Promise<void> = Promise.resolve();
/** Live updates received; data-queuebook-updates says how many have been applied. */
let updates = 0;

/** Loads the notebook's new bundle; scripts run in the order their updates arrived. */
function loadScript(src: string): void {
  scripts = scripts.then(
    () =>
      new Promise<void>((resolve) => {
        const script = document.createElement("script");
        script.src = src;
        script.onload = script.onerror = () => (script.remove(), resolve());
        document.body.append(script);
      })
  );
}

const NOTICE = "qb-dev-notice";

/** Shows (or, with undefined, removes) the dev server's notice; the message is text, never markup. */
export function showNotice(message: string | undefined): void {
  let notice = document.getElementById(NOTICE);
  if (message === undefined) return void notice?.remove();
  if (!notice) {
    notice = document.createElement("div");
    notice.id = NOTICE;
    notice.setAttribute("role", "alert");
    // inline style: the notice must show even when the page's style sheet is what failed
    notice.style.cssText =
      "position:fixed;z-index:2147483647;top:0;left:0;right:0;padding:0.5em 1em;background:#fee;color:#900;border-bottom:2px solid #c00;font:14px/1.4 system-ui,sans-serif;white-space:pre-wrap";
    document.body.prepend(notice);
  }
  notice.textContent = `queuebook dev: ${message}`;
}

function connect(url: string): void {
  let delay = 500;
  let source: EventSource | undefined;
  const open = () => {
    source = new EventSource(url);
    source.onopen = () => {
      delay = 500;
      // a sign that live updates reach this page (tests wait on it instead of on time)
      document.documentElement.setAttribute("data-queuebook-live", "connected");
    };
    source.onmessage = (event) => {
      let message: any;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message?.type === "reload") location.reload();
      else if (message?.type === "error") showNotice(typeof message.message === "string" ? message.message : "a rebuild failed");
      else if (message?.type === "update") {
        showNotice(undefined);
        adoptSource(message.source); // (first: an open editor moves to the new file's blocks before <main> changes)
        if (typeof message.html === "string") patchMain(message.html);
        if (typeof message.script === "string") loadScript(message.script);
        updates++;
        scripts.then(() => document.documentElement.setAttribute("data-queuebook-updates", String(updates)));
      }
    };
    source.onerror = () => {
      // EventSource retries by itself unless it gave up (closed); then retry quietly, slower.
      document.documentElement.setAttribute("data-queuebook-live", "reconnecting");
      if (source?.readyState === EventSource.CLOSED) {
        source = undefined;
        setTimeout(open, delay);
        delay = Math.min(delay * 2, 5000);
      }
    };
  };
  open();
  addEventListener("pagehide", () => source?.close());
}

export function startReload(): void {
  if (typeof document === "undefined") return;
  const start = () => {
    const url = document.querySelector('meta[name="queuebook-dev"]')?.getAttribute("content");
    if (url && typeof EventSource === "function") connect(url);
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, {once: true});
  else start();
}
