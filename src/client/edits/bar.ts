// The page's edits bar: an "edited" marker, "Download .md" (the notebook as edited, as a file)
// and "Revert", shown once the notebook differs from the page's original; and the notice for
// edits set aside because they were made to another version of the notebook. Its text is set
// as text, never as markup: a notebook path or a stored entry cannot inject anything.
import type {EmbeddedSource} from "../../notebook/sourceContract.js";
import {setAsideLimit, type StoredEdits} from "./store.js";
import type {Edits} from "./state.js";

/** The file name a download gets: the notebook's own name ("erlang-c.md"). */
export function downloadName(path: string): string {
  return path.replace(/^.*\//, "");
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string>, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) e.setAttribute(name, value);
  if (text !== undefined) e.textContent = text;
  return e;
}

/** A download link whose blob follows `text()`; call the returned update after each change. */
function downloadLink(attributes: Record<string, string>, label: string, text: () => string): [HTMLAnchorElement, () => void] {
  const a = element("a", attributes, label);
  let url = "";
  const update = () => {
    if (url) URL.revokeObjectURL(url);
    url = URL.createObjectURL(new Blob([text()], {type: "text/markdown;charset=utf-8"}));
    a.href = url;
  };
  return [a, update];
}

/** What the bar does on Revert and how it names where edits went. */
export interface BarOptions {
  dev: boolean;
  revert(): Promise<string | undefined>;
  /** Edits found for another version of this notebook (undefined: unreadable), or absent. */
  setAside?: StoredEdits | null;
  /** How many older set-aside versions had to go to make room (the notice says so). */
  dropped?: number;
  discardSetAside(): void;
}

/** Adds the edits bar (and a set-aside notice) to the page. */
export function mountBar(edits: Edits, source: EmbeddedSource, options: BarOptions): void {
  const name = downloadName(source.path);
  const bar = element("div", {class: "qb-edits", "data-qb-edits-bar": "", role: "status", style: "position:fixed;right:1rem;bottom:1rem;z-index:20;display:none;gap:.75rem;align-items:center;padding:.4rem .75rem;border-radius:6px;font:14px system-ui,sans-serif;background:Canvas;color:CanvasText;border:1px solid GrayText;box-shadow:0 1px 4px #0003"});
  const marker = element("span", {"data-qb-edited": ""}, options.dev ? `Saved to ${name}` : "Edited in this browser");
  const [download, update] = downloadLink({"data-qb-download": "", download: name}, "Download .md", () => edits.current());
  const revert = element("button", {type: "button", "data-qb-revert": ""}, "Revert");
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
}

/** The notice for edits that belong to another version of the notebook: kept aside, offered as a file, never applied. */
function setAsideNotice(name: string, options: BarOptions): HTMLElement {
  const notice = element("div", {class: "qb-edits-notice", "data-qb-set-aside": "", role: "alert", style: "position:fixed;left:1rem;bottom:1rem;z-index:20;max-width:32rem;padding:.5rem .75rem;border-radius:6px;font:14px system-ui,sans-serif;background:Canvas;color:CanvasText;border:1px solid #c60"});
  notice.append(element("span", {}, "This notebook changed since you edited it here, so your edits were set aside, not applied (they come back when that version is opened here again). "));
  if (options.dropped) notice.append(element("span", {"data-qb-set-aside-dropped": ""}, `This browser keeps edits to ${setAsideLimit} versions of a page: the oldest ${options.dropped === 1 ? "was" : `${options.dropped} were`} dropped. `));
  const kept = options.setAside;
  if (kept) {
    const [a, update] = downloadLink({"data-qb-set-aside-download": "", download: name.replace(/\.md$/, "") + ".edited-earlier.md"}, "Download your edited version", () => kept.text);
    update();
    notice.append(a, " ");
  }
  const discard = element("button", {type: "button", "data-qb-set-aside-discard": ""}, "Discard");
  discard.addEventListener("click", () => (options.discardSetAside(), notice.remove()));
  notice.append(discard);
  return notice;
}
