// Target tracking on utilization, with a boot delay, no scale-out while instances boot, and a
// slow scale-in: at most 20 % of the fleet after 10 quiet minutes.

/** Fleet bounds [6]. */
export const MIN_INSTANCES = 1;
export const MAX_INSTANCES = 40;
/** Scale-in waits this many consecutive quiet minutes, then removes at most this share [6]. */
export const QUIET_MIN = 10;
export const SCALE_IN_MAX_SHARE = 0.2;

/**
 * desired = ⌈serving × utilization / target⌉, with measured utilization capped at 1 (so a
 * saturated fleet grows by at most 1/target per step) and the result kept in [fleetMin, 40] [6].
 * @example desiredInstances(10, 1, 0.6, 1) // 17
 */
export function desiredInstances(serving: number, utilization: number, target: number, fleetMin: number): number {
  // The small tolerance keeps 10 × 0.6 / 0.6 = 10.000000000000002 from rounding up to 11.
  const raw = Math.ceil((serving * Math.min(1, utilization)) / target - 1e-9);
  return Math.min(MAX_INSTANCES, Math.max(fleetMin, MIN_INSTANCES, raw));
}

/** What the autoscaler does after one minute. */
export interface ScalingDecision {
  /** Instances to launch now (they serve after the boot delay). */
  launch: number;
  /** Serving instances to terminate now. */
  terminate: number;
  /** Consecutive minutes in which fewer instances were desired than serve. */
  quietMinutes: number;
}

/**
 * One autoscaler decision: scale out to `desired` unless instances are booting; scale in only
 * after 10 quiet minutes, by min(serving − desired, max(1, ⌊20 % of serving⌋)), then count the
 * quiet minutes again from zero [6]. Decision: "at most 20 %" removes at least one instance, so
 * a small fleet can shrink too.
 */
export function autoscale(serving: number, booting: number, desired: number, quietMinutes: number): ScalingDecision {
  const total = serving + booting;
  if (desired > total) return {launch: booting > 0 ? 0 : desired - total, terminate: 0, quietMinutes: 0};
  if (booting > 0 || desired >= serving) return {launch: 0, terminate: 0, quietMinutes: 0};
  const quiet = quietMinutes + 1;
  if (quiet < QUIET_MIN) return {launch: 0, terminate: 0, quietMinutes: quiet};
  const terminate = Math.min(serving - desired, Math.max(1, Math.floor(SCALE_IN_MAX_SHARE * serving)));
  return {launch: 0, terminate, quietMinutes: 0};
}
