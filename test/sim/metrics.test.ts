import {describe, expect, it} from "vitest";
import {booleanFields, formatClock, fractionFields, metricFields, parseClock} from "../../src/sim/metrics.js";

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
      "minute", "clock", "lambda", "requests", "serving", "starting", "utilization", "hitRate", "dbUtilization",
      "droppedShare", "errorRate", "timeoutShare", "p99Ms", "burn1h", "alert", "budgetLeft", "fleetCostPerHour", "costSoFar",
      "cacheAgeS", "badBuildShare", "recommendationsShare"
    ]);
    for (const field of [...fractionFields, ...booleanFields]) expect(metricFields).toContain(field);
  });
});
