// editor.js, the chunk loaded on first edit (or at once when edits are kept for the page):
// CodeMirror, the compiler's passes and where edits go (src/client/edits). Sets
// `queuebook.editor = {press, open, showCode, cellSources}` (boot.ts in client.js calls it) and
// `queuebook.edits`, and replays kept edits once the learner reviewed and applied them (never
// on load: src/client/edits/bar.ts offers them first).
import type {BlockRef, SourceEdit} from "../../notebook/source.js";
import type {EmbeddedSource} from "../../notebook/sourceContract.js";
import {reviewKept, startEdits} from "../edits/start.js";
import type {SaveResult} from "./document.js";
import {readSource, type PageSource} from "./document.js";
import {labelCellButtons, reachEditButtons} from "./label.js";
import {ui} from "../ui/text.js";
import {createPanel, type Panel} from "./panel.js";
import {setFirstLine} from "./view.js";
import {isCellPart, notebookMain, Session} from "./session.js";
import {maybePageApi, pageApi} from "../pageApi.js";

let session: Session | undefined;
const panels = new Map<BlockRef, Panel>();
let codeShown = false;
/** The panel that last held the focus: a rebuild of main takes its element out, and the focus with it. */
let focused: Panel | undefined;

function current(): Session {
  if (session) return session;
  const source = readSource();
  if (!source) throw new Error("this page carries no notebook source to edit");
  newSession(source);
  watchMain();
  return session!;
}

function newSession(source: PageSource): void {
  session = new Session(source);
  session.onApplied = placeAll;
}

/** The message a panel's run gives once the outside change to the file touched its block (the server's own words for a stale save). */
const staleMessage = (path: string) =>
  `not saved: ${path} changed on disk since this page loaded it; your text is still in the editor (copy it, then reload the page to get the file's version)`;

/**
 * Under dev, the file changed outside the page (a live update, reload.ts: `queuebook:source`):
 * the edits start afresh over it and so does the session; each open panel moves to its block
 * in the new file when the outside change left that block as this page last saved it (its next
 * run saves), else it stays where it was, stale: its run is refused and the learner's text
 * stays in the editor.
 */
function adopt(update: EmbeddedSource): void {
  const edits = maybePageApi()?.edits;
  const old = session;
  const saved = new Map(Array.from(panels.values(), (p) => [p, p.stale ? undefined : edits?.kept(p.ref)] as const));
  const order = old ? old.entries.filter((e) => !e.removed).map((e) => e.ref) : [];
  if (!edits?.adopt(update) || !old) return;
  newSession(update);
  const body = (k: number) =>
    update.text.slice(update.blocks[k].bodyStart, update.blocks[k].bodyEnd).replace(/\r\n?/g, "\n").replace(/\n$/, "");
  const moved = new Map<BlockRef, Panel>();
  /** The free block nearest the panel's old place that `fits`. */
  const nearest = (panel: Panel, fits: (k: number) => boolean) => {
    const at = order.indexOf(panel.ref);
    let best: number | undefined;
    update.blocks.forEach(
      (_, k) => void (!moved.has(k) && fits(k) && (best === undefined || Math.abs(k - at) < Math.abs(best - at)) && (best = k))
    );
    return best;
  };
  const left = Array.from(panels.values());
  // the panels whose block the outside change left alone first, then the stale ones (to the nearest free block)
  for (const stale of [false, true]) {
    for (const panel of left.splice(0)) {
      const kind = (k: number) => update.blocks[k].kind === panel.kind;
      const k = stale
        ? (nearest(panel, kind) ?? nearest(panel, () => true))
        : nearest(panel, (k) => kind(k) && body(k) === saved.get(panel));
      if (k === undefined) {
        if (stale)
          closePanel(panel, false); // (the file has no block left at all)
        else left.push(panel);
        continue;
      }
      panel.stale ||= stale;
      panel.ref = k;
      panel.element.setAttribute("data-qb-block", String(k));
      moved.set(k, panel);
    }
  }
  panels.clear();
  for (const [k, panel] of moved) panels.set(k, panel);
}

/**
 * A dev live update rebuilds main's children by itself (reload.ts, when the server's page differs
 * from this one): the open panels and code views go out with the old children. Put them back, or
 * a panel would live on in `panels` outside the page and its ✎ would focus an editor nobody sees.
 */
function watchMain(): void {
  const main = notebookMain();
  new MutationObserver(() => {
    const lost = Array.from(panels.values()).some((p) => !p.element.isConnected);
    const codeLost = codeShown && !main.querySelector(":scope > pre.qb-code") && current().elementsByRef().size > panels.size;
    if (lost || codeLost) placeAll(); // (placeAll's own changes leave nothing lost: no loop)
  }).observe(main, {childList: true});
  document.addEventListener("focusin", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    focused = Array.from(panels.values()).find((p) => p.element.contains(target));
  });
}

