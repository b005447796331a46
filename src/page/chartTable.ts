// A chart's "table" view: a <details> under the chart whose table lists the chart's series, for
// a reader who cannot see the marks (a screen reader reads a table cell by cell). The rows are
// made when the reader opens it, so a chart a slider redraws many times a second costs one
// closed <details> per draw, not a table.
import {adoptable} from "./redraw.js";

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

/** Each table view's source, for the view on the page to take over from a redrawn one (src/page/redraw.ts). */
const sources = new WeakMap<HTMLDetailsElement, TableSource>();

/**
 * The closed table view of `source`; it fills (again) each time it is opened. When its figure is
 * redrawn in place (src/page/redraw.ts), the view on the page takes the new view's source and
 * stays open or closed as the reader left it; an open one fills again with the new rows.
 */
export function tableView(source: TableSource): HTMLDetailsElement {
  const details = document.createElement("details");
  details.className = "qb-chart-table";
  const summary = document.createElement("summary");
  summary.textContent = source.summary;
  details.append(summary);
  const fill = () => {
    details.querySelector("table")?.remove();
    if (!details.open) return;
    const shown = sources.get(details)!;
    const table = document.createElement("table");
    const head = table.createTHead().insertRow();
    for (const name of shown.columns) {
      const th = document.createElement("th");
      th.scope = "col";
      th.textContent = name; // text, never markup
      head.append(th);
    }
    const body = table.createTBody();
    for (const row of sampleRows(shown.rows())) {
      const tr = body.insertRow();
      for (const cell of row) tr.insertCell().textContent = String(cell);
    }
    details.append(table);
  };
  details.addEventListener("toggle", fill);
  sources.set(details, source);
  return adoptable(details, (next) => {
    const from = sources.get(next);
    if (!from) return false; // (made by another copy of this module)
    sources.set(details, from);
    if (summary.textContent !== from.summary) summary.textContent = from.summary;
    if (details.open) fill();
    return true;
  });
}
