import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {intervals, schedule, shapes} from "../../src/lab/schedule.js";
import {cv, mean} from "../../src/lab/stats.js";

describe("schedule(shape, count, rate, seed)", () => {
  it("gives CV 0.000 for even, near 1 for poisson and far above 1 for burst (300 25 7)", () => {
    const [even, poisson, burst] = shapes.map((shape) => cv(intervals(schedule(shape, 300, 25, 7))));
    expect(even.toFixed(3)).toBe("0.000");
    expect(poisson).toBeGreaterThan(0.8);
    expect(poisson).toBeLessThan(1.2);
    expect(burst).toBeGreaterThan(3); // sqrt(11) ≈ 3.32 for groups of 12
  });

  it("keeps the same mean interval and nearly equal last intended times for the three shapes", () => {
    const plans = shapes.map((shape) => schedule(shape, 300, 25, 7));
    for (const plan of plans) expect(mean(intervals(plan))).toBeCloseTo(1 / 25, 2);
    const last = plans.map((plan) => plan[plan.length - 1]);
    // even 11.96 s, burst 11.52 s, poisson 13.03 s for seed 7: its sum of 299 draws has an SD of 0.69 s
    expect(Math.max(...last) / Math.min(...last)).toBeLessThan(1.15);
    expect(last[0]).toBeCloseTo(299 / 25, 12);
  });

  it("is reproducible per seed and differs between seeds (poisson)", () => {
    expect(schedule("poisson", 100, 25, 7)).toEqual(schedule("poisson", 100, 25, 7));
    expect(schedule("poisson", 100, 25, 7)).not.toEqual(schedule("poisson", 100, 25, 8));
    expect(schedule("even", 5, 25, 1)).toEqual(schedule("even", 5, 25, 2));
  });

  it("places bursts at (i // 12) * (12 / rate)", () => {
    const plan = schedule("burst", 30, 25, 7);
    expect(plan.slice(0, 12).every((t) => t === 0)).toBe(true);
    expect(plan[12]).toBeCloseTo(0.48, 12);
    expect(plan[29]).toBeCloseTo(0.96, 12);
  });

  it("takes the burst size as an option", () => {
    const plan = schedule("burst", 10, 10, 7, {burstSize: 5});
    expect(plan).toEqual([0, 0, 0, 0, 0, 0.5, 0.5, 0.5, 0.5, 0.5]);
  });

  it("starts at 0 and never goes back in time, for any shape, count, rate and seed", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...shapes),
        fc.integer({min: 1, max: 500}),
        fc.double({min: 0.01, max: 1e4, noNaN: true}),
        fc.integer(),
        (shape, count, rate, seed) => {
          const plan = schedule(shape, count, rate, seed);
          expect(plan).toHaveLength(count);
          expect(plan[0]).toBe(0);
          for (let i = 1; i < count; i++) expect(plan[i]).toBeGreaterThanOrEqual(plan[i - 1]);
        }
      ),
      {numRuns: 200}
    );
  });
});

describe("intervals(times)", () => {
  it("returns n − 1 gaps", () => {
    expect(intervals([0, 1, 1, 3])).toEqual([1, 0, 2]);
    expect(intervals([5])).toEqual([]);
    expect(intervals([])).toEqual([]);
  });
});
