import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {cv, maxConcurrency, maxInService, maxOf, mean, median, nearestRank, populationSd, sweepSteps} from "../../src/lab/stats.js";

describe("cv(values)", () => {
  it("is population SD / mean", () => {
    expect(cv([2, 2, 2])).toBe(0);
    expect(populationSd([1, 3])).toBe(1);
    expect(cv([1, 3])).toBe(0.5); // SD 1 (not the sample SD √2), mean 2
    expect(cv([0, 0, 0, 1.2])).toBeCloseTo(Math.sqrt(3), 12); // burst-like: zeros and one long gap
  });

  it("is NaN for no values", () => {
    expect(cv([])).toBeNaN();
  });
});

describe("mean(values) and median(values)", () => {
  it("handles odd and even counts", () => {
    expect(mean([1, 2, 6])).toBe(3);
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});

describe("nearestRank(p, values)", () => {
  const ten = [10, 1, 9, 2, 8, 3, 7, 4, 6, 5];
  it("takes the value at rank ceil(p/100 × n)", () => {
    expect(nearestRank(50, ten)).toBe(5);
    expect(nearestRank(95, ten)).toBe(10);
    expect(nearestRank(90, ten)).toBe(9);
    expect(nearestRank(91, ten)).toBe(10);
    expect(nearestRank(100, ten)).toBe(10);
  });

  it("takes the smallest value for p = 0 and never interpolates", () => {
    expect(nearestRank(0, ten)).toBe(1);
    expect(nearestRank(50, [1, 2])).toBe(1);
    expect(nearestRank(51, [1, 2])).toBe(2);
  });

  it("handles ties and single values", () => {
    expect(nearestRank(50, [3, 3, 3, 7])).toBe(3);
    expect(nearestRank(95, [3, 3, 3, 7])).toBe(7);
    expect(nearestRank(95, [42])).toBe(42);
    expect(nearestRank(50, [])).toBeNaN();
  });

  it("rejects p outside 0–100", () => {
    expect(() => nearestRank(101, [1])).toThrow(RangeError);
    expect(() => nearestRank(-1, [1])).toThrow(RangeError);
  });

  it("always returns one of the values, at least p % of which are ≤ it", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({min: -100, max: 100}), {minLength: 1, maxLength: 50}),
        fc.integer({min: 1, max: 100}),
        (values, p) => {
          const v = nearestRank(p, values);
          expect(values).toContain(v);
          expect(values.filter((x) => x <= v).length / values.length).toBeGreaterThanOrEqual(p / 100);
          expect(values.filter((x) => x < v).length / values.length).toBeLessThan(p / 100);
        }
      )
    );
  });
});

describe("maxConcurrency(visits)", () => {
  it("counts overlapping visits", () => {
    expect(maxConcurrency([])).toBe(0);
    expect(maxConcurrency([{arrive: 0, end: 1}])).toBe(1);
    expect(
      maxConcurrency([
        {arrive: 0, end: 3},
        {arrive: 1, end: 2},
        {arrive: 1.5, end: 4}
      ])
    ).toBe(3);
  });

  it("lets an end go before an arrival at the same instant", () => {
    expect(
      maxConcurrency([
        {arrive: 0, end: 1},
        {arrive: 1, end: 2}
      ])
    ).toBe(1);
    expect(
      maxConcurrency([
        {arrive: 0, end: 1},
        {arrive: 1, end: 2},
        {arrive: 1, end: 2}
      ])
    ).toBe(2);
  });

  it("counts simultaneous arrivals all at once (a burst of 12)", () => {
    expect(maxConcurrency(Array.from({length: 12}, (_, i) => ({arrive: 0, end: 0.04 * (1 + Math.floor(i / 4))})))).toBe(12);
  });

  it("matches a brute-force count at every arrival", () => {
    const visit = fc.tuple(fc.integer({min: 0, max: 20}), fc.integer({min: 0, max: 10})).map(([a, d]) => ({arrive: a, end: a + d}));
    fc.assert(
      fc.property(fc.array(visit, {maxLength: 30}), (visits) => {
        const brute = Math.max(0, ...visits.map((v) => visits.filter((w) => w.arrive <= v.arrive && w.end > v.arrive).length));
        // a zero-length visit leaves as it arrives: end goes first, so it never counts
        const positive = visits.filter((v) => v.end > v.arrive);
        expect(maxConcurrency(visits)).toBe(positive.length ? brute : 0);
      })
    );
  });
});

describe("sweepSteps(visits)", () => {
  it("gives the number in the system after each event, the end first at a tie", () => {
    expect(sweepSteps([])).toEqual([]);
    expect(
      sweepSteps([
        {arrive: 0, end: 1},
        {arrive: 1, end: 2},
        {arrive: 0.5, end: 3}
      ])
    ).toEqual([
      {t: 0, n: 1},
      {t: 0.5, n: 2},
      {t: 1, n: 1},
      {t: 1, n: 2},
      {t: 2, n: 1},
      {t: 3, n: 0}
    ]);
  });

  it("peaks at maxConcurrency, float noise included (i/25 + 0.04 against (i+1)/25)", () => {
    const even = Array.from({length: 150}, (_, i) => ({arrive: i / 25, end: i / 25 + 0.04}));
    expect(maxConcurrency(even)).toBe(1);
    expect(maxOf(sweepSteps(even).map((s) => s.n))).toBe(1);
    const visit = fc
      .tuple(fc.integer({min: 0, max: 20}), fc.integer({min: 0, max: 10}))
      .map(([a, d]) => ({arrive: a / 10, end: (a + d) / 10}));
    fc.assert(
      fc.property(fc.array(visit, {maxLength: 30}), (visits) => {
        expect(Math.max(0, maxOf(sweepSteps(visits).map((s) => s.n)))).toBe(maxConcurrency(visits));
      })
    );
  });
});

describe("maxInService(visits)", () => {
  it("sweeps start to end", () => {
    expect(
      maxInService([
        {arrive: 0, start: 0, end: 1},
        {arrive: 0, start: 1, end: 2}
      ])
    ).toBe(1);
  });
});
