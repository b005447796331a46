// The lab's written answers, computed from its recorded files. Pure: it takes the folder's
// files as text and returns the files to write, so the CLI and the notebook share it.
import {
  formatProbe,
  formatTsv,
  parseClosed,
  parsePlan,
  parseProbe,
  parseRecords,
  parseRun,
  seconds,
  type ClosedRow,
  type PlanRow,
  type RunRow
} from "./csv.js";
import type {LabRecord} from "./des.js";
import {closedLoopRate, formulaWorkers, maxRate, naiveClosedLoopRate} from "./little.js";
import {intervals, shapes, type Shape} from "./schedule.js";
import {roundHalfUp as fixed, trimmed} from "./round.js";
import {cv, maxConcurrency, maxInService, maxOf, mean, median, minOf, nearestRank} from "./stats.js";
import {LabFileError, LabInputError} from "./table.js";

/** The lab's chosen mean rate, `chosen_rate=25` in 01-target.txt (requests per second). */
export const labChosenRate = 25;

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
  /** The numbers the files were written from (labNumbers' values), so a caller needs no second pass. */
  values: LabNumbers;
}

/** The lab's output files in step order. */
export const outputNames = [
  "01-target.txt",
  "schedules.tsv",
  "latency.tsv",
  "queue.tsv",
  "05-note.txt",
  "think.txt",
  "capacity.txt",
  "arrival-model.txt"
];

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
  return analysisOf(labNumbers(read, options));
}

/**
 * What {@link analyzeLab} gives for the files these records would be written as, computed
 * without writing and parsing them back: the same numbers and the same answer files, byte for byte.
 */
export function analyzeRecords(records: LabRecords, options: AnalyzeOptions = {}): Analysis {
  return analysisOf(labNumbersOf(recordInputs(records), options));
}

/** The answer files written from the numbers. */
function analysisOf(numbers: ReturnType<typeof labNumbersOf>): Analysis {
  const files: [string, string][] = [];
  const skipped: Analysis["skipped"] = [];
  const {target: t, schedules, latency, queue, note, think: k, capacity: c, model: m} = numbers.values;
  const add = (name: string, text: string | undefined) => {
    if (text !== undefined) files.push([name, text]);
    else skipped.push({name, missing: numbers.missing[name] ?? []});
  };
  add(
    "01-target.txt",
    t &&
      lines([
        `service_ms=${t.serviceMs}`,
        `workers=${t.workers}`,
        `max_rate=${trimmed(t.maxRate, 3)}`,
        `chosen_rate=${trimmed(t.chosenRate, 3)}`,
        `utilization=${fixed(t.utilization, 2)}`
      ])
  );
  add("schedules.tsv", schedules && formatTsv(schedules.map((s) => [s.shape, s.count, fixed(s.meanInterval, 4), fixed(s.cv, 3)])));
  add("latency.tsv", latency && formatTsv(latency.map((l) => [l.shape, l.ok, fixed(l.p50, 1), fixed(l.p95, 1)])));
  add("queue.tsv", queue && formatTsv(queue.map((q) => [q.shape, q.records, q.maxQlen, fixed(q.meanQlen, 2)])));
  add("05-note.txt", note && lines([`worst=${note.worst}`, `ratio=${fixed(note.ratio, 1)}`]));
  add(
    "think.txt",
    k &&
      lines([
        `users=${k.users}`,
        `think_s=${fixed(k.thinkS, 3)}`,
        `mean_r_s=${fixed(k.meanRS, 4)}`,
        `predicted_rate=${fixed(k.predictedRate, 3)}`,
        `measured_rate=${fixed(k.measuredRate, 3)}`,
        `naive_rate=${fixed(k.naiveRate, 3)}`
      ])
  );
  add(
    "capacity.txt",
    c &&
      lines([
        `formula_workers=${c.formulaWorkers}`,
        `observed_even=${c.observedEven}`,
        `observed_burst=${c.observedBurst}`,
        `underestimate_factor=${fixed(c.underestimateFactor, 1)}`,
        `verdict=${c.verdict}`
      ])
  );
  add("arrival-model.txt", m && lines([`model=${m.model}`, `workers=${m.workers}`, `evidence=${m.evidence}`, `risk=${m.risk}`]));
  return {files, skipped, notes: numbers.notes, values: numbers.values};
}

/**
 * The numbers behind each file, those whose inputs exist, and the inputs missing for the rest.
 * Throws a {@link LabInputError} (a {@link LabFileError} naming file:line:column when a place
 * is to blame) for input that would give a NaN, an infinity or a negative answer.
 */
export function labNumbers(read: (name: string) => string | undefined, options: AnalyzeOptions = {}) {
  return labNumbersOf(fileInputs(read), options);
}

