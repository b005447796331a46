// The lab's three arrival shapes with the same mean rate: even, poisson and burst.
import {exponentialWithRate, mulberry32} from "./random.js";

/** The arrival shapes the lab compares. */
export const shapes = ["even", "poisson", "burst"] as const;

/** One of the lab's arrival shapes. */
export type Shape = (typeof shapes)[number];

/** Options for {@link schedule}. */
export interface ScheduleOptions {
  /** Requests sent at the same instant by the burst shape (the lab uses 12). */
  burstSize?: number;
}

/** True when `name` is one of the lab's shapes. */
export function isShape(name: string): name is Shape {
  return (shapes as readonly string[]).includes(name);
}

/**
 * The intended send times (seconds from the start) of `count` requests at a mean of `rate`
 * per second, all starting at 0:
 * - even: i / rate;
 * - poisson: cumulative exponential intervals with mean 1/rate, drawn by inverse CDF from
 *   mulberry32(seed) (not bit-for-bit Python's random.Random(seed).expovariate, same law);
 * - burst: groups of `burstSize` at (i // burstSize) × (burstSize / rate).
 * The same arguments always give the same plan; even and poisson ignore nothing but the seed.
 */
export function schedule(shape: Shape, count: number, rate: number, seed: number, {burstSize = 12}: ScheduleOptions = {}): number[] {
  const times = new Array<number>(count);
  if (shape === "even") {
    for (let i = 0; i < count; i++) times[i] = i / rate;
  } else if (shape === "burst") {
    for (let i = 0; i < count; i++) times[i] = Math.floor(i / burstSize) * (burstSize / rate);
  } else {
    const random = mulberry32(seed);
    let t = 0;
    for (let i = 0; i < count; i++) {
      if (i > 0) t += exponentialWithRate(random, rate);
      times[i] = t;
    }
  }
  return times;
}

/** The gaps between consecutive times: n times give n − 1 intervals. */
export function intervals(times: ArrayLike<number>): number[] {
  const gaps: number[] = [];
  for (let i = 1; i < times.length; i++) gaps.push(times[i] - times[i - 1]);
  return gaps;
}
