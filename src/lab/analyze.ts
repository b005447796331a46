// The lab's written answers, computed from its recorded files. Pure: it takes the folder's
// files as text and returns the files to write, so the CLI and the notebook share it.
import {formatTsv, parseClosed, parsePlan, parseRecords, parseRun} from "./csv.js";
import type {LabRecord} from "./des.js";
import {closedLoopRate, formulaWorkers, maxRate, naiveClosedLoopRate} from "./little.js";
import {intervals, shapes, type Shape} from "./schedule.js";
import {cv, maxConcurrency, maxInService, mean, median, nearestRank} from "./stats.js";

/** Options for {@link analyzeLab}; each defaults to what the files show. */
export interface AnalyzeOptions {
  /** The server's workers; default: the most requests in service at once in srv-*.csv. */
  workers?: number;
  /** The lab's chosen mean rate (25 per second). */
  chosenRate?: number;
  /** The closed loop's users; default: the distinct users in closed.csv. */
  users?: number;
  /** The closed loop's think time; default: the median gap from an answer to the next send, floored to ms. */
  thinkS?: number;
}

/** What {@link analyzeLab} returns: files to write, in step order, and what it could not do. */
export interface Analysis {
  files: [name: string, text: string][];
  skipped: {name: string; missing: string[]}[];
  /** Cross-checks worth printing (max qlen against the sweep). */
  notes: string[];
}

/** The lab's output files in step order. */
export const outputNames = ["01-target.txt", "schedules.tsv", "latency.tsv", "queue.tsv", "05-note.txt", "think.txt", "capacity.txt", "arrival-model.txt"];

/** The per-step numbers behind the files, for the notebook. */
export interface LabNumbers {
  target?: {serviceMs: number; workers: number; maxRate: number; chosenRate: number; utilization: number};
  schedules?: {shape: Shape; count: number; meanInterval: number; cv: number}[];
  latency?: {shape: Shape; ok: number; p50: number; p95: number}[];
  queue?: {shape: Shape; records: number; maxQlen: number; meanQlen: number}[];
  note?: {worst: Shape; ratio: number};
  think?: {users: number; thinkS: number; meanRS: number; predictedRate: number; measuredRate: number; naiveRate: number};
  capacity?: {formulaWorkers: number; observedEven: number; observedBurst: number; underestimateFactor: number; verdict: "under" | "ok"};
  model?: {model: Shape; workers: number; evidence: string; risk: string};
}

/**
 * Computes the lab's files from `read(name)` (the folder's text files; undefined when
 * absent). A file whose inputs are missing is skipped and listed, never guessed.
 */
export function analyzeLab(read: (name: string) => string | undefined, options: AnalyzeOptions = {}): Analysis {
  const numbers = labNumbers(read, options);
  const files: [string, string][] = [];
  const skipped: Analysis["skipped"] = [];
  const {target: t, schedules, latency, queue, note, think: k, capacity: c, model: m} = numbers.values;
  const add = (name: string, text: string | undefined) => {
    if (text !== undefined) files.push([name, text]);
    else skipped.push({name, missing: numbers.missing[name] ?? []});
  };
  add("01-target.txt", t && lines([`service_ms=${t.serviceMs}`, `workers=${t.workers}`, `max_rate=${trim(t.maxRate, 3)}`, `chosen_rate=${trim(t.chosenRate, 3)}`, `utilization=${t.utilization.toFixed(2)}`]));
  add("schedules.tsv", schedules && formatTsv(schedules.map((s) => [s.shape, s.count, s.meanInterval.toFixed(4), s.cv.toFixed(3)])));
  add("latency.tsv", latency && formatTsv(latency.map((l) => [l.shape, l.ok, l.p50.toFixed(1), l.p95.toFixed(1)])));
  add("queue.tsv", queue && formatTsv(queue.map((q) => [q.shape, q.records, q.maxQlen, q.meanQlen.toFixed(2)])));
  add("05-note.txt", note && lines([`worst=${note.worst}`, `ratio=${note.ratio.toFixed(1)}`]));
  add("think.txt", k && lines([`users=${k.users}`, `think_s=${k.thinkS.toFixed(3)}`, `mean_r_s=${k.meanRS.toFixed(4)}`, `predicted_rate=${k.predictedRate.toFixed(3)}`, `measured_rate=${k.measuredRate.toFixed(3)}`, `naive_rate=${k.naiveRate.toFixed(3)}`]));
  add("capacity.txt", c && lines([`formula_workers=${c.formulaWorkers}`, `observed_even=${c.observedEven}`, `observed_burst=${c.observedBurst}`, `underestimate_factor=${c.underestimateFactor.toFixed(1)}`, `verdict=${c.verdict}`]));
  add("arrival-model.txt", m && lines([`model=${m.model}`, `workers=${m.workers}`, `evidence=${m.evidence}`, `risk=${m.risk}`]));
  return {files, skipped, notes: numbers.notes};
}

