import {describe, expect, it} from "vitest";
import {formulaIds} from "../../../src/components/oncall/formulas.js";
import {relationSpecs} from "../../../src/components/oncall/model.js";
import {chartSpecs, niceTop} from "../../../src/components/oncall/charts.js";

describe("relationSpecs", () => {
  it("places every formula of formulas.ts under exactly one of the seeds' relations", () => {
    const placed = relationSpecs.flatMap((r) => r.formulas);
    expect([...placed].sort()).toEqual([...formulaIds].sort());
  });
  it("keeps the seeds' order and their notes: assumption after λ, the database, the autoscaler and the constants; approximation after p99", () => {
    expect(relationSpecs.map((r) => r.id)).toEqual([
      "arrivals",
      "queue",
      "wait",
      "p99",
      "little",
      "cache",
      "database",
      "budget",
      "autoscaler",
      "constants"
    ]);
    expect(relationSpecs.filter((r) => r.note === "assumption").map((r) => r.id)).toEqual([
      "arrivals",
      "database",
      "autoscaler",
      "constants"
    ]);
    expect(relationSpecs.filter((r) => r.note === "approximation").map((r) => r.id)).toEqual(["p99"]);
  });
});

describe("niceTop(value, floor)", () => {
  it("rounds up to 1, 2, 2.5 or 5 × 10ⁿ with a tenth of headroom, never below the floor", () => {
    expect(niceTop(0, 20)).toBe(20);
    expect(niceTop(16.7, 20)).toBe(20);
    expect(niceTop(19, 20)).toBe(25);
    expect(niceTop(1125, 100)).toBe(2000);
    expect(niceTop(Infinity, 5)).toBe(5);
  });
  it("gives the charts of the issue, in its order", () => {
    expect(chartSpecs.map((c) => c.id)).toEqual(["requests", "instances", "p99", "errors", "burn", "budget", "db", "hit", "cost"]);
  });
});
