import {describe, expect, it} from "vitest";
import {mulberry32} from "../../../src/sim/kit/rng.js";
import {arrivalRate, diurnalFactor, droppedShare, minuteCount, surgeFactor, type Surge} from "../../../src/sim/formulas/traffic.js";

describe("arrivalRate(base, clockHours, surge)", () => {
  it("gives the seeds' 1125 req/s at 08:00 on a base of 1000", () => {
    expect(arrivalRate(1000, 8)).toBeCloseTo(1125, 10);
  });
  it("peaks at 12:00 (×1.25) and bottoms at 00:00 (×0.75)", () => {
    expect(diurnalFactor(12)).toBeCloseTo(1.25, 12);
    expect(diurnalFactor(0)).toBeCloseTo(0.75, 12);
    expect(diurnalFactor(6)).toBeCloseTo(1, 12);
  });
  it("multiplies by the surge", () => {
    expect(arrivalRate(1000, 6, 2)).toBeCloseTo(2000, 10);
  });
});

describe("surgeFactor(minute, surge)", () => {
  const surge: Surge = {startMinute: 10, size: 3, rampMin: 5, holdMin: 30, decayMin: 20};
  it("is 1 without a surge and before it starts", () => {
    expect(surgeFactor(50, null)).toBe(1);
    expect(surgeFactor(9, surge)).toBe(1);
  });
  it("ramps linearly to its size, holds, then decays back towards 1", () => {
    expect(surgeFactor(10, surge)).toBeCloseTo(1.4, 12);
    expect(surgeFactor(14, surge)).toBe(3);
    expect(surgeFactor(44, surge)).toBe(3);
    expect(surgeFactor(45, surge)).toBe(3);
    expect(surgeFactor(65, surge)).toBeCloseTo(1 + 2 * Math.exp(-1), 12);
    expect(surgeFactor(1000, surge)).toBeCloseTo(1, 10);
  });
});

describe("minuteCount(rng, lambda)", () => {
  it("has mean 60λ and a standard deviation near √(60λ + (0.02·60λ)²)", () => {
    const rng = mulberry32(5);
    const xs = Array.from({length: 20_000}, () => minuteCount(rng, 1000));
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    const sd = Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / xs.length);
    expect(mean / 60_000).toBeCloseTo(1, 2);
    expect(sd / Math.sqrt(60_000 + 1200 ** 2)).toBeCloseTo(1, 1);
  });
  it("uses an exact Poisson count for small rates, never negative", () => {
    const rng = mulberry32(6);
    const xs = Array.from({length: 5_000}, () => minuteCount(rng, 0.05));
    expect(xs.every((x) => x >= 0)).toBe(true);
    expect(xs.reduce((s, x) => s + x, 0) / xs.length).toBeCloseTo(3, 0);
    expect(minuteCount(rng, 0)).toBe(0);
  });
});

describe("droppedShare(sheddingShare)", () => {
  it("sheds at most the 30 % low-priority traffic", () => {
    expect(droppedShare(0)).toBe(0);
    expect(droppedShare(0.5)).toBeCloseTo(0.15, 12);
    expect(droppedShare(1)).toBeCloseTo(0.3, 12);
  });
});
