// A box that scrolls sideways (a formula wider than the column, as on a phone) must be reachable
// by keyboard, or its right part is lost to anyone without a mouse (WCAG 2.1.1; axe:
// scrollable-region-focusable). A formula is first set smaller to fit (fitFormula(), down to 75 %); the
// box becomes a tab stop only while it still overflows, so formulas that fit add no stop;
// style.css draws the shadow that says there is more.

const watched = new WeakSet<Element>();
/** The scroller a watched element belongs to (itself, or the box whose content it is). */
const boxOf = new WeakMap<Element, Element>();
let observer: ResizeObserver | undefined;

/** The smallest a formula is set to fit its column before it scrolls instead: 75 % (a phone's 19 px formula at 14 px). */
export const MIN_FORMULA_SCALE = 0.75;

/**
 * A formula (KaTeX sizes everything in em) wider than its box is set smaller, down to
 * MIN_FORMULA_SCALE, so that most fit a phone whole rather than showing cut at first sight; one
 * wider still scrolls. The scale is worked out from the width at full size, so a second look
 * (the observer sees the box resized) keeps it.
 */
function fitFormula(box: Element): void {
  if (!(box instanceof HTMLElement) || !box.querySelector(".katex")) return;
  const current = Number(box.dataset.qbScale ?? 1);
  const full = box.scrollWidth / current;
  const scale = Math.max(MIN_FORMULA_SCALE, Math.min(1, Math.floor((box.clientWidth / full) * 100) / 100));
  if (Math.abs(scale - current) < 0.01) return;
  if (scale >= 1) {
    delete box.dataset.qbScale;
    box.style.removeProperty("font-size");
  } else {
    box.dataset.qbScale = String(scale);
    box.style.fontSize = `${scale}em`;
  }
}

/** Keeps the box focusable (tabindex 0) exactly while its content is wider than it. */
function check(box: Element): void {
  fitFormula(box);
  // only a box that scrolls: content spilling out of a plain one is its scroller's to reach
  const overflows = /auto|scroll/.test(getComputedStyle(box).overflowX) && box.scrollWidth > box.clientWidth + 1;
  if (overflows && !box.hasAttribute("tabindex")) box.setAttribute("tabindex", "0");
  else if (!overflows && box.getAttribute("tabindex") === "0") box.removeAttribute("tabindex");
}

/** KaTeX's fonts arrive after the first layout and widen the formulas without resizing their boxes: every box is checked again then. */
function checkAfterFonts(): void {
  if (typeof document === "undefined" || !document.fonts || fontsWatched) return;
  fontsWatched = true;
  document.fonts.addEventListener("loadingdone", () => document.querySelectorAll("[data-qb-scroll]").forEach(check));
}
let fontsWatched = false;

/** Observes `element`'s size on behalf of `box` (read after layout, so no layout is forced). */
function observe(element: Element, box: Element): void {
  boxOf.set(element, box);
  checkAfterFonts();
  observer ??= new ResizeObserver((entries) => new Set(entries.map((entry) => boxOf.get(entry.target)!)).forEach(check));
  observer.observe(element);
}

/**
 * Watches `box` (a sideways scroller) from now on: focusable while it overflows, checked when
 * the box or its content changes size (content drawn into it later is observed as it comes).
 */
export function watchOverflow(box: Element | null | undefined): void {
  if (!box || watched.has(box) || typeof ResizeObserver === "undefined") return;
  watched.add(box);
  box.setAttribute("data-qb-scroll", "");
  observe(box, box);
  for (const child of box.children) observe(child, box);
  new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) if (node instanceof Element) observe(node, box);
  }).observe(box, {childList: true});
}
