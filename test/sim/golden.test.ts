// Golden traces: one seeded run per scenario, rounded to 6 significant digits, kept in
// test/sim/golden/<scenario>.json so that any change to the model's numbers shows up in review.
// A mismatch writes <scenario>-changed.json beside the golden file; with CI=true a missing
// golden file fails instead of being written.
import {describe, expect, it} from "vitest";
import {expectGolden} from "../golden.js";
import type {Action} from "../../src/sim/kit/actions.js";
import type {MinuteMetrics} from "../../src/sim/oncall/metrics.js";
import {run} from "../../src/sim/oncall/run.js";
import type {ScenarioName} from "../../src/sim/kit/scenario.js";

const folder = new URL("golden/", import.meta.url).pathname;

/** The run kept for each scenario: its incident and a response to it. */
const cases: {scenario: ScenarioName; seed: number; minutes: number; actions: Action[]}[] = [
  {
    scenario: "free",
    seed: 1,
    minutes: 60,
    actions: [
      {minute: 5, set: {fleetMin: 12}},
      {minute: 20, set: {heavyFeature: false, ttlS: 120}},
      {minute: 30, set: {autoscaling: true, targetUtilization: 0.7, fleetMin: 4}},
      {minute: 45, set: {sheddingShare: 0.5}}
    ]
  },
  {scenario: "bad-deploy", seed: 1, minutes: 60, actions: [{minute: 29, press: "rollback"}]},
  {scenario: "surge", seed: 1, minutes: 120, actions: [{minute: 0, set: {autoscaling: true, targetUtilization: 0.6}}]},
  {
    scenario: "cache-flush",
    seed: 1,
    minutes: 60,
    actions: [
      {minute: 16, press: "warmup"},
      {minute: 16, set: {sheddingShare: 1}},
      {minute: 30, set: {sheddingShare: 0}}
    ]
  }
];

/** Rounds to 6 significant digits; values below 1e-9 (e.g. e^(−40) timeout tails) become 0. */
function round(value: number): number {
  return Math.abs(value) < 1e-9 ? 0 : Number(value.toPrecision(6));
}

/** The trace as text: the run's inputs, then one rounded metrics object per line. */
function normalise(c: (typeof cases)[number], metrics: MinuteMetrics[]): string {
  const rows = metrics.map((m) => JSON.stringify(m, (_key, value) => (typeof value === "number" ? round(value) : value)));
  const header = JSON.stringify({scenario: c.scenario, seed: c.seed, minutes: c.minutes, actions: c.actions});
  return `{\n"run": ${header},\n"metrics": [\n${rows.join(",\n")}\n]\n}\n`;
}

describe("run(scenario, {seed, minutes, actions}) golden traces", () => {
  for (const c of cases) {
    it(`matches golden/${c.scenario}.json`, () => {
      const text = normalise(c, run(c.scenario, c));
      expect(JSON.parse(text).metrics).toHaveLength(c.minutes);
      expectGolden(`${folder}${c.scenario}.json`, text);
    });
  }
});
