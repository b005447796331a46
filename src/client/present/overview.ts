// The overview (`o`): every slide as a small still copy in a grid. The arrow keys move the
// choice, Enter (or a click) jumps to it, `o` or Esc closes it where it was.
import {slideCopy} from "./copy.js";
import {ui} from "../ui/text.js";

const TILE_WIDTH = 288;

let grid: HTMLElement | null = null;
let chosen = 0;
let jump: (index: number) => void = () => {};

function heading(slide: readonly Element[]): string {
  const h = slide.find((e) => /^H[12]$/.test(e.tagName)) ?? slide[0]?.querySelector("h1, h2");
  return h?.textContent?.trim() ?? "";
}

function choose(index: number): void {
  if (!grid) return;
  const tiles = grid.querySelectorAll<HTMLElement>(".qb-overview-tile");
  chosen = Math.max(0, Math.min(tiles.length - 1, index));
  tiles.forEach((tile, i) => tile.setAttribute("aria-current", String(i === chosen)));
  tiles[chosen]?.focus({preventScroll: true});
  tiles[chosen]?.scrollIntoView({block: "nearest"});
}

/** Opens the overview on slide `current` (0-based); `onJump` goes to a chosen slide. */
export function openOverview(slides: readonly Element[][], current: number, onJump: (index: number) => void): void {
  closeOverview();
  jump = onJump;
  grid = document.createElement("div");
  grid.className = "qb-overview";
  grid.setAttribute("role", "dialog");
  grid.setAttribute("aria-label", ui("overview.label"));
  slides.forEach((slide, i) => {
    const tile = document.createElement("button");
    tile.type = "button";
    tile.className = "qb-overview-tile";
    const title = heading(slide);
    tile.setAttribute("aria-label", title ? ui("overview.slideTitled", {n: i + 1, title}) : ui("overview.slide", {n: i + 1}));
    const number = document.createElement("span");
    number.className = "qb-overview-number";
    number.textContent = String(i + 1);
    tile.append(slideCopy(slide, TILE_WIDTH), number);
    tile.addEventListener("click", () => pick(i));
    grid!.append(tile);
  });
  document.body.append(grid);
  choose(current);
}

function pick(index: number): void {
  closeOverview();
  jump(index);
}

/** Closes the overview without moving. */
export function closeOverview(): void {
  grid?.remove();
  grid = null;
}

/** How many tiles fit in one row, for ↑ and ↓. */
function perRow(): number {
  const tiles = grid?.querySelectorAll<HTMLElement>(".qb-overview-tile");
  if (!tiles?.length) return 1;
  const top = tiles[0].offsetTop;
  let n = 0;
  while (n < tiles.length && tiles[n].offsetTop === top) n++;
  return Math.max(1, n);
}

/** Handles a key while the overview is open; true when it was the overview's. */
export function overviewKey(event: KeyboardEvent): boolean {
  if (!grid) return false;
  const keys: Record<string, () => void> = {
    ArrowRight: () => choose(chosen + 1),
    ArrowLeft: () => choose(chosen - 1),
    ArrowDown: () => choose(chosen + perRow()),
    ArrowUp: () => choose(chosen - perRow()),
    Home: () => choose(0),
    End: () => choose(Number.MAX_SAFE_INTEGER),
    Enter: () => pick(chosen),
    " ": () => pick(chosen),
    Escape: closeOverview,
    o: closeOverview
  };
  const action = keys[event.key];
  if (!action) return false;
  event.preventDefault();
  action();
  return true;
}
