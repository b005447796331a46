import {describe, expect, it} from "vitest";
import {run} from "../../../src/sim/oncall/run.js";
import {dashboardMetrics, decimalMark, formatMetric, tileValue, unitFormat} from "../../../src/components/oncall/format.js";
import {readSeed} from "./seeds.js";

describe("formatMetric(spec, value, unitFormat(lang))", () => {
  const opening = run("free", {seed: 1, minutes: 1})[0];
  const shown = (lang: string) =>
    Object.fromEntries(dashboardMetrics.map((spec) => [spec.field, formatMetric(spec, opening[spec.field] as number, unitFormat(lang))]));

  it("writes free play's opening minute exactly as each seed's dashboard", () => {
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
      "burn1h",
      "requests",
      "serving",
      "starting",
      "hitRate",
      "dbUtilization",
      "droppedShare",
      "fleetCostPerHour",
      "costSoFar",
      "cacheAgeS",
      "badBuildShare",
      "recommendationsShare"
    ]);
  });
});

describe("modelFigures(lang) and withFigures(t, lang)", () => {
  it("write the model's fast-burn line and error budget in the language, for every sentence", async () => {
    const {modelFigures, withFigures} = await import("../../../src/components/oncall/format.js");
    const {FAST_BURN, ERROR_BUDGET} = await import("../../../src/sim/formulas/budget.js");
    expect(modelFigures("hu")).toEqual({
      threshold: `${String(FAST_BURN).replace(".", ",")}×`,
      budget: `${(ERROR_BUDGET * 100).toFixed(1).replace(".", ",")} %`
    });
    expect(modelFigures("ig").threshold).toBe(`${FAST_BURN}×`);
    const t = withFigures((key, vars) => `${key}: ${vars?.threshold} ${vars?.clock ?? ""}`.trim(), "en");
    expect(t("alert", {clock: "09:29"})).toBe(`alert: ${FAST_BURN}× 09:29`);
  });
});

describe("decimalMark(lang)", () => {
  it("is the mark the page's numbers use: a comma in hu and pt, a point in en and ig", () => {
    expect(["en", "hu", "pt", "ig"].map(decimalMark)).toEqual([".", ",", ",", "."]);
    for (const lang of ["en", "hu", "pt", "ig"]) expect(unitFormat(lang)(0.5, 1)).toBe(`0${decimalMark(lang)}5`);
  });
});

describe("tileValue(spec, row, controls, format)", () => {
  const en = unitFormat("en"),
    hu = unitFormat("hu");
  const connections = {field: "dbConnections", kind: "number", digits: 0, unit: "conn"} as const;
  it("writes a tile with a limit as value / limit, the unit once, in the page's numbers", () => {
    expect(tileValue({...connections, limit: 150}, {dbConnections: 140}, {}, en)).toEqual({
      text: "140 / 150 conn",
      value: 140,
      limit: 150,
      atLimit: false
    });
    expect(tileValue({field: "dbUtilization", kind: "percent", digits: 1, unit: "%", limit: 0.9}, {dbUtilization: 0.905}, {}, hu)).toEqual({
      text: "90,5 / 90,0 %",
      value: 0.905,
      limit: 0.9,
      atLimit: true
    });
  });
  it("reads a named limit from the minute's metrics, else its controls; at or over it the tile is at its limit", () => {
    expect(tileValue({...connections, limit: "dbConnectionLimit"}, {dbConnections: 150, dbConnectionLimit: 150}, {}, en).atLimit).toBe(
      true
    );
    expect(tileValue({...connections, limit: "poolSize"}, {dbConnections: 12}, {poolSize: 20}, en)).toMatchObject({
      text: "12 / 20 conn",
      atLimit: false
    });
  });
  it("without a limit (or one neither the metrics nor the controls have) is the metric alone", () => {
    expect(tileValue(connections, {dbConnections: 140}, {}, en)).toEqual({text: "140 conn", value: 140, limit: null, atLimit: false});
    expect(tileValue({...connections, limit: "nope"}, {dbConnections: 140}, {}, en).text).toBe("140 conn");
  });
});
