import {describe, expect, it} from "vitest";
import {cacheAge, hitRate, refill, REFILL_TAU_MIN, warmupStep} from "../../../src/sim/oncall/cache.js";

describe("hitRate(lambda, ttlS, warm)", () => {
  it("gives the seeds' 77 % at 1125 req/s and TTL 60 s (rT = 3.375)", () => {
    expect(hitRate(1125, 60, 1)).toBeCloseTo(3.375 / 4.375, 14);
    expect(Math.round(100 * hitRate(1125, 60, 1))).toBe(77);
  });
  it("scales with the warm fraction and is 0 for an empty cache or a zero TTL", () => {
    expect(hitRate(1125, 60, 0.5)).toBeCloseTo(0.5 * hitRate(1125, 60, 1), 14);
    expect(hitRate(1125, 60, 0)).toBe(0);
    expect(hitRate(1125, 0, 1)).toBe(0);
  });
  it("rises with TTL towards warm", () => {
    expect(hitRate(1125, 600, 1)).toBeGreaterThan(hitRate(1125, 60, 1));
    expect(hitRate(1125, 1e9, 1)).toBeCloseTo(1, 6);
  });
});

describe("cacheAge(ttlS)", () => {
  it("is half the TTL: 30 s at TTL 60 s", () => {
    expect(cacheAge(60)).toBe(30);
  });
});

describe("refill(warm, dbLoadRatio)", () => {
  it("closes 1 − e^(−1/30) of the gap per minute with a healthy database", () => {
    expect(refill(0, 0.5)).toBeCloseTo(1 - Math.exp(-1 / REFILL_TAU_MIN), 14);
    expect(refill(1, 0.5)).toBe(1);
  });
  it("reaches 1 − 1/e after τ = 30 minutes", () => {
    let warm = 0;
    for (let m = 0; m < 30; m++) warm = refill(warm, 0.2);
    expect(warm).toBeCloseTo(1 - Math.exp(-1), 10);
  });
  it("slows while the database is saturated", () => {
    expect(refill(0, 1.5)).toBeCloseTo(1 - Math.exp(-1 / 45), 14);
    expect(refill(0, 1.5)).toBeLessThan(refill(0, 0.9));
  });
});

describe("warmupStep(warm)", () => {
  it("adds 12 % of the cache per minute, up to full", () => {
    expect(warmupStep(0)).toBeCloseTo(0.12, 14);
    expect(warmupStep(0.95)).toBe(1);
  });
});
