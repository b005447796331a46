// Fewer points for the same picture. A step line over a million records is a million points to
// turn into path text, parse and paint, though a chart is a few hundred pixels wide. Two passes:
// stepPoints drops the points that do not change the picture at all; thinnedLine then keeps, per
// equal span of x far narrower than a pixel, the first, lowest, highest and last point, so every
// extreme (the peak a table beside the chart states, the lowest level, both ends) stays a point
// of the line, exactly. Pure: the upload worker computes the lines and hands them over as
// Float64Arrays.

/** A line as two columns (x and y, equal length): compact, and transferable to another thread. */
export interface Line {
  x: Float64Array;
  y: Float64Array;
}

/** The spans of x a long line is thinned into: more than any lab chart's plot area has pixels. */
export const lineBuckets = 1024;

/**
 * The points of a step-after line (when sorted by x) that change its picture: where the level
 * changes, and at an x holding several points only the lowest, the highest and the last (the
 * vertical stroke there spans the same range). The first and last points are kept. Thousands of
 * simulated points where a level repeats or a burst lands at one instant draw the same path from
 * far fewer.
 */
export function stepPoints<T>(rows: T[], x: (row: T) => number, y: (row: T) => number): T[] {
  if (rows.length <= 2) return rows;
  for (let i = 1; i < rows.length; i++) if (x(rows[i]) < x(rows[i - 1])) return rows; // out of order: the path goes back, drawn as it is
  const kept: T[] = [];
  let level = y(rows[0]);
  for (let i = 0; i < rows.length; ) {
    let j = i + 1;
    const at = x(rows[i]);
    while (j < rows.length && x(rows[j]) === at) j++;
    let low = rows[i], high = rows[i];
    for (let k = i + 1; k < j; k++) {
      if (y(rows[k]) < y(low)) low = rows[k];
      if (y(rows[k]) > y(high)) high = rows[k];
    }
    const last = rows[j - 1];
    if (i === 0 || j === rows.length || y(low) !== level || y(high) !== level) {
      // The last row ends the stroke, so it goes last even when it is also the lowest or highest.
      for (const row of new Set([...(i === 0 ? [rows[0]] : []), low, high].filter((r) => r !== last))) kept.push(row);
      kept.push(last);
      level = y(last);
    }
    i = j;
  }
  return kept;
}

/**
 * The step-after line through (x[k], y[k]) as a {@link Line} of at most 4 × `buckets` points
 * (when sorted by x; a line that goes back in x is kept whole): stepPoints' points, and when
 * those are still more, per each of `buckets` equal spans of x its first, lowest, highest and
 * last point, in order. Every point kept is one of the line's, so its maximum and minimum y and
 * its first and last points are the full line's.
 */
export function thinnedLine(x: ArrayLike<number>, y: ArrayLike<number>, buckets = lineBuckets): Line {
  let kept = stepPoints(Array.from({length: x.length}, (_, k) => k), (k) => x[k], (k) => y[k]);
  const sorted = kept.every((k, i) => i === 0 || x[k] >= x[kept[i - 1]]);
  if (sorted && kept.length > 4 * buckets) kept = spanExtremes(kept, x, y, buckets);
  return {x: Float64Array.from(kept, (k) => x[k]), y: Float64Array.from(kept, (k) => y[k])};
}

/** Per equal span of x (from the first point's to the last's), the first, lowest, highest and last of `order`, in order. */
function spanExtremes(order: number[], x: ArrayLike<number>, y: ArrayLike<number>, buckets: number): number[] {
  const from = x[order[0]], width = x[order[order.length - 1]] - from;
  const kept: number[] = [];
  let span = -1, first = 0, low = 0, high = 0, last = 0;
  // Ascending order of the record is the line's order (sorted by x, ties in their drawn order).
  const flush = () => kept.push(...[...new Set([first, low, high, last])].sort((a, b) => a - b));
  for (const k of order) {
    const at = width > 0 ? Math.min(buckets - 1, Math.floor(((x[k] - from) / width) * buckets)) : 0;
    if (at !== span) {
      if (span >= 0) flush();
      span = at;
      first = low = high = last = k;
      continue;
    }
    if (y[k] < y[low]) low = k;
    if (y[k] > y[high]) high = k;
    last = k;
  }
  if (span >= 0) flush();
  return kept;
}
