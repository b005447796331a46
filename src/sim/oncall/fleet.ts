// The fleet: serving instances, cohorts still booting, and what the fleet costs.

/** Price of one instance-hour, dollars [6]. */
export const INSTANCE_PRICE_PER_HOUR = 0.4;

/** Instances launched together that start serving at minute `readyAt`. */
export interface Cohort {
  readyAt: number;
  count: number;
}

/** Serving instances and the cohorts still booting (ordered by launch). */
export interface Fleet {
  serving: number;
  booting: readonly Cohort[];
}

/** Instances still booting: the sum over cohorts. */
export function startingCount(fleet: Fleet): number {
  let n = 0;
  for (const cohort of fleet.booting) n += cohort.count;
  return n;
}

/** Moves every cohort whose boot delay has passed by `minute` into service. */
export function promote(fleet: Fleet, minute: number): Fleet {
  if (!fleet.booting.some((c) => c.readyAt <= minute)) return fleet;
  let serving = fleet.serving;
  const booting: Cohort[] = [];
  for (const cohort of fleet.booting) {
    if (cohort.readyAt <= minute) serving += cohort.count;
    else booting.push(cohort);
  }
  return {serving, booting};
}

/** Launches `count` instances now that serve from minute `readyAt` (at once if already due). */
export function launch(fleet: Fleet, count: number, readyAt: number, minute: number): Fleet {
  if (count <= 0) return fleet;
  if (readyAt <= minute) return {serving: fleet.serving + count, booting: fleet.booting};
  return {serving: fleet.serving, booting: [...fleet.booting, {readyAt, count}]};
}

/** Terminates `count` instances, the most recently launched booting ones first, then serving. */
export function terminate(fleet: Fleet, count: number): Fleet {
  if (count <= 0) return fleet;
  const booting = fleet.booting.map((c) => ({...c}));
  let left = count;
  while (left > 0 && booting.length > 0) {
    const last = booting[booting.length - 1];
    const removed = Math.min(left, last.count);
    last.count -= removed;
    left -= removed;
    if (last.count === 0) booting.pop();
  }
  return {serving: Math.max(0, fleet.serving - left), booting};
}

/** While a rollback prepares, its fresh fleet of the same size is billed too: the cost × 2 [6]. */
export const ROLLBACK_COST_FACTOR = 2;

/**
 * Fleet cost per hour = $0.40 × instances (serving and booting); while a rollback prepares its
 * fresh fleet, that fleet is billed too, so the cost doubles for those 5 minutes [6].
 * @example fleetCostPerHour(10, false) // 4
 */
export function fleetCostPerHour(instances: number, rollbackPreparing: boolean): number {
  return INSTANCE_PRICE_PER_HOUR * instances * (rollbackPreparing ? ROLLBACK_COST_FACTOR : 1);
}
