// The lab's grader: every rule of the arrival lab checked against a learner's folder (files
// present, formats, values consistent with the learner's own CSVs, the step-8 decision rules).
// Pure: it takes a file reader, so `queuebook lab grade` and the notebook share it.
import {labNumbers, outputNames, type LabNumbers} from "./analyze.js";
import {parseClosed, parsePlan, parseProbe, parseRecords, parseRun} from "./csv.js";
import {shapes, type Shape} from "./schedule.js";
import {maxConcurrency} from "./stats.js";

/** One rule's outcome: `ok`, and a short reason (what was found, or why it fails). */
export interface Check {
  name: string;
  ok: boolean;
  detail: string;
  /** For a page that words the detail itself: a stable code and the values in the detail. */
  code?: string;
  vars?: Record<string, string | number>;
}

/** The input files the lab's steps produce with its tools, in step order. */
export const inputNames = ["01-probe.txt", ...shapes.map((s) => `sched-${s}.csv`), ...shapes.map((s) => `run-${s}.csv`), ...shapes.map((s) => `srv-${s}.csv`), "closed.csv"];

/** What step 8's rules compare a decision with (from step 7). */
export interface DecisionBasis {
  /** The most requests in the system at once that step 7 observed (even and burst). */
  observedMax: number;
  formulaWorkers: number;
}

/** A learner's step-8 decision (arrival-model.txt). */
export interface Decision {
  model: string;
  workers: number;
  evidence: string;
  risk: string;
}

/** Earlier files evidence may cite (any of the lab's files before arrival-model.txt). */
const citable = [...inputNames, ...outputNames.filter((n) => n !== "arrival-model.txt")];

/**
 * Step 8's rules on a decision: a known model; workers an integer ≥ the observed maximum and
 * > formula_workers; evidence ≥ 60 characters naming an earlier file and a number; risk ≥ 40
 * characters. Characters are counted as code points (Japanese counts one per character).
 */
export function checkDecision(decision: Decision, basis: DecisionBasis): Check[] {
  const {model, workers, evidence, risk} = decision;
  const length = (s: string) => [...s.trim()].length;
  const cited = citable.filter((name) => evidence.includes(name));
  const numbers = evidence.match(/\d+(?:\.\d+)?/g) ?? [];
  const integer = Number.isInteger(workers);
  const coded = (c: Check, code: string, vars: Record<string, string | number>): Check => ({...c, code, vars});
  const files = cited.length ? cited.join(", ") : "";
  return [
    coded(check("arrival-model.txt: model", (shapes as readonly string[]).includes(model), `model=${model} (one of ${shapes.join(", ")})`), "model", {model, shapes: shapes.join(", ")}),
    coded(check("arrival-model.txt: workers ≥ observed max", integer && workers >= basis.observedMax, `workers=${workers}, step 7 observed at most ${basis.observedMax} at once`), "observed", {workers, observed: basis.observedMax}),
    coded(check("arrival-model.txt: workers > formula_workers", integer && workers > basis.formulaWorkers, `workers=${workers}, formula_workers=${basis.formulaWorkers}`), "formula", {workers, formula: basis.formulaWorkers}),
    coded(
      check(
        "arrival-model.txt: evidence",
        length(evidence) >= 60 && cited.length > 0 && numbers.length > 0,
        `${length(evidence)} characters (≥ 60), cites ${files || "no earlier file"}, ${numbers.length} number${numbers.length === 1 ? "" : "s"}`
      ),
      cited.length ? "evidence" : "evidenceNoFile",
      {n: length(evidence), files, numbers: numbers.length}
    ),
    coded(check("arrival-model.txt: risk", length(risk) >= 40, `${length(risk)} characters (≥ 40)`), "risk", {n: length(risk)})
  ];
}

/**
 * Grades a lab folder: one check per rule, in step order. `read(name)` returns a file's text
 * or undefined when it is absent. Values are compared with what the learner's own CSVs give,
 * allowing the rounding of the written decimals either way.
 */
