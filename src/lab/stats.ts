// The lab's statistics: means, the coefficient of variation, nearest-rank percentiles and the
// sweep that finds the maximum number of requests in the system at once.

/** The arithmetic mean; NaN for no values. */
export function mean(values: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i];
  return values.length ? sum / values.length : NaN;
}

/** The median (mean of the middle two for an even count); NaN for no values. */
export function median(values: ArrayLike<number>): number {
  const sorted = Float64Array.from(values).sort();
  const n = sorted.length;
  if (n === 0) return NaN;
  return n % 2 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
}

/** Population standard deviation, sqrt(Σ(x − mean)² / n), in two passes; NaN for no values. */
export function populationSd(values: ArrayLike<number>): number {
  const m = mean(values);
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += (values[i] - m) ** 2;
  return Math.sqrt(sum / values.length);
}

/** Coefficient of variation: population SD / mean (0 for equal values, ≈ 1 for exponential). */
export function cv(values: ArrayLike<number>): number {
  return populationSd(values) / mean(values);
}

/**
 * Nearest-rank percentile: the value at rank ceil(p/100 × n) (at least 1) of the sorted
 * values, so the answer is always one of the values. `p` is in percent, 0–100; NaN for none.
 */
export function nearestRank(p: number, values: ArrayLike<number>): number {
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile must be within 0–100, got ${p}`);
  const sorted = Float64Array.from(values).sort();
  if (sorted.length === 0) return NaN;
  return sorted[Math.max(1, Math.ceil((p / 100) * sorted.length)) - 1];
}

/** A request's time in the system: it arrives, enters service and leaves (seconds). */
export interface Visit {
  arrive: number;
  end: number;
}

/**
 * The maximum number of requests in the system at once, by a sweep over the events in time
 * order: +1 at `arrive`, −1 at `end`. When an end and an arrival share an instant the end goes
 * first (a request that leaves as another arrives never overlaps it) — the same rule the
 * server and the simulation use for `qlen`, so this equals max(qlen). Times are compared to
 * the nanosecond.
 */
export function maxConcurrency(visits: Iterable<Visit>): number {
  return sweepMax(
    visits,
    (v) => v.arrive,
    (v) => v.end
  );
}

/** The maximum number of requests in service at once (start to end); a floor on the workers. */
export function maxInService(visits: Iterable<Visit & {start: number}>): number {
  return sweepMax(
    visits,
    (v) => v.start,
    (v) => v.end
  );
}

/**
 * The sweep's steps, to draw it: the number in the system after each event (+1 at `arrive`,
 * −1 at `end`), in time order, by the same rule as {@link maxConcurrency} (the end first at a
 * tie, times compared to the nanosecond), so the drawing's peak is its value.
 */
export function sweepSteps(visits: Iterable<Visit>): {t: number; n: number}[] {
  const {t, n} = sweepColumns(visits);
  return Array.from(t, (time, k) => ({t: time, n: n[k]}));
}

/** {@link sweepSteps} as two columns, the times (s) and the numbers after each event: no object per event (a million records are two million events). */
export function sweepColumns(visits: Iterable<Visit>): {t: Float64Array; n: Float64Array} {
  const [a, b] = sortedNanos(
    visits,
    (v) => v.arrive,
    (v) => v.end
  );
  const t = new Float64Array(a.length + b.length),
    n = new Float64Array(a.length + b.length);
  let current = 0;
  for (let i = 0, j = 0, k = 0; i < a.length || j < b.length; k++) {
    if (j < b.length && (i === a.length || b[j] <= a[i])) (t[k] = b[j++] / 1e9), (n[k] = --current);
    else (t[k] = a[i++] / 1e9), (n[k] = ++current);
  }
  return {t, n};
}

/** The from-times and the to-times, each sorted, in integer nanoseconds (float noise cannot split a tie). */
function sortedNanos<T>(items: Iterable<T>, from: (item: T) => number, to: (item: T) => number): [Float64Array, Float64Array] {
  const list = Array.isArray(items) ? (items as T[]) : [...items];
  const a = new Float64Array(list.length),
    b = new Float64Array(list.length);
  for (let k = 0; k < list.length; k++) (a[k] = Math.round(from(list[k]) * 1e9)), (b[k] = Math.round(to(list[k]) * 1e9));
  return [a.sort(), b.sort()];
}

/** The sweep without an event list: the sorted from-times and to-times merged; at a tie the end is taken first. */
function sweepMax<T>(items: Iterable<T>, from: (item: T) => number, to: (item: T) => number): number {
  const [a, b] = sortedNanos(items, from, to);
  let current = 0,
    max = 0;
  for (let i = 0, j = 0; i < a.length; ) {
    if (j < b.length && b[j] <= a[i]) {
      current--;
      j++;
    } else {
      max = Math.max(max, ++current);
      i++;
    }
  }
  return max;
}

/** The largest value, in one loop (Math.max(...values) overflows the stack past ~100,000); -Infinity for none. */
export function maxOf(values: ArrayLike<number>): number {
  let max = -Infinity;
  for (let i = 0; i < values.length; i++) if (values[i] > max) max = values[i];
  return max;
}

/** The smallest value, in one loop; Infinity for none. */
export function minOf(values: ArrayLike<number>): number {
  let min = Infinity;
  for (let i = 0; i < values.length; i++) if (values[i] < min) min = values[i];
  return min;
}
