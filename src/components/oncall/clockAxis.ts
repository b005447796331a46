// The charts' x axis in clock time: tick minutes at round steps of the clock (every 5, 10, 15,
// 30 minutes, 1, 2, 3, 6 hours), labelled "09:30", so a chart reads like the dashboard's clock.
import {formatClock} from "../../sim/kit/clock.js";

/** The clock steps a tick may take, in minutes. */
const steps = [1, 2, 5, 10, 15, 30, 60, 120, 180, 360];

/**
 * Ticks over minutes 0 … `last` of a run starting at `startClock` (minutes after midnight):
 * the minutes whose clock is a multiple of the smallest step giving at most `count` ticks.
 */
export function clockTicks(last: number, startClock: number, count = 6): number[] {
  if (!(last > 0)) return [0];
  const step = steps.find((s) => last / s <= count) ?? Math.ceil(last / count / 360) * 360;
  const first = (step - (startClock % step)) % step;
  const ticks: number[] = [];
  for (let m = first; m <= last; m += step) ticks.push(m);
  return ticks;
}

/** Writes minute `m` of a run starting at `startClock` as its time of day. */
export const clockTick =
  (startClock: number) =>
  (m: number): string =>
    formatClock(startClock + m);
