// Rows of numbers sent between threads as columns: a Float64Array per numeric field moves to the
// page without a copy (transferred), where a million row objects would be cloned field by field
// in one long task on the page's main thread. Rebuilt on the page when first read, or in slices
// that yield between them (uploadMessages.ts), so no task holds the page for long.

/** One field of a row array: numbers as a Float64Array, one value shared by every row, or the values as they are. */
export type Column = {numbers: Float64Array} | {same: unknown} | {values: unknown[]};

/** An array of rows as columns (field name → column), with its length. */
export interface Columns {
  length: number;
  fields: [string, Column][];
}

/** Rows (objects with the same fields, as the lab's parsers make them) → columns. */
export function toColumns(rows: readonly object[]): Columns {
  const keys = new Set<string>();
  for (const row of rows) for (const key in row) keys.add(key); // an optional field (ClosedRow's error) may first appear late
  const fields: [string, Column][] = [...keys].map((key) => {
    const values = rows.map((row) => (row as Record<string, unknown>)[key]);
    if (values.every((v) => typeof v === "number")) return [key, {numbers: Float64Array.from(values as number[])}];
    if (values.every((v) => v === values[0])) return [key, {same: values[0]}];
    return [key, {values}];
  });
  return {length: rows.length, fields};
}

/** The buffers of `columns` to transfer with a postMessage. */
export function transferables(columns: Columns): ArrayBuffer[] {
  return columns.fields.flatMap(([, c]) => ("numbers" in c ? [c.numbers.buffer as ArrayBuffer] : []));
}

/** Rows `from`–`to` of `columns` as objects, each field in its column's order. */
function rowsOf(columns: Columns, from: number, to: number, into: Record<string, unknown>[]): void {
  const fields = columns.fields;
  for (let i = from; i < to; i++) {
    const row: Record<string, unknown> = {};
    for (const [key, c] of fields) {
      const value = "numbers" in c ? c.numbers[i] : "same" in c ? c.same : c.values[i];
      if (value !== undefined) row[key] = value; // an absent optional field stays absent
    }
    into.push(row);
  }
}

/** Columns → rows, all at once (small arrays, tests). */
export function fromColumns<T>(columns: Columns): T[] {
  const rows: Record<string, unknown>[] = [];
  rowsOf(columns, 0, columns.length, rows);
  return rows as T[];
}

/** Columns → rows, `slice` rows per task, awaiting `yieldNow` between slices. */
export async function fromColumnsInSlices<T>(columns: Columns, yieldNow: () => Promise<void>, slice = 20_000): Promise<T[]> {
  const rows: Record<string, unknown>[] = [];
  for (let from = 0; from < columns.length; from += slice) {
    if (from > 0) await yieldNow();
    rowsOf(columns, from, Math.min(columns.length, from + slice), rows);
  }
  return rows as T[];
}
