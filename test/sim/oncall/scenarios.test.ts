import {describe, expect, it} from "vitest";
import {FAST_BURN} from "../../../src/sim/formulas/budget.js";
import {ROLLBACK_MIN} from "../../../src/sim/oncall/deploy.js";
import type {MinuteMetrics} from "../../../src/sim/oncall/metrics.js";
import {run, simulate} from "../../../src/sim/oncall/run.js";
import {scenarioNames, scenarios} from "../../../src/sim/oncall/scenarios.js";

const seeds = [1, 2, 3, 4, 5];
const at = (metrics: MinuteMetrics[], clock: string) => metrics.find((m) => m.clock === clock)!;
/** Requests that failed over the run (error rate × admitted requests per minute). */
const failed = (metrics: MinuteMetrics[]) => metrics.reduce((s, m) => s + m.errorRate * m.requests * (1 - m.droppedShare) * 60, 0);

describe("scenarios[name]", () => {
  it("are free, bad-deploy, surge and cache-flush", () => {
    expect(scenarioNames).toEqual(["free", "bad-deploy", "surge", "cache-flush"]);
    for (const name of scenarioNames) expect(scenarios[name].name).toBe(name);
  });
});

describe(`run("free", {seed, minutes, actions})`, () => {
  it("stays calm when nobody acts", () => {
    for (const m of run("free", {seed: 4, minutes: 120})) {
      expect(m.errorRate).toBeLessThan(1e-6);
      expect(m.serving).toBe(10);
    }
  });
});

describe(`run("bad-deploy", {seed, minutes, actions})`, () => {
  it("starts at 09:00 with 20 % of the budget and deploys at 09:10", () => {
    const metrics = run("bad-deploy", {minutes: 15});
    expect(metrics[0].clock).toBe("09:00");
    expect(metrics[0].budgetLeft).toBe(0.2);
    expect(at(metrics, "09:09").badBuildShare).toBe(0);
    expect(at(metrics, "09:10").badBuildShare).toBeGreaterThan(0);
    expect(at(metrics, "09:14").badBuildShare).toBe(1);
  });
  it("passes the 14.4× 1 h burn alert within 30 minutes of 09:10 when nobody acts", () => {
    for (const seed of seeds) {
      const metrics = run("bad-deploy", {seed, minutes: 90});
      const alert = metrics.find((m) => m.burn1h >= FAST_BURN)!;
      expect(alert).toBeDefined();
      // The model reports it: alert is false before that minute and stays true from it on.
      expect(metrics.map((m) => m.alert)).toEqual(metrics.map((m) => m.minute >= alert.minute));
      expect(alert.minute).toBeGreaterThan(10);
      expect(alert.minute).toBeLessThanOrEqual(40);
      expect(metrics.at(-1)!.budgetLeft).toBeLessThan(0.2);
    }
  });
  it("still deploys the bad build at 09:10 after a rollback pressed before it, which only costs money", () => {
    for (const seed of seeds) {
      const alone = run("bad-deploy", {seed, minutes: 30});
      for (const p of [0, 5, 7, 9]) {
        const metrics = run("bad-deploy", {seed, minutes: 30, actions: [{minute: p, press: "rollback"}]});
        // Same bad build, same rollout; the switch (even one landing at 09:10 or later) leaves it.
        expect(metrics.map((m) => m.badBuildShare)).toEqual(alone.map((m) => m.badBuildShare));
        expect(at(metrics, "09:10").badBuildShare).toBeGreaterThan(0);
        expect(metrics.at(-1)!.badBuildShare).toBe(1);
        // The fresh fleet of the good build is billed for the 5 minutes of preparation.
        expect(metrics.map((m) => m.fleetCostPerHour)).toEqual(alone.map((_m, i) => (i >= p && i < p + ROLLBACK_MIN ? 8 : 4)));
        expect(metrics.at(-1)!.costSoFar).toBeCloseTo(alone.at(-1)!.costSoFar + (ROLLBACK_MIN * 4) / 60, 10);
        expect(metrics.at(-1)!.errorRate).toBe(alone.at(-1)!.errorRate);
      }
    }
  });
  it("removes the bad build when rollback is pressed at the deploy minute or later", () => {
    for (const p of [10, 12]) {
      const metrics = run("bad-deploy", {minutes: 30, actions: [{minute: p, press: "rollback"}]});
      expect(metrics[p].badBuildShare).toBeGreaterThan(0);
      expect(metrics.slice(p + ROLLBACK_MIN).every((m) => m.badBuildShare === 0)).toBe(true);
    }
  });
  it("recovers the baseline error rate within the rollback time plus one minute of a rollback at the alert", () => {
    for (const seed of seeds) {
      const alone = run("bad-deploy", {seed, minutes: 90});
      const p = alone.findIndex((m) => m.burn1h >= FAST_BURN);
      const metrics = run("bad-deploy", {seed, minutes: 90, actions: [{minute: p, press: "rollback"}]});
      const baseline = Math.max(...metrics.slice(0, 10).map((m) => m.errorRate));
      expect(metrics[p].errorRate).toBeGreaterThan(0.04);
      for (const m of metrics.slice(p + ROLLBACK_MIN + 1)) {
        expect(m.badBuildShare).toBe(0);
        expect(m.errorRate).toBeLessThanOrEqual(baseline + 1e-9);
      }
      // The fresh fleet is billed for the 5 minutes of preparation.
      expect(metrics.slice(p, p + ROLLBACK_MIN).every((m) => m.fleetCostPerHour === 8)).toBe(true);
      expect(metrics[p + ROLLBACK_MIN].fleetCostPerHour).toBe(4);
      expect(metrics.at(-1)!.budgetLeft).toBeGreaterThan(alone.at(-1)!.budgetLeft);
    }
  });
});

