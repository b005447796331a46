// What any model's run accepts: at most a week of minutes, a seed mulberry32 takes.

/** The most minutes one run may simulate (a week). */
export const MAX_MINUTES = 7 * 1440;

/** The largest seed: mulberry32 takes an unsigned 32-bit integer. */
export const MAX_SEED = 0xffffffff;

/** True when `seed` is a seed run() accepts: an integer in [0, MAX_SEED]. */
export function isSeed(seed: unknown): seed is number {
  return Number.isInteger(seed) && (seed as number) >= 0 && (seed as number) <= MAX_SEED;
}