/** Puts the open panels and the code views back before their blocks (after a rebuild of main, or an edit). */
function placeAll(): void {
  const s = current();
  // a panel taken out while it had the focus gets it back once it is in place again
  const refocus =
    focused && !focused.element.contains(document.activeElement) && (!document.activeElement || document.activeElement === document.body)
      ? focused
      : undefined;
  for (const panel of panels.values()) {
    const anchor = s.anchorOf(panel.ref);
    if (!anchor) {
      closePanel(panel, false);
      continue;
    }
    // in place when only other controls stand between it and its block (moving it would take the focus away)
    let before = anchor.previousElementSibling;
    while (before && before !== panel.element && before.hasAttribute("data-qb-ui") && !before.classList.contains("qb-edit-panel"))
      before = before.previousElementSibling;
    if (before !== panel.element) anchor.before(panel.element);
    // on a slide (present.ts shows only its slide's elements) the panel shows at once, so it can take the focus
    panel.element.classList.toggle("qb-on-slide", anchor.classList.contains("qb-on-slide"));
    const line = panel.kind === "cell" ? s.cellOf(panel.ref)?.line : undefined;
    if (line !== undefined && line !== panel.firstLine) setFirstLine(panel.view, (panel.firstLine = line));
  }
  renderCode();
  labelCellButtons(notebookMain(), cellSources());
  if (refocus && panels.get(refocus.ref) === refocus) refocus.view.focus();
}

/** The code cells' sources as edited, in order. */
function cellSources(): string[] {
  return current()
    .parsedCells()
    .map((cell) => cell?.source ?? "");
}

/** "Show code": each cell's source above it (echoed cells show theirs already). */
function renderCode(): void {
  const main = notebookMain();
  for (const pre of main.querySelectorAll(":scope > pre.qb-code")) pre.remove();
  if (!codeShown) return;
  const s = current();
  for (const [ref, element] of s.elementsByRef()) {
    if (panels.has(ref)) continue; // the editor shows it
    const before = element.previousElementSibling;
    if (before?.tagName === "PRE" && before.classList.contains("qb-echo")) continue;
    const pre = document.createElement("pre");
    pre.className = "qb-code";
    pre.setAttribute("data-qb-ui", "");
    const code = document.createElement("code");
    code.textContent = s.cellOf(ref)?.source ?? "";
    pre.append(code);
    element.before(pre);
  }
}

function report(panel: Panel, saved: Promise<SaveResult>): void {
  panel.status.textContent = "";
  saved.then((result) => {
    if (!result.ok) panel.status.textContent = result.message; // the text stays in the editor
  });
}

function closePanel(panel: Panel, focus = true): void {
  panels.delete(panel.ref);
  if (focused === panel) focused = undefined;
  panel.view.destroy();
  const next = panel.element.nextElementSibling;
  panel.element.remove();
  if (focus) {
    const button = next?.matches("button[data-qb-edit]")
      ? next
      : next?.previousElementSibling?.matches?.("button[data-qb-edit]")
        ? next.previousElementSibling
        : null;
    (button as HTMLElement | null)?.focus();
  }
  renderCode();
}

function openPanel(ref: BlockRef): Panel {
  const s = current();
  const existing = panels.get(ref);
  if (existing && !existing.element.isConnected) placeAll(); // (out of the page: back in place, or closed when its block is gone)
  if (existing && panels.get(ref) === existing) return (existing.view.focus(), existing);
  const entry = s.entries.find((e) => e.ref === ref)!;
  const lang = entry.kind === "cell" ? (s.cellOf(ref)?.lang ?? "js") : "prose";
  // (the session, not `s`: a dev live update from outside starts a new one; a stale panel changes nothing)
  const live = (p: Panel) => (p.stale ? void (p.status.textContent = staleMessage(current().source.path)) : current());
  const panel = createPanel(
    ref,
    entry.kind,
    lang,
    s.textOf(ref),
    {
      run(p) {
        const now = live(p);
        if (now) report(p, now.replace(p.ref, p.view.state.doc.toString()));
      },
      insert(p, kind) {
        const now = live(p);
        if (!now || (kind === "prose" && extendProse(p))) return;
        const {block, saved} = now.insert(p.ref, kind, kind === "cell" ? "" : ui("panel.newText"));
        report(openPanel(block), saved);
      },
      remove(p) {
        const now = live(p);
        if (!now) return;
        closePanel(p, false);
        toast(p.ref, p.kind, now.remove(p.ref));
      },
      close: (p) => closePanel(p)
    },
    entry.kind === "cell" ? (s.cellOf(ref)?.line ?? 1) : 1
  );
  panels.set(ref, panel);
  placeAll();
  panel.view.focus();
  return panel;
}

