// A run of the on-call model in a few numbers, as the debrief shows them: budget left and cost
// as the dashboard shows them at the last minute, minutes at or above the fast-burn rate, minutes
// over the SLO, errors, p99, and what the cache, the database and shedding did.
import {ERROR_BUDGET, FAST_BURN} from "../formulas/budget.js";
import {firstAlertMinute, type MinuteMetrics} from "./metrics.js";
import type {SummaryMeasure} from "../kit/model.js";

/** A run's outcome, as the debrief shows it. */
export type RunSummary = {
  minutes: number;
  /** Share of the 30-day error budget left at the last minute (spent before it), as on the dashboard at that minute. */
  budgetLeft: number;
  /** Minutes whose 1 h burn rate was at or above the fast-burn threshold (14.4×). */
  minutesAboveFastBurn: number;
  /** Minutes whose error rate was above the SLO's allowance (0.1 %): the minutes users saw errors beyond the objective. */
  errorMinutes: number;
  /** First minute of the fast-burn alert, or null when it never fired. */
  alertMinute: number | null;
  /** Failed over admitted requests, over the whole run (each minute weighted by its requests). */
  meanErrorRate: number;
  worstErrorRate: number;
  /** The minute of the worst error rate (the first such), or null for no minutes. */
  worstErrorMinute: number | null;
  /** p99 latency, mean over the minutes, ms. */
  meanP99Ms: number;
  worstP99Ms: number;
  /** Cache hit rate, mean over the minutes. */
  meanHitRate: number;
  /** Database utilization, mean over the minutes (each capped at 1, as measured). */
  meanDbUtilization: number;
  /** Mean age of a cached answer, mean over the minutes, seconds: staleness, the price of a long TTL. */
  meanCacheAgeS: number;
  /** Requests shed over requests arrived, over the whole run. */
  droppedShare: number;
  /** Dollars spent before the last minute, as the dashboard's "cost so far" at that minute. */
  totalCost: number;
};

/**
 * The on-call debrief's measures: its table's rows in order, and (`story` not false) the
 * differences its sentences weigh: errors, budget, minutes over the SLO, p99, hit rate, DB load,
 * answers' age, dropped traffic, cost.
 */
export const oncallMeasures: readonly SummaryMeasure[] = [
  {field: "budgetLeft", better: "higher", kind: "percent", digits: 1},
  {field: "minutesAboveFastBurn", id: "fastBurnMinutes", better: "lower", kind: "minutes", digits: 0, story: false},
  {field: "errorMinutes", better: "lower", kind: "minutes", digits: 0},
  {field: "meanErrorRate", better: "lower", kind: "percent", digits: 2},
  {field: "worstErrorRate", better: "lower", kind: "percent", digits: 2, story: false},
  {field: "meanP99Ms", better: "lower", kind: "number", digits: 0, unit: "ms"},
  {field: "worstP99Ms", id: "p99", better: "lower", kind: "number", digits: 0, unit: "ms", story: false},
  {field: "meanHitRate", better: "higher", kind: "percent", digits: 1},
  {field: "meanDbUtilization", better: "lower", kind: "percent", digits: 1},
  {field: "meanCacheAgeS", better: "lower", kind: "number", digits: 0, unit: "s"},
  {field: "droppedShare", better: "lower", kind: "percent", digits: 1},
  {field: "totalCost", id: "cost", better: "lower", kind: "number", digits: 2, unit: "$"}
];

/**
 * Sums up a run: budget and cost as the dashboard shows them at its last minute (one source for
 * both), minutes at or above 14.4× burn, minutes over the SLO, the request-weighted mean error
 * rate and the worst minute, p99, hit rate, DB utilization and answers' age (means over the
 * minutes), and the share of requests shed. An empty run gives zeros.
 */
export function summarize(metrics: readonly MinuteMetrics[]): RunSummary {
  const last = metrics.at(-1);
  let above = 0,
    over = 0,
    failed = 0,
    admitted = 0,
    arrived = 0,
    dropped = 0,
    worstError = 0,
    worstAt: number | null = null,
    worstP99 = 0;
  let p99 = 0,
    hit = 0,
    db = 0,
    age = 0;
  for (const m of metrics) {
    if (m.burn1h >= FAST_BURN) above++;
    if (m.errorRate > ERROR_BUDGET) over++;
    const served = m.requests * (1 - m.droppedShare);
    failed += m.errorRate * served;
    admitted += served;
    arrived += m.requests;
    dropped += m.requests * m.droppedShare;
    if (worstAt === null || m.errorRate > worstError) (worstError = m.errorRate), (worstAt = m.minute);
    worstP99 = Math.max(worstP99, m.p99Ms);
    p99 += m.p99Ms;
    hit += m.hitRate;
    db += m.dbUtilization;
    age += m.cacheAgeS;
  }
  const n = metrics.length;
  const mean = (sum: number) => (n > 0 ? sum / n : 0);
  return {
    minutes: n,
    budgetLeft: last ? last.budgetLeft : 0,
    minutesAboveFastBurn: above,
    errorMinutes: over,
    alertMinute: firstAlertMinute(metrics),
    meanErrorRate: admitted > 0 ? failed / admitted : 0,
    worstErrorRate: worstError,
    worstErrorMinute: worstAt,
    meanP99Ms: mean(p99),
    worstP99Ms: worstP99,
    meanHitRate: mean(hit),
    meanDbUtilization: mean(db),
    meanCacheAgeS: mean(age),
    droppedShare: arrived > 0 ? dropped / arrived : 0,
    totalCost: last ? last.costSoFar : 0
  };
}
