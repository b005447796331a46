// stepPoints thins a step-after line without changing its picture: at every x the vertical
// stroke spans the same range and ends at the same level, and the line spans the same x range.
import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {stepPoints} from "../../../src/components/lab/charts.js";

type Point = {x: number; y: number};

/** What a step-after path through `points` draws: per distinct x, [lowest, highest, final] level, including the level it arrives at. */
function picture(points: Point[]): string[] {
  const strokes: string[] = [];
  let level = points[0].y;
  for (let i = 0; i < points.length; ) {
    let j = i;
    const ys = [level];
    while (j < points.length && points[j].x === points[i].x) ys.push(points[j++].y);
    const end = ys.at(-1)!;
    const low = Math.min(...ys),
      high = Math.max(...ys);
    if (i === 0 || j === points.length || low !== level || high !== level) strokes.push(`${points[i].x}:${low}..${high}->${end}`);
    level = end;
    i = j;
  }
  return strokes;
}

const series = fc
  .array(fc.record({dx: fc.constantFrom(0, 0, 1, 2), y: fc.integer({min: 0, max: 4})}), {minLength: 1, maxLength: 60})
  .map((steps) => {
    let x = 0;
    return steps.map(({dx, y}) => ({x: (x += dx), y}));
  });

describe("stepPoints", () => {
  it("keeps the picture of any sorted step line", () => {
    fc.assert(
      fc.property(series, (points) => {
        const thin = stepPoints(
          points,
          (p) => p.x,
          (p) => p.y
        );
        expect(picture(thin)).toEqual(picture(points));
        expect(thin[0]).toBe(points[0]);
        expect(thin.at(-1)).toBe(points.at(-1));
      }),
      {numRuns: 500}
    );
  });

  it("draws fewer points where a level repeats or many points share an instant", () => {
    const burst = Array.from({length: 12}, (_, k) => ({x: 1, y: k + 1}));
    const flat = Array.from({length: 20}, (_, k) => ({x: 2 + k, y: 12}));
    expect(
      stepPoints(
        [{x: 0, y: 0}, ...burst, ...flat],
        (p) => p.x,
        (p) => p.y
      ).map((p) => [p.x, p.y])
    ).toEqual([
      [0, 0],
      [1, 1],
      [1, 12],
      [21, 12]
    ]);
  });

  it("leaves a line that goes back in x as it is", () => {
    const points = [
      {x: 0, y: 1},
      {x: 3, y: 1},
      {x: 2, y: 1},
      {x: 4, y: 2}
    ];
    expect(
      stepPoints(
        points,
        (p) => p.x,
        (p) => p.y
      )
    ).toBe(points);
  });
});
