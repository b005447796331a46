import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {labelWidth, layoutLabels} from "../../../src/components/oncall/eventLabels.js";

const overlaps = (a: {row: number; from: number; to: number}, b: {row: number; from: number; to: number}) =>
  a.row === b.row && a.from < b.to && b.from < a.to;

describe("layoutLabels(items, left, right)", () => {
  it("never lets two labels overlap, for any lines and texts", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({x: fc.double({min: 44, max: 600, noNaN: true}), text: fc.string({minLength: 1, maxLength: 14})}), {
          maxLength: 8
        }),
        (items) => {
          const placed = layoutLabels(items, 44, 600);
          for (let i = 0; i < placed.length; i++)
            for (let j = i + 1; j < placed.length; j++) expect(overlaps(placed[i], placed[j])).toBe(false);
        }
      )
    );
  });
  it("keeps each label beside its own line and inside the chart when it fits", () => {
    const placed = layoutLabels(
      [
        {x: 590, text: "riasztás"},
        {x: 50, text: "telepítés"}
      ],
      44,
      600
    );
    expect(placed[0]).toMatchObject({anchor: "end", x: 587});
    expect(placed[0].from).toBeGreaterThanOrEqual(44);
    expect(placed[1]).toMatchObject({anchor: "start", x: 53});
    expect(placed[1].to).toBeLessThanOrEqual(600);
  });
  // The cases seen: the deploy and the alert (09:10, 09:29 on a phone's 2-hour chart), the alert
  // and the flush a minute apart (12:15, 12:16), the surge and the alert in adjacent minutes.
  const pxPerMinute = (width: number, span: number) => (width - 52) / span;
  for (const [what, a, b, texts] of [
    ["deploy and alert", 10, 29, ["deploy", "alert"]],
    ["flush and alert", 15, 16, ["cache flush", "alert"]],
    ["surge and alert", 40, 41, ["surge", "alert"]],
    ["hu telepítés and riasztás", 10, 29, ["telepítés", "riasztás"]],
    ["ig nsachapụ and ọkwa", 15, 16, ["nsachapụ", "ọkwa"]]
  ] as const) {
    for (const [width, span] of [
      [260, 120],
      [604, 120],
      [604, 1440],
      [390, 240]
    ]) {
      it(`${what}: apart at ${width} px over ${span} minutes`, () => {
        const k = pxPerMinute(width, span);
        const placed = layoutLabels(
          [
            {x: 44 + a * k, text: texts[0]},
            {x: 44 + b * k, text: texts[1]}
          ],
          44,
          width - 8
        );
        expect(overlaps(placed[0], placed[1])).toBe(false);
        // Far enough apart, both stay in the top row.
        if (44 + a * k + 3 + labelWidth(texts[0]) + 4 <= 44 + b * k + 3) expect(placed.map((p) => p.row)).toEqual([0, 0]);
      });
    }
  }
  it("estimates widths on the wide side: a character is 6.2 px at 10 px", () => {
    expect(labelWidth("alert")).toBeCloseTo(31, 5);
    expect(labelWidth("ọkwa")).toBeCloseTo(24.8, 5);
  });
});
