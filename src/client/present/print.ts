// Slides on paper: `?present&print` lays every slide out as one 1280×720 page (16:9), cells
// rendered, for the browser's Print and for `queuebook export --slides --pdf`. Each slide's
// elements go into a page-sized section (on the screen too, as a preview); a slide taller
// than its page is scaled down to fit, so there is exactly one page per slide.

import {FLOW_BOX} from "../../page/prose.js";

/** The query flag that, with `present`, lays the slides out for print. */
export const PRINT_FLAG = "print";

let style: HTMLStyleElement | null = null;
let layout: Element[][] = [];
let resizer: ResizeObserver | null = null;

/** True when the URL asks for the slides laid out for print. */
export function printRequested(): boolean {
  try {
    return new URLSearchParams(location.search).has(PRINT_FLAG);
  } catch {
    return false;
  }
}

function same(a: readonly Element[][], b: readonly Element[][]): boolean {
  return a.length === b.length && a.every((group, i) => group.length === b[i].length && group.every((e, j) => e === b[i][j]));
}

/**
 * Lays `order` (main's elements, as the notebook has them) out as one section per slide of
 * `slides`; the elements of no slide (the notebook's own h1, cells that show nothing yet) wait
 * in a hidden box, where their cells still render (and a later layout places them).
 */
export function layOutForPrint(main: HTMLElement, order: readonly Element[], slides: readonly Element[][]): void {
  if (same(layout, slides) && main.querySelector(".qb-print-slide")) return;
  layout = slides.map((s) => [...s]);
  if (!style) {
    style = document.createElement("style");
    // @page cannot be scoped to a class: this page asks for it only while laid out for print.
    style.textContent = "@page { size: 1280px 720px; margin: 0; }";
    document.head.append(style);
    document.documentElement.classList.add("qb-print-slides");
  }
  const slideOf = new Map<Element, number>();
  slides.forEach((group, i) => group.forEach((e) => slideOf.set(e, i)));
  // (the section and its box each a FLOW_BOX: the passages inside still switch language)
  const sections = slides.map((_, i) => {
    const section = document.createElement("section");
    section.className = "qb-print-slide qb-on-slide";
    section.dataset.slide = String(i + 1);
    section.setAttribute(FLOW_BOX, "");
    const inner = document.createElement("div");
    inner.className = "qb-print-inner";
    inner.setAttribute(FLOW_BOX, "");
    section.append(inner);
    return section;
  });
  const unshown = document.createElement("div");
  unshown.className = "qb-print-unshown"; // not .qb-on-slide: hidden
  unshown.setAttribute(FLOW_BOX, "");
  for (const element of order) {
    const at = slideOf.get(element);
    element.classList.toggle("qb-on-slide", at !== undefined);
    (at === undefined ? unshown : sections[at].firstElementChild!).append(element);
  }
  main.replaceChildren(...sections, unshown);
  document.documentElement.dataset.qbSlides = String(slides.length);
  resizer?.disconnect();
  resizer = new ResizeObserver(() => fitPages(main));
  for (const section of sections) resizer.observe(section.firstElementChild!);
  fitPages(main);
}

/** Scales each slide that is taller than its page down to the page. */
function fitPages(main: HTMLElement): void {
  for (const inner of main.querySelectorAll<HTMLElement>(".qb-print-inner")) {
    const section = inner.parentElement as HTMLElement;
    const style = getComputedStyle(section);
    const room = section.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
    const need = inner.scrollHeight;
    inner.style.transform = need > room && room > 0 ? `scale(${room / need})` : "";
  }
}
