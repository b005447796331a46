// A chart's columns over a whole trace and the y-axis top they need at a minute.
import type {RunTrace} from "../../sim/oncall/run.js";
import type {ChartSpec} from "./chartSpec.js";

/** The smallest "nice" top (1, 2, 2.5, 5 × 10^k) at or above `value` × 1.1, at least `floor`. */
export function niceTop(value: number, floor: number): number {
  const target = Math.max(floor, value * 1.1);
  if (!Number.isFinite(target) || target <= 0) return floor;
  const power = 10 ** Math.floor(Math.log10(target));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= target) return step * power;
  return 10 * power;
}

/** The columns of a chart over the whole trace, computed once per trace. */
export function columns(spec: ChartSpec, trace: RunTrace): Float64Array[] {
  return spec.series.map((s) => Float64Array.from(trace.metrics, (m, i) => s.value(m, trace, i)));
}

/**
 * Running maxima of `cols` (columns of one trace, so of one length), from 0: entry i is the
 * largest value in minutes 0 … i. Computed once per trace, so a frame reads its axis top
 * instead of scanning every minute up to it again.
 */
function runningMax(cols: Float64Array[]): Float64Array {
  const length = cols.length ? cols[0].length : 0;
  const peaks = new Float64Array(length);
  let max = 0;
  for (let i = 0; i < length; i++) {
    for (const col of cols) if (col[i] > max) max = col[i];
    peaks[i] = max;
  }
  return peaks;
}

/** The largest value in minutes 0 … minute, from runningMax. */
function maxUpTo(peaks: Float64Array, minute: number): number {
  return peaks.length ? peaks[Math.min(minute, peaks.length - 1)] : 0;
}

/** The running maxima a chart's y-axis follows: its main series and the others (see ChartSpec.scaleBy). */
export interface AxisPeaks {
  main: Float64Array;
  rest: Float64Array | null;
}

/** The running maxima of a chart's columns that set its y-axis (see ChartSpec.scaleBy). */
export function axisPeaks(spec: ChartSpec, cols: Float64Array[]): AxisPeaks {
  const main = spec.scaleBy ?? cols.length;
  return {main: runningMax(cols.slice(0, main)), rest: main < cols.length ? runningMax(cols.slice(main)) : null};
}

/** The largest value the y-axis must show at `minute` (see ChartSpec.scaleBy). */
export function axisMax(peaks: AxisPeaks, minute: number): number {
  const primary = maxUpTo(peaks.main, minute);
  if (!peaks.rest) return primary;
  return Math.max(primary, Math.min(2 * primary, maxUpTo(peaks.rest, minute)));
}
