import katex from "katex";
import {describe, expect, it} from "vitest";
import {formulaIds, formulas, texNumber, type Formula, type FormulaId} from "../../../src/components/oncall/formulas.js";
import type {Action} from "../../../src/sim/kit/actions.js";
import {simulate, type RunTrace} from "../../../src/sim/oncall/run.js";
import type {ScenarioName} from "../../../src/sim/kit/scenario.js";

/** A run per scenario that passes through its incident and a response (saturation, warm-up, rollback, autoscaling). */
const runs: [ScenarioName, number, Action[]][] = [
  [
    "free",
    3,
    [
      {minute: 5, set: {autoscaling: true, targetUtilization: 0.4}},
      {minute: 40, set: {heavyFeature: false, sheddingShare: 0.5, ttlS: 0}}
    ]
  ],
  ["bad-deploy", 2, [{minute: 29, press: "rollback"}]],
  ["surge", 5, [{minute: 45, set: {autoscaling: true}}]],
  ["cache-flush", 1, [{minute: 17, press: "warmup"}]]
];

const traces = runs.map(([scenario, seed, actions]) => ({scenario, trace: simulate(scenario, {seed, minutes: 120, actions})}));

function byId(list: Formula[]): Record<FormulaId, Formula> {
  return Object.fromEntries(list.map((f) => [f.id, f])) as Record<FormulaId, Formula>;
}

