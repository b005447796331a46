// A retry run in the debrief's numbers, and the measures the debrief compares.
import type {SummaryMeasure} from "../kit/model.js";
import type {RetryMetrics} from "./metrics.js";

/** A retry run in the debrief's numbers. */
export type RetrySummary = {
  minutes: number;
  /** Share of the 30-day error budget left at the last minute (spent before it), as on the dashboard. */
  budgetLeft: number;
  /** Minutes in which at least half of the users' requests failed. */
  minutesDown: number;
  /** Failed over fresh requests over the whole run. */
  meanErrorRate: number;
  /** Goodput over fresh requests over the whole run (1: every request served in time once). */
  goodputShare: number;
  /** The highest minute's retry share. */
  worstRetryShare: number;
  /** The busiest second's attempts. */
  peakOffered: number;
};

/** Sums up a retry run; an empty run gives zeros. */
export function summarizeRetry(metrics: readonly RetryMetrics[]): RetrySummary {
  const last = metrics.at(-1);
  let down = 0,
    fresh = 0,
    failed = 0,
    good = 0,
    worstShare = 0,
    peak = 0;
  for (const m of metrics) {
    if (m.errorRate >= 0.5) down++;
    fresh += m.fresh;
    failed += m.errorRate * m.fresh;
    good += m.goodput;
    worstShare = Math.max(worstShare, m.retryShare);
    peak = Math.max(peak, m.peakOffered);
  }
  return {
    minutes: metrics.length,
    budgetLeft: last ? last.budgetLeft : 0,
    minutesDown: down,
    meanErrorRate: fresh > 0 ? failed / fresh : 0,
    goodputShare: fresh > 0 ? Math.min(1, good / fresh) : 0,
    worstRetryShare: worstShare,
    peakOffered: peak
  };
}

/** The retry debrief's measures: budget, minutes down, errors, goodput, then the worst retry share and busiest second (table only). */
export const retryMeasures: readonly SummaryMeasure[] = [
  {field: "budgetLeft", better: "higher", kind: "percent", digits: 1},
  {field: "minutesDown", better: "lower", kind: "minutes", digits: 0},
  {field: "meanErrorRate", better: "lower", kind: "percent", digits: 1},
  {field: "goodputShare", better: "higher", kind: "percent", digits: 1},
  {field: "worstRetryShare", better: "lower", kind: "percent", digits: 0, story: false},
  {field: "peakOffered", better: "lower", kind: "number", digits: 0, unit: "/s", story: false}
];
