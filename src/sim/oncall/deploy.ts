// The bad build: how it rolls out, what it does to errors and CPU, and the rollback.

/** Extra error rate of requests served by the bad build [6]. */
export const BAD_BUILD_ERROR_RATE = 0.05;
/** CPU multiplier of the bad build [6]. */
export const BAD_BUILD_CPU = 1.25;
/** Decision: the deploy rolls out in 5 equal batches, one a minute (20 % … 100 %). */
export const ROLLOUT_MIN = 5;
/** A rollback prepares a fresh fleet for 5 minutes before switching traffic [6]. */
export const ROLLBACK_MIN = 5;

/**
 * Share of traffic on the bad build at `minute`: min(1, (minute − deploy + 1)/5) from the deploy
 * minute on, 0 before it, and 0 once a rollback has switched traffic away. Decision: a rolling
 * deploy, one fifth of the fleet per minute.
 */
export function badBuildShare(minute: number, deployMinute: number | null, rolledBack: boolean): number {
  if (deployMinute === null || rolledBack || minute < deployMinute) return 0;
  return Math.min(1, (minute - deployMinute + 1) / ROLLOUT_MIN);
}

/** CPU factor of the fleet: 1 + (1.25 − 1) × bad-build share [6]. */
export function cpuFactor(badShare: number): number {
  return 1 + (BAD_BUILD_CPU - 1) * badShare;
}

/**
 * Error rate of admitted requests: timeouts, plus +5 % on the bad build's share of the rest:
 * errors = t + (1 − t) × 0.05 × bad [6].
 */
export function errorRate(timeoutShare: number, badShare: number): number {
  return timeoutShare + (1 - timeoutShare) * BAD_BUILD_ERROR_RATE * badShare;
}