describe("formulas(trace, minute)", () => {
  it("lists every relation once, in order, with a source", () => {
    const list = formulas(traces[0].trace, 0);
    expect(list.map((f) => f.id)).toEqual([...formulaIds]);
    for (const f of list) expect(f.source).toMatch(/^(\[[1-6]\])+$/);
  });
  it("gives, at every minute of every scenario, the results the model computed", () => {
    const seen = {saturated: 0, warmup: 0, rollback: 0, bad: 0, launched: 0};
    for (const {scenario, trace} of traces) {
      trace.metrics.forEach((m, minute) => {
        const d = trace.details[minute];
        const f = byId(formulas(trace, minute));
        const at = `${scenario} minute ${minute}`;
        expect(f.arrivals.result, at).toBe(m.lambda);
        expect(f.admitted.result, at).toBe(d.admitted);
        expect(f.hitRate.result, at).toBe(m.hitRate);
        expect(f.cacheAge.result, at).toBe(m.cacheAgeS);
        expect(f.dbLoad.result, at).toBe(d.dbLoadQps);
        expect(Math.min(1, f.dbUtilization.result), at).toBe(m.dbUtilization);
        expect(f.queryTime.result, at).toBe(d.queryTimeS);
        expect(f.cpuFactor.result, at).toBe(d.cpuFactor);
        expect(f.appTime.result, at).toBe(d.appTimeS);
        expect(f.serviceTime.result, at).toBe(d.serviceTimeS);
        expect(f.workers.result, at).toBe(16 * m.serving);
        expect(f.littlesLaw.result, at).toBeCloseTo(d.admitted * d.serviceTimeS, 9);
        expect(f.utilization.result, at).toBe(m.utilization);
        expect(f.erlangC.result, at).toBe(d.waitProbability);
        expect(f.timeouts.result, at).toBe(m.timeoutShare);
        const saturated = d.offeredLoad >= d.workers;
        if (saturated) {
          seen.saturated++;
          expect(f.saturated.result, at).toBe(m.timeoutShare);
          expect(f.erlangC.result, at).toBe(1);
        } else {
          expect(f.saturated.result, at).toBe(0);
          expect(f.waitTail.result, at).toBe(m.timeoutShare);
          // Erlang C from Erlang B, as the relation shows it.
          const b = f.erlangB.result,
            ratio = d.offeredLoad / d.workers;
          expect(b / (1 - ratio * (1 - b)), at).toBeCloseTo(d.waitProbability, 12);
        }
        expect(f.errorRate.result, at).toBe(m.errorRate);
        expect(1000 * Math.min(2, f.p99.result), at).toBe(m.p99Ms);
        expect(f.burnRate.result * 0.001, at).toBeCloseTo(m.errorRate, 12);
        expect(f.burn1h.result, at).toBe(m.burn1h);
        if (minute + 1 < trace.metrics.length) expect(f.budget.result, at).toBe(trace.metrics[minute + 1].budgetLeft);
        expect(f.desired.result, at).toBe(d.desiredInstances);
        expect(f.cost.result, at).toBe(m.fleetCostPerHour);
        // Target tracking launches up to the desired count when nothing is booting.
        const next = trace.states[minute + 1];
        if (trace.controls[minute].autoscaling && next && m.starting === 0 && f.desired.result > m.serving) {
          seen.launched++;
          expect(next.fleet.serving + next.fleet.booting.reduce((s, c) => s + c.count, 0), at).toBe(f.desired.result);
        }
        if (d.warmupRunning) seen.warmup++;
        if (d.rollbackPreparing) seen.rollback++;
        if (m.badBuildShare > 0) seen.bad++;
        // The substituted relation ends with its result (then any condition in force).
        for (const formula of Object.values(f)) {
          const end = formula.texValues.replace(/\\quad\([\s\S]*\)$/, "");
          expect(end.endsWith(` = ${texNumber(formula.result)}`), `${at} ${formula.id}: ${formula.texValues}`).toBe(true);
        }
      });
    }
    // The runs went through every branch the relations have.
    for (const [what, count] of Object.entries(seen)) expect(count, what).toBeGreaterThan(0);
  });
  it("substitutes this minute's numbers", () => {
    const trace = traces[0].trace;
    const f = byId(formulas(trace, 0));
    // Free play's opening: 1125 req/s, hit 77 %, 10 instances at $0.40.
    expect(f.arrivals.texValues).toContain("= 1125");
    expect(f.hitRate.texValues).toContain(`= ${texNumber(trace.metrics[0].hitRate)}`);
    expect(f.workers.texValues).toBe(String.raw`N = 16\cdot 10 = 160`);
    expect(f.cost.texValues).toBe(String.raw`K = 0.4\cdot (10 + 0)\cdot 1 = 4`);
  });
  it("is valid KaTeX, symbolic and substituted, in both decimal styles", () => {
    for (const {trace} of traces) {
      for (const minute of [0, 16, 30, 60, 119]) {
        for (const decimal of [".", ","] as const) {
          for (const f of formulas(trace, minute, {decimal})) {
            expect(() => katex.renderToString(f.tex, {throwOnError: true}), f.tex).not.toThrow();
            expect(() => katex.renderToString(f.texValues, {throwOnError: true}), f.texValues).not.toThrow();
            if (decimal === ",") expect(f.texValues, f.id).not.toMatch(/\d\.\d/);
          }
        }
      }
    }
  });
  it("refuses a minute the run does not have", () => {
    const trace: RunTrace = traces[0].trace;
    expect(() => formulas(trace, 120)).toThrow(RangeError);
    expect(() => formulas(trace, -1)).toThrow(RangeError);
  });
});

describe("texNumber(x)", () => {
  it("writes integers whole, others to 4 significant digits, tiny ones with a power of ten", () => {
    expect(texNumber(1125)).toBe("1125");
    expect(texNumber(0.771428571)).toBe("0.7714");
    expect(texNumber(0.0000123456)).toBe(String.raw`1.235\times 10^{-5}`);
    expect(texNumber(0)).toBe("0");
    expect(texNumber(Infinity)).toBe(String.raw`\infty`);
    expect(texNumber(0.7714, {decimal: ","})).toBe("0{,}7714");
    expect(texNumber(2.5e-7, {decimal: ","})).toBe(String.raw`2{,}5\times 10^{-7}`);
  });
});
