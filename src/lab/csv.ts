// The lab's file formats, read and written with d3-dsv: plans, open-loop runs, server records
// and closed-loop runs. Times are seconds written with 6 decimals (microseconds).
import {csvFormat, csvParse, tsvFormatRows} from "d3-dsv";
import type {LabRecord} from "./des.js";

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

/** The plan CSV: `i,intended`. */
export function formatPlan(times: ArrayLike<number>): string {
  return csvFormat(Array.from(times, (t, i) => ({i, intended: seconds(t)})), ["i", "intended"]) + "\n";
}

/** The open-loop run CSV: `i,intended,sent,received,code,error`. */
export function formatRun(rows: RunRow[]): string {
  const columns = ["i", "intended", "sent", "received", "code", "error"] as const;
  return csvFormat(rows.map((r) => ({...r, intended: seconds(r.intended), sent: seconds(r.sent), received: seconds(r.received)})), columns) + "\n";
}

/** The server's /dump CSV: `seq,arrive,start,end,qlen`. */
export function formatRecords(records: LabRecord[]): string {
  const columns = ["seq", "arrive", "start", "end", "qlen"] as const;
  return csvFormat(records.map((r) => ({...r, arrive: seconds(r.arrive), start: seconds(r.start), end: seconds(r.end)})), columns) + "\n";
}

/** The closed-loop CSV: `user,sent,received,code`, plus `error` when any request failed. */
export function formatClosed(rows: ClosedRow[]): string {
  const columns: (keyof ClosedRow)[] = ["user", "sent", "received", "code"];
  if (rows.some((r) => r.error)) columns.push("error");
  return csvFormat(rows.map((r) => ({...r, sent: seconds(r.sent), received: seconds(r.received)})), columns) + "\n";
}

/** Tab-separated rows without a header, one line each, ending in a newline. */
export function formatTsv(rows: (string | number)[][]): string {
  return tsvFormatRows(rows.map((row) => row.map(String))) + "\n";
}

/** Reads a plan CSV (`i,intended`; a run CSV works too). */
export function parsePlan(text: string): PlanRow[] {
  return [...csvParse(text, (d) => ({i: number(d.i, "i"), intended: number(d.intended, "intended")}))];
}

/** Reads an open-loop run CSV; a missing `error` column reads as "". */
export function parseRun(text: string): RunRow[] {
  return [...csvParse(text, (d) => ({
    i: number(d.i, "i"),
    intended: number(d.intended, "intended"),
    sent: number(d.sent, "sent"),
    received: number(d.received, "received"),
    code: number(d.code, "code"),
    error: d.error ?? ""
  }))];
}

/** Reads the server's `seq,arrive,start,end,qlen` CSV. */
export function parseRecords(text: string): LabRecord[] {
  return [...csvParse(text, (d) => ({
    seq: number(d.seq, "seq"),
    arrive: number(d.arrive, "arrive"),
    start: number(d.start, "start"),
    end: number(d.end, "end"),
    qlen: number(d.qlen, "qlen")
  }))];
}

/** Reads a closed-loop `user,sent,received,code` CSV. */
export function parseClosed(text: string): ClosedRow[] {
  return [...csvParse(text, (d) => ({
    user: number(d.user, "user"),
    sent: number(d.sent, "sent"),
    received: number(d.received, "received"),
    code: number(d.code, "code"),
    ...(d.error ? {error: d.error} : {})
  }))];
}

function number(value: string | undefined, column: string): number {
  const n = value === undefined || value.trim() === "" ? NaN : Number(value);
  if (!Number.isFinite(n)) throw new SyntaxError(`column "${column}": expected a number, got ${JSON.stringify(value)}`);
  return n;
}
