// A retry run in the debrief's numbers (src/sim/retry/summary.ts).
import {describe, expect, it} from "vitest";
import type {Action} from "../../../src/sim/kit/actions.js";
import {retryStorm, simulateRetry, summarizeRetry} from "../../../src/sim/retry/model.js";

const runOf = (seed: number, actions: Action[] = [], minutes = 90) => simulateRetry(retryStorm, {seed, minutes, actions});

describe("summarizeRetry(metrics)", () => {
  it("sums a run: the failed run has spent its budget, the textbook's keeps most of it", () => {
    const nothing = summarizeRetry(runOf(1).metrics);
    const textbook = summarizeRetry(runOf(1, [{minute: 0, set: {retryBudget: 0.1, backoff: 2, jitter: true}}]).metrics);
    expect(nothing.budgetLeft).toBe(0);
    expect(textbook.budgetLeft).toBeGreaterThan(0.5);
    expect(textbook.minutesDown).toBeLessThan(nothing.minutesDown);
    expect(textbook.goodputShare).toBeGreaterThan(nothing.goodputShare);
    expect(summarizeRetry([])).toMatchObject({minutes: 0, budgetLeft: 0, meanErrorRate: 0});
  });
});
