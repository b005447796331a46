import {describe, expect, it} from "vitest";
import {
  erlangB,
  erlangC,
  p99,
  saturationFailedShare,
  serviceRate,
  timeoutShare,
  utilization,
  waitExceeds
} from "../../../src/sim/formulas/queue.js";

describe("erlangB(a, n)", () => {
  it("matches the Erlang B table at 2 % blocking", () => {
    // Published capacities at 2 % grade of service: N = 11 → 5.842 E, 31 → 22.827 E, 89 → 77.342 E.
    expect(erlangB(5.842, 11)).toBeCloseTo(0.02, 4);
    expect(erlangB(22.827, 31)).toBeCloseTo(0.02, 4);
    expect(erlangB(77.342, 89)).toBeCloseTo(0.02, 4);
  });
  it("carries the table's load at 2 % blocking (solved back by bisection)", () => {
    const carried = (n: number) => {
      let lo = 0,
        hi = n;
      for (let i = 0; i < 60; i++) {
        const mid = (lo + hi) / 2;
        if (erlangB(mid, n) < 0.02) lo = mid;
        else hi = mid;
      }
      return lo;
    };
    expect(carried(11)).toBeCloseTo(5.842, 3);
    expect(carried(31)).toBeCloseTo(22.827, 3);
    expect(carried(89)).toBeCloseTo(77.342, 3);
  });
  it("has the closed forms B(a, 0) = 1 and B(a, 1) = a/(1 + a)", () => {
    expect(erlangB(3, 0)).toBe(1);
    expect(erlangB(3, 1)).toBeCloseTo(0.75, 15);
  });
  it("stays exact and finite at N = 640 workers", () => {
    for (const a of [1, 300, 600, 639, 640, 700, 5000]) {
      const b = erlangB(a, 640);
      expect(Number.isFinite(b)).toBe(true);
      expect(b).toBeGreaterThanOrEqual(0);
      expect(b).toBeLessThanOrEqual(1);
    }
    // Far above capacity almost everything is blocked: B → 1 − N/a.
    expect(erlangB(6400, 640)).toBeCloseTo(0.9, 2);
    // A direct sum of a^k/k! overflows long before N = 640; the recursion does not.
    expect(erlangB(600, 640)).toBeGreaterThan(0);
    expect(erlangB(600, 640)).toBeLessThan(0.01);
  });
});

describe("erlangC(a, n)", () => {
  it("matches published values for A = 10 E", () => {
    expect(erlangC(10, 11)).toBeCloseTo(0.6821, 4);
    expect(erlangC(10, 12)).toBeCloseTo(0.4494, 4);
    expect(erlangC(10, 14)).toBeCloseTo(0.1741, 4);
  });
  it("has the small closed forms C(1, 2) = 1/3 and C(2, 3) = 4/9", () => {
    expect(erlangC(1, 2)).toBeCloseTo(1 / 3, 14);
    expect(erlangC(2, 3)).toBeCloseTo(4 / 9, 14);
  });
  it("is ρ for one server (M/M/1) and 1 at or above saturation", () => {
    expect(erlangC(0.7, 1)).toBeCloseTo(0.7, 14);
    expect(erlangC(16, 16)).toBe(1);
    expect(erlangC(20, 16)).toBe(1);
  });
  it("stays finite at N = 640", () => {
    expect(Number.isFinite(erlangC(630, 640))).toBe(true);
    expect(erlangC(630, 640)).toBeGreaterThan(erlangC(600, 640));
  });
});

describe("waitExceeds(t, c, n, serviceS, lambda)", () => {
  it("is C at t = 0 and decays as e^(−(N/S − λ)t)", () => {
    // M/M/1 with λ = 0.5/s, S = 1 s: P(W > t) = 0.5·e^(−0.5t).
    expect(waitExceeds(0, 0.5, 1, 1, 0.5)).toBe(0.5);
    expect(waitExceeds(2, 0.5, 1, 1, 0.5)).toBeCloseTo(0.5 * Math.exp(-1), 14);
  });
});

describe("saturationFailedShare(a, n)", () => {
  it("is 1 − N/a above saturation and 0 below", () => {
    expect(saturationFailedShare(200, 160)).toBeCloseTo(0.2, 14);
    expect(saturationFailedShare(100, 160)).toBe(0);
  });
});

describe("timeoutShare(lambda, serviceS, n)", () => {
  it("is P(W > 2 s) below saturation", () => {
    const lambda = 9.99,
      s = 1,
      n = 11; // a = 9.99 on 11 servers
    expect(timeoutShare(lambda, s, n)).toBeCloseTo(erlangC(9.99, 11) * Math.exp(-(11 - 9.99) * 2), 14);
  });
  it("is the failed share at saturation, and everything without workers", () => {
    expect(timeoutShare(250, 1, 200)).toBeCloseTo(0.2, 14);
    expect(timeoutShare(10, 0.1, 0)).toBe(1);
  });
  it("is negligible at the opening dashboard's 52 % utilization", () => {
    expect(timeoutShare(1125, 0.0743, 160)).toBeLessThan(1e-12);
  });
});

describe("p99(lambda, serviceS, n)", () => {
  it("is the service quantile S·ln 100 when fewer than 1 % wait", () => {
    expect(p99(100, 0.05, 160)).toBeCloseTo(0.05 * Math.log(100), 14);
  });
  it("adds the waiting quantile ln(C/0.01)/(N/S − λ) when more wait", () => {
    const c = erlangC(10, 11);
    expect(p99(10, 1, 11)).toBeCloseTo(Math.log(100) + Math.log(c / 0.01) / (11 - 10), 12);
  });
  it("is infinite at saturation", () => {
    expect(p99(200, 1, 100)).toBe(Infinity);
  });
});

describe("serviceRate(n, serviceS)", () => {
  it("is N/S: the arrival rate at which utilization reaches 1", () => {
    expect(serviceRate(160, 0.08)).toBe(2000);
    const capacity = serviceRate(160, 0.0756);
    expect(utilization(capacity, 0.0756, 160)).toBeCloseTo(1, 12);
    expect(utilization(capacity * 0.5, 0.0756, 160)).toBeCloseTo(0.5, 12);
  });
});

describe("utilization(lambda, serviceS, n)", () => {
  it("is λ·S/N, capped at 1", () => {
    expect(utilization(1000, 0.08, 160)).toBeCloseTo(0.5, 14);
    expect(utilization(5000, 0.08, 160)).toBe(1);
    expect(utilization(5, 0.1, 0)).toBe(1);
  });
});

describe("erlangB(a, n) edge cases", () => {
  it("is 0 without load on at least one server, and underflows to 0 rather than NaN", () => {
    expect(erlangB(0, 0)).toBe(1);
    expect(erlangB(0, 5)).toBe(0);
    expect(erlangB(1e-3, 640)).toBe(0);
    expect(erlangC(0, 160)).toBe(0);
  });
  it("agrees with the division form of the recursion", () => {
    for (const [a, n] of [
      [10, 11],
      [83.5, 160],
      [600, 640],
      [700, 640],
      [0.5, 3]
    ]) {
      let b = 1;
      for (let k = 1; k <= n; k++) b = (a * b) / (k + a * b);
      expect(erlangB(a, n) / b).toBeCloseTo(1, 12);
    }
  });
});
