// SVG elements for the hand-drawn charts: one helper that creates an element with its
// attributes, and pixel positions written to a tenth of a pixel (shorter path strings for the
// browser to parse; a tenth is below what a screen shows).
const ns = "http://www.w3.org/2000/svg";

/** An SVG element `tag` with `attributes` (undefined ones left out) and `children`. */
export function svgElement<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | number | undefined> = {},
  ...children: (Node | string)[]
): SVGElementTagNameMap[K] {
  const node = document.createElementNS(ns, tag);
  for (const name in attributes) {
    const value = attributes[name];
    if (value !== undefined) node.setAttribute(name, String(value));
  }
  if (children.length) node.append(...children);
  return node;
}

/** A pixel position to a tenth of a pixel, as text. */
export function px(value: number): string {
  return String(Math.round(value * 10) / 10);
}
