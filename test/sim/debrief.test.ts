import {describe, expect, it} from "vitest";
import {FAST_BURN} from "../../src/sim/formulas/budget.js";
import {debrief, summarize, textbookActions, textbookPlan, TEXTBOOK_SURGE_TARGET} from "../../src/sim/debrief.js";
import {run, simulate} from "../../src/sim/oncall/run.js";
import {scenarios} from "../../src/sim/oncall/scenarios.js";

const seeds = [1, 2, 3, 4, 5];
const incidents = ["bad-deploy", "surge", "cache-flush"] as const;

describe("summarize(metrics)", () => {
  it("gives the budget and cost as the dashboard shows them at the last minute (one source)", () => {
    for (const scenario of incidents) {
      const metrics = run(scenario, {seed: 3, minutes: 60});
      const summary = summarize(metrics);
      expect(summary.minutes).toBe(60);
      expect(summary.budgetLeft).toBe(metrics[59].budgetLeft);
      expect(summary.totalCost).toBe(metrics[59].costSoFar);
    }
  });
  it("averages p99, hit rate, DB utilization and the answers' age over the minutes, and weights dropped traffic by requests", () => {
    const metrics = run("cache-flush", {seed: 2, minutes: 40, actions: [{minute: 16, set: {sheddingShare: 0.5, ttlS: 300}}]});
    const summary = summarize(metrics);
    const mean = (f: (m: (typeof metrics)[number]) => number) => metrics.reduce((sum, m) => sum + f(m), 0) / metrics.length;
    expect(summary.meanP99Ms).toBeCloseTo(
      mean((m) => m.p99Ms),
      9
    );
    expect(summary.meanHitRate).toBeCloseTo(
      mean((m) => m.hitRate),
      12
    );
    expect(summary.meanDbUtilization).toBeCloseTo(
      mean((m) => m.dbUtilization),
      12
    );
    expect(summary.meanCacheAgeS).toBeCloseTo(
      mean((m) => m.cacheAgeS),
      9
    );
    const arrived = metrics.reduce((sum, m) => sum + m.requests, 0);
    expect(summary.droppedShare).toBeCloseTo(metrics.reduce((sum, m) => sum + m.requests * m.droppedShare, 0) / arrived, 12);
    expect(summary.droppedShare).toBeGreaterThan(0);
    expect(summary.worstErrorMinute).toBe(metrics.findIndex((m) => m.errorRate === summary.worstErrorRate));
  });
  it("counts the minutes at or above 14.4×, the alert's first minute, and the worst and mean errors", () => {
    const metrics = run("bad-deploy", {seed: 2, minutes: 90});
    const summary = summarize(metrics);
    expect(summary.minutesAboveFastBurn).toBe(metrics.filter((m) => m.burn1h >= FAST_BURN).length);
    expect(summary.minutesAboveFastBurn).toBeGreaterThan(0);
    // Minutes over the SLO: the error rate above the 0.1 % allowance (a minute exactly at it is not over).
    expect(summary.errorMinutes).toBe(metrics.filter((m) => m.errorRate > 0.001).length);
    expect(summary.errorMinutes).toBeGreaterThan(0);
    expect(summarize(metrics.slice(0, 10)).errorMinutes).toBe(0);
    expect(summary.alertMinute).toBe(metrics.findIndex((m) => m.burn1h >= FAST_BURN));
    expect(summary.worstErrorRate).toBe(Math.max(...metrics.map((m) => m.errorRate)));
    expect(summary.worstP99Ms).toBe(Math.max(...metrics.map((m) => m.p99Ms)));
    // The request-weighted mean lies between the best and the worst minute.
    expect(summary.meanErrorRate).toBeGreaterThan(Math.min(...metrics.map((m) => m.errorRate)));
    expect(summary.meanErrorRate).toBeLessThan(summary.worstErrorRate);
  });
  it("weights each minute by its admitted requests", () => {
    const [a, b] = run("free", {seed: 1, minutes: 2});
    const metrics = [
      {...a, errorRate: 0.1, requests: 100, droppedShare: 0.5},
      {...b, errorRate: 0.4, requests: 50, droppedShare: 0}
    ];
    expect(summarize(metrics).meanErrorRate).toBeCloseTo((0.1 * 50 + 0.4 * 50) / 100, 12);
  });
  it("is all zeros for no minutes", () => {
    expect(summarize([])).toEqual({
      minutes: 0,
      budgetLeft: 0,
      minutesAboveFastBurn: 0,
      errorMinutes: 0,
      alertMinute: null,
      meanErrorRate: 0,
      worstErrorRate: 0,
      worstErrorMinute: null,
      meanP99Ms: 0,
      worstP99Ms: 0,
      meanHitRate: 0,
      meanDbUtilization: 0,
      meanCacheAgeS: 0,
      droppedShare: 0,
      totalCost: 0
    });
  });
});