/**
 * {@link labNumbers} over files already parsed: `rows(name)` is what csv.ts's reader for that
 * name gave (undefined for a file absent or refused), so the grader, which parses each file for
 * its format check, parses none twice (a large dump's rows would be held twice).
 */
export function labNumbersOfRows(rows: (name: string) => unknown[] | undefined, options: AnalyzeOptions = {}) {
  const of = <T>(name: string) => rows(name) as T[];
  return labNumbersOf(
    {
      has: (name) => rows(name) !== undefined,
      probes: () => of<number>("01-probe.txt"),
      intended: (shape) => of<PlanRow>(`sched-${shape}.csv`).map((r) => r.intended),
      run: (shape) => of<RunRow>(`run-${shape}.csv`),
      srv: (shape) => of<LabRecord>(`srv-${shape}.csv`),
      closed: () => of<ClosedRow>("closed.csv")
    },
    options
  );
}

/** A lab folder's contents as records; an absent part stands for an absent file. */
export interface LabRecords {
  /** 01-probe.txt's response times (s). */
  probes?: number[];
  /** sched-*.csv's intended times (s). */
  sched?: Partial<Record<Shape, ArrayLike<number>>>;
  run?: Partial<Record<Shape, RunRow[]>>;
  srv?: Partial<Record<Shape, LabRecord[]>>;
  closed?: ClosedRow[];
}

/** The lab's inputs, each read when the analysis first needs it, in the same order for files and records. */
interface LabInputs {
  /** Whether the file exists. */
  has(name: string): boolean;
  probes(): number[];
  intended(shape: Shape): ArrayLike<number>;
  run(shape: Shape): RunRow[];
  srv(shape: Shape): LabRecord[];
  closed(): ClosedRow[];
}

/** Inputs parsed from the folder's text by the lab's readers (a broken file throws naming file:line:column). */
function fileInputs(read: (name: string) => string | undefined): LabInputs {
  const text = (name: string) => read(name)!;
  return {
    has: (name) => read(name) !== undefined,
    probes: () => parseProbe("01-probe.txt", text("01-probe.txt")),
    intended: (shape) => parsePlan(`sched-${shape}.csv`, text(`sched-${shape}.csv`)).map((r) => r.intended),
    run: (shape) => parseRun(`run-${shape}.csv`, text(`run-${shape}.csv`)),
    srv: (shape) => parseRecords(`srv-${shape}.csv`, text(`srv-${shape}.csv`)),
    closed: () => parseClosed("closed.csv", text("closed.csv"))
  };
}

/** Inputs from records in memory, each time as its file would read back (6 decimals). */
function recordInputs(records: LabRecords): LabInputs {
  const us = microseconds;
  const part = (name: string) => {
    const [, prefix, shape] = /^(sched|run|srv)-(\w+)\.csv$/.exec(name) ?? [];
    return prefix
      ? records[prefix as "sched" | "run" | "srv"]?.[shape as Shape]
      : name === "01-probe.txt"
        ? records.probes
        : name === "closed.csv"
          ? records.closed
          : undefined;
  };
  return {
    has: (name) => part(name) !== undefined,
    // the probes are few: read back through the file's own writer and reader, checks and all
    probes: () => parseProbe("01-probe.txt", formatProbe(records.probes!)),
    intended: (shape) => Array.from(records.sched![shape]!, us),
    run: (shape) => records.run![shape]!.map((r) => ({...r, intended: us(r.intended), sent: us(r.sent), received: us(r.received)})),
    srv: (shape) => records.srv![shape]!.map((r) => ({...r, arrive: us(r.arrive), start: us(r.start), end: us(r.end)})),
    closed: () => records.closed!.map((r) => ({...r, sent: us(r.sent), received: us(r.received)}))
  };
}

/**
 * `Number(seconds(s))`, the time a file holds for `s`, without the string for most times: when
 * s·10⁶ is clearly not halfway between two integers (the product's float error is far below
 * the margin for times under 10⁶ s), the nearest integer n is the one toFixed picks, and n / 10⁶
 * is correctly rounded like Number() of its decimal. Near a tie, or out of that range, the string decides.
 */
function microseconds(s: number): number {
  const scaled = s * 1e6;
  const n = Math.round(scaled);
  return s > 0 && s < 1e6 && Math.abs(scaled - n) < 0.499 ? n / 1e6 : Number(seconds(s));
}

