// Node-side clock and sleep defaults for the lab's real tools (never the wall clock: a
// monotonic performance.now() from a fixed origin, so NTP steps cannot bend a measurement).
import {performance} from "node:perf_hooks";

/** Seconds on a monotonic clock; only differences matter. */
export type Clock = () => number;

/** The default clock: performance.now() in seconds. */
export const monotonic: Clock = () => performance.now() / 1000;

/** Resolves after `ms` milliseconds (setTimeout). */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}

/**
 * Resolves at `target` seconds on `clock`, late by well under a millisecond: a timer for all
 * but the last `spinMs`, then setImmediate turns (which let I/O through) until it is due.
 */
export async function sleepUntil(target: number, clock: Clock = monotonic, spinMs = 1.5): Promise<void> {
  const coarse = (target - clock()) * 1000 - spinMs;
  if (coarse > 1) await sleep(coarse);
  while (clock() < target) await new Promise((resolve) => setImmediate(resolve));
}
