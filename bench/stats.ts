// Small statistics for benchmark reports: medians and nearest-rank percentiles.

/** The median of `values` (mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Nearest-rank percentile p (0–100) of `values`. */
export function percentile(p: number, values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.max(0, Math.ceil((p / 100) * s.length) - 1)];
}

/** A duration in ms with sensible precision. */
export function ms(value: number): string {
  return value >= 100 ? `${Math.round(value)} ms` : `${value.toFixed(1)} ms`;
}

/** A byte count in KB. */
export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
