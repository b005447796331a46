import {describe, expect, it} from "vitest";
import {booleanFields, firstAlertMinute, fractionFields, metricFields} from "../../../src/sim/oncall/metrics.js";
import {formatClock, parseClock} from "../../../src/sim/kit/clock.js";
import {FAST_BURN} from "../../../src/sim/formulas/budget.js";
import {run} from "../../../src/sim/oncall/run.js";

describe("formatClock(clockMin)", () => {
  it("writes HH:MM and wraps past midnight", () => {
    expect(formatClock(490)).toBe("08:10");
    expect(formatClock(0)).toBe("00:00");
    expect(formatClock(1440 + 61)).toBe("01:01");
  });
});

describe("parseClock(clock)", () => {
  it("reads HH:MM and rejects anything else", () => {
    expect(parseClock("11:45")).toBe(705);
    expect(() => parseClock("24:00")).toThrow(RangeError);
    expect(() => parseClock("9:00")).toThrow(RangeError);
  });
});

describe("metricFields", () => {
  it("are exactly the dashboard's JSON field names", () => {
    expect(metricFields).toEqual([
      "minute",
      "clock",
      "lambda",
      "requests",
      "serving",
      "starting",
      "utilization",
      "hitRate",
      "dbUtilization",
      "droppedShare",
      "errorRate",
      "timeoutShare",
      "p99Ms",
      "burn1h",
      "alert",
      "budgetLeft",
      "fleetCostPerHour",
      "costSoFar",
      "cacheAgeS",
      "badBuildShare",
      "recommendationsShare"
    ]);
    for (const field of [...fractionFields, ...booleanFields]) expect(metricFields).toContain(field);
  });
});

describe("firstAlertMinute(metrics)", () => {
  it("is the first minute whose 1 h burn reached the fast-burn line, or null", () => {
    const metrics = run("bad-deploy", {seed: 7, minutes: 90});
    const first = metrics.findIndex((m) => m.burn1h >= FAST_BURN);
    expect(first).toBeGreaterThan(0);
    expect(firstAlertMinute(metrics)).toBe(first);
    // A later slice starts with the alert already latched: its first minute.
    expect(firstAlertMinute(metrics.slice(first + 3))).toBe(first + 3);
    expect(firstAlertMinute(run("free", {seed: 1, minutes: 30}))).toBe(null);
    expect(firstAlertMinute([])).toBe(null);
  });
});