export function gradeLab(read: (name: string) => string | undefined): Check[] {
  const checks: Check[] = [];
  const add = (c: Check | Check[]) => void checks.push(...(Array.isArray(c) ? c : [c]));
  const absent = [...inputNames, ...outputNames].filter((name) => read(name) === undefined);
  add(check("files present", absent.length === 0, absent.length ? `missing ${absent.join(", ")}` : `${inputNames.length + outputNames.length} files`));

  // Formats of the inputs: a file that does not parse makes its dependent values fail too.
  const broken = new Set<string>();
  const parse = (name: string, parser: (file: string, text: string) => unknown[], header: string, count?: number) => {
    const text = read(name);
    if (text === undefined) return void broken.add(name);
    try {
      const rows = parser(name, text);
      const ok = count === undefined || rows.length === count;
      if (!ok) broken.add(name);
      add(check(`${name}: format`, ok, `${header}; ${rows.length}${count === undefined ? " rows" : ` (expected ${count})`}`));
    } catch (error) {
      broken.add(name);
      add(check(`${name}: format`, false, prefixed(name, error)));
    }
  };
  parse("01-probe.txt", parseProbe, "one time in seconds per line", 6);
  for (const s of shapes) parse(`sched-${s}.csv`, parsePlan, "header i,intended");
  for (const s of shapes) parse(`run-${s}.csv`, parseRun, "header i,intended,sent,received,code");
  for (const s of shapes) parse(`srv-${s}.csv`, parseRecords, "header seq,arrive,start,end,qlen");
  parse("closed.csv", parseClosed, "header user,sent,received,code");

  // The truth from the learner's CSVs: the same numbers `lab analyze` computes.
  const target = keyValues(read("01-target.txt"));
  const think = keyValues(read("think.txt"));
  const chosenRate = Number(target?.get("chosen_rate"));
  const numbers = (options: Parameters<typeof labNumbers>[1] = {}): LabNumbers => {
    try {
      const reader = (name: string) => (broken.has(name) ? undefined : read(name));
      return labNumbers(reader, {chosenRate: Number.isFinite(chosenRate) && chosenRate > 0 ? chosenRate : 25, ...options}).values;
    } catch (error) {
      failure ??= (error as Error).message;
      return {};
    }
  };
  let failure: string | undefined;
  const truth = numbers();
  const thinkS = Number(think?.get("think_s"));
  const users = Number(think?.get("users"));
  const closedTruth = Number.isFinite(thinkS) && thinkS >= 0 && Number.isInteger(users) && users > 0 ? numbers({thinkS, users}).think : undefined;

  if (failure) add(check("analysis", false, failure));
  add(gradeTarget(read("01-target.txt"), truth));
  add(gradeSchedules(read, truth, broken));
  add(gradeTable("latency.tsv", read("latency.tsv"), truth.latency, [["ok_count", "ok", 0], ["p50", "p50", 1], ["p95", "p95", 1]]));
  add(gradeTable("queue.tsv", read("queue.tsv"), truth.queue, [["records", "records", 0], ["max_qlen", "maxQlen", 0], ["mean_qlen", "meanQlen", 2]]));
  if (truth.queue) {
    const counts = truth.queue.map((q) => q.records);
    add(check("srv-*.csv: equal record counts", counts.every((c) => c === counts[0]), `${counts.join(", ")} records (one /reset per shape)`));
  }
  add(gradeLines("05-note.txt", read("05-note.txt"), truth.note && [["worst", truth.note.worst], ["ratio", truth.note.ratio, 1]]));
  add(gradeThink(read("think.txt"), truth, closedTruth));
  add(gradeLines("capacity.txt", read("capacity.txt"), truth.capacity && [
    ["formula_workers", truth.capacity.formulaWorkers, 0],
    ["observed_even", truth.capacity.observedEven, 0],
    ["observed_burst", truth.capacity.observedBurst, 0],
    ["underestimate_factor", truth.capacity.underestimateFactor, 1],
    ["verdict", truth.capacity.verdict]
  ]));
  for (const shape of shapes) {
    const text = broken.has(`srv-${shape}.csv`) ? undefined : read(`srv-${shape}.csv`);
    if (text === undefined) continue;
    const records = parseRecords(`srv-${shape}.csv`, text);
    const max = Math.max(0, ...records.map((r) => r.qlen));
    const swept = maxConcurrency(records);
    add(check(`srv-${shape}.csv: max(qlen) = sweep`, max === swept, `max(qlen)=${max}, sweep=${swept}`));
  }
  add(gradeModel(read("arrival-model.txt"), truth));
  return checks;
}

