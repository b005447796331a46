import {describe, expect, it} from "vitest";
import {exponentialWithRate, mulberry32} from "../../src/lab/random.js";
import {mean} from "../../src/lab/stats.js";

describe("mulberry32(seed)", () => {
  it("repeats per seed and stays within [0, 1)", () => {
    const a = mulberry32(7),
      b = mulberry32(7);
    const values = Array.from({length: 10_000}, () => a());
    expect(values.slice(0, 5)).toEqual(Array.from({length: 5}, () => b()));
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    expect(mean(values)).toBeCloseTo(0.5, 1);
  });

  it("folds seeds to 32 bits: seed and seed + 2^32 agree, negative seeds work", () => {
    expect(mulberry32(2 ** 32 + 3)()).toBe(mulberry32(3)());
    expect(mulberry32(-1)()).toBe(mulberry32(2 ** 32 - 1)());
  });
});

describe("exponentialWithRate(random, rate)", () => {
  it("has mean 1/rate", () => {
    const random = mulberry32(1);
    expect(mean(Array.from({length: 50_000}, () => exponentialWithRate(random, 25)))).toBeCloseTo(0.04, 2);
  });
});
