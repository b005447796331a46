// Bring your own runs: files a learner uploads (the lab's own files, or k6's results CSV) read
// into the lab's file set, so analyzeLab and the grader treat them like the embedded runs.
// Pure: names and texts in, lab files or messages naming file:line:column out.
import {outputNames} from "./analyze.js";
import {formatRun, parseClosed, parsePlan, parseProbe, parseRecords, parseRun, type RunRow} from "./csv.js";
import {isShape, shapes, type Shape} from "./schedule.js";
import {minOf} from "./stats.js";
import {LabFileError, quote, readTable, RowReader, type TableRow} from "./table.js";

/** One uploaded file: its name as the browser gives it and its text. */
export interface UploadedFile {
  name: string;
  text: string;
}

/** What {@link readUploads} made of the files: lab file name → text, and what each upload became. */
export type UploadResult =
  | {ok: true; files: Map<string, string>; loaded: {from: string; as: string; rows?: number}[]}
  | {ok: false; errors: string[]};

const inputPattern = /^(sched|run|srv)-(even|poisson|burst)\b.*\.csv$/;

/**
 * Reads uploaded files into the lab's names: `sched-*.csv`, `run-*.csv`, `srv-*.csv`,
 * `closed.csv`, `01-probe.txt` (checked by the lab's own parsers), the eight answer files (kept
 * as text for the grader), and k6 results CSVs (recognised by their header, whatever their
 * name) turned into `run-<shape>.csv`. All or nothing: any bad file makes the result a list of
 * messages, one per bad file, each naming file, line and column.
 */
export function readUploads(uploads: UploadedFile[]): UploadResult {
  const files = new Map<string, string>();
  const loaded: {from: string; as: string; rows?: number}[] = [];
  const errors: string[] = [];
  for (const {name, text} of uploads) {
    try {
      for (const [as, content, rows] of readUpload(name, text)) {
        if (files.has(as))
          throw new LabFileError(name, 1, 1, `a second ${as} in the same upload (${loaded.find((l) => l.as === as)?.from})`);
        files.set(as, content);
        loaded.push({from: name, as, rows});
      }
    } catch (error) {
      errors.push(error instanceof LabFileError ? error.message : `${name}: ${(error as Error).message}`);
    }
  }
  return errors.length ? {ok: false, errors} : {ok: true, files, loaded};
}

/** One upload → [lab name, text, rows] entries; throws a LabFileError when it is not a lab file. */
function readUpload(name: string, text: string): [string, string, number?][] {
  const base = name.replace(/^.*[\\/]/, "");
  if (isK6Csv(text)) {
    const runs = parseK6Csv(base, text);
    return [...runs].map(([shape, rows]) => [`run-${shape}.csv`, formatRun(rows), rows.length]);
  }
  const match = inputPattern.exec(base);
  if (match) {
    const as = `${match[1]}-${match[2]}.csv`;
    const parse = {sched: parsePlan, run: parseRun, srv: parseRecords}[match[1] as "sched" | "run" | "srv"];
    return [[as, text, parse(base, text).length]];
  }
  if (/^closed\b.*\.csv$/.test(base)) return [["closed.csv", text, parseClosed(base, text).length]];
  if (/^01-probe\b.*\.txt$/.test(base)) return [["01-probe.txt", text, parseProbe(base, text).length]];
  const answer = outputNames.find((n) => base === n || base.replace(/ \(\d+\)(?=\.\w+$)/, "") === n);
  if (answer) return [[answer, text]];
  throw new LabFileError(
    base,
    1,
    1,
    `not a lab file: expected sched-/run-/srv-<even|poisson|burst>.csv, closed.csv, 01-probe.txt, an answer file (${outputNames.join(", ")}) or a k6 results CSV`
  );
}

/** True when `text` starts with k6's CSV header (`metric_name,timestamp,metric_value,…`). */
export function isK6Csv(text: string): boolean {
  return /^\ufeff?metric_name,timestamp,metric_value\b/.test(text);
}

/**
 * k6's results CSV (`k6 run --out csv=…`) → one open-loop run per shape. Each
 * `http_req_duration` row is one request: received = the row's timestamp (k6 stamps a request's
 * samples when it ends), sent = received − duration, code = `status`. The request's index,
 * intended time and shape come from the tags `lab k6` scripts set (`i`, `intended`, `shape`
 * in `extra_tags`); without them the shape comes from the `scenario` column and requests are
 * numbered in send order. Times become seconds from the first send.
 */
