import fc from "fast-check";
import {describe, expect, it} from "vitest";
import type {Action} from "../../src/sim/kit/actions.js";
import {MAX_INSTANCES} from "../../src/sim/oncall/autoscaler.js";
import {FAST_BURN} from "../../src/sim/formulas/budget.js";
import type {Controls} from "../../src/sim/oncall/controls.js";
import {booleanFields, fractionFields, metricFields} from "../../src/sim/oncall/metrics.js";
import {run} from "../../src/sim/oncall/run.js";
import {scenarioNames} from "../../src/sim/oncall/scenarios.js";

const controls: fc.Arbitrary<Partial<Controls>> = fc.record(
  {
    fleetMin: fc.integer({min: 1, max: MAX_INSTANCES}),
    autoscaling: fc.boolean(),
    targetUtilization: fc.double({min: 0.1, max: 1, noNaN: true}),
    ttlS: fc.double({min: 0, max: 3600, noNaN: true}),
    sheddingShare: fc.double({min: 0, max: 1, noNaN: true}),
    heavyFeature: fc.boolean(),
    bootDelayMin: fc.integer({min: 0, max: 30})
  },
  {requiredKeys: []}
);

const runs = fc.integer({min: 1, max: 240}).chain((minutes) =>
  fc.record({
    scenario: fc.constantFrom(...scenarioNames),
    seed: fc.integer({min: 0, max: 0xffffffff}),
    minutes: fc.constant(minutes),
    actions: fc.array(
      fc.oneof(
        fc.record({minute: fc.integer({min: 0, max: minutes - 1}), set: controls}),
        fc.record({minute: fc.integer({min: 0, max: minutes - 1}), press: fc.constantFrom("rollback" as const, "warmup" as const)})
      ) as fc.Arbitrary<Action>,
      {maxLength: 12}
    )
  })
);

// SIM_PROPERTY_RUNS=5000 searches harder locally; the default keeps the suite fast.
describe("run(scenario, {seed, minutes, actions}) over random seeds and actions", () => {
  it("keeps every metric finite, shares in [0, 1], the alert latched from the first 14.4× burn, the fleet in 1..40, the budget falling and the cost rising", () => {
    fc.assert(
      fc.property(runs, ({scenario, seed, minutes, actions}) => {
        const metrics = run(scenario, {seed, minutes, actions});
        expect(metrics).toHaveLength(minutes);
        // Plain checks collected into one list: an expect per value would dominate the run time.
        const problems: string[] = [];
        const check = (ok: boolean, what: string, i: number) => void (ok || problems.push(`${what} at minute ${i}`));
        metrics.forEach((m, i) => {
          const flags: readonly string[] = booleanFields;
          for (const field of metricFields) {
            if (field === "clock") continue;
            const value = m[field];
            check(flags.includes(field) ? typeof value === "boolean" : Number.isFinite(value), `${field} = ${value}`, i);
          }
          check(m.alert === (m.burn1h >= FAST_BURN || (i > 0 && metrics[i - 1].alert)), `alert = ${m.alert} with burn1h ${m.burn1h}`, i);
          for (const field of fractionFields) check(m[field] >= 0 && m[field] <= 1, `${field} = ${m[field]}`, i);
          check(m.serving >= 1 && m.serving + m.starting <= MAX_INSTANCES, `fleet ${m.serving} + ${m.starting}`, i);
          check(m.requests >= 0 && m.burn1h >= 0, "negative requests or burn", i);
          check(m.p99Ms > 0 && m.p99Ms <= 2000, `p99Ms = ${m.p99Ms}`, i);
          if (i > 0) {
            check(m.budgetLeft <= metrics[i - 1].budgetLeft, "budget rose", i);
            check(m.costSoFar >= metrics[i - 1].costSoFar, "cost fell", i);
          }
        });
        expect(problems).toEqual([]);
      }),
      {numRuns: Number(process.env.SIM_PROPERTY_RUNS ?? 150)}
    );
  });
  it("is deterministic for the same seed and actions", () => {
    fc.assert(
      fc.property(runs, ({scenario, seed, minutes, actions}) => {
        expect(JSON.stringify(run(scenario, {seed, minutes, actions}))).toBe(JSON.stringify(run(scenario, {seed, minutes, actions})));
      }),
      {numRuns: 30}
    );
  });
});
