// The dashboard of one minute: the metrics a run returns, with their JSON field names.

/**
 * One minute's dashboard. Shares, utilizations and budgetLeft are fractions in [0, 1];
 * lambda and requests are req/s; costs are dollars. Rates describe the minute itself;
 * costSoFar and budgetLeft add up the minutes before it (so minute 0 shows $0.00).
 */
export type MinuteMetrics = {
  /** Minutes since the start of the run. */
  minute: number;
  /** Time of day, "HH:MM". */
  clock: string;
  /** Expected arrival rate λ(t), req/s. */
  lambda: number;
  /** Arrivals counted this minute (noisy), req/s, before shedding. */
  requests: number;
  serving: number;
  starting: number;
  /** Fleet utilization λ·S/N (capped at 1). */
  utilization: number;
  hitRate: number;
  /** Database load over capacity (capped at 1). */
  dbUtilization: number;
  /** Share of requests rejected by load shedding. */
  droppedShare: number;
  /** Share of admitted requests that failed (timeouts, saturation, the bad build). */
  errorRate: number;
  /** Share of admitted requests that timed out (P(W > 2 s), or 1 − N/a at saturation). */
  timeoutShare: number;
  /** Approximate p99 latency, ms (at most the 2 s timeout). */
  p99Ms: number;
  /** Burn rate over the last hour (× budget rate). */
  burn1h: number;
  /**
   * The fast-burn page has fired: true from the first minute burn1h reaches 14.4× to the end of
   * the run (latched, like a page that was sent). Whether it is firing now is burn1h ≥ 14.4.
   */
  alert: boolean;
  /** Share of the 30-day error budget left before this minute. */
  budgetLeft: number;
  fleetCostPerHour: number;
  /** Dollars spent before this minute. */
  costSoFar: number;
  /** Mean age of a cached answer, seconds. */
  cacheAgeS: number;
  badBuildShare: number;
  recommendationsShare: number;
};

/** The metric names in output order (CSV columns, golden files). */
export const metricFields = [
  "minute",
  "clock",
  "lambda",
  "requests",
  "serving",
  "starting",
  "utilization",
  "hitRate",
  "dbUtilization",
  "droppedShare",
  "errorRate",
  "timeoutShare",
  "p99Ms",
  "burn1h",
  "alert",
  "budgetLeft",
  "fleetCostPerHour",
  "costSoFar",
  "cacheAgeS",
  "badBuildShare",
  "recommendationsShare"
] as const satisfies readonly (keyof MinuteMetrics)[];

/** The metrics that are true or false (every other field but clock is a number). */
export const booleanFields = ["alert"] as const satisfies readonly (keyof MinuteMetrics)[];

/** The metrics that are fractions in [0, 1]. */
export const fractionFields = [
  "utilization",
  "hitRate",
  "dbUtilization",
  "droppedShare",
  "errorRate",
  "timeoutShare",
  "budgetLeft",
  "badBuildShare",
  "recommendationsShare"
] as const satisfies readonly (keyof MinuteMetrics)[];

/**
 * The first minute whose fast-burn alert is set (`alert` stays set from then on), or null when
 * it never fired: the debrief's alert minute, the textbook's rollback, the page's banner.
 */
export function firstAlertMinute(metrics: readonly MinuteMetrics[]): number | null {
  const at = metrics.findIndex((m) => m.alert);
  return at < 0 ? null : metrics[at].minute;
}
