// Path data for the hand-drawn charts: a step-after line and a set of bars, each as the `d` of
// one <path>. One path per series keeps a redrawn chart to a handful of elements (Plot draws a
// bar as an element of its own).
import {px} from "./svg.js";

/** A step-after line through pixel points: level until the next x, then a vertical stroke. */
export function stepAfterPath(points: readonly (readonly [number, number])[]): string {
  if (points.length === 0) return "";
  const parts = [`M${px(points[0][0])},${px(points[0][1])}`];
  for (let i = 1; i < points.length; i++) {
    const [x, y] = points[i];
    if (x !== points[i - 1][0]) parts.push(`H${px(x)}`);
    if (y !== points[i - 1][1]) parts.push(`V${px(y)}`);
  }
  return parts.join("");
}

/** Rectangles in pixels (x0, x1 across; y0 the base, y1 the top), as one path's subpaths. */
export function rectsPath(rects: readonly {x0: number; x1: number; y0: number; y1: number}[]): string {
  return rects.map((r) => `M${px(r.x0)},${px(r.y0)}H${px(r.x1)}V${px(r.y1)}H${px(r.x0)}Z`).join("");
}
