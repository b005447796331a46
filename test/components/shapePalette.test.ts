import {describe, expect, it} from "vitest";
import {shapeColorScale, shapeColors, shapeHex} from "../../src/components/shapePalette.js";
import {contrast} from "../support/contrast.js";

// The dark page's background, --qb-bg of src/client/style.css's dark scheme (palette.test.ts checks the stylesheet sets these colours).
const pages = {light: "#ffffff", dark: "#15171c"} as const;

describe("shapeColors", () => {
  for (const scheme of ["light", "dark"] as const)
    it(`gives every shape a chart-mark contrast of at least 3:1 against the ${scheme} page (WCAG 1.4.11)`, () => {
      for (const [shape, color] of Object.entries(shapeHex[scheme]))
        expect(contrast(color, pages[scheme]), shape).toBeGreaterThanOrEqual(3);
    });

  it("tells the shapes apart (three distinct colours in each scheme) and lists them in the lab's order", () => {
    expect(new Set(Object.values(shapeHex.light)).size).toBe(3);
    expect(new Set(Object.values(shapeHex.dark)).size).toBe(3);
    expect(shapeColorScale.domain).toEqual(["even", "poisson", "burst"]);
    expect(shapeColorScale.range).toEqual(shapeColorScale.domain.map((shape) => shapeColors[shape as keyof typeof shapeColors]));
  });

  it("computes contrast as WCAG does (black on white is 21:1, a colour on itself 1:1)", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrast("#4269d0", "#4269d0")).toBe(1);
    expect(contrast("#efb118", "#ffffff")).toBeLessThan(3); // the old Poisson yellow, refused
  });
});