/**
 * "+ Text below" where prose already stands below (the panel's own prose, or the prose right
 * after its cell): two runs of prose side by side are one run on the page and in the .md read
 * again, so the new paragraph goes into that prose block (selected, to type over) instead of
 * becoming a block of its own. False when a cell or the end follows: then it is a new block.
 */
function extendProse(panel: Panel): boolean {
  const s = current();
  const live = s.entries.filter((e) => !e.removed);
  const at = live.findIndex((e) => e.ref === panel.ref);
  const target = panel.kind === "prose" ? live[at] : live[at + 1]?.kind === "prose" ? live[at + 1] : undefined;
  if (!target) return false;
  const into = target.ref === panel.ref ? panel : openPanel(target.ref);
  const doc = into.view.state.doc.toString();
  // below the panel's own text; above the prose that follows a cell
  const newText = ui("panel.newText");
  const [text, from] =
    into === panel ? [`${doc.replace(/\s+$/, "")}\n\n${newText}`, doc.replace(/\s+$/, "").length + 2] : [`${newText}\n\n${doc}`, 0];
  const saved = s.replace(into.ref, text); // (first: putting the page right may move the panel, and the focus with it)
  into.view.dispatch({changes: {from: 0, to: doc.length, insert: text}, selection: {anchor: from, head: from + newText.length}});
  into.view.focus();
  report(into, saved);
  return true;
}

/** "Cell deleted — Undo", fixed at the bottom of the window (the cell's place is gone). */
function toast(ref: BlockRef, kind: "cell" | "prose", saved: Promise<SaveResult>): void {
  document.querySelector(".qb-edit-toast")?.remove();
  const box = document.createElement("div");
  box.className = "qb-edit-toast";
  box.setAttribute("role", "status");
  box.setAttribute("data-qb-ui", "");
  const text = document.createElement("span");
  text.textContent = ui(kind === "cell" ? "toast.cellDeleted" : "toast.textDeleted");
  const undo = document.createElement("button");
  undo.type = "button";
  undo.textContent = ui("toast.undo");
  undo.setAttribute("data-qb-undo", "");
  undo.addEventListener("click", () => {
    box.remove();
    current().restore(ref);
  });
  box.append(text, " ", undo);
  saved.then((result) => void (!result.ok && (text.textContent += ` ${result.message}`)));
  document.body.append(box);
  undo.focus();
}

/** Opens the editor of the block an edit button stands before. */
async function open(button: Element): Promise<void> {
  const s = current();
  let next = button.nextElementSibling;
  while (next?.hasAttribute("data-qb-ui")) next = next.nextElementSibling;
  if (!next) return;
  let ref: BlockRef | undefined;
  if (button.getAttribute("data-qb-edit") === "cell" || isCellPart(next)) {
    const cell = next.classList.contains("qb-cell") ? next : next.nextElementSibling;
    ref = cell ? s.refOfCell(cell) : undefined;
  } else {
    let previous = next.previousElementSibling;
    while (previous && !previous.classList.contains("qb-cell")) previous = previous.previousElementSibling;
    ref = s.proseAfter(previous);
  }
  if (ref !== undefined) openPanel(ref);
}

async function showCode(on: boolean): Promise<void> {
  current();
  codeShown = on;
  document.documentElement.classList.toggle("qb-code-shown", on);
  reachEditButtons(notebookMain()); // (Tab stops while the code shows: label.ts)
  renderCode();
}

/** What a press on one of client.js's controls does (boot.ts): an edit button opens its block's editor, "Show code" toggles. */
async function press(control: Element): Promise<void> {
  // edits kept in this browser wait for the learner's Apply or Discard: that comes first (an edit now would be refused, not to write over them)
  if (!control.matches("[data-qb-show-code]")) return reviewKept() ? undefined : open(control);
  const on = control.getAttribute("aria-pressed") !== "true";
  await showCode(on);
  control.setAttribute("aria-pressed", String(on));
}

const q = pageApi();
q.editor = {press, open, showCode, cellSources};
// where edits go (src/client/edits); kept edits the learner applies are replayed after the page's own definition, which the replay then changes
startEdits()?.onReplay((edits: readonly SourceEdit[]) => Promise.resolve(q.defined).then(() => current().replay(edits)));
document.addEventListener("queuebook:source", (event) => adopt((event as CustomEvent<EmbeddedSource>).detail));
