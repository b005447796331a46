// The path data of the hand-drawn charts: a step-after line visits what Plot's step-after curve
// visits, and bars are closed rectangles.
import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {rectsPath, stepAfterPath} from "../../../src/components/chart/paths.js";

/** The corners a path of M/H/V commands passes through, in order. */
function corners(d: string): [number, number][] {
  const points: [number, number][] = [];
  let x = 0,
    y = 0;
  for (const [, command, args] of d.matchAll(/([MHV])([^MHV]*)/g)) {
    if (command === "M") [x, y] = args.split(",").map(Number);
    else if (command === "H") x = Number(args);
    else y = Number(args);
    points.push([x, y]);
  }
  return points;
}

describe("stepAfterPath(points)", () => {
  it("holds each level until the next x, then strokes to the next level", () => {
    expect(
      stepAfterPath([
        [0, 10],
        [5, 20],
        [5, 30],
        [9, 30]
      ])
    ).toBe("M0,10H5V20V30H9");
    expect(stepAfterPath([])).toBe("");
  });

  it("passes through (x[i+1], y[i]) and (x[i+1], y[i+1]) for every point, to a tenth of a pixel", () => {
    const points = fc
      .array(fc.tuple(fc.integer({min: 0, max: 50}), fc.integer({min: 0, max: 50})), {minLength: 1, maxLength: 40})
      .map((steps) =>
        steps.map(([_dx, y], i, all) => [all.slice(0, i + 1).reduce((sum, [d]) => sum + d, 0) / 10, y / 10] as [number, number])
      );
    fc.assert(
      fc.property(points, (line) => {
        const visited = corners(stepAfterPath(line)).map(([x, y]) => `${x},${y}`);
        const expected = [`${line[0][0]},${line[0][1]}`];
        for (let i = 1; i < line.length; i++) expected.push(`${line[i][0]},${line[i - 1][1]}`, `${line[i][0]},${line[i][1]}`);
        // The path skips a corner that repeats the one before (a zero-length stroke).
        expect(visited).toEqual(expected.filter((p, i) => i === 0 || p !== expected[i - 1]));
      })
    );
  });
});

describe("rectsPath(rects)", () => {
  it("draws each rectangle as a closed subpath", () => {
    expect(
      rectsPath([
        {x0: 1, x1: 4, y0: 100, y1: 60},
        {x0: 5, x1: 8, y0: 100, y1: 90.25}
      ])
    ).toBe("M1,100H4V60H1ZM5,100H8V90.3H5Z");
  });
});
