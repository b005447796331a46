// Node-side clock and sleep defaults for the lab's real tools (never the wall clock: a
// monotonic performance.now() from a fixed origin, so NTP steps cannot bend a measurement).
import {performance} from "node:perf_hooks";

/** Seconds on a monotonic clock; only differences matter. */
export type Clock = () => number;

/** The default clock: performance.now() in seconds. */
export const monotonic: Clock = () => performance.now() / 1000;

/**
 * The longest delay one setTimeout holds: 2^31 − 1 ms (about 24.8 days). Past it Node fires
 * after 1 ms with a warning, so the CLI refuses longer durations and sleeps here are cut into
 * pieces no longer than this.
 */
export const maxTimerMs = 2 ** 31 - 1;

/** Resolves after `ms` milliseconds (setTimeout, in pieces when longer than a timer holds). */
export async function sleep(ms: number): Promise<void> {
  let left = Math.max(0, ms);
  do {
    const piece = Math.min(left, maxTimerMs);
    await new Promise((resolve) => setTimeout(resolve, piece));
    left -= piece;
  } while (left > 0);
}

/**
 * Resolves at `target` seconds on `clock`, late by well under a millisecond: a timer for all
 * but the last `spinMs`, then setImmediate turns (which let I/O through) until it is due. The
 * timer sleeps are repeated until the spin window is reached, so a timer that fires early (or
 * a target past what one timer holds) never turns into a long busy spin.
 */
export async function sleepUntil(target: number, clock: Clock = monotonic, spinMs = 1.5): Promise<void> {
  for (let coarse = (target - clock()) * 1000 - spinMs; coarse > 1; coarse = (target - clock()) * 1000 - spinMs) await sleep(coarse);
  while (clock() < target) await new Promise((resolve) => setImmediate(resolve));
}