/** The numbers behind each file, those whose inputs exist, and the inputs missing for the rest. */
export function labNumbers(read: (name: string) => string | undefined, options: AnalyzeOptions = {}) {
  const values: LabNumbers = {};
  const missing: Record<string, string[]> = {};
  const notes: string[] = [];
  const need = (output: string, names: string[]) => {
    const absent = names.filter((name) => read(name) === undefined);
    if (absent.length) (missing[output] ??= []).push(...absent);
    return absent.length === 0;
  };
  const srvNames = shapes.map((s) => `srv-${s}.csv`);
  const srv = new Map<Shape, LabRecord[]>();
  for (const shape of shapes) {
    const text = read(`srv-${shape}.csv`);
    if (text !== undefined) srv.set(shape, parseRecords(text));
  }
  const chosenRate = options.chosenRate ?? 25;

  // Step 1: the service time is what an idle request takes end to end (median of the probes).
  const workers = options.workers ?? (srv.size ? Math.max(...[...srv.values()].map(maxInService)) : undefined);
  if (need("01-target.txt", ["01-probe.txt"]) && (workers !== undefined || need("01-target.txt", srvNames))) {
    const probes = read("01-probe.txt")!.split(/\s+/).filter(Boolean).map(Number);
    if (probes.length === 0 || probes.some((p) => !Number.isFinite(p))) throw new SyntaxError("01-probe.txt: expected one number of seconds per line");
    const serviceMs = Math.round(median(probes) * 1000);
    const rate = maxRate(workers!, serviceMs / 1000);
    values.target = {serviceMs, workers: workers!, maxRate: rate, chosenRate, utilization: chosenRate / rate};
  }

  // Step 3: same mean interval, different CV.
  if (need("schedules.tsv", shapes.map((s) => `sched-${s}.csv`))) {
    values.schedules = shapes.map((shape) => {
      const gaps = intervals(parsePlan(read(`sched-${shape}.csv`)!).map((r) => r.intended));
      return {shape, count: gaps.length + 1, meanInterval: mean(gaps), cv: cv(gaps)};
    });
  }

  // Step 4: latency is received − sent of the answered requests, in ms.
  if (need("latency.tsv", shapes.map((s) => `run-${s}.csv`))) {
    values.latency = shapes.map((shape) => {
      const ms = parseRun(read(`run-${shape}.csv`)!).filter((r) => r.code === 200).map((r) => (r.received - r.sent) * 1000);
      return {shape, ok: ms.length, p50: nearestRank(50, ms), p95: nearestRank(95, ms)};
    });
  }

  // Step 5: the queue the server counted at each arrival.
  if (need("queue.tsv", srvNames)) {
    values.queue = shapes.map((shape) => {
      const qlen = srv.get(shape)!.map((r) => r.qlen);
      return {shape, records: qlen.length, maxQlen: qlen.length ? Math.max(...qlen) : 0, meanQlen: mean(qlen)};
    });
    const worst = values.queue.reduce((a, b) => (b.maxQlen > a.maxQlen ? b : a));
    values.note = {worst: worst.shape, ratio: worst.maxQlen / values.queue[0].maxQlen};
    for (const q of values.queue) {
      const swept = maxConcurrency(srv.get(q.shape)!);
      notes.push(`srv-${q.shape}.csv: max(qlen)=${q.maxQlen}, sweep=${swept}${swept === q.maxQlen ? " (equal)" : " (DIFFERENT)"}`);
    }
  } else missing["05-note.txt"] = missing["queue.tsv"];

  // Step 6: Little's law on one user's round trip.
  if (need("think.txt", ["closed.csv"])) {
    const rows = parseClosed(read("closed.csv")!);
    const ok = rows.filter((r) => r.code === 200);
    if (ok.length === 0) throw new SyntaxError("closed.csv: no successful request");
    const users = options.users ?? new Set(rows.map((r) => r.user)).size;
    const thinkS = options.thinkS ?? inferThink(rows);
    const meanRS = mean(ok.map((r) => r.received - r.sent));
    const span = Math.max(...rows.map((r) => r.received)) - Math.min(...rows.map((r) => r.sent));
    values.think = {users, thinkS, meanRS, predictedRate: closedLoopRate(users, meanRS, thinkS), measuredRate: ok.length / span, naiveRate: naiveClosedLoopRate(users, thinkS)};
  }

  // Step 7: the even-arrival formula against the concurrency the server saw.
  if (values.target && need("capacity.txt", ["srv-even.csv", "srv-burst.csv"])) {
    const formula = formulaWorkers(chosenRate, values.target.serviceMs / 1000);
    const observedEven = maxConcurrency(srv.get("even")!);
    const observedBurst = maxConcurrency(srv.get("burst")!);
    values.capacity = {formulaWorkers: formula, observedEven, observedBurst, underestimateFactor: observedBurst / formula, verdict: formula < observedBurst ? "under" : "ok"};
  } else if (!values.target) (missing["capacity.txt"] ??= []).push(...(missing["01-target.txt"] ?? []));

  // Step 8: the model is the shape that overflowed most; workers cover what was observed.
  const {schedules: s, latency: l, queue: q, note, capacity: c} = values;
  if (s && l && q && note && c) {
    const observed = Math.max(...shapes.map((shape) => maxConcurrency(srv.get(shape)!)));
    const workers = Math.max(observed, c.formulaWorkers + 1);
    const at = (rows: {shape: Shape}[], shape: Shape) => rows.findIndex((r) => r.shape === shape);
    const [we, ww] = [at(q, "even"), at(q, note.worst)];
    const evidence =
      `schedules.tsv: ${note.worst} cv=${s[ww].cv.toFixed(3)} vs even cv=${s[we].cv.toFixed(3)} at mean intervals ${s[ww].meanInterval.toFixed(4)} s and ${s[we].meanInterval.toFixed(4)} s; ` +
      `queue.tsv: max_qlen ${q[ww].maxQlen} vs ${q[we].maxQlen} (05-note.txt ratio=${note.ratio.toFixed(1)}); ` +
      `capacity.txt: formula_workers=${c.formulaWorkers} but observed_burst=${c.observedBurst} (underestimate_factor=${c.underestimateFactor.toFixed(1)}); ` +
      `latency.tsv: ${note.worst} p50=${l[ww].p50.toFixed(1)} ms p95=${l[ww].p95.toFixed(1)} ms vs even p95=${l[we].p95.toFixed(1)} ms; workers=${workers} covers the observed maximum concurrency ${observed}`;
    const risk =
      `if bursts grow past ${workers} requests at once (cron, notifications and retries lining up), the extra requests queue for a whole service time each: ` +
      `p95 latency breaks first, then timeouts trigger retries that make the next burst larger`;
    values.model = {model: note.worst, workers, evidence, risk};
  } else missing["arrival-model.txt"] = [...new Set(Object.values(missing).flat())];

  return {values, missing, notes};
}

/**
 * The think time a closed loop used: the median gap between a user's answer and its next send,
 * floored to the millisecond because a timer only ever fires late (0.2013 s reads 0.200).
 */
function inferThink(rows: {user: number; sent: number; received: number}[]): number {
  const gaps: number[] = [];
  const byUser = new Map<number, {sent: number; received: number}[]>();
  for (const r of rows) byUser.set(r.user, [...(byUser.get(r.user) ?? []), r]);
  for (const visits of byUser.values()) {
    visits.sort((a, b) => a.sent - b.sent);
    for (let i = 1; i < visits.length; i++) gaps.push(visits[i].sent - visits[i - 1].received);
  }
  if (gaps.length === 0) throw new SyntaxError("closed.csv: cannot infer the think time from one request per user; pass it explicitly");
  return Math.floor(median(gaps) * 1000 + 1e-6) / 1000;
}

function lines(values: string[]): string {
  return values.join("\n") + "\n";
}

/** A number with at most `digits` decimals, trailing zeros dropped (100, 97.561). */
function trim(value: number, digits: number): string {
  return String(Number(value.toFixed(digits)));
}
