// Each code cell's edit button carries the cell's first line (`data-qb-line`, and in its
// accessible name): a hidden cell with nothing to show has no box a pointer can rest on, so
// its button stands in a slim row of its own (edit.css) and says which cell it opens; a
// screen reader hears which cell each ✎ edits. Set as attributes: code never becomes markup.

/** The first line of a cell's code that says something, shortened for a button. */
export function firstLine(source: string): string {
  const line = (source.split("\n").find((l) => l.trim() && !/^\s*\/\/\s*$/.test(l)) ?? "").trim();
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}

/** Labels the edit button before each cell of `main` with that cell's first line (`sources`: the cells' code, in order). */
export function labelCellButtons(main: Element, sources: readonly string[]): void {
  main.querySelectorAll(":scope > .qb-cell").forEach((cell, k) => {
    let button = cell.previousElementSibling;
    if (button?.tagName === "PRE" && button.classList.contains("qb-echo")) return; // its code shows
    while (button && !button.matches("button[data-qb-edit]") && button.hasAttribute("data-qb-ui")) button = button.previousElementSibling;
    if (!button?.matches("button[data-qb-edit]")) return;
    const line = firstLine(sources[k] ?? "");
    button.setAttribute("data-qb-line", line);
    button.setAttribute("aria-label", line ? `Edit cell: ${line}` : "Edit this cell");
  });
}
