// The retry model's run and the behaviour the lesson teaches, over seeds: healthy before the surge;
// a metastable failure after it when clients retry at once without a budget; recovery with a retry
// budget, with load shedding or without retries; backoff and jitter alone (every combination) do
// not end it, and neither does a restart (src/sim/retry/run.ts).
import {describe, expect, it} from "vitest";
import type {Action} from "../../../src/sim/kit/actions.js";
import {defaultRetryControls, retryStorm, simulateRetry, type RetryMetrics} from "../../../src/sim/retry/model.js";
import {surgeFactor} from "../../../src/sim/formulas/traffic.js";

const seeds = [1, 2, 3, 4, 5];
const runOf = (seed: number, actions: Action[] = [], minutes = 90) => simulateRetry(retryStorm, {seed, minutes, actions});
const surgeStart = (seed: number) => runOf(seed, [], 1).events[0].minute;
/** The minutes from `from` on. */
const fromMinute = (metrics: RetryMetrics[], from: number) => metrics.filter((m) => m.minute >= from);

describe("simulateRetry(retryStorm, {seed, minutes, actions})", () => {
  it("is deterministic for a seed, and the seed moves the surge", () => {
    expect(runOf(3)).toEqual(runOf(3));
    expect(new Set(seeds.map(surgeStart)).size).toBeGreaterThan(1);
    for (const seed of seeds) expect(surgeStart(seed)).toBeGreaterThanOrEqual(10), expect(surgeStart(seed)).toBeLessThan(20);
  });
  it("keeps its books: admitted ≤ offered, goodput ≤ admitted, utilization ≤ 1, shares in [0, 1]", () => {
    for (const actions of [
      [],
      [{minute: 0, set: {shedding: true}}],
      [{minute: 0, set: {retryBudget: 0.1, backoff: 2, jitter: true}}]
    ] as Action[][]) {
      for (const m of runOf(2, actions).metrics) {
        expect(m.admitted).toBeLessThanOrEqual(m.offered + 1e-9);
        expect(m.goodput).toBeLessThanOrEqual(m.admitted + 1e-9);
        expect(m.offered).toBeCloseTo(m.fresh + m.retries, 6);
        expect(m.utilization).toBeLessThanOrEqual(1 + 1e-12);
        for (const share of [m.retryShare, m.shedShare, m.timeoutShare, m.errorRate])
          expect(share).toBeGreaterThanOrEqual(0), expect(share).toBeLessThanOrEqual(1);
      }
    }
  });
  it("is healthy before the surge: no retries, no errors, goodput equal to the fresh load", () => {
    for (const seed of seeds) {
      for (const m of runOf(seed).metrics.slice(0, surgeStart(seed))) {
        expect(m.errorRate).toBeLessThan(1e-6);
        expect(m.retryShare).toBeLessThan(1e-6);
        expect(m.goodput).toBeCloseTo(m.fresh, 3);
      }
    }
  });
  it("doing nothing: the failure outlives the surge (metastable), retries three of every four attempts", () => {
    for (const seed of seeds) {
      const {metrics} = runOf(seed);
      // The surge is over by minute 30 (its factor back within 1 %) …
      const surge = runOf(seed, [], 1).events[0];
      expect(
        surgeFactor(30, {
          startMinute: surge.minute,
          size: surge.params.size,
          rampMin: surge.params.rampMin,
          holdMin: surge.params.holdMin,
          decayMin: surge.params.decayMin
        })
      ).toBeLessThan(1.01);
      // … and yet every minute after it fails, with the offered load above capacity.
      for (const m of fromMinute(metrics, 30)) {
        expect(m.errorRate).toBeGreaterThan(0.99);
        expect(m.goodput).toBeLessThan(0.01 * m.fresh);
        expect(m.offered).toBeGreaterThan(m.capacity);
        expect(m.retryShare).toBeCloseTo(0.75, 1);
      }
    }
  });
  it("recovers with a retry budget (with or without backoff), with load shedding, or with no retries", () => {
    const fixes: Action[][] = [
      [{minute: 0, set: {retryBudget: 0.1}}],
      [{minute: 0, set: {retryBudget: 0.1, backoff: 2, jitter: true}}],
      [{minute: 0, set: {shedding: true}}],
      [{minute: 0, set: {retryLimit: 0}}]
    ];
    for (const seed of seeds) {
      for (const actions of fixes) {
        for (const m of fromMinute(runOf(seed, actions).metrics, 40))
          expect([seed, JSON.stringify(actions), m.minute, m.errorRate < 0.01]).toEqual([seed, JSON.stringify(actions), m.minute, true]);
      }
    }
  });
  it("backoff and jitter alone, in every combination, do not end the failure", () => {
    for (const backoff of [0, 1, 2]) {
      for (const jitter of [false, true]) {
        const {metrics} = runOf(1, [{minute: 0, set: {backoff, jitter}}]);
        expect([backoff, jitter, fromMinute(metrics, 40).every((m) => m.errorRate > 0.9)]).toEqual([backoff, jitter, true]);
      }
    }
  });
  it("a restart empties the queue, but the retries in flight fill it again", () => {
    const {metrics, details} = runOf(1, [{minute: 40, press: "restart"}]);
    expect(details[39].queue).toBeGreaterThan(10_000);
    expect(fromMinute(metrics, 45).every((m) => m.errorRate > 0.9)).toBe(true);
  });
  it("a retry budget b keeps the retry share at or below b", () => {
    for (const budget of [0.05, 0.1, 0.3, 0.5]) {
      for (const m of runOf(4, [{minute: 0, set: {retryBudget: budget}}]).metrics) expect(m.retryShare).toBeLessThanOrEqual(budget + 1e-9);
    }
  });
  it("refuses controls and buttons the model does not have, and bad options, in one line", () => {
    expect(() => runOf(1, [{minute: 0, set: {fleetMin: 3}}])).toThrow(/unknown control "fleetMin"/);
    expect(() => runOf(1, [{minute: 0, press: "rollback"}])).toThrow(/unknown button "rollback" \(buttons: restart\)/);
    expect(() => runOf(1, [{minute: 0, set: {retryLimit: 9}}])).toThrow(/retryLimit must be between 0 and 5/);
    expect(() => simulateRetry(retryStorm, {seed: -1})).toThrow(RangeError);
    expect(() => simulateRetry({...retryStorm, controls: {...defaultRetryControls, timeoutS: 0}})).toThrow(/timeoutS/);
  });
});
