// The lab's file formats: plans, open-loop runs, server records, closed-loop runs and the probe.
// Written with d3-dsv; read with table.ts, which keeps positions so every complaint names
// file:line:column, and checked as a grader would (order only where order is the data: a plan's
// intended times; ranges; no NaN or infinity). Pure: each reader takes (file name, text), so the
// notebook's uploads give the same messages.
// Times are seconds written with 6 decimals (microseconds).
import {csvFormat, tsvFormatRows} from "d3-dsv";
import type {LabRecord} from "./des.js";
import {eachRow, expectHeader, LabFileError, quote, RowReader, type TableRow} from "./table.js";

/** One planned request: its index and intended send time. */
export interface PlanRow {
  i: number;
  intended: number;
}

/** One request of an open-loop run; code 0 with `error` when no HTTP answer came. */
export interface RunRow extends PlanRow {
  sent: number;
  received: number;
  code: number;
  error: string;
}

/** One request of a closed-loop run; code 0 with `error` when no HTTP answer came. */
export interface ClosedRow {
  user: number;
  sent: number;
  received: number;
  code: number;
  error?: string;
}

/** Seconds with 6 decimals, the precision of every time the lab writes. */
export function seconds(value: number): string {
  return value.toFixed(6);
}

/** 01-probe.txt: one time in seconds per line, 6 decimals (what `lab probe` prints). */
export function formatProbe(times: ArrayLike<number>): string {
  return Array.from(times, (t) => seconds(t) + "\n").join("");
}

/** The plan CSV: `i,intended`. */
export function formatPlan(times: ArrayLike<number>): string {
  return (
    csvFormat(
      Array.from(times, (t, i) => ({i, intended: seconds(t)})),
      ["i", "intended"]
    ) + "\n"
  );
}

/** The open-loop run CSV: `i,intended,sent,received,code,error`. */
export function formatRun(rows: RunRow[]): string {
  const columns = ["i", "intended", "sent", "received", "code", "error"] as const;
  return (
    csvFormat(
      rows.map((r) => ({...r, intended: seconds(r.intended), sent: seconds(r.sent), received: seconds(r.received)})),
      columns
    ) + "\n"
  );
}

/** The server's /dump CSV: `seq,arrive,start,end,qlen`. */
export function formatRecords(records: LabRecord[]): string {
  const columns = ["seq", "arrive", "start", "end", "qlen"] as const;
  return (
    csvFormat(
      records.map((r) => ({...r, arrive: seconds(r.arrive), start: seconds(r.start), end: seconds(r.end)})),
      columns
    ) + "\n"
  );
}

/** The closed-loop CSV: `user,sent,received,code`, plus `error` when any request failed. */
export function formatClosed(rows: ClosedRow[]): string {
  const columns: (keyof ClosedRow)[] = ["user", "sent", "received", "code"];
  if (rows.some((r) => r.error)) columns.push("error");
  return (
    csvFormat(
      rows.map((r) => ({...r, sent: seconds(r.sent), received: seconds(r.received)})),
      columns
    ) + "\n"
  );
}

/** Tab-separated rows without a header, one line each, ending in a newline. */
export function formatTsv(rows: (string | number)[][]): string {
  return tsvFormatRows(rows.map((row) => row.map(String))) + "\n";
}

/**
 * Reads a CSV of the lab: checks the header (`columns`, then any of `optional`) before any row,
 * then turns each row into a value with `read`, the row's width checked first.
 */
function table<T>(file: string, text: string, columns: string[], optional: string[], read: (reader: RowReader, row: TableRow) => T): T[] {
  const out: T[] = [];
  let reader: RowReader | undefined;
  const onHeader = (header: string[]) => {
    expectHeader(file, header, columns, optional);
    reader = new RowReader(file, header);
  };
  eachRow(
    file,
    text,
    (row) => {
      reader!.width(row);
      out.push(read(reader!, row));
    },
    onHeader
  );
  return out;
}

/** Reads a plan CSV `i,intended`: indexes increasing, times from 0 and in order. */
export function parsePlan(file: string, text: string): PlanRow[] {
  const order = ordered();
  return table(file, text, ["i", "intended"], [], (read, row) => ({
    i: order.increasing(read, row, 0, read.integer(row, 0)),
    intended: order.nondecreasing(read, row, 1, read.number(row, 1, 0))
  }));
}

/**
 * Reads an open-loop run CSV `i,intended,sent,received,code[,error]`; a missing `error` reads as "".
 * Rows may come in any order (a threaded sender writes them as answers complete): every
 * computation over a run sorts or counts, so only a repeated `i` is refused.
 */
export function parseRun(file: string, text: string): RunRow[] {
  const once = unique(file, "i", "each request of a run has one index");
  const out = table(file, text, ["i", "intended", "sent", "received", "code"], ["error"], (read, row) => {
    const i = once.note(row, read.integer(row, 0));
    const intended = read.number(row, 1, 0);
    const sent = read.number(row, 2, 0);
    return {i, intended, sent, received: read.number(row, 3, sent), code: statusCode(read, row, 4), error: row.fields[5] ?? ""};
  });
  once.check();
  return out;
}