describe("textbookActions(scenario, seed, minutes)", () => {
  it("bad deploy: rolls back at the minute the alert fires when nobody acts", () => {
    for (const seed of seeds) {
      const alert = run("bad-deploy", {seed, minutes: 60}).findIndex((m) => m.alert);
      expect(textbookActions("bad-deploy", seed)).toEqual([{minute: alert, press: "rollback"}]);
    }
    // No alert within the run: no rollback.
    expect(textbookActions("bad-deploy", 1, 15)).toEqual([]);
  });
  it("surge: autoscaling on with a lower target one boot delay ahead of the wave", () => {
    for (const seed of seeds) {
      const {startMinute} = simulate("surge", {seed, minutes: 1}).states[0].events.surge!;
      const [action, ...rest] = textbookActions("surge", seed, 120);
      expect(rest).toEqual([]);
      expect(action).toEqual({
        minute: Math.max(0, startMinute - scenarios.surge.controls.bootDelayMin),
        set: {autoscaling: true, targetUtilization: TEXTBOOK_SURGE_TARGET}
      });
      expect(TEXTBOOK_SURGE_TARGET).toBeLessThan(scenarios.surge.controls.targetUtilization);
    }
  });
  it("cache flush: warm-up, shedding and heavy feature off at the flush, back on once warm", () => {
    for (const seed of seeds) {
      const flush = run("cache-flush", {seed, minutes: 60}).findIndex((m) => m.hitRate === 0);
      const actions = textbookActions("cache-flush", seed);
      expect(actions.slice(0, 2)).toEqual([
        {minute: flush, press: "warmup"},
        {minute: flush, set: {sheddingShare: 1, heavyFeature: false}}
      ]);
      expect(actions[2]).toMatchObject({set: {sheddingShare: 0, heavyFeature: true}});
      expect(actions[2].minute).toBeGreaterThan(flush);
    }
  });
  it("free play: nothing to respond to", () => {
    expect(textbookActions("free", 1)).toEqual([]);
  });
  it("textbookPlan keeps the step each action came from (the surge's lead of one boot delay)", () => {
    const [planned] = textbookPlan("surge", 2, 120);
    expect(planned.action).toEqual(textbookActions("surge", 2, 120)[0]);
    expect(planned.step).toBe(scenarios.surge.textbook[0]);
  });
});

describe("debrief(scenario, seed, minutes, actions)", () => {
  it("the textbook response beats doing nothing on every incident, over several seeds and lengths", () => {
    for (const scenario of incidents) {
      for (const seed of seeds) {
        for (const minutes of [60, 120]) {
          const {nothing, textbook} = debrief(scenario, seed, minutes, []);
          const what = `${scenario} seed ${seed}, ${minutes} minutes`;
          expect(textbook.summary.budgetLeft, what).toBeGreaterThan(nothing.summary.budgetLeft);
          expect(textbook.summary.meanErrorRate, what).toBeLessThan(nothing.summary.meanErrorRate);
          // The 1 h window remembers the errors before a rollback at the alert: within an hour
          // of the deploy the count can only tie; over two hours it must be smaller.
          if (minutes === 60) expect(textbook.summary.minutesAboveFastBurn, what).toBeLessThanOrEqual(nothing.summary.minutesAboveFastBurn);
          else expect(textbook.summary.minutesAboveFastBurn, what).toBeLessThan(nothing.summary.minutesAboveFastBurn);
        }
      }
    }
  });
  it("runs the learner's actions beside the two others on the same seed", () => {
    const actions = [{minute: 20, press: "rollback" as const}];
    const {learner, nothing, textbook} = debrief("bad-deploy", 4, 60, actions);
    expect(learner.metrics).toEqual(run("bad-deploy", {seed: 4, minutes: 60, actions}));
    expect(learner.summary).toEqual(summarize(learner.metrics));
    expect(nothing.actions).toEqual([]);
    expect(nothing.metrics).toEqual(run("bad-deploy", {seed: 4, minutes: 60}));
    expect(textbook.actions).toEqual(textbookActions("bad-deploy", 4, 60));
  });
});