export function parseK6Csv(file: string, text: string): Map<Shape, RunRow[]> {
  const {header, rows} = readTable(file, text);
  const at = (column: string, required = true) => {
    const k = header.indexOf(column);
    if (k < 0 && required) throw new LabFileError(file, 1, 1, `k6 CSV without a "${column}" column (header: ${header.join(",")})`);
    return k;
  };
  const [nameK, timeK, valueK, statusK] = [at("metric_name"), at("timestamp"), at("metric_value"), at("status")];
  const [tagsK, scenarioK, errorK] = [at("extra_tags", false), at("scenario", false), at("error", false)];
  const read: RowReader = new RowReader(file, header); // annotated: read.fail narrows as never
  const byShape = new Map<Shape, (RunRow & {row: TableRow})[]>();
  for (const row of rows) {
    if (row.fields[nameK] !== "http_req_duration") continue;
    read.width(row);
    const received = timestamp(read, row, timeK);
    const sent = received - read.number(row, valueK, 0) / 1000;
    const status = row.fields[statusK] === "" ? 0 : read.integer(row, statusK);
    const tags = new URLSearchParams(tagsK >= 0 ? row.fields[tagsK] : "");
    const shapeName = tags.get("shape") ?? (scenarioK >= 0 ? row.fields[scenarioK] : "");
    if (!isShape(shapeName))
      read.fail(
        row,
        tags.has("shape") || scenarioK < 0 ? Math.max(tagsK, 0) : scenarioK,
        `cannot tell the arrival shape: expected a tag shape=${shapes.join("|")} (scripts from queuebook lab k6 set it) or a scenario named after the shape, got ${quote(shapeName)}`
      );
    const i = tags.has("i") ? tagNumber(read, row, tagsK, tags, "i") : NaN;
    const intended = tags.has("intended") ? tagNumber(read, row, tagsK, tags, "intended") : NaN;
    const list = byShape.get(shapeName) ?? [];
    byShape.set(shapeName, list);
    list.push({i, intended, sent, received, code: status, error: errorK >= 0 ? row.fields[errorK] : "", row});
  }
  if (byShape.size === 0)
    throw new LabFileError(file, 1, 1, "no http_req_duration rows: a k6 results CSV of the lab's requests has one per request");
  const runs = new Map<Shape, RunRow[]>();
  for (const shape of shapes) {
    const list = byShape.get(shape);
    if (!list) continue;
    const first = minOf(list.map((r) => r.sent));
    list.sort((a, b) => (Number.isNaN(a.i) || Number.isNaN(b.i) ? a.sent - b.sent : a.i - b.i));
    const seen = new Set<number>();
    runs.set(
      shape,
      list.map(({row, ...r}, n) => {
        if (!Number.isNaN(r.i) && seen.has(r.i)) read.fail(row, tagsK, `request i=${r.i} of ${shape} appears twice`);
        seen.add(r.i);
        const sent = r.sent - first;
        return {
          ...r,
          i: Number.isNaN(r.i) ? n : r.i,
          intended: Number.isNaN(r.intended) ? sent : r.intended,
          sent,
          received: r.received - first
        };
      })
    );
  }
  return runs;
}

/**
 * A k6 CSV timestamp in seconds: unix seconds (k6's default), unix_milli, unix_micro or
 * unix_nano (told apart by their digits), seconds with a fraction, or RFC 3339 with any fraction.
 */
function timestamp(read: RowReader, row: TableRow, k: number): number {
  const text = row.fields[k].trim();
  if (/^\d+$/.test(text)) {
    const digits = text.length;
    const scale = digits <= 11 ? 1 : digits <= 14 ? 1e3 : digits <= 17 ? 1e6 : 1e9;
    return Number(text) / scale;
  }
  if (/^\d+\.\d+$/.test(text)) return Number(text); // seconds with a fraction

  const rfc = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(\.\d+)?(Z|[+-]\d\d:\d\d)$/.exec(text);
  const whole = rfc ? Date.parse(rfc[1] + rfc[3]) : NaN;
  if (!rfc || Number.isNaN(whole)) return read.fail(row, k, `expected a unix or RFC 3339 time, got ${quote(text)}`);
  return whole / 1000 + Number(rfc[2] ?? 0);
}

function tagNumber(read: RowReader, row: TableRow, k: number, tags: URLSearchParams, name: string): number {
  const value = Number(tags.get(name));
  if (!Number.isFinite(value) || value < 0) read.fail(row, k, `tag ${name}=${tags.get(name)}: expected a number of at least 0`);
  return value;
}
