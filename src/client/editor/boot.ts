// The in-page editor's part of client.js, kept to what a reader who never edits needs: an edit
// button (`<button data-qb-edit>`) before every code cell and every run of prose, a "Show code"
// toggle in the page bar, and one look into localStorage for edits kept for this page's version
// (then the chunk loads to offer them for review: nothing from storage runs before the learner applies it).
// Everything else (the editor, the compiler's passes, where edits go, the edits bar, what the
// buttons and the toggle do) is the editor chunk (editor.js, src/client/editor/main.ts), loaded on
// first use, when the pointer rests on an edit button, or at once when edits are kept.
// The edit buttons are Tab stops only while the code is shown (label.ts); at any time `e` edits
// the block that holds the keyboard's focus (a slider, a button, a link in it), so a learner who
// plays by keys passes no editing controls and one who edits needs no pointer.
import {currentNotebook, firstDefined} from "../live.js";
import {importModule} from "./modules.js";
import {inlineChunkText} from "../inlineChunk.js";
import {firstLine, nameEditButton, reachEditButtons} from "./label.js";
import {followLanguage, ui} from "../ui/text.js";
import {editsKey, pageScope, setAsideKey} from "../edits/scope.js";
import {maybePageApi, pageApi, type EditorApi} from "../pageApi.js";

const UI = "data-qb-ui";
const CONTROL = "button[data-qb-edit], button[data-qb-show-code]";
/** Where client.js came from: editor.js sits beside it (an export carries it inline instead). */
const script = typeof document !== "undefined" ? (document.currentScript as HTMLScriptElement | null)?.src : undefined;

let loading: Promise<EditorApi> | undefined;

/**
 * Loads editor.js once (a classic script, so it works from file://) and resolves to its API:
 * the one place the chunk is fetched. An export carries it inline instead
 * (`<script type="text/x-queuebook-chunk" data-qb-chunk="editor">`, deflated: inlineChunk.ts).
 */
export function loadEditor(): Promise<EditorApi> {
  return (loading ??= new Promise<EditorApi>((resolve, reject) => {
    const fail = (why: string) => ((loading = undefined), reject(new Error(`the editor (editor.js) ${why}`)));
    const chunk = document.createElement("script");
    const inline = document.querySelector('script[data-qb-chunk="editor"]');
    chunk.onload = () => {
      const editor = pageApi().editor;
      return editor ? resolve(editor) : fail("did not load");
    };
    chunk.onerror = () => fail("could not be loaded");
    if (inline)
      inlineChunkText(inline).then(
        (text) => ((chunk.text = text), document.head.append(chunk), chunk.onload!(new Event("load"))),
        (error) => fail(`could not be read from the page: ${error}`)
      );
    else if (script) (chunk.src = new URL("editor.js", script).href), document.head.append(chunk);
    else fail("is not available on this page");
  }));
}

/** A button of the page's own (`data-qb-ui`) with attributes and text (never markup). */
function control(attributes: Record<string, string>, text: string): HTMLButtonElement {
  const b = document.createElement("button");
  for (const name in attributes) b.setAttribute(name, attributes[name]);
  b.type = "button";
  b.setAttribute(UI, "");
  b.textContent = text;
  return b;
}

/** An edit button; a cell's names its first line (`data-qb-line`, label.ts), also in its accessible name. */
function edit(kind: string, line?: string): HTMLButtonElement {
  const button = control({class: "qb-edit", "data-qb-edit": kind, ...(line === undefined ? {} : {"data-qb-line": line})}, "✎");
  nameEditButton(button);
  return button;
}

/** The code cells' sources in the page's own `#qb-source` (the editor gives them as edited once it runs), read once; path and hash say which edits are this page's. */
let source: {path: string; hash: string; cells: string[]} | undefined;

function readSource(): typeof source {
  try {
    const {path, hash, text, blocks} = JSON.parse(document.getElementById("qb-source")!.textContent!);
    return {path, hash, cells: blocks.filter((b: any) => b.kind === "cell").map((b: any) => text.slice(b.bodyStart, b.bodyEnd))};
  } catch {
    return undefined; // no source (or a broken one): nothing to edit
  }
}

/** Puts the edit buttons in place: one before each code cell (before its echoed code), one before each run of prose. */
export function decorate(main: Element): void {
  for (const old of main.querySelectorAll(":scope > button[data-qb-edit]")) old.remove();
  const sources: string[] = maybePageApi()?.editor?.cellSources() ?? (source ??= readSource())?.cells ?? [];
  let prose = false;
  let k = 0;
  for (const child of Array.from(main.children)) {
    if (child.hasAttribute(UI)) continue;
    if (child.matches(".qb-cell, pre.qb-echo")) {
      prose = false;
      // (a cell whose code is echoed has its button before that code, unlabelled: the code shows)
      if (child.matches("pre")) child.before(edit("cell"));
      else if ((k++, !child.previousElementSibling?.matches("pre.qb-echo"))) child.before(edit("cell", firstLine(sources[k - 1] ?? "")));
    } else if (!prose && !child.matches("script, style, template")) {
      prose = true;
      child.before(edit("prose"));
    }
  }
  reachEditButtons(main);
}

