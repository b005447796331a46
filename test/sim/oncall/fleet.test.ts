import {describe, expect, it} from "vitest";
import {fleetCostPerHour, launch, promote, startingCount, terminate, type Fleet} from "../../../src/sim/oncall/fleet.js";

const fleet: Fleet = {
  serving: 10,
  booting: [
    {readyAt: 5, count: 2},
    {readyAt: 8, count: 3}
  ]
};

describe("startingCount(fleet)", () => {
  it("sums the booting cohorts", () => {
    expect(startingCount(fleet)).toBe(5);
  });
});

describe("promote(fleet, minute)", () => {
  it("moves cohorts whose boot delay has passed into service", () => {
    expect(promote(fleet, 4)).toBe(fleet);
    expect(promote(fleet, 5)).toEqual({serving: 12, booting: [{readyAt: 8, count: 3}]});
    expect(promote(fleet, 9)).toEqual({serving: 15, booting: []});
  });
});

describe("launch(fleet, count, readyAt, minute)", () => {
  it("adds a booting cohort, or serving instances when the boot delay is 0", () => {
    expect(startingCount(launch(fleet, 4, 12, 9))).toBe(9);
    expect(launch(fleet, 4, 9, 9).serving).toBe(14);
    expect(launch(fleet, 0, 12, 9)).toBe(fleet);
  });
});

describe("terminate(fleet, count)", () => {
  it("removes the latest booting instances first, then serving ones", () => {
    expect(terminate(fleet, 4)).toEqual({serving: 10, booting: [{readyAt: 5, count: 1}]});
    expect(terminate(fleet, 7)).toEqual({serving: 8, booting: []});
    expect(fleet.booting[1].count).toBe(3); // unchanged
  });
});

describe("fleetCostPerHour(instances, rollbackPreparing)", () => {
  it("is $0.40 per instance-hour: $4.00/h for 10", () => {
    expect(fleetCostPerHour(10, false)).toBeCloseTo(4, 14);
  });
  it("bills the rollback's fresh fleet too", () => {
    expect(fleetCostPerHour(10, true)).toBeCloseTo(8, 14);
  });
});
