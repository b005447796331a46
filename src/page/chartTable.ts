// A chart's "table" view: a <details> under the chart whose table lists the chart's series, for
// a reader who cannot see the marks (a screen reader reads a table cell by cell). The rows are
// made when the reader opens it, so a chart a slider redraws many times a second costs one
// closed <details> per draw, not a table.

/** What the view shows: its summary line, the column names and the rows (asked for on opening). */
export interface TableSource {
  summary: string;
  columns: readonly string[];
  rows(): readonly (readonly (string | number)[])[];
}

/** The most rows a table holds; longer series are sampled evenly (the last row always kept). */
export const MAX_ROWS = 400;

/** Every k-th of `rows` so that at most `max` remain, the last one kept. */
export function sampleRows<T>(rows: readonly T[], max = MAX_ROWS): T[] {
  if (rows.length <= max) return rows.slice();
  const step = Math.ceil(rows.length / max);
  const out = rows.filter((_, i) => i % step === 0);
  if (out.at(-1) !== rows.at(-1)) out.push(rows.at(-1)!);
  return out;
}

/** The closed table view of `source`; it fills (again) each time it is opened. */
export function tableView(source: TableSource): HTMLDetailsElement {
  const details = document.createElement("details");
  details.className = "qb-chart-table";
  const summary = document.createElement("summary");
  summary.textContent = source.summary;
  details.append(summary);
  details.addEventListener("toggle", () => {
    details.querySelector("table")?.remove();
    if (!details.open) return;
    const table = document.createElement("table");
    const head = table.createTHead().insertRow();
    for (const name of source.columns) {
      const th = document.createElement("th");
      th.scope = "col";
      th.textContent = name; // text, never markup
      head.append(th);
    }
    const body = table.createTBody();
    for (const row of sampleRows(source.rows())) {
      const tr = body.insertRow();
      for (const cell of row) tr.insertCell().textContent = String(cell);
    }
    details.append(table);
  });
  return details;
}