function gradeTarget(text: string | undefined, truth: LabNumbers): Check[] {
  const t = truth.target;
  return gradeLines("01-target.txt", text, t && [
    ["service_ms", t.serviceMs, 0],
    ["workers", t.workers, 0, (v) => v >= t.workers, `at least the ${t.workers} in service at once in srv-*.csv`],
    ["max_rate", (w) => (w.workers ?? t.workers) / (t.serviceMs / 1000), undefined],
    ["chosen_rate", 25, 0],
    ["utilization", (w) => 25 / ((w.workers ?? t.workers) / (t.serviceMs / 1000)), 2]
  ]);
}

function gradeSchedules(read: (name: string) => string | undefined, truth: LabNumbers, broken: Set<string>): Check[] {
  const checks = gradeTable("schedules.tsv", read("schedules.tsv"), truth.schedules, [["count", "count", 0], ["mean_interval", "meanInterval", 4], ["cv", "cv", 3]]);
  const s = truth.schedules;
  if (!s) return checks;
  const [even, poisson, burst] = s.map((r) => r.cv);
  checks.push(check("sched-*.csv: shapes", even < 0.05 && poisson > 0.7 && poisson < 1.3 && burst > 2, `cv even ${even.toFixed(3)} ≈ 0, poisson ${poisson.toFixed(3)} ≈ 1, burst ${burst.toFixed(3)} ≫ 1`));
  const last = shapes.map((shape) => (broken.has(`sched-${shape}.csv`) ? NaN : parsePlan(`sched-${shape}.csv`, read(`sched-${shape}.csv`)!).at(-1)?.intended ?? NaN));
  const spread = Math.max(...last) / Math.min(...last);
  checks.push(check("sched-*.csv: same mean rate", spread <= 1.2, `last intended times ${last.map((t) => t.toFixed(2)).join(", ")} s (within 20 %)`));
  return checks;
}

function gradeThink(text: string | undefined, truth: LabNumbers, closed: LabNumbers["think"]): Check[] {
  const k = truth.think;
  return gradeLines("think.txt", text, k && closed && [
    ["users", k.users, 0],
    ["think_s", k.thinkS, 3, (v) => Math.abs(v - k.thinkS) <= 0.01, `within 10 ms of the median answer-to-send gap ${k.thinkS.toFixed(3)} s in closed.csv`],
    ["mean_r_s", k.meanRS, 4],
    ["predicted_rate", closed.predictedRate, 3],
    ["measured_rate", k.measuredRate, 3],
    ["naive_rate", closed.naiveRate, 3]
  ]);
}

function gradeModel(text: string | undefined, truth: LabNumbers): Check[] {
  if (text === undefined) return [check("arrival-model.txt: format", false, "missing")];
  const values = keyValues(text)!;
  const keys = ["model", "workers", "evidence", "risk"];
  const format = check("arrival-model.txt: format", sameKeys(values, keys) && /^\d+$/.test(values.get("workers") ?? ""), `lines ${keys.map((k) => k + "=").join(", ")}; workers an integer`);
  const c = truth.capacity;
  if (!c) return [format, check("arrival-model.txt: rules", false, "needs capacity.txt's inputs (01-probe.txt, srv-even.csv, srv-burst.csv)")];
  const decision = {model: values.get("model") ?? "", workers: Number(values.get("workers")), evidence: values.get("evidence") ?? "", risk: values.get("risk") ?? ""};
  return [format, ...checkDecision(decision, {observedMax: Math.max(c.observedEven, c.observedBurst), formulaWorkers: c.formulaWorkers})];
}

/** [column name, truth field, decimals] of a TSV answer file. */
type Column<R> = [name: string, field: keyof R, decimals: number];

/** A TSV answer file: 3 rows even, poisson, burst; each column written with its decimals and matching the truth. */
function gradeTable<R extends {shape: Shape}>(name: string, text: string | undefined, truth: R[] | undefined, columns: Column<R>[]): Check[] {
  if (text === undefined) return [check(`${name}: format`, false, "missing")];
  const rows = text.split("\n").filter((l) => l.trim() !== "").map((l) => l.split("\t"));
  const header = `3 rows even, poisson, burst; tab-separated shape ${columns.map((c) => c[0]).join(" ")}`;
  const formatOk = rows.length === 3 && rows.every((r, i) => r.length === columns.length + 1 && r[0] === shapes[i] && columns.every(([, , d], j) => decimals(r[j + 1], d)));
  const format = check(`${name}: format`, formatOk, formatOk ? header : `expected ${header} (decimals ${columns.map((c) => c[2]).join(", ")})`);
  if (!truth) return [format, check(`${name}: values`, false, `needs its inputs`)];
  if (!formatOk) return [format]; // values cannot be read; the format check says why
  const wrong: string[] = [];
  rows.forEach((r, i) => columns.forEach(([column, field, d], j) => {
    const expected = truth[i][field] as number;
    if (!near(Number(r[j + 1]), expected, d)) wrong.push(`${r[0]} ${column}=${r[j + 1]} (the CSVs give ${expected.toFixed(d)})`);
  }));
  return [format, check(`${name}: values`, wrong.length === 0, wrong.length ? wrong.join("; ") : "match the CSVs")];
}

