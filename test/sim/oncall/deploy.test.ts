import {describe, expect, it} from "vitest";
import {badBuildShare, cpuFactor, errorRate} from "../../../src/sim/oncall/deploy.js";

describe("badBuildShare(minute, deployMinute, rolledBack)", () => {
  it("rolls out a fifth of the fleet per minute from the deploy minute", () => {
    expect([9, 10, 11, 12, 13, 14, 15].map((m) => badBuildShare(m, 10, false))).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1, 1]);
  });
  it("is 0 with no deploy or after a rollback", () => {
    expect(badBuildShare(30, null, false)).toBe(0);
    expect(badBuildShare(30, 10, true)).toBe(0);
  });
});

describe("cpuFactor(badShare)", () => {
  it("is ×1.25 with the whole fleet on the bad build", () => {
    expect(cpuFactor(0)).toBe(1);
    expect(cpuFactor(1)).toBe(1.25);
    expect(cpuFactor(0.4)).toBeCloseTo(1.1, 14);
  });
});

describe("errorRate(timeoutShare, badShare)", () => {
  it("adds 5 % errors on the bad build's share", () => {
    expect(errorRate(0, 1)).toBeCloseTo(0.05, 14);
    expect(errorRate(0, 0.2)).toBeCloseTo(0.01, 14);
    expect(errorRate(0.1, 0)).toBe(0.1);
  });
  it("does not count a request twice", () => {
    expect(errorRate(0.5, 1)).toBeCloseTo(0.5 + 0.5 * 0.05, 14);
    expect(errorRate(1, 1)).toBe(1);
  });
});
