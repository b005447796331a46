import {describe, expect, it} from "vitest";
import {exponentialWithMean, mulberry32, normal, poisson, substream, uniform} from "../../../src/sim/kit/rng.js";

function sample(n: number, draw: () => number): number[] {
  return Array.from({length: n}, draw);
}
function mean(xs: number[]): number {
  return xs.reduce((s, x) => s + x, 0) / xs.length;
}
function variance(xs: number[]): number {
  const m = mean(xs);
  return xs.reduce((s, x) => s + (x - m) ** 2, 0) / (xs.length - 1);
}

describe("mulberry32(seed)", () => {
  it("reproduces the reference sequence for seed 1", () => {
    const rng = mulberry32(1);
    expect(rng()).toBe(0.6270739405881613);
    expect(rng()).toBe(0.002735721180215478);
  });
  it("gives the same sequence for the same seed and a different one for another", () => {
    const a = sample(5, mulberry32(42)),
      b = sample(5, mulberry32(42)),
      c = sample(5, mulberry32(43));
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
  });
  it("stays in [0, 1) with mean 1/2", () => {
    const xs = sample(20_000, mulberry32(7));
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThan(1);
    expect(mean(xs)).toBeCloseTo(0.5, 2);
  });
});

describe("substream(rng)", () => {
  it("consumes exactly one draw of the parent", () => {
    const a = mulberry32(3),
      b = mulberry32(3);
    const child = substream(a);
    for (let i = 0; i < 10; i++) child();
    b();
    expect(a()).toBe(b());
  });
});

describe("uniform(rng, min, max)", () => {
  it("scales into [min, max)", () => {
    const rng = mulberry32(9);
    const xs = sample(10_000, () => uniform(rng, 10, 50));
    expect(xs.every((x) => x >= 10 && x < 50)).toBe(true);
    expect(mean(xs)).toBeCloseTo(30, 0);
    expect(uniform(() => 0.5)).toBe(0.5);
  });
});

describe("exponentialWithMean(rng, mean)", () => {
  it("has the requested mean and variance mean²", () => {
    const rng = mulberry32(11);
    const xs = sample(40_000, () => exponentialWithMean(rng, 2));
    expect(mean(xs)).toBeCloseTo(2, 1);
    expect(variance(xs)).toBeCloseTo(4, 0);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
  });
  it("is the inverse CDF: u = 0 gives 0", () => {
    expect(exponentialWithMean(() => 0, 5)).toBe(0);
    expect(exponentialWithMean(() => 1 - Math.exp(-1), 5)).toBeCloseTo(5, 12);
  });
});

describe("normal(rng, mean, sd)", () => {
  it("has the requested mean and standard deviation", () => {
    const rng = mulberry32(13);
    const xs = sample(40_000, () => normal(rng, 10, 3));
    expect(mean(xs)).toBeCloseTo(10, 1);
    expect(Math.sqrt(variance(xs))).toBeCloseTo(3, 1);
  });
  it("stays finite when the first uniform is 0", () => {
    expect(Number.isFinite(normal(() => 0))).toBe(true);
  });
});

describe("poisson(rng, mean)", () => {
  it("has mean and variance equal to its parameter", () => {
    const rng = mulberry32(17);
    const xs = sample(40_000, () => poisson(rng, 4.5));
    expect(mean(xs)).toBeCloseTo(4.5, 1);
    expect(variance(xs)).toBeCloseTo(4.5, 0);
    expect(xs.every(Number.isInteger)).toBe(true);
  });
  it("returns 0 for mean 0 and refuses means where e^(−mean) underflows", () => {
    expect(poisson(mulberry32(1), 0)).toBe(0);
    expect(() => poisson(mulberry32(1), 701)).toThrow(RangeError);
  });
});
