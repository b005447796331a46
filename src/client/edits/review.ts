// The review of edits kept in this browser, before any of them runs: a modal <dialog> listing
// each block they change as a line diff against the page's original (the code that would run,
// the prose as plain text), with Apply, Discard, a download of the notebook they would give,
// and Close (decide later; Esc too). Everything from storage is set as text, never as markup:
// a planted `<img onerror>` reads as those characters here. Its words are the page's language's
// (src/client/ui/), read as it opens.
import {lineDiff, type BlockChange} from "./changes.js";
import {ui} from "../ui/text.js";

/** What the learner can do from the review. */
export interface ReviewActions {
  apply(): void;
  discard(): void;
  /** The notebook as the kept edits would make it (a download: a file, not run). */
  text(): string;
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  text?: string
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) e.setAttribute(name, value);
  if (text !== undefined) e.textContent = text;
  return e;
}

const kindName: Record<string, string> = {js: "JavaScript", ts: "TypeScript", html: "HTML", svg: "SVG", tex: "TeX"};

/** The heading of one block's change ("Code cell (JavaScript) at line 12: changed", "New text"). */
export function changeTitle(change: BlockChange): string {
  const lang = kindName[change.lang ?? "js"] ?? change.lang ?? "";
  const cell = change.kind === "cell";
  if (change.change === "added") return cell ? ui("review.newCell", {lang}) : ui("review.newText");
  const removed = change.change === "removed";
  return ui(cell ? (removed ? "review.cellRemoved" : "review.cellChanged") : removed ? "review.textRemoved" : "review.textChanged", {
    lang,
    line: change.line ?? "?"
  });
}

/** One block's diff: a <pre> whose lines are <ins>, <del> or plain, each with a sign a screen reader and a copy keep. */
function diffBlock(change: BlockChange): HTMLElement {
  const section = element("section", {
    "data-qb-review-block": String(change.block),
    "data-qb-review-change": change.change,
    style: "margin:.75rem 0"
  });
  section.append(element("h3", {style: "font-size:1rem;margin:0 0 .25rem"}, changeTitle(change)));
  const pre = element("pre", {
    "data-qb-review-diff": "",
    style:
      "margin:0;padding:.4rem .5rem;overflow:auto;max-height:20rem;border:1px solid GrayText;border-radius:4px;font:13px/1.45 ui-monospace,monospace;white-space:pre"
  });
  for (const line of lineDiff(change.before, change.after)) {
    const [tag, sign, style] =
      line.op === "added"
        ? (["ins", "+ ", "text-decoration:none;background:#2e7d3233"] as const)
        : line.op === "removed"
          ? (["del", "− ", "text-decoration:line-through;background:#c6282833"] as const)
          : (["span", "  ", ""] as const);
    pre.append(element(tag, {style: `display:block;${style}`}, `${sign}${line.text}`));
  }
  section.append(pre);
  return section;
}

/** Builds the review dialog for `changes` to the notebook `name`; showModal() opens it. */
export function reviewDialog(name: string, changes: readonly BlockChange[], actions: ReviewActions): HTMLDialogElement {
  const dialog = element("dialog", {
    class: "qb-edits-review",
    "data-qb-edits-review": "",
    "data-qb-ui": "",
    "aria-labelledby": "qb-edits-review-title",
    style:
      "max-width:min(52rem,92vw);max-height:86vh;overflow:auto;padding:1rem 1.25rem;border:1px solid GrayText;border-radius:8px;background:Canvas;color:CanvasText;font:15px/1.45 system-ui,sans-serif"
  });
  const title = element(
    "h2",
    {id: "qb-edits-review-title", tabindex: "-1", style: "font-size:1.15rem;margin:0 0 .5rem"},
    ui("review.title")
  );
  const cells = changes.filter((c) => c.kind === "cell" && c.change !== "removed").length;
  dialog.append(
    title,
    element("p", {style: "margin:0 0 .5rem"}, ui("review.intro", {name, what: ui(cells ? "review.runs" : "review.noCode")}))
  );
  for (const change of changes) dialog.append(diffBlock(change));
  const row = element("div", {style: "display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;margin-top:.75rem"});
  const apply = element("button", {type: "button", "data-qb-review-apply": ""}, ui("review.apply"));
  const discard = element("button", {type: "button", "data-qb-review-discard": ""}, ui("review.discard"));
  // (a file of the text, never run: the learner can keep it whatever they choose)
  const download = element(
    "a",
    {
      "data-qb-review-download": "",
      download: name.replace(/\.md$/, "") + ".kept-edits.md",
      href: URL.createObjectURL(new Blob([actions.text()], {type: "text/markdown;charset=utf-8"}))
    },
    ui("review.download")
  );
  const close = element("button", {type: "button", "data-qb-review-close": ""}, ui("review.close"));
  apply.addEventListener("click", () => (dialog.close("apply"), actions.apply()));
  discard.addEventListener("click", () => (dialog.close("discard"), actions.discard()));
  close.addEventListener("click", () => dialog.close());
  row.append(apply, discard, download, close);
  dialog.append(row);
  return dialog;
}