/**
 * Reads the server's `seq,arrive,start,end,qlen` CSV: arrive ≤ start ≤ end, qlen ≥ 1, each seq
 * once. Rows may come in any order (a threaded server writes them as requests end): the sweep
 * and the queue's figures sort by time themselves.
 */
export function parseRecords(file: string, text: string): LabRecord[] {
  const once = unique(file, "seq", "each request has one seq");
  const out = table(file, text, ["seq", "arrive", "start", "end", "qlen"], [], (read, row) => {
    const seq = once.note(row, read.integer(row, 0));
    const arrive = read.number(row, 1, 0);
    const start = read.number(row, 2, arrive);
    return {seq, arrive, start, end: read.number(row, 3, start), qlen: read.integer(row, 4, 1)};
  });
  once.check();
  return out;
}

/**
 * Reads a closed-loop `user,sent,received,code[,error]` CSV. A user waits for each answer
 * before sending again, so a user's requests never overlap: one that does is an error.
 */
export function parseClosed(file: string, text: string): ClosedRow[] {
  const lines: number[] = [],
    sentColumns: number[] = [];
  const out = table(file, text, ["user", "sent", "received", "code"], ["error"], (read, row) => {
    lines.push(row.line);
    sentColumns.push(row.columns[1]);
    const sent = read.number(row, 1, 0);
    return {
      user: read.integer(row, 0),
      sent,
      received: read.number(row, 2, sent),
      code: statusCode(read, row, 3),
      ...(row.fields[4] ? {error: row.fields[4]} : {})
    };
  });
  // Sort each user's visits by send time (indexes, so the rows' lines stay at hand).
  const order = out.map((_, k) => k).sort((a, b) => out[a].user - out[b].user || out[a].sent - out[b].sent);
  for (let k = 1; k < order.length; k++) {
    const [prev, next] = [out[order[k - 1]], out[order[k]]];
    if (prev.user === next.user && next.sent < prev.received) {
      throw new LabFileError(
        file,
        lines[order[k]],
        sentColumns[order[k]],
        `column "sent": user ${next.user} sent at ${next.sent} s, before its previous answer at ${prev.received} s (line ${lines[order[k - 1]]}): a closed-loop user waits for each answer`
      );
    }
  }
  return out;
}

/** Reads 01-probe.txt: one time in seconds per line (any whitespace between), each above 0. */
export function parseProbe(file: string, text: string): number[] {
  const times: number[] = [];
  const lines = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).split("\n");
  lines.forEach((content, k) => {
    for (const match of content.matchAll(/\S+/g)) {
      const token = match[0];
      const fail = (reason: string): never => {
        throw new LabFileError(file, k + 1, match.index + 1, reason);
      };
      const value = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(token) ? Number(token) : NaN;
      if (Number.isNaN(value)) fail(`expected a time in seconds, got ${quote(token)}`);
      if (!Number.isFinite(value)) fail(`${quote(token)} is out of range`);
      if (value <= 0) fail(`a response time must be above 0 s, got ${token}`);
      times.push(value);
    }
  });
  if (times.length === 0) throw new LabFileError(file, 1, 1, "no times: expected one number of seconds per line");
  return times;
}

/** An HTTP status, or 0 for no answer. */
function statusCode(read: RowReader, row: TableRow, k: number): number {
  const code = read.integer(row, k);
  if (code > 999) read.fail(row, k, `expected an HTTP status (or 0), got ${code}`);
  return code;
}

/**
 * Checks that an index column (the first) names each row once, whatever the rows' order. Rows
 * in increasing order cannot repeat, so the sort runs only for a file that is not in order.
 */
function unique(file: string, column: string, why: string) {
  const values: number[] = [],
    lines: number[] = [];
  let sorted = true;
  return {
    note(row: TableRow, value: number) {
      if (values.length && value <= values[values.length - 1]) sorted = false;
      values.push(value);
      lines.push(row.line);
      return value;
    },
    check() {
      if (sorted) return;
      const order = values.map((_, k) => k).sort((a, b) => values[a] - values[b] || lines[a] - lines[b]);
      for (let k = 1; k < order.length; k++) {
        const [first, again] = [order[k - 1], order[k]];
        if (values[first] === values[again])
          throw new LabFileError(
            file,
            lines[again],
            1,
            `column "${column}": ${values[again]} appears twice (also on line ${lines[first]}): ${why}`
          );
      }
    }
  };
}

/** Checks that a column runs in order down the file, naming the row that breaks it. */
function ordered() {
  const last: number[] = [];
  const check = (read: RowReader, row: TableRow, k: number, value: number, strict: boolean) => {
    if (last[k] !== undefined && (strict ? value <= last[k] : value < last[k]))
      read.fail(
        row,
        k,
        `${value} comes after ${last[k]} on the line above: ${strict ? "expected increasing values" : "times out of order"}`
      );
    return (last[k] = value);
  };
  return {
    increasing: (read: RowReader, row: TableRow, k: number, value: number) => check(read, row, k, value, true),
    nondecreasing: (read: RowReader, row: TableRow, k: number, value: number) => check(read, row, k, value, false)
  };
}
