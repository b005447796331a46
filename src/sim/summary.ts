// A run of the on-call model in a few numbers, as the debrief table shows it: budget left and
// cost after the last minute, minutes at or above the fast-burn rate, minutes over the SLO,
// errors and p99.
import {burnRate, ERROR_BUDGET, FAST_BURN, spendBudget} from "./budget.js";
import {firstAlertMinute, type MinuteMetrics} from "./metrics.js";

/** A run's outcome, as the debrief table shows it. */
export type RunSummary = {
  minutes: number;
  /** Share of the 30-day error budget left after the last minute. */
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
  worstP99Ms: number;
  /** Dollars spent by the end of the last minute. */
  totalCost: number;
};

/**
 * Sums up a run: budget and cost after its last minute (the model's own spendBudget and the
 * last minute's cost), minutes at or above 14.4× burn, minutes over the SLO, the request-weighted mean error rate, the
 * worst error rate and p99. An empty run gives zeros.
 */
export function summarize(metrics: readonly MinuteMetrics[]): RunSummary {
  const last = metrics.at(-1);
  let above = 0, over = 0, failed = 0, admitted = 0, worstError = 0, worstP99 = 0;
  for (const m of metrics) {
    if (m.burn1h >= FAST_BURN) above++;
    if (m.errorRate > ERROR_BUDGET) over++;
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
    errorMinutes: over,
    alertMinute: firstAlertMinute(metrics),
    meanErrorRate: admitted > 0 ? failed / admitted : 0,
    worstErrorRate: worstError,
    worstP99Ms: worstP99,
    totalCost: last ? last.costSoFar + last.fleetCostPerHour / 60 : 0
  };
}