/** [key, expected (or a function of the written values), decimals (undefined: any), custom test, its description] */
type Line = [key: string, expected: number | string | ((written: Record<string, number>) => number), decimals?: number, test?: (v: number) => boolean, why?: string];

/** A key=value answer file: exactly these keys in order, numbers with their decimals, values matching the truth. */
function gradeLines(name: string, text: string | undefined, expected: Line[] | undefined): Check[] {
  if (text === undefined) return [check(`${name}: format`, false, "missing")];
  const values = keyValues(text)!;
  if (!expected) return [check(`${name}: values`, false, "needs its inputs")];
  const keys = expected.map((e) => e[0]);
  const badDecimals = expected.filter(([key, e, d]) => typeof e !== "string" && d !== undefined && !decimals(values.get(key) ?? "", d)).map(([key, , d]) => `${key} needs ${d} decimal${d === 1 ? "" : "s"}`);
  const formatOk = sameKeys(values, keys) && badDecimals.length === 0;
  const format = check(`${name}: format`, formatOk, formatOk ? `${keys.length} lines ${keys.join(", ")}` : sameKeys(values, keys) ? badDecimals.join("; ") : `expected ${keys.length} lines ${keys.map((k) => k + "=").join(", ")}`);
  if (!formatOk) return [format]; // values cannot be read; the format check says why
  const written: Record<string, number> = Object.fromEntries([...values].map(([k, v]) => [k, Number(v)]));
  const wrong: string[] = [];
  for (const [key, e, d, test, why] of expected) {
    const raw = values.get(key)!;
    if (typeof e === "string") {
      if (raw !== e) wrong.push(`${key}=${raw} (the CSVs give ${e})`);
      continue;
    }
    const value = typeof e === "function" ? e(written) : e;
    const ok = test ? test(Number(raw)) : near(Number(raw), value, d ?? decimalsOf(raw));
    if (!ok) wrong.push(`${key}=${raw} (${why ?? `the CSVs give ${d === undefined ? String(+value.toFixed(3)) : value.toFixed(d)}`})`);
  }
  return [format, check(`${name}: values`, wrong.length === 0, wrong.length ? wrong.join("; ") : "match the CSVs")];
}

/** The `key=value` lines of a file in order (undefined for no file). */
function keyValues(text: string | undefined): Map<string, string> | undefined {
  if (text === undefined) return undefined;
  const values = new Map<string, string>();
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    const at = line.indexOf("=");
    values.set(at < 0 ? line.trim() : line.slice(0, at).trim(), at < 0 ? "" : line.slice(at + 1).trim());
  }
  return values;
}

function sameKeys(values: Map<string, string>, keys: string[]): boolean {
  return values.size === keys.length && [...values.keys()].every((k, i) => k === keys[i]);
}

/** True when `raw` is a plain decimal number with exactly `digits` decimals. */
function decimals(raw: string, digits: number): boolean {
  return new RegExp(digits ? `^-?\\d+\\.\\d{${digits}}$` : "^-?\\d+$").test(raw);
}

function decimalsOf(raw: string): number {
  return raw.split(".")[1]?.length ?? 0;
}

/** True when `written` is `value` rounded to `digits` decimals, either way at the half. */
function near(written: number, value: number, digits: number): boolean {
  return Math.abs(written - value) <= 0.5 * 10 ** -digits + 1e-9;
}

function check(name: string, ok: boolean, detail: string): Check {
  return {name, ok, detail};
}

/** An error's message starting with the file's name (parsers may already name it). */
function prefixed(name: string, error: unknown): string {
  const message = (error as Error).message;
  return message.startsWith(name) ? message : `${name}: ${message}`;
}
