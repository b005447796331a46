import {describe, expect, it} from "vitest";
import {appTime, dbLoad, queriesPerRequest, queryTime, serviceTime} from "../../../src/sim/oncall/database.js";

describe("queriesPerRequest(heavyFeature)", () => {
  it("is 2, plus 1 with recommendations on", () => {
    expect(queriesPerRequest(false)).toBe(2);
    expect(queriesPerRequest(true)).toBe(3);
  });
});

describe("appTime(heavyFeature, cpuFactor)", () => {
  it("is 50 ms, 70 ms with the heavy feature, ×1.25 on the bad build", () => {
    expect(appTime(false)).toBeCloseTo(0.05, 14);
    expect(appTime(true)).toBeCloseTo(0.07, 14);
    expect(appTime(true, 1.25)).toBeCloseTo(0.0875, 14);
  });
});

describe("dbLoad(lambda, q, hit, extraQps)", () => {
  it("gives the seeds' 771 q/s = 19 % of 4000 at the opening", () => {
    const load = dbLoad(1125, 3, 3.375 / 4.375);
    expect(load).toBeCloseTo(771.43, 2);
    expect(Math.round((100 * load) / 4000)).toBe(19);
  });
  it("adds the warm-up job's queries", () => {
    expect(dbLoad(1000, 2, 1, 600)).toBe(600);
  });
});

describe("queryTime(rhoDb)", () => {
  it("is 5 ms/(1 − ρ)", () => {
    expect(queryTime(0)).toBeCloseTo(0.005, 14);
    expect(queryTime(0.5)).toBeCloseTo(0.01, 14);
    expect(queryTime(0.9)).toBeCloseTo(0.05, 12);
  });
  it("is capped at 250 ms, also at and beyond saturation", () => {
    expect(queryTime(0.99)).toBe(0.25);
    expect(queryTime(1)).toBe(0.25);
    expect(queryTime(3)).toBe(0.25);
  });
});

describe("serviceTime(appS, hit, q, queryS)", () => {
  it("is S_app + (1 − hit)·q·query time", () => {
    expect(serviceTime(0.07, 0.75, 3, 0.01)).toBeCloseTo(0.0775, 14);
    expect(serviceTime(0.07, 0, 3, 0.25)).toBeCloseTo(0.82, 14);
  });
});
