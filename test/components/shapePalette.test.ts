import {describe, expect, it} from "vitest";
import {shapeColors, shapeColorScale} from "../../src/components/shapePalette.js";

/** WCAG 2.1 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((k) => parseInt(hex.slice(k, k + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

describe("shapeColors", () => {
  it("gives every shape a chart-mark contrast of at least 3:1 against the white page (WCAG 1.4.11)", () => {
    for (const [shape, color] of Object.entries(shapeColors)) expect(contrast(color, "#ffffff"), shape).toBeGreaterThanOrEqual(3);
  });

  it("tells the shapes apart (three distinct colours) and lists them in the lab's order", () => {
    expect(new Set(Object.values(shapeColors)).size).toBe(3);
    expect(shapeColorScale.domain).toEqual(["even", "poisson", "burst"]);
    expect(shapeColorScale.range).toEqual(shapeColorScale.domain.map((shape) => shapeColors[shape as keyof typeof shapeColors]));
  });

  it("computes contrast as WCAG does (black on white is 21:1, a colour on itself 1:1)", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrast("#4269d0", "#4269d0")).toBe(1);
    expect(contrast("#efb118", "#ffffff")).toBeLessThan(3); // the old Poisson yellow, refused
  });
});
