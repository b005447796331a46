// The in-page editor's part of client.js, kept small: a reader who never edits loads only this.
// It puts an edit button (`<button data-qb-edit>`) before every code cell and every run of
// prose, a "Show code" toggle in the page bar, and loads the editor chunk (editor.js: CodeMirror
// and the compiler's passes) on first use. The chunk sets `queuebook.editor`.
import {currentNotebook, firstDefined} from "../live.js";
import {importModule} from "./modules.js";
import {inlineChunkText} from "../inlineChunk.js";
import {embeddedCellSources, labelCellButtons} from "./label.js";

/** What editor.js provides (src/client/edit/main.ts). */
export interface EditorApi {
  open(button: Element): Promise<void>;
  showCode(on: boolean): Promise<void>;
  replay(edits: readonly unknown[]): Promise<void>;
  /** The code cells' sources as edited, in order (the buttons' labels). */
  cellSources(): string[];
}

const UI = "data-qb-ui";
const CELL = "qb-cell";

/** Where client.js came from: editor.js sits beside it (an export carries it inline instead). */
const assetBase = (() => {
  const src = typeof document !== "undefined" ? (document.currentScript as HTMLScriptElement | null)?.src : undefined;
  return src ? new URL(".", src).href : undefined;
})();

let loading: Promise<EditorApi> | undefined;

/**
 * Loads editor.js once (a classic script, so it works from file://) and resolves to its API:
 * the one place the chunk is fetched. An export carries it inline instead
 * (`<script type="text/x-queuebook-chunk" data-qb-chunk="editor">`), run on first use.
 */
export function loadEditor(): Promise<EditorApi> {
  return (loading ??= new Promise<EditorApi>((resolve, reject) => {
    const q = (globalThis as any).queuebook;
    const done = () => (q.editor ? resolve(q.editor) : reject(new Error("the editor (editor.js) did not load")));
    const script = document.createElement("script");
    const inline = document.querySelector('script[type="text/x-queuebook-chunk"][data-qb-chunk="editor"]');
    if (inline) {
      // the export: the chunk is in the page, not beside it (stored deflated: src/client/inlineChunk.ts)
      inlineChunkText(inline).then((text) => {
        script.text = text;
        document.head.append(script);
        done();
      }, (error) => ((loading = undefined), reject(new Error(`the editor (editor.js) could not be read from the page: ${error}`))));
      return;
    }
    if (!assetBase) return reject(new Error("the editor (editor.js) is not available on this page"));
    script.src = assetBase + "editor.js";
    script.onload = done;
    script.onerror = () => ((loading = undefined), reject(new Error("the editor (editor.js) could not be loaded")));
    document.head.append(script);
  }));
}

function button(kind: "cell" | "prose"): HTMLButtonElement {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "qb-edit";
  b.setAttribute("data-qb-edit", kind);
  b.setAttribute(UI, "");
  b.setAttribute("aria-label", kind === "cell" ? "Edit this cell" : "Edit this text");
  b.title = "Edit (Shift+Enter runs, Esc leaves)";
  b.textContent = "✎";
  return b;
}

function isCell(e: Element): boolean {
  return e.classList.contains(CELL) || (e.tagName === "PRE" && e.classList.contains("qb-echo"));
}

/** Puts the edit buttons in place: one before each code cell (before its echoed code), one before each run of prose. */
export function decorate(main: Element): void {
  for (const old of main.querySelectorAll(":scope > button[data-qb-edit]")) old.remove();
  let prose = false;
  for (const child of Array.from(main.children)) {
    if (child.hasAttribute(UI)) continue;
    if (isCell(child)) {
      prose = false;
      const before = child.previousElementSibling;
      const echoed = child.classList.contains(CELL) && before?.tagName === "PRE" && before.classList.contains("qb-echo");
      if (!echoed) child.before(button("cell"));
    } else if (!prose && !child.matches("script, style, template")) {
      prose = true;
      child.before(button("prose"));
    }
  }
  const editor: EditorApi | undefined = (globalThis as any).queuebook?.editor;
  labelCellButtons(main, editor ? editor.cellSources() : (sources ??= embeddedCellSources()));
}