/** True when a key typed at `target` is text for it (a field, a list, an editor), not a command. */
function typesText(target: Element): boolean {
  if (target.closest("textarea, select, [data-qb-editor], [contenteditable]:not([contenteditable=false])")) return true;
  return (
    target instanceof HTMLInputElement &&
    !["range", "checkbox", "radio", "button", "submit", "reset", "color", "file"].includes(target.type)
  );
}

/** The edit button of the block of `main` that holds `target` (a cell's own, or its run of prose's), if any. */
export function editButtonFor(main: Element, target: Element): HTMLButtonElement | undefined {
  let block: Element | null = target;
  while (block && block.parentElement !== main) block = block.parentElement;
  if (!block || block.hasAttribute(UI)) return undefined;
  for (let before = block.previousElementSibling; before; before = before.previousElementSibling) {
    if (before.matches("button[data-qb-edit]")) return before as HTMLButtonElement;
    if (before.matches(".qb-cell") && block.matches(".qb-cell")) return undefined; // (another cell's: this one has none)
  }
  return undefined;
}

/** `e` with the focus in a block (not typing in it, not presenting) edits that block, as its ✎ does. */
function editKey(main: Element): (event: KeyboardEvent) => void {
  return (event) => {
    if (event.key !== "e" || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const target = event.target instanceof Element ? event.target : null;
    if (
      !target ||
      !main.contains(target) ||
      target === main ||
      typesText(target) ||
      document.documentElement.classList.contains("qb-present")
    )
      return;
    const button = editButtonFor(main, target);
    if (!button) return;
    event.preventDefault();
    button.click();
  };
}

/** Says in the page (not in a dialog) that the editor could not start; the message is set as text. */
function notice(error: Error): void {
  document.querySelector(".qb-edit-notice")?.remove();
  const box = document.createElement("div");
  box.className = "qb-edit-toast qb-edit-notice";
  box.setAttribute("role", "alert");
  box.setAttribute(UI, "");
  box.append(`${ui("edit.unavailable", {reason: error.message})} `, control({}, ui("edit.close")));
  box.onclick = (event) => (event.target as Element).matches("button") && box.remove();
  document.body.append(box);
}

/**
 * True when this browser keeps edits for this page's version (src/client/edits/store.ts's keys:
 * the page's entry, or one set aside for this version): then the editor chunk loads at once to
 * offer them for review (it applies nothing unasked). Not under dev (edits go to the file).
 */
function editsKept({path, hash}: NonNullable<typeof source>): boolean {
  try {
    const scope = pageScope(path);
    const mine = (raw: string | null) => !!raw?.includes(`"hash":"${hash}"`);
    return (
      !document.querySelector('meta[name="queuebook-save"]') &&
      (localStorage.getItem(editsKey(scope)) != null || mine(localStorage.getItem(setAsideKey(scope))))
    );
  } catch {
    return false; // storage disabled: nothing kept
  }
}

/** Starts the editing controls on a notebook page (not the index); editing needs the page's source (`#qb-source`). */
export function startEditing(): void {
  if (typeof document === "undefined") return;
  Object.assign(pageApi(), {current: currentNotebook, import: importModule, loadEditor, defined: firstDefined});
  const start = () => {
    const main = document.querySelector("main.qb-notebook:not(.qb-index)");
    if (!main) return;
    // a page whose source arrives after it loads (a lesson in JupyterLab: src/client/jupyter/frame.ts) starts then
    if (!(source = readSource())) return void document.addEventListener("queuebook:source", start, {once: true});
    addEventListener("queuebook:source", () => (source = undefined));
    if (editsKept(source)) loadEditor().catch(notice);
    decorate(main);
    // a live update or an edit rebuilds main: the buttons go back in place (not on our own changes)
    const observer = new MutationObserver(() => {
      observer.disconnect();
      decorate(main);
      observer.observe(main, {childList: true});
    });
    observer.observe(main, {childList: true});
    const toggle = control({class: "qb-show-code", "data-qb-show-code": "", "aria-pressed": "false"}, "");
    document.querySelector(".qb-nav")?.append(toggle);
    followLanguage(() => {
      toggle.textContent = ui("code.show");
      toggle.title = ui("code.title");
      for (const button of main.querySelectorAll(":scope > button[data-qb-edit]")) nameEditButton(button);
    });
    addEventListener("keydown", editKey(main));
    addEventListener("click", (event) => {
      const target = (event.target as Element).closest?.(CONTROL);
      if (target)
        event.preventDefault(),
          loadEditor()
            .then((editor) => editor.press(target))
            .catch(notice);
    });
    // the pointer resting on an edit button fetches editor.js, so the click finds it ready (keyboard focus does not: tabbing is no wish to edit)
    main.addEventListener(
      "pointerover",
      (event) => void (!loading && (event.target as Element).closest?.(CONTROL) && setTimeout(() => loadEditor().catch(() => {})))
    );
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, {once: true});
  else start();
}
