// A figure redrawn by a slider patched into the one on the page instead of replacing it. A cell
// that re-runs returns a new element; replacing the old one makes the browser build, style, lay
// out and paint the whole figure again (for the arrival lab's "Try it", 7 figures and tables:
// about 6 ms of style and layout a slider move, against 1 ms when only the changed attributes and
// text are set on the elements already there). A view opts in by marking the figure's root
// `data-qb-redraw`: a promise that nothing in it holds a listener or state of its own, except the
// elements that say how they take over from their new copy (`adoptable`; the chart's table view,
// whose open state stays and whose rows come from the new data). The client's display
// (src/client/display.ts) patches when the old and the new value are both marked; anything else
// in them (a form control, an unmarked element the views did not write) and the new value
// replaces the old one as before. The client and the views are bundled apart: the mark is an
// attribute and the hand-over a Symbol.for property, which both bundles see alike.

/** The attribute a view sets on a figure it redraws with inert markup only. */
export const REDRAW = "data-qb-redraw";

const adopt = Symbol.for("queuebook.redraw.adopt");

/** An element that takes over from its new copy itself (its children are its own). */
interface Adoptable extends Element {
  /** Takes `next`'s state (the same kind of element, new); false when it cannot (then it is replaced). */
  [adopt]?: (next: Element) => boolean;
}

/** Marks `node` as a figure the page may patch in place when its cell draws it again. */
export function redrawable<T extends Element>(node: T): T {
  node.setAttribute(REDRAW, "");
  return node;
}

/** Says how `node` (an element outside the inert set below: a <details>, say) takes over from a new copy of itself when its figure is patched. */
export function adoptable<T extends Element>(node: T, takeOver: (next: T) => boolean): T {
  (node as Adoptable)[adopt] = takeOver as (next: Element) => boolean;
  return node;
}

/** The elements a redrawn figure is made of: text and layout, no control, nothing that runs. */
const inert = new Set([
  // HTML
  "div",
  "span",
  "p",
  "br",
  "strong",
  "em",
  "b",
  "i",
  "small",
  "code",
  "sub",
  "sup",
  "figure",
  "figcaption",
  "table",
  "caption",
  "thead",
  "tbody",
  "tfoot",
  "tr",
  "th",
  "td",
  "summary",
  // SVG
  "svg",
  "g",
  "path",
  "line",
  "rect",
  "circle",
  "polyline",
  "polygon",
  "text",
  "tspan",
  "title",
  "desc"
]);

/** What takes over for `node` when its figure is redrawn: only an element outside the inert set has one. */
function adopterOf(node: Element): ((next: Element) => boolean) | undefined {
  return inert.has(node.localName) ? undefined : (node as Adoptable)[adopt];
}

/** True when every element under `root` is inert or adoptable (whose own children are not looked at). */
function patchable(root: Element): boolean {
  if (!inert.has(root.localName)) return (root as Adoptable)[adopt] !== undefined;
  for (let child = root.firstElementChild; child; child = child.nextElementSibling) if (!patchable(child)) return false;
  return true;
}

/** Figures on the page found patchable once: what a redraw puts in them was checked as it came. */
const checked = new WeakSet<Element>();

/**
 * Makes `old` (on the page) show what `next` (a new copy of it) shows, keeping the elements that
 * stay the same kind; true when it did, false (nothing changed) when either is not a marked figure
 * of inert markup. Elements of `next` that `old` has no counterpart for are moved into it.
 */
export function redraw(old: Element, next: Element): boolean {
  if (!old.hasAttribute(REDRAW) || !next.hasAttribute(REDRAW) || !sameKind(old, next)) return false;
  if (!checked.has(old) && !patchable(old)) return false;
  if (!patchable(next)) return false;
  patch(old, next);
  checked.add(old);
  return true;
}

function sameKind(a: Node, b: Node): boolean {
  if (a.nodeType !== b.nodeType) return false;
  if (a.nodeType !== Node.ELEMENT_NODE) return a.nodeType === Node.TEXT_NODE;
  const x = a as Element,
    y = b as Element;
  return x.localName === y.localName && x.namespaceURI === y.namespaceURI && !adopterOf(x) === !adopterOf(y);
}

/** Sets `old`'s attributes and children to `next`'s (the two of the same kind); an adoptable one takes over itself. */
function patch(old: Element, next: Element): void {
  // (an adoptable element keeps what the reader did to it, a table view's open state)
  const takeOver = adopterOf(old);
  if (takeOver) {
    if (!takeOver(next)) old.replaceWith(next);
    return;
  }
  // (names and values as strings: reading `attributes[i]` makes an Attr object each time)
  const names = next.getAttributeNames();
  for (const name of names) {
    const value = next.getAttribute(name)!;
    if (old.getAttribute(name) !== value) old.setAttribute(name, value);
  }
  // old now has every attribute of next: any more are ones next lacks
  if (old.attributes.length > names.length)
    for (const name of old.getAttributeNames()) if (!next.hasAttribute(name)) old.removeAttribute(name);
  let there = old.firstChild;
  for (let node = next.firstChild; node; ) {
    const following = node.nextSibling; // (node may move into old)
    if (!there) old.append(node);
    else {
      const after = there.nextSibling;
      if (!sameKind(there, node)) there.replaceWith(node);
      else if (there.nodeType === Node.TEXT_NODE) {
        if ((there as Text).data !== (node as Text).data) (there as Text).data = (node as Text).data;
      } else patch(there as Element, node as Element);
      there = after;
    }
    node = following;
  }
  while (there) {
    const after = there.nextSibling;
    there.remove();
    there = after;
  }
}
