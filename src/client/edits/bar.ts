// The page's edits bar: an "edited" marker, "Download .md" (the notebook as edited, as a file)
// and "Revert", shown once the notebook differs from the page's original; the notice for edits
// found in this browser's storage, which are not applied until the learner reviews them and
// chooses Apply (review.ts); and the notice for edits set aside because they were made to
// another version of the notebook. Its text is set as text, never as markup: a notebook path or
// a stored entry cannot inject anything. Its words are the page's language's, and follow it.
import {applyEdits} from "../../notebook/source.js";
import type {EmbeddedSource} from "../../notebook/sourceContract.js";
import {blockChanges} from "./changes.js";
import {reviewDialog} from "./review.js";
import {setAsideLimit, type StoredEdits} from "./store.js";
import type {Edits} from "./state.js";
import {followLanguage, ui} from "../ui/text.js";
import {en, type UiKey} from "../ui/en.js";

/** The file name a download gets: the notebook's own name ("erlang-c.md"). */
export function downloadName(path: string): string {
  return path.replace(/^.*\//, "");
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string>,
  text?: string
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) e.setAttribute(name, value);
  if (text !== undefined) e.textContent = text;
  return e;
}

/** Sets `e`'s text to `words()` now and after each change of the page's language. */
function say(e: HTMLElement, words: () => string): HTMLElement {
  followLanguage(() => (e.textContent = words()));
  return e;
}

/**
 * A download link whose blob follows `text()`; call the returned update after each change. The
 * blob is made at once the first time (the link has its href from the start), and after a change
 * once the page is idle, or sooner when the link is about to be used (pointed at, focused,
 * clicked, its menu opened): a Shift+Enter in a long notebook no longer copies the whole text into
 * a blob before its cells run.
 */
function downloadLink(attributes: Record<string, string>, label: UiKey, text: () => string): [HTMLAnchorElement, () => void] {
  const a = element("a", attributes);
  say(a, () => ui(label));
  let url = "";
  let stale = false;
  const refresh = () => {
    if (url && !stale) return;
    stale = false;
    if (url) URL.revokeObjectURL(url);
    url = URL.createObjectURL(new Blob([text()], {type: "text/markdown;charset=utf-8"}));
    a.href = url;
  };
  for (const type of ["pointerenter", "pointerdown", "focus", "click", "auxclick", "contextmenu"]) a.addEventListener(type, refresh);
  const update = () => {
    if (!url) return refresh();
    if (stale) return; // already waiting for the page to be idle
    stale = true;
    if (typeof requestIdleCallback === "function") requestIdleCallback(refresh, {timeout: 1000});
    else setTimeout(refresh, 50);
  };
  return [a, update];
}

/** What the bar does on Revert and how it names where edits went. */
export interface BarOptions {
  dev: boolean;
  /** What the bar says edits are, when neither dev's "Saved to …" nor "Edited in this browser" (a lesson in JupyterLab: "bar.jupyter"): a key of the kit's words, or a text as it is. */
  marker?: UiKey | string;
  revert(): Promise<string | undefined>;
  /** Edits found for another version of this notebook (undefined: unreadable), or absent. */
  setAside?: StoredEdits | null;
  /** How many older set-aside versions had to go to make room (the notice says so). */
  dropped?: number;
  discardSetAside(): void;
  /** Forgets the edits waiting in `edits.pending()` in storage (the learner chose Discard). */
  discardKept(): void;
}

/** What the page can ask of a mounted bar. */
export interface Bar {
  /** Opens the review of edits waiting for the learner; false when none wait. */
  review(): boolean;
}

/** True for a key of the kit's words (what `marker` names when it is not a text of its own). */
function isUiKey(value: string): value is UiKey {
  return Object.hasOwn(en, value);
}

const barStyle =
  "position:fixed;right:1rem;bottom:1rem;z-index:20;gap:.75rem;align-items:center;padding:.4rem .75rem;border-radius:6px;font:14px system-ui,sans-serif;background:Canvas;color:CanvasText;border:1px solid GrayText;box-shadow:0 1px 4px #0003";