/** The numbers from the inputs: labNumbers' body, shared by files and records. */
function labNumbersOf(inputs: LabInputs, options: AnalyzeOptions) {
  const values: LabNumbers = {};
  const missing: Record<string, string[]> = {};
  const notes: string[] = [];
  const need = (output: string, names: string[]) => {
    const absent = names.filter((name) => !inputs.has(name));
    if (absent.length) (missing[output] ??= []).push(...absent);
    return absent.length === 0;
  };
  const srvNames = shapes.map((s) => `srv-${s}.csv`);
  const srv = new Map<Shape, LabRecord[]>();
  for (const shape of shapes) {
    const name = `srv-${shape}.csv`;
    if (!inputs.has(name)) continue;
    const records = inputs.srv(shape);
    if (records.length === 0)
      throw new LabFileError(name, 2, 1, "no records after the header (run the shape, then GET /dump before the next /reset)");
    srv.set(shape, records);
  }
  const chosenRate = options.chosenRate ?? labChosenRate;
  // Each sweep sorts every record's times: do it once per file (a dump may hold a million).
  const swept = new Map<Shape, number>();
  const concurrency = (shape: Shape) => swept.get(shape) ?? swept.set(shape, maxConcurrency(srv.get(shape)!)).get(shape)!;

  // Step 1: the service time is what an idle request takes end to end (median of the probes).
  const workers = options.workers ?? (srv.size ? maxOf([...srv.values()].map(maxInService)) : undefined);
  if (need("01-target.txt", ["01-probe.txt"]) && (workers !== undefined || need("01-target.txt", srvNames))) {
    const probes = inputs.probes();
    const serviceMs = Number(fixed(median(probes) * 1000, 0));
    if (serviceMs < 1)
      throw new LabFileError(
        "01-probe.txt",
        1,
        1,
        `the median probe, ${median(probes)} s, rounds to 0 ms: the service time must be at least 1 ms`
      );
    const rate = maxRate(workers!, serviceMs / 1000);
    values.target = {serviceMs, workers: workers!, maxRate: rate, chosenRate, utilization: chosenRate / rate};
  }

  // Step 3: same mean interval, different CV.
  if (
    need(
      "schedules.tsv",
      shapes.map((s) => `sched-${s}.csv`)
    )
  ) {
    values.schedules = shapes.map((shape) => {
      const name = `sched-${shape}.csv`;
      const plan = inputs.intended(shape);
      if (plan.length < 2)
        throw new LabFileError(
          name,
          plan.length + 2,
          1,
          `${plan.length} request${plan.length === 1 ? "" : "s"}: a schedule needs at least 2 to have an interval`
        );
      const gaps = intervals(plan);
      const meanInterval = mean(gaps);
      if (!(meanInterval > 0))
        throw new LabFileError(
          name,
          plan.length + 1,
          1,
          "every intended time is the same: no mean interval (a schedule must move forward in time)"
        );
      return {shape, count: gaps.length + 1, meanInterval, cv: cv(gaps)};
    });
  }

  // Step 4: latency is received − sent of the answered requests, in ms.
  if (
    need(
      "latency.tsv",
      shapes.map((s) => `run-${s}.csv`)
    )
  ) {
    values.latency = shapes.map((shape) => {
      const name = `run-${shape}.csv`;
      const ms = inputs
        .run(shape)
        .filter((r) => r.code === 200)
        .map((r) => (r.received - r.sent) * 1000);
      if (ms.length === 0) throw new LabFileError(name, 2, 1, "no request was answered 200, so there is no latency to report");
      return {shape, ok: ms.length, p50: nearestRank(50, ms), p95: nearestRank(95, ms)};
    });
  }

  // Step 5: the queue the server counted at each arrival.
  if (need("queue.tsv", srvNames)) {
    values.queue = shapes.map((shape) => {
      const qlen = srv.get(shape)!.map((r) => r.qlen);
      return {shape, records: qlen.length, maxQlen: maxOf(qlen), meanQlen: mean(qlen)};
    });
    const worst = values.queue.reduce((a, b) => (b.maxQlen > a.maxQlen ? b : a));
    values.note = {worst: worst.shape, ratio: worst.maxQlen / values.queue[0].maxQlen};
    for (const q of values.queue) {
      const sweep = concurrency(q.shape);
      notes.push(`srv-${q.shape}.csv: max(qlen)=${q.maxQlen}, sweep=${sweep}${sweep === q.maxQlen ? " (equal)" : " (DIFFERENT)"}`);
    }
  } else missing["05-note.txt"] = missing["queue.tsv"];

  // Step 6: Little's law on one user's round trip.
  if (need("think.txt", ["closed.csv"])) {
    const rows = inputs.closed();
    const ok = rows.filter((r) => r.code === 200);
    if (ok.length === 0)
      throw new LabFileError("closed.csv", 2, 1, rows.length ? "no request was answered 200" : "no requests after the header");
    const users = options.users ?? new Set(rows.map((r) => r.user)).size;
    const thinkS = options.thinkS ?? inferThink(rows);
    if (!(thinkS > 0))
      throw new LabInputError(`closed.csv: think_s=${thinkS}: the naive rate N/Z needs a think time above 0 (pass --think)`);
    const meanRS = mean(ok.map((r) => r.received - r.sent));
    const span = maxOf(rows.map((r) => r.received)) - minOf(rows.map((r) => r.sent));
    if (!(span > 0)) throw new LabFileError("closed.csv", 2, 1, "the run lasted 0 s (last received = first sent): no rate can be measured");
    values.think = {
      users,
      thinkS,
      meanRS,
      predictedRate: closedLoopRate(users, meanRS, thinkS),
      measuredRate: ok.length / span,
      naiveRate: naiveClosedLoopRate(users, thinkS)
    };
  }

  // Step 7: the even-arrival formula against the concurrency the server saw.
  if (values.target && need("capacity.txt", ["srv-even.csv", "srv-burst.csv"])) {
    const formula = formulaWorkers(chosenRate, values.target.serviceMs / 1000);
    const observedEven = concurrency("even");
    const observedBurst = concurrency("burst");
    values.capacity = {
      formulaWorkers: formula,
      observedEven,
      observedBurst,
      underestimateFactor: observedBurst / formula,
      verdict: formula < observedBurst ? "under" : "ok"
    };
  } else if (!values.target) (missing["capacity.txt"] ??= []).push(...(missing["01-target.txt"] ?? []));

  // Step 8: the model is the shape that overflowed most; workers cover what was observed.
  const {schedules: s, latency: l, queue: q, note, capacity: c} = values;
  if (s && l && q && note && c) {
    const observed = maxOf(shapes.map(concurrency));
    const workers = Math.max(observed, c.formulaWorkers + 1);
    const at = (rows: {shape: Shape}[], shape: Shape) => rows.findIndex((r) => r.shape === shape);
    const [we, ww] = [at(q, "even"), at(q, note.worst)];
    const evidence =
      `schedules.tsv: ${note.worst} cv=${fixed(s[ww].cv, 3)} vs even cv=${fixed(s[we].cv, 3)} at mean intervals ${fixed(s[ww].meanInterval, 4)} s and ${fixed(s[we].meanInterval, 4)} s; ` +
      `queue.tsv: max_qlen ${q[ww].maxQlen} vs ${q[we].maxQlen} (05-note.txt ratio=${fixed(note.ratio, 1)}); ` +
      `capacity.txt: formula_workers=${c.formulaWorkers} but observed_burst=${c.observedBurst} (underestimate_factor=${fixed(c.underestimateFactor, 1)}); ` +
      `latency.tsv: ${note.worst} p50=${fixed(l[ww].p50, 1)} ms p95=${fixed(l[ww].p95, 1)} ms vs even p95=${fixed(l[we].p95, 1)} ms; workers=${workers} covers the observed maximum concurrency ${observed}`;
    const risk =
      `if bursts grow past ${workers} requests at once (cron, notifications and retries lining up), the extra requests queue for a whole service time each: ` +
      `p95 latency breaks first, then timeouts trigger retries that make the next burst larger`;
    values.model = {model: note.worst, workers, evidence, risk};
  } else missing["arrival-model.txt"] = [...new Set(Object.values(missing).flat())];

  assertFinite(values);
  return {values, missing, notes};
}

