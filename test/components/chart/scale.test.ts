// linear(domain, range) maps data to pixels with round ticks inside the domain, and tickText
// writes a tick as Plot's axes do.
import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {linear, tickText} from "../../../src/components/chart/scale.js";

describe("linear(domain, range, options)", () => {
  it("maps the domain's ends onto the range's ends, linearly, also reversed (a y axis)", () => {
    const x = linear([40, 120], [50, 392]);
    expect([x(40), x(120), x(80)]).toEqual([50, 392, 221]);
    const y = linear([0, 100], [230, 20]);
    expect([y(0), y(100), y(50)]).toEqual([230, 20, 125]);
  });

  it("gives round ticks inside the domain, about `count` of them, and at least one", () => {
    expect(linear([0, 490], [0, 300], 4).ticks).toEqual([0, 100, 200, 300, 400]);
    expect(linear([0, 12], [0, 200], 5).ticks).toEqual([0, 2, 4, 6, 8, 10, 12]);
    expect(linear([0.3, 6.1], [0, 300], 3).ticks).toEqual([2, 4, 6]);
    expect(linear([0, 12], [0, 20], 0.3).ticks).toEqual([0, 10]); // a panel too short for one tick per 35 px
  });

  it("keeps the domain as given (Plot's default: no rounding of the ends)", () => {
    expect(linear([0.3, 6.1], [0, 300]).domain).toEqual([0.3, 6.1]);
  });

  it("widens a one-value domain by one each side; NaN, an infinity or a reversed one becomes [0, 1]", () => {
    expect(linear([4, 4], [0, 100]).domain).toEqual([3, 5]);
    expect(linear([NaN, NaN], [0, 100]).domain).toEqual([0, 1]);
    expect(linear([0, Infinity], [0, 100]).domain).toEqual([0, 1]);
    expect(linear([5, 1], [0, 100]).domain).toEqual([0, 1]);
  });

  it("keeps every tick of any domain inside it and maps it inside the range", () => {
    fc.assert(
      fc.property(
        fc.double({min: -1e6, max: 1e6, noNaN: true}),
        fc.double({min: 1e-3, max: 1e6, noNaN: true}),
        fc.integer({min: 1, max: 12}),
        (start, span, count) => {
          const x = linear([start, start + span], [10, 410], count);
          for (const tick of x.ticks) {
            expect(tick).toBeGreaterThanOrEqual(x.domain[0]);
            expect(tick).toBeLessThanOrEqual(x.domain[1]);
            expect(x(tick)).toBeGreaterThanOrEqual(10 - 1e-6);
            expect(x(tick)).toBeLessThanOrEqual(410 + 1e-6);
          }
        }
      )
    );
  });

  it("formats its ticks with the decimals the step needs", () => {
    const x = linear([0, 1], [0, 400], 4);
    expect(x.ticks.map(x.format)).toEqual(["0", "0.2", "0.4", "0.6", "0.8", "1"]);
    const y = linear([0, 4000], [0, 400], 4);
    expect(y.ticks.map(y.format)).toEqual(["0", "1,000", "2,000", "3,000", "4,000"]);
  });
});

describe("tickText(value, digits)", () => {
  it("writes decimals without trailing zeros, groups thousands, and uses U+2212 for a minus", () => {
    expect(tickText(0, 0)).toBe("0");
    expect(tickText(2.5, 1)).toBe("2.5");
    expect(tickText(3, 1)).toBe("3");
    expect(tickText(0.30000000000000004, 1)).toBe("0.3");
    expect(tickText(1234567, 0)).toBe("1,234,567");
    expect(tickText(12000.5, 1)).toBe("12,000.5");
    expect(tickText(-5, 0)).toBe("−5");
    expect(tickText(-0.0001, 2)).toBe("0");
  });
});
