// Each code cell's edit button carries the cell's first line (`data-qb-line`, and in its
// accessible name): a screen reader hears which cell each ✎ edits, and, with the code shown, a
// hidden cell's button says which cell it opens. Set as attributes: code never becomes markup.
// The buttons are Tab stops only while the code is shown: a learner who plays does not tab
// through editing controls, and `e` edits the cell that holds the focus at any time (boot.ts).
import {ui} from "../ui/text.js";

/** The first line of a cell's code that says something (a letter or digit in it: not `{` alone, not a bare `//`), shortened for a button. */
export function firstLine(source: string): string {
  const lines = source.split("\n").map((l) => l.trim());
  const line = lines.find((l) => /[\p{L}\p{N}]/u.test(l)) ?? lines.find((l) => l && l !== "//") ?? "";
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}

/** Sets an attribute only when its value changes (600 buttons re-set to the same values on each Shift+Enter cost a style pass and a mutation record each); true when it changed. */
function put(element: Element, name: string, value: string): boolean {
  if (element.getAttribute(name) === value) return false;
  element.setAttribute(name, value);
  return true;
}

/** Names an edit button by what it does, in the page's language: "Edit cell: <its first line>", "Edit this text". */
export function nameEditButton(button: Element): void {
  const line = button.getAttribute("data-qb-line");
  put(
    button,
    "aria-label",
    line ? ui("edit.cell", {line}) : ui(button.getAttribute("data-qb-edit") === "cell" ? "edit.thisCell" : "edit.thisText")
  );
  put(button, "title", ui("edit.tooltip"));
}

/** True while the page shows every cell's code ("Show code"): then the edit buttons are Tab stops. */
export function codeShown(): boolean {
  return document.documentElement.classList.contains("qb-code-shown");
}

/** Makes `main`'s edit buttons Tab stops while the code is shown, else reachable by pointer, `e` and a screen reader's list of buttons only. */
export function reachEditButtons(main: Element): void {
  const reachable = codeShown();
  for (const button of main.querySelectorAll(":scope > button[data-qb-edit]")) {
    if (reachable) button.removeAttribute("tabindex");
    else put(button, "tabindex", "-1");
  }
}

/** Labels the edit button before each cell of `main` with that cell's first line (`sources`: the cells' code, in order). */
export function labelCellButtons(main: Element, sources: readonly string[]): void {
  main.querySelectorAll(":scope > .qb-cell").forEach((cell, k) => {
    let button = cell.previousElementSibling;
    if (button?.tagName === "PRE" && button.classList.contains("qb-echo")) return; // its code shows
    while (button && !button.matches("button[data-qb-edit]") && button.hasAttribute("data-qb-ui")) button = button.previousElementSibling;
    if (!button?.matches("button[data-qb-edit]")) return;
    // a button is named when made (boot.ts) and again on each change of language: here only when its line changed
    if (put(button, "data-qb-line", firstLine(sources[k] ?? ""))) nameEditButton(button);
  });
  reachEditButtons(main);
}
