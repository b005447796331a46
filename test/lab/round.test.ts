import {describe, expect, it} from "vitest";
import fc from "fast-check";
import {roundHalfUp, trimmed} from "../../src/lab/round.js";

describe("roundHalfUp(value, digits)", () => {
  it("rounds the classic cases the way a person does, where toFixed does not", () => {
    expect([roundHalfUp(0.275, 2), (0.275).toFixed(2)]).toEqual(["0.28", "0.28"]);
    expect([roundHalfUp(1.005, 2), (1.005).toFixed(2)]).toEqual(["1.01", "1.00"]);
    expect([roundHalfUp(2.675, 2), (2.675).toFixed(2)]).toEqual(["2.68", "2.67"]);
    expect(roundHalfUp(1.0049, 2)).toBe("1.00");
    expect(roundHalfUp(0.0435, 3)).toBe("0.044");
  });

  it("ignores arithmetic noise past 15 significant digits: the lab's utilization 25 / (4 / 0.044)", () => {
    const utilization = 25 / (4 / 0.044);
    expect(String(utilization)).toBe("0.27499999999999997");
    expect(roundHalfUp(utilization, 2)).toBe("0.28");
  });

  it("pads, carries and handles whole numbers, tiny and huge values, zero and negatives", () => {
    expect(roundHalfUp(2.5, 0)).toBe("3");
    expect(roundHalfUp(9.995, 2)).toBe("10.00");
    expect(roundHalfUp(99.95, 1)).toBe("100.0");
    expect(roundHalfUp(0, 3)).toBe("0.000");
    expect(roundHalfUp(1e-7, 4)).toBe("0.0000");
    expect(roundHalfUp(0.00005, 4)).toBe("0.0001");
    expect(roundHalfUp(1e21, 1)).toBe("1000000000000000000000.0");
    expect(roundHalfUp(-1.005, 2)).toBe("-1.01");
    expect(roundHalfUp(-0.001, 2)).toBe("0.00");
    expect(roundHalfUp(NaN, 2)).toBe("NaN");
    expect(() => roundHalfUp(1, -1)).toThrow(RangeError);
  });

  it("never differs from toFixed by more than one unit in the last place, and agrees on values away from a half", () => {
    fc.assert(
      fc.property(fc.double({min: 0, max: 1e6, noNaN: true}), fc.integer({min: 0, max: 6}), (value, digits) => {
        const mine = Number(roundHalfUp(value, digits)),
          theirs = Number(value.toFixed(digits));
        expect(Math.abs(mine - theirs)).toBeLessThanOrEqual(10 ** -digits * 1.000001);
        const scaled = value * 10 ** digits;
        if (Math.abs(scaled - Math.floor(scaled) - 0.5) > 1e-6) expect(roundHalfUp(value, digits)).toBe(value.toFixed(digits));
      }),
      {seed: 11, numRuns: 2000}
    );
  });
});

describe("trimmed(value, digits)", () => {
  it("drops trailing zeros and the point", () => {
    expect([trimmed(4 / 0.044, 3), trimmed(100, 3), trimmed(97.5609756, 3), trimmed(1.005, 2)]).toEqual([
      "90.909",
      "100",
      "97.561",
      "1.01"
    ]);
  });
});