/** The page's own cell sources, read once (the editor gives them as edited once it runs). */
let sources: string[] | undefined;

function mainElement(): Element | null {
  return document.querySelector("main.qb-notebook:not(.qb-index)");
}

function onClick(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target.closest("button[data-qb-edit]") : null;
  if (!target) return;
  event.preventDefault();
  loadEditor().then((editor) => editor.open(target), (error) => editorNotice(error.message));
}

/** Fetches and runs editor.js while the pointer rests on an edit button, so the click finds it ready (keyboard focus does not: tabbing through the page is no wish to edit). */
function onPointerOver(event: PointerEvent): void {
  if (loading || !(event.target instanceof Element) || !event.target.closest("button[data-qb-edit]")) return;
  const idle = (globalThis as any).requestIdleCallback ?? ((f: () => void) => setTimeout(f, 0));
  idle(() => void loadEditor().catch(() => {})); // a failure is shown on the click that needs it
}

/** Says in the page (not in a dialog) that the editor could not start; the text is the error's, as text. */
export function editorNotice(message: string): void {
  document.querySelector(".qb-edit-notice")?.remove();
  const box = document.createElement("div");
  box.className = "qb-edit-toast qb-edit-notice";
  box.setAttribute("role", "alert");
  box.setAttribute(UI, "");
  const text = document.createElement("span");
  text.textContent = `Editing is not available: ${message}`;
  const close = document.createElement("button");
  close.type = "button";
  close.textContent = "Close";
  close.addEventListener("click", () => box.remove());
  box.append(text, " ", close);
  document.body.append(box);
}

function showCodeToggle(): void {
  const nav = document.querySelector(".qb-nav");
  if (!nav || nav.querySelector("[data-qb-show-code]")) return;
  const toggle = document.createElement("button");
  toggle.type = "button";
  toggle.className = "qb-show-code";
  toggle.setAttribute("data-qb-show-code", "");
  toggle.setAttribute("aria-pressed", "false");
  toggle.textContent = "Show code";
  toggle.addEventListener("click", () => {
    const on = toggle.getAttribute("aria-pressed") !== "true";
    loadEditor().then((editor) => editor.showCode(on)).then(() => toggle.setAttribute("aria-pressed", String(on)), (error) => editorNotice(error.message));
  });
  nav.append(toggle);
}

let replaying = false;

/** Registers the replay of stored edits with the persistence module (queuebook.edits), once it exists. */
function registerReplay(): void {
  const edits = (globalThis as any).queuebook?.edits;
  if (replaying || typeof edits?.onReplay !== "function") return;
  replaying = true;
  // after the page's own definition, which the replay then changes
  edits.onReplay((log: readonly unknown[]) => firstDefined.then(loadEditor).then((editor) => editor.replay(log)));
}

/** Starts the editing controls on a notebook page (not the index); editing needs the page's source (`#qb-source`). */
export function startEditing(): void {
  if (typeof document === "undefined") return;
  Object.assign((globalThis as any).queuebook, {current: currentNotebook, import: importModule, loadEditor});
  registerReplay();
  const start = () => {
    registerReplay();
    const main = mainElement();
    if (!main || !document.getElementById("qb-source")) return;
    decorate(main);
    // a live update or an edit rebuilds main: the buttons go back in place (not on our own changes)
    const observer = new MutationObserver(() => {
      observer.disconnect();
      decorate(main);
      observer.observe(main, {childList: true});
    });
    observer.observe(main, {childList: true});
    main.addEventListener("click", onClick as EventListener);
    main.addEventListener("pointerover", onPointerOver as EventListener);
    showCodeToggle();
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, {once: true});
  else start();
}