/**
 * The think time a closed loop used: the median gap between a user's answer and its next send,
 * floored to the millisecond because a timer only ever fires late (0.2013 s reads 0.200).
 * One pass to group by user, one sort per user: linear but for the sorts.
 */
function inferThink(rows: ClosedRow[]): number {
  const byUser = new Map<number, ClosedRow[]>();
  for (const r of rows) {
    const visits = byUser.get(r.user);
    if (visits) visits.push(r);
    else byUser.set(r.user, [r]);
  }
  const gaps: number[] = [];
  for (const visits of byUser.values()) {
    visits.sort((a, b) => a.sent - b.sent);
    for (let i = 1; i < visits.length; i++) gaps.push(visits[i].sent - visits[i - 1].received);
  }
  if (gaps.length === 0)
    throw new LabFileError("closed.csv", 2, 1, "each user sent one request only: the think time cannot be inferred; pass it explicitly");
  return Math.floor(median(gaps) * 1000 + 1e-6) / 1000;
}

/** A last guard: no answer may carry NaN or an infinity, whatever slipped past the checks above. */
function assertFinite(values: LabNumbers): void {
  const visit = (value: unknown, path: string): void => {
    if (typeof value === "number" && !Number.isFinite(value)) throw new LabInputError(`cannot compute ${path}: the inputs give ${value}`);
    if (value && typeof value === "object") for (const [key, inner] of Object.entries(value)) visit(inner, `${path}.${key}`);
  };
  for (const [key, value] of Object.entries(values)) visit(value, key);
}

function lines(values: string[]): string {
  return values.join("\n") + "\n";
}
