import {describe, expect, it} from "vitest";
import {run} from "../../../src/sim/run.js";
import {dashboardMetrics, formatMetric, unitFormat} from "../../../src/components/oncall/format.js";
import {haveSeeds, readSeed} from "./seeds.js";

describe("formatMetric(spec, value, unitFormat(lang))", () => {
  const opening = run("free", {seed: 1, minutes: 1})[0];
  const shown = (lang: string) => Object.fromEntries(dashboardMetrics.map((spec) => [spec.field, formatMetric(spec, opening[spec.field] as number, unitFormat(lang))]));

  it.skipIf(!haveSeeds)("writes free play's opening minute exactly as each seed's dashboard", () => {
    for (const lang of ["hu", "ig", "pt"]) expect(shown(lang)).toEqual(readSeed(lang).opening);
  });
  it("writes English like Igbo (0.0 ×, 4.00 $/h) and Portuguese like Hungarian (0,0 ×)", () => {
    expect(shown("en").fleetCostPerHour).toBe("4.00 $/h");
    expect(shown("en").burn1h).toBe("0.0 ×");
    expect(shown("pt").fleetCostPerHour).toBe("4,00 $/h");
  });
  it("shows fractions in percent and never groups thousands", () => {
    const format = unitFormat("en");
    expect(formatMetric({field: "hitRate", kind: "percent", digits: 0, unit: "%"}, 0.855, format)).toBe("86 %");
    expect(format(12345.6, 0, "req/s")).toBe("12346 req/s");
    expect(format(Infinity, 1)).toBe("∞");
  });
  it("lists the seeds' twelve metrics, burn rate first", () => {
    expect(dashboardMetrics.map((m) => m.field)).toEqual([
      "burn1h", "requests", "serving", "starting", "hitRate", "dbUtilization", "droppedShare",
      "fleetCostPerHour", "costSoFar", "cacheAgeS", "badBuildShare", "recommendationsShare"
    ]);
  });
});
