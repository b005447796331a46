import {describe, expect, it} from "vitest";
import {FAST_BURN} from "../../src/sim/budget.js";
import {debrief, summarize, textbookActions, TEXTBOOK_SURGE_TARGET} from "../../src/sim/debrief.js";
import {run, simulate} from "../../src/sim/run.js";
import {scenarios} from "../../src/sim/scenarios.js";

const seeds = [1, 2, 3, 4, 5];
const incidents = ["bad-deploy", "surge", "cache-flush"] as const;

describe("summarize(metrics)", () => {
  it("gives the budget and cost after the last minute, as the next minute of a longer run starts with", () => {
    for (const scenario of incidents) {
      const longer = run(scenario, {seed: 3, minutes: 61});
      const summary = summarize(longer.slice(0, 60));
      expect(summary.minutes).toBe(60);
      expect(summary.budgetLeft).toBe(longer[60].budgetLeft);
      expect(summary.totalCost).toBeCloseTo(longer[60].costSoFar, 10);
    }
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
    const metrics = [{...a, errorRate: 0.1, requests: 100, droppedShare: 0.5}, {...b, errorRate: 0.4, requests: 50, droppedShare: 0}];
    expect(summarize(metrics).meanErrorRate).toBeCloseTo((0.1 * 50 + 0.4 * 50) / 100, 12);
  });
  it("is all zeros for no minutes", () => {
    expect(summarize([])).toEqual({minutes: 0, budgetLeft: 0, minutesAboveFastBurn: 0, errorMinutes: 0, alertMinute: null, meanErrorRate: 0, worstErrorRate: 0, worstP99Ms: 0, totalCost: 0});
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
      expect(action).toEqual({minute: Math.max(0, startMinute - scenarios.surge.controls.bootDelayMin), set: {autoscaling: true, targetUtilization: TEXTBOOK_SURGE_TARGET}});
      expect(TEXTBOOK_SURGE_TARGET).toBeLessThan(scenarios.surge.controls.targetUtilization);
    }
  });
  it("cache flush: warm-up, shedding and heavy feature off at the flush, back on once warm", () => {
    for (const seed of seeds) {
      const flush = run("cache-flush", {seed, minutes: 60}).findIndex((m) => m.hitRate === 0);
      const actions = textbookActions("cache-flush", seed);
      expect(actions.slice(0, 2)).toEqual([{minute: flush, press: "warmup"}, {minute: flush, set: {sheddingShare: 1, heavyFeature: false}}]);
      expect(actions[2]).toMatchObject({set: {sheddingShare: 0, heavyFeature: true}});
      expect(actions[2].minute).toBeGreaterThan(flush);
    }
  });
  it("free play: nothing to respond to", () => {
    expect(textbookActions("free", 1)).toEqual([]);
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
