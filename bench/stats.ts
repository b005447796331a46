// Report formatting for the benchmarks; medians and nearest-rank percentiles come from the
// lab's statistics (src/lab/stats.ts), the same functions the lab's files are computed with.
export {median, nearestRank as percentile} from "../src/lab/stats.js";

/** A duration in ms with sensible precision. */
export function ms(value: number): string {
  return value >= 100 ? `${Math.round(value)} ms` : `${value.toFixed(1)} ms`;
}

/** A byte count in KB. */
export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
