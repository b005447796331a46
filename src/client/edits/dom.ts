// Which block of the .md an element of the page shows. Cells are their element `#cell-N`
// (parse.ts's positional id); a prose block is the run of main's top-level nodes between two
// cells; a block the editor inserted carries `data-qb-block`.
import type {BlockRef, SourceBlock} from "../../notebook/source.js";

const isCellStart = (node: Node) => node instanceof Element && (node.classList.contains("qb-cell") || (node.tagName === "PRE" && node.classList.contains("qb-echo")));

/** The block `element` (a cell, or any node of a prose run, or something inside one) belongs to, or undefined. */
export function blockOf(element: Element, blocks: readonly SourceBlock[]): BlockRef | undefined {
  const marked = element.closest("[data-qb-block]")?.getAttribute("data-qb-block");
  if (marked != null && /^\d+$/.test(marked)) return Number(marked);
  const main = element.closest("main.qb-notebook");
  let top: Element | null = element;
  while (top && top.parentElement !== main) top = top.parentElement;
  if (!main || !top) return undefined;
  const cell = top.classList.contains("qb-cell") ? top : top.tagName === "PRE" && top.classList.contains("qb-echo") ? top.nextElementSibling : null;
  const number = (cell?.id ?? "").match(/^cell-(\d+)$/)?.[1];
  if (number) return blocks.findIndex((b) => b.kind === "cell" && b.cell === Number(number));
  // prose: the block after the last cell before it (or the first block)
  let previous: Element | null = top.previousElementSibling;
  while (previous && !previous.classList.contains("qb-cell")) previous = previous.previousElementSibling;
  const after = previous ? blocks.findIndex((b) => b.kind === "cell" && `cell-${b.cell}` === previous!.id) : -1;
  const k = after + 1;
  return blocks[k]?.kind === "prose" ? k : undefined;
}

/** The top-level nodes of main that show prose block `k` (empty when it has none). */
export function proseNodes(k: number, blocks: readonly SourceBlock[]): Node[] {
  const main = document.querySelector("main.qb-notebook");
  if (!main || blocks[k]?.kind !== "prose") return [];
  const before = blocks[k - 1];
  let node: Node | null = before ? document.getElementById(`cell-${before.cell}`)?.nextSibling ?? null : main.firstChild;
  const nodes: Node[] = [];
  for (; node && !isCellStart(node); node = node.nextSibling) nodes.push(node);
  return nodes;
}
