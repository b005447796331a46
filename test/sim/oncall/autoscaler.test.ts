import {describe, expect, it} from "vitest";
import {autoscale, desiredInstances, QUIET_MIN} from "../../../src/sim/oncall/autoscaler.js";

describe("desiredInstances(serving, utilization, target, fleetMin)", () => {
  it("is ⌈serving × utilization / target⌉", () => {
    expect(desiredInstances(10, 0.9, 0.6, 1)).toBe(15);
    expect(desiredInstances(10, 0.52, 0.6, 1)).toBe(9);
  });
  it("does not round an exact ratio up", () => {
    expect(desiredInstances(10, 0.6, 0.6, 1)).toBe(10);
    expect(desiredInstances(7, 0.3, 0.3, 1)).toBe(7);
  });
  it("grows a saturated fleet by at most 1/target per step (utilization saturates at 100 %)", () => {
    expect(desiredInstances(10, 1, 0.6, 1)).toBe(17);
    expect(desiredInstances(10, 1.8, 0.6, 1)).toBe(17);
  });
  it("stays within [fleetMin, 40]", () => {
    expect(desiredInstances(10, 0.1, 0.6, 8)).toBe(8);
    expect(desiredInstances(35, 1, 0.5, 1)).toBe(40);
    expect(desiredInstances(1, 0, 0.6, 1)).toBe(1);
  });
});

describe("autoscale(serving, booting, desired, quietMinutes)", () => {
  it("launches up to desired when nothing boots", () => {
    expect(autoscale(10, 0, 17, 0)).toEqual({launch: 7, terminate: 0, quietMinutes: 0});
  });
  it("does not scale out while instances boot", () => {
    expect(autoscale(10, 3, 17, 0)).toEqual({launch: 0, terminate: 0, quietMinutes: 0});
  });
  it("scales in only after 10 quiet minutes, by at most 20 %", () => {
    let quiet = 0;
    for (let m = 1; m < QUIET_MIN; m++) {
      const d = autoscale(20, 0, 5, quiet);
      expect(d).toEqual({launch: 0, terminate: 0, quietMinutes: m});
      quiet = d.quietMinutes;
    }
    expect(autoscale(20, 0, 5, quiet)).toEqual({launch: 0, terminate: 4, quietMinutes: 0});
  });
  it("removes no more than needed, and at least one instance", () => {
    expect(autoscale(20, 0, 19, QUIET_MIN - 1).terminate).toBe(1);
    expect(autoscale(3, 0, 1, QUIET_MIN - 1).terminate).toBe(1);
  });
  it("resets the quiet count when load returns", () => {
    expect(autoscale(10, 0, 10, 7).quietMinutes).toBe(0);
  });
});
