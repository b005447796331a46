// The error budget of a 99.9 % availability SLO over 30 days, burn rates and the 1 h window.

/** Availability objective [1]. */
export const SLO = 0.999;
/** Error budget = 1 − SLO = 0.1 % of requests [1]. */
export const ERROR_BUDGET = 1 - SLO;
/** Minutes in the 30-day SLO period: 30 × 24 × 60 [2]. */
export const PERIOD_MIN = 43_200;
/** Length of the burn-rate window, minutes [2]. */
export const BURN_WINDOW_MIN = 60;
/** The fast-burn page threshold: 2 % of a 30-day budget in 1 h [2]. */
export const FAST_BURN = 14.4;

/**
 * Burn rate = error rate / (1 − SLO): 1 spends the budget in exactly 30 days.
 * Source: The Site Reliability Workbook, "Alerting on SLOs" [2].
 * @example burnRate(0.001) // 1
 */
export function burnRate(errorRate: number): number {
  return errorRate / ERROR_BUDGET;
}

/**
 * Share of the whole 30-day budget spent by burning at `burn` for `minutes`:
 * Δbudget = burn × minutes / 43,200 [2].
 * @example budgetSpent(14.4, 60) // 0.02
 */
export function budgetSpent(burn: number, minutes = 1): number {
  return (burn * minutes) / PERIOD_MIN;
}

/** Budget left after one minute at `burn`: max(0, left − burn/43,200) [2]. */
export function spendBudget(budgetLeft: number, burn: number): number {
  return Math.max(0, budgetLeft - budgetSpent(burn));
}

/**
 * The 1 h window of per-minute error rates, oldest first, pre-filled with the opening minute:
 * 60 copies of `errorRate` [2].
 */
export function openWindow(errorRate: number): number[] {
  const window: number[] = [];
  for (let i = 0; i < BURN_WINDOW_MIN; i++) window.push(errorRate); // packed, unlike new Array(n)
  return window;
}

/** The window one minute later: drops the oldest rate and appends `errorRate` [2]. */
export function pushWindow(window: readonly number[], errorRate: number): number[] {
  const next = window.slice(1);
  next.push(errorRate);
  return next;
}

/**
 * Burn (1 h) = mean error rate over the last 60 minutes / 0.1 % [2].
 * The sum is recomputed rather than kept running, so no rounding drift accumulates.
 */
export function windowBurn(window: readonly number[]): number {
  return burnRate(windowMean(window));
}

/** Mean error rate over the window (its sum over its length) [2]. */
export function windowMean(window: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < window.length; i++) sum += window[i];
  return sum / window.length;
}
