// Fewer points for the same picture. A step line over a million records is a million points to
// turn into path text, parse and paint, though a chart is a few hundred pixels wide. A short line
// loses only the points that do not change its picture (stepPoints); a long one keeps, per equal
// span of x far narrower than a pixel, its first, lowest, highest and last point, so every
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
    let low = rows[i],
      high = rows[i];
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
 * The step-after line through (x[k], y[k]) as a {@link Line}: a line of up to 4 × `buckets`
 * points as stepPoints keeps it (the same picture, point for point); a longer one, when sorted
 * by x, as the first, lowest, highest and last point of each of `buckets` equal spans of x, in
 * order (a line that goes back in x is kept whole). Every point kept is one of the line's, so
 * its maximum and minimum y and its first and last points are the full line's.
 */
export function thinnedLine(x: ArrayLike<number>, y: ArrayLike<number>, buckets = lineBuckets): Line {
  const n = x.length;
  let sorted = true;
  for (let k = 1; k < n && sorted; k++) sorted = x[k] >= x[k - 1];
  const kept =
    sorted && n > 4 * buckets
      ? spanExtremes(x, y, buckets)
      : stepPoints(
          Array.from({length: n}, (_, k) => k),
          (k) => x[k],
          (k) => y[k]
        );
  return {x: Float64Array.from(kept, (k) => x[k]), y: Float64Array.from(kept, (k) => y[k])};
}

/** Per equal span of x (from the first point's to the last's), the indices of its first, lowest, highest and last point, in order. */
function spanExtremes(x: ArrayLike<number>, y: ArrayLike<number>, buckets: number): number[] {
  const n = x.length,
    from = x[0],
    width = x[n - 1] - from;
  const kept: number[] = [];
  let span = -1,
    first = 0,
    low = 0,
    high = 0,
    last = 0;
  // The points are sorted by x, so index order is the line's order (ties in their drawn order).
  const flush = () => kept.push(...[...new Set([first, low, high, last])].sort((a, b) => a - b));
  for (let k = 0; k < n; k++) {
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