/** Adds the edits bar (and the notices for kept and set-aside edits) to the page. */
export function mountBar(edits: Edits, source: EmbeddedSource, options: BarOptions): Bar {
  const name = downloadName(source.path);
  const bar = element("div", {
    class: "qb-edits",
    "data-qb-edits-bar": "",
    role: "status",
    tabindex: "-1",
    style: `${barStyle};display:none`
  });
  const marker = say(element("span", {"data-qb-edited": ""}), () =>
    options.marker !== undefined
      ? isUiKey(options.marker)
        ? ui(options.marker)
        : options.marker
      : options.dev
        ? ui("bar.savedTo", {name})
        : ui("bar.browser")
  );
  const [download, update] = downloadLink({"data-qb-download": "", download: name}, "bar.download", () => edits.current());
  const revert = say(element("button", {type: "button", "data-qb-revert": ""}), () => ui("bar.revert"));
  const message = element("span", {"data-qb-edits-message": ""});
  revert.addEventListener("click", async () => {
    message.textContent = (await options.revert()) ?? "";
  });
  bar.append(marker, download, revert, message);
  const show = () => {
    const edited = edits.edited();
    bar.style.display = edited ? "flex" : "none";
    document.documentElement.toggleAttribute("data-qb-has-edits", edited);
    update();
  };
  edits.onChange(show);
  document.body.append(bar);
  show();
  if (options.setAside !== undefined) document.body.append(setAsideNotice(name, options));
  return {review: edits.pending() ? keptNotice(edits, source, bar, options) : () => false};
}

/**
 * The notice for edits found in this browser's storage: they are not applied (another page may
 * have written them), and "Review edits" opens the diff with Apply and Discard. Returns what
 * opens the review (false once the learner decided).
 */
function keptNotice(edits: Edits, source: EmbeddedSource, bar: HTMLElement, options: BarOptions): () => boolean {
  const kept = edits.pending()!;
  const notice = element("div", {class: "qb-edits-kept", "data-qb-kept": "", role: "status", style: `${barStyle};display:flex`});
  const button = say(element("button", {type: "button", "data-qb-review": "", "aria-haspopup": "dialog"}), () => ui("kept.review"));
  notice.append(
    say(element("span", {}), () => ui("kept.notice")),
    button
  );
  document.body.append(notice);
  let dialog: HTMLDialogElement | undefined;
  const decided = (then: () => void) => () => {
    notice.remove();
    dialog?.remove();
    dialog = undefined;
    then();
  };
  const open = () => {
    if (!notice.isConnected) return false;
    dialog ??= reviewDialog(downloadName(source.path), blockChanges(source, kept), {
      apply: decided(() => {
        edits.applyPending();
        bar.focus(); // (the bar says "Edited in this browser" now, with Download and Revert)
      }),
      discard: decided(() => {
        options.discardKept();
        const main = document.querySelector<HTMLElement>("main");
        if (main && !main.hasAttribute("tabindex")) main.setAttribute("tabindex", "-1");
        main?.focus();
      }),
      text: () => applyEdits(source.text, source.blocks, kept)
    });
    // closed undecided (Close, Esc): the focus goes back to the button that opened it
    dialog.onclose = () => void (notice.isConnected && button.focus());
    if (!dialog.isConnected) document.body.append(dialog);
    if (!dialog.open) dialog.showModal();
    dialog.querySelector<HTMLElement>("h2")?.focus();
    return true;
  };
  button.addEventListener("click", open);
  return open;
}

/** The notice for edits that belong to another version of the notebook: kept aside, offered as a file, never applied. */
function setAsideNotice(name: string, options: BarOptions): HTMLElement {
  const notice = element("div", {
    class: "qb-edits-notice",
    "data-qb-set-aside": "",
    role: "alert",
    style:
      "position:fixed;left:1rem;bottom:1rem;z-index:20;max-width:32rem;padding:.5rem .75rem;border-radius:6px;font:14px system-ui,sans-serif;background:Canvas;color:CanvasText;border:1px solid #c60"
  });
  notice.append(say(element("span", {}), () => ui("aside.notice")));
  const dropped = options.dropped;
  if (dropped)
    notice.append(
      say(element("span", {"data-qb-set-aside-dropped": ""}), () =>
        dropped === 1 ? ui("aside.droppedOne", {limit: setAsideLimit}) : ui("aside.droppedMany", {limit: setAsideLimit, count: dropped})
      )
    );
  const kept = options.setAside;
  if (kept) {
    const [a, update] = downloadLink(
      {"data-qb-set-aside-download": "", download: name.replace(/\.md$/, "") + ".edited-earlier.md"},
      "aside.download",
      () => kept.text
    );
    update();
    notice.append(a, " ");
  }
  const discard = say(element("button", {type: "button", "data-qb-set-aside-discard": ""}), () => ui("aside.discard"));
  discard.addEventListener("click", () => (options.discardSetAside(), notice.remove()));
  notice.append(discard);
  return notice;
}
