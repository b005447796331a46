// A view too tall for one slide (on-call's model, its nine charts) marks its parts: elements
// with data-qb-slide-part="<name>", those of one name within the view being one part. On the
// stage such a view is shown a part a slide: the slide that holds the view becomes a slide per
// part, each with the section's heading and the view's unmarked content (its intro), and only
// that part's elements (style.css hides the others while presenting). The page itself, print
// (`?present&print`: one page per notebook slide, scaled to fit) and the view's own code do not
// change. Copies of a slide (the overview, the presenter's next slide) keep only its part.

import {SLIDE_PART} from "../../page/slideParts.js";

/** The attribute a view marks its parts with: `data-qb-slide-part="<name>"` (src/page/slideParts.ts). */
export const PART = SLIDE_PART;
/** The class the parts on show carry while presenting. */
export const PART_SHOWN = "qb-part-shown";

/** The parts inside `element` (parts do not nest), in the order they first appear: the elements of one name together. */
export function partsOf(element: Element): Element[][] {
  const byName = new Map<string, Element[]>();
  for (const part of element.querySelectorAll(`[${PART}]`)) {
    const name = part.getAttribute(PART) ?? "";
    byName.set(name, [...(byName.get(name) ?? []), part]);
  }
  return [...byName.values()];
}

/**
 * `slides` (each a list of the page's top elements) with each slide that holds a view with parts
 * made a slide per part: the first with what comes before the view, the last with what comes
 * after it, each between with the slide's heading (its first element, when an h2).
 */
export function expandParts(slides: readonly Element[][]): Element[][] {
  return slides.flatMap((slide) => {
    const at = slide.findIndex((element) => element.querySelector(`[${PART}]`));
    if (at < 0) return [slide];
    const parts = partsOf(slide[at]);
    if (parts.length < 2) return [slide];
    const heading = slide[0].tagName === "H2" ? [slide[0]] : [];
    return parts.map((part, k) => [
      ...(k === 0 ? slide.slice(0, at) : heading),
      slide[at],
      ...part,
      ...(k === parts.length - 1 ? slide.slice(at + 1) : [])
    ]);
  });
}

/** Marks the parts of `slide` shown, every other part in `root` not. */
export function showParts(root: Element, slide: readonly Element[]): void {
  const on = new Set(slide);
  for (const part of root.querySelectorAll(`[${PART}]`)) part.classList.toggle(PART_SHOWN, on.has(part));
}

/** In a copy of `original` (a deep clone), only the parts `slide` holds, marked shown. */
export function keepParts(original: Element, copy: Element, slide: readonly Element[]): void {
  const on = new Set(slide);
  const copies = copy.querySelectorAll(`[${PART}]`);
  original.querySelectorAll(`[${PART}]`).forEach((part, i) => {
    if (on.has(part)) copies[i]?.classList.add(PART_SHOWN);
    else copies[i]?.remove();
  });
}
