// The debrief: a run's outcome in a few numbers, and the textbook response to each incident,
// so the learner's run can be set beside doing nothing and the textbook on the same seed.
// The textbook's minutes are read from a do-nothing run of the same seed, never hard-coded.
import type {Action} from "./actions.js";
import {burnRate, FAST_BURN, spendBudget} from "./budget.js";
import {firstAlertMinute, type MinuteMetrics} from "./metrics.js";
import {run, simulate} from "./run.js";
import {scenarios, type ScenarioName} from "./scenarios.js";

/** A run's outcome, as the debrief table shows it. */
export interface RunSummary {
  minutes: number;
  /** Share of the 30-day error budget left after the last minute. */
  budgetLeft: number;
  /** Minutes whose 1 h burn rate was at or above the fast-burn threshold (14.4×). */
  minutesAboveFastBurn: number;
  /** First minute of the fast-burn alert, or null when it never fired. */
  alertMinute: number | null;
  /** Failed over admitted requests, over the whole run (each minute weighted by its requests). */
  meanErrorRate: number;
  worstErrorRate: number;
  worstP99Ms: number;
  /** Dollars spent by the end of the last minute. */
  totalCost: number;
}

/**
 * Sums up a run: budget and cost after its last minute (the model's own spendBudget and the
 * last minute's cost), minutes at or above 14.4× burn, the request-weighted mean error rate, the
 * worst error rate and p99. An empty run gives zeros.
 */
export function summarize(metrics: readonly MinuteMetrics[]): RunSummary {
  const last = metrics.at(-1);
  let above = 0, failed = 0, admitted = 0, worstError = 0, worstP99 = 0;
  for (const m of metrics) {
    if (m.burn1h >= FAST_BURN) above++;
    const served = m.requests * (1 - m.droppedShare);
    failed += m.errorRate * served;
    admitted += served;
    worstError = Math.max(worstError, m.errorRate);
    worstP99 = Math.max(worstP99, m.p99Ms);
  }
  return {
    minutes: metrics.length,
    budgetLeft: last ? spendBudget(last.budgetLeft, burnRate(last.errorRate)) : 0,
    minutesAboveFastBurn: above,
    alertMinute: firstAlertMinute(metrics),
    meanErrorRate: admitted > 0 ? failed / admitted : 0,
    worstErrorRate: worstError,
    worstP99Ms: worstP99,
    totalCost: last ? last.costSoFar + last.fleetCostPerHour / 60 : 0
  };
}

/** The target the textbook gives the autoscaler ahead of a surge (the default is 60 %). */
export const TEXTBOOK_SURGE_TARGET = 0.5;
/** Share of hot keys at which the textbook turns shedding and the heavy feature back on. */
export const TEXTBOOK_RECOVERED_WARM = 0.95;

/**
 * The textbook response to `scenario` on `seed` within `minutes` (default 60), read from a
 * do-nothing run of the same seed:
 * - bad deploy: rollback at the minute the fast-burn alert fires (nothing if it never does);
 * - surge: autoscaling on with a 50 % target one boot delay before the wave starts (minute 0
 *   at the earliest), so new instances serve when it arrives;
 * - cache flush: at the flush, the warm-up job, shedding all low-priority traffic and the heavy
 *   feature off; both back on once the cache is 95 % warm again;
 * - free play: no incident, no actions.
 */
export function textbookActions(scenario: ScenarioName, seed: number, minutes = 60): Action[] {
  const nothing = simulate(scenario, {seed, minutes});
  const {events} = nothing.states[0];
  if (scenario === "bad-deploy") {
    const alert = firstAlertMinute(nothing.metrics);
    return alert === null ? [] : [{minute: alert, press: "rollback"}];
  }
  if (scenario === "surge" && events.surge && events.surge.startMinute < minutes) {
    const ahead = Math.max(0, events.surge.startMinute - scenarios.surge.controls.bootDelayMin);
    return [{minute: ahead, set: {autoscaling: true, targetUtilization: TEXTBOOK_SURGE_TARGET}}];
  }
  if (scenario === "cache-flush" && events.flushMinute !== null && events.flushMinute < minutes) {
    const flush = events.flushMinute;
    const actions: Action[] = [{minute: flush, press: "warmup"}, {minute: flush, set: {sheddingShare: 1, heavyFeature: false}}];
    const {details} = simulate(scenario, {seed, minutes, actions});
    const warm = details.findIndex((d, m) => m > flush && d.warm >= TEXTBOOK_RECOVERED_WARM);
    if (warm > 0) actions.push({minute: warm, set: {sheddingShare: 0, heavyFeature: true}});
    return actions;
  }
  return [];
}

/** One run of the debrief: its actions, its minutes and their summary. */
export interface DebriefRun {
  actions: Action[];
  metrics: MinuteMetrics[];
  summary: RunSummary;
}

/**
 * The debrief of a learner's run: the learner's, doing nothing and the textbook response, on
 * the same scenario, seed and minutes.
 */
export function debrief(scenario: ScenarioName, seed: number, minutes: number, actions: readonly Action[]): {learner: DebriefRun; nothing: DebriefRun; textbook: DebriefRun} {
  const one = (list: readonly Action[]): DebriefRun => {
    const metrics = run(scenario, {seed, minutes, actions: list});
    return {actions: [...list], metrics, summary: summarize(metrics)};
  };
  return {learner: one(actions), nothing: one([]), textbook: one(textbookActions(scenario, seed, minutes))};
}