describe(`run("surge", {seed, minutes, actions})`, () => {
  it("draws its start and size from the seed", () => {
    const surges = seeds.map((seed) => simulate("surge", {seed, minutes: 1}).states[0].events.surge!);
    for (const s of surges) {
      expect(s.startMinute).toBeGreaterThanOrEqual(10);
      expect(s.startMinute).toBeLessThan(50);
      expect(s.size).toBeGreaterThanOrEqual(2);
      expect(s.size).toBeLessThanOrEqual(3.5);
    }
    expect(new Set(surges.map((s) => s.startMinute)).size).toBeGreaterThan(1);
    expect(simulate("surge", {seed: 1, minutes: 1}).states[0].events).toEqual(simulate("surge", {seed: 1, minutes: 1}).states[0].events);
  });
  it("boots new instances in 8 minutes", () => {
    expect(scenarios.surge.controls.bootDelayMin).toBe(8);
  });
  it("overloads a fixed fleet, and autoscaling at a 60 % target serves it with fewer errors", () => {
    for (const seed of seeds) {
      const fixed = run("surge", {seed, minutes: 120});
      const scaled = run("surge", {seed, minutes: 120, actions: [{minute: 0, set: {autoscaling: true, targetUtilization: 0.6}}]});
      expect(Math.max(...fixed.map((m) => m.utilization))).toBe(1);
      expect(Math.max(...fixed.map((m) => m.errorRate))).toBeGreaterThan(0.01);
      expect(fixed.every((m) => m.serving === 10)).toBe(true);
      expect(failed(scaled)).toBeLessThan(0.5 * failed(fixed));
      expect(Math.max(...scaled.map((m) => m.serving))).toBeGreaterThan(10);
    }
  });
});

describe(`run("cache-flush", {seed, minutes, actions})`, () => {
  const flushMinute = 15;
  /** First minute after the flush with the database below 80 % and errors under the SLO. */
  const recovery = (metrics: MinuteMetrics[]) =>
    metrics.findIndex((m) => m.minute > flushMinute && m.dbUtilization < 0.8 && m.errorRate < 0.001);

  it("runs at the usual 85 % hit rate, then saturates the database at noon", () => {
    for (const seed of seeds) {
      const metrics = run("cache-flush", {seed, minutes: 30});
      expect(at(metrics, "11:59").hitRate).toBeGreaterThan(0.84);
      expect(at(metrics, "11:59").dbUtilization).toBeLessThan(0.3);
      const noon = at(metrics, "12:00");
      expect(noon.hitRate).toBe(0);
      expect(noon.dbUtilization).toBe(1);
      expect(noon.errorRate).toBeGreaterThan(0.5);
    }
  });
  it("recovers faster with the warm-up job and shedding than with nothing", () => {
    for (const seed of seeds) {
      const idle = run("cache-flush", {seed, minutes: 90});
      const acted = run("cache-flush", {
        seed,
        minutes: 90,
        actions: [
          {minute: 16, press: "warmup"},
          {minute: 16, set: {sheddingShare: 1}},
          {minute: 30, set: {sheddingShare: 0}}
        ]
      });
      expect(recovery(acted)).toBeGreaterThan(flushMinute);
      expect(recovery(idle)).toBeGreaterThan(recovery(acted) + 10);
      const later = flushMinute + 10;
      expect(acted[later].hitRate).toBeGreaterThan(idle[later].hitRate + 0.3);
      expect(acted[later].dbUtilization).toBeLessThan(idle[later].dbUtilization - 0.3);
      expect(failed(acted)).toBeLessThan(failed(idle));
    }
  });
});
