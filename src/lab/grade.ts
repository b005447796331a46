// The lab's grader: every rule of the arrival lab checked against a learner's folder (files
// present, formats, values consistent with the learner's own CSVs, the step-8 decision rules).
// Pure: it takes a file reader, so `queuebook lab grade` and the notebook share it.
import {labChosenRate, labNumbers, outputNames, type LabNumbers} from "./analyze.js";
import {parseClosed, parsePlan, parseProbe, parseRecords, parseRun, type PlanRow} from "./csv.js";
import type {LabRecord} from "./des.js";
import {maxRate} from "./little.js";
import {roundHalfUp, trimmed} from "./round.js";
import {shapes, type Shape} from "./schedule.js";
import {maxConcurrency, maxOf} from "./stats.js";

/** The values a wording's `{name}` placeholders take. */
export type Vars = Record<string, string | number>;

/**
 * The rules the grader checks, by stable id, as the CLI words them. A check's name is its
 * file, if any, then the rule ("01-target.txt: format"); a page in another language words the
 * same ids (its locale's `rule.<id>`).
 */
export const ruleWording = {
  present: "files present",
  format: "format",
  values: "values",
  analysis: "analysis",
  counts: "equal record counts",
  shapes: "shapes",
  rate: "same mean rate",
  sweep: "max(qlen) = sweep",
  rules: "rules",
  model: "model",
  observed: "workers ≥ observed max",
  formula: "workers > formula_workers",
  evidence: "evidence",
  risk: "risk"
} as const;

/**
 * Every wording of a check's detail, by stable id, as the CLI prints it (`{name}` a value); a
 * page in another language words the same ids (its locale's `check.<id>`). A detail of several
 * findings is several parts joined by "; ".
 */
export const detailWording = {
  "files.present": "{n} files",
  "files.missing": "missing {files}",
  "file.missing": "missing",
  "format.probe": "one time in seconds per line; {rows} (expected {expected})",
  "format.csv": "header {columns}; {rows} rows",
  "format.unreadable": "{message}",
  "analysis.failed": "{message}",
  "lines.ok": "{n} lines {keys}",
  "lines.expected": "expected {n} lines {keys}",
  "lines.decimal": "{key} needs {d} decimal",
  "lines.decimals": "{key} needs {d} decimals",
  "table.ok": "3 rows even, poisson, burst; tab-separated shape {columns}",
  "table.expected": "expected 3 rows even, poisson, burst; tab-separated shape {columns} (decimals {decimals})",
  "values.inputs": "needs its inputs",
  "values.match": "match the CSVs",
  "values.wrong": "{key}={written} (the CSVs give {expected})",
  "values.wrongCell": "{shape} {key}={written} (the CSVs give {expected})",
  "values.workers": "{key}={written} (at least the {workers} in service at once in srv-*.csv)",
  "values.think": "{key}={written} (within 10 ms of the median answer-to-send gap {think} s in closed.csv)",
  "counts": "{counts} records (one /reset per shape)",
  "shapes": "cv even {even} ≈ 0, poisson {poisson} ≈ 1, burst {burst} ≫ 1",
  "rate": "last intended times {times} s (within 20 %)",
  "sweep": "max(qlen)={max}, sweep={sweep}",
  "model.format": "lines {keys}; workers an integer",
  "model.needs": "needs capacity.txt's inputs (01-probe.txt, srv-even.csv, srv-burst.csv)",
  "model": "model={model} (one of {shapes})",
  "observed": "workers={workers}, step 7 observed at most {observed} at once",
  "formula": "workers={workers}, formula_workers={formula}",
  "evidence": "{n} characters (≥ 60), cites {files}, {numbers} numbers",
  "evidenceOne": "{n} characters (≥ 60), cites {files}, 1 number",
  "evidenceNoFile": "{n} characters (≥ 60), cites no earlier file, {numbers} numbers",
  "evidenceNoFileOne": "{n} characters (≥ 60), cites no earlier file, 1 number",
  "risk": "{n} characters (≥ 40)"
} as const;

/** A rule's id. */
export type RuleId = keyof typeof ruleWording;
/** A detail wording's id. */
export type DetailId = keyof typeof detailWording;
/** One finding of a check: the id of its wording and the values it names. */
export interface Part {
  id: DetailId;
  vars: Vars;
}

/** One rule's outcome: `ok`, and a short reason (what was found, or why it fails). */
export interface Check {
  /** "file: rule" (or the rule alone) in English, as the CLI prints it. */
  name: string;
  ok: boolean;
  /** The reason in English, as the CLI prints it: the parts' wordings joined by "; ". */
  detail: string;
  /** The rule's stable id and the file it is about, for a page that words the name itself. */
  rule: RuleId;
  file?: string;
  /** The detail as ids and values, for a page that words it itself. */
  parts: Part[];
}

/** A wording with its `{name}` placeholders filled. */
export function fill(template: string, vars: Vars): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (Object.hasOwn(vars, name) ? String(vars[name]) : match));
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

/** Step 8's shortest evidence and risk, in characters ({@link characters}). */
export const decisionMinimum = {evidence: 60, risk: 40} as const;

/** A text's length as step 8 counts it: code points of the trimmed text (Japanese counts one per character). */
export function characters(text: string): number {
  return [...text.trim()].length;
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
  const cited = citable.filter((name) => evidence.includes(name));
  const numbers = evidence.match(/\d+(?:\.\d+)?/g) ?? [];
  const integer = Number.isInteger(workers);
  const file = "arrival-model.txt";
  const evidenceId = `evidence${cited.length ? "" : "NoFile"}${numbers.length === 1 ? "One" : ""}` as DetailId;
  return [
    check(file, "model", (shapes as readonly string[]).includes(model), part("model", {model, shapes: shapes.join(", ")})),
    check(file, "observed", integer && workers >= basis.observedMax, part("observed", {workers, observed: basis.observedMax})),
    check(file, "formula", integer && workers > basis.formulaWorkers, part("formula", {workers, formula: basis.formulaWorkers})),
    check(file, "evidence", characters(evidence) >= decisionMinimum.evidence && cited.length > 0 && numbers.length > 0, part(evidenceId, {n: characters(evidence), files: cited.join(", "), numbers: numbers.length})),
    check(file, "risk", characters(risk) >= decisionMinimum.risk, part("risk", {n: characters(risk)}))
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
  add(check(undefined, "present", absent.length === 0, absent.length ? part("files.missing", {files: absent.join(", ")}) : part("files.present", {n: inputNames.length + outputNames.length})));

  // Formats of the inputs: a file that does not parse makes its dependent values fail too.
  const broken = new Set<string>();
  /** Each input's rows as its format check read them, so the checks below do not parse it again. */
  const parsed = new Map<string, unknown[]>();
  const parse = (name: string, parser: (file: string, text: string) => unknown[], columns: string | undefined, count?: number) => {
    const text = read(name);
    if (text === undefined) return void broken.add(name);
    try {
      const rows = parser(name, text);
      parsed.set(name, rows);
      const ok = count === undefined || rows.length === count;
      if (!ok) broken.add(name);
      add(check(name, "format", ok, columns === undefined ? part("format.probe", {rows: rows.length, expected: count!}) : part("format.csv", {columns, rows: rows.length})));
    } catch (error) {
      broken.add(name);
      add(check(name, "format", false, part("format.unreadable", {message: prefixed(name, error)})));
    }
  };
  parse("01-probe.txt", parseProbe, undefined, 6);
  for (const s of shapes) parse(`sched-${s}.csv`, parsePlan, "i,intended");
  for (const s of shapes) parse(`run-${s}.csv`, parseRun, "i,intended,sent,received,code");
  for (const s of shapes) parse(`srv-${s}.csv`, parseRecords, "seq,arrive,start,end,qlen");
  parse("closed.csv", parseClosed, "user,sent,received,code");

  // The truth from the learner's CSVs: the same numbers `lab analyze` computes.
  const target = keyValues(read("01-target.txt"));
  const think = keyValues(read("think.txt"));
  const chosenRate = Number(target?.get("chosen_rate"));
  const numbers = (options: Parameters<typeof labNumbers>[1] = {}): LabNumbers => {
    try {
      const reader = (name: string) => (broken.has(name) ? undefined : read(name));
      return labNumbers(reader, {chosenRate: Number.isFinite(chosenRate) && chosenRate > 0 ? chosenRate : labChosenRate, ...options}).values;
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

  if (failure) add(check(undefined, "analysis", false, part("analysis.failed", {message: failure})));
  add(gradeTarget(read("01-target.txt"), truth));
  add(gradeSchedules(read, truth, parsed));
  add(gradeTable("latency.tsv", read("latency.tsv"), truth.latency, [["ok_count", "ok", 0], ["p50", "p50", 1], ["p95", "p95", 1]]));
  add(gradeTable("queue.tsv", read("queue.tsv"), truth.queue, [["records", "records", 0], ["max_qlen", "maxQlen", 0], ["mean_qlen", "meanQlen", 2]]));
  if (truth.queue) {
    const counts = truth.queue.map((q) => q.records);
    add(check("srv-*.csv", "counts", counts.every((c) => c === counts[0]), part("counts", {counts: counts.join(", ")})));
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
    const records = parsed.get(`srv-${shape}.csv`) as LabRecord[] | undefined;
    if (!records) continue;
    const max = Math.max(0, maxOf(records.map((r) => r.qlen)));
    const swept = maxConcurrency(records);
    add(check(`srv-${shape}.csv`, "sweep", max === swept, part("sweep", {max, sweep: swept})));
  }
  add(gradeModel(read("arrival-model.txt"), truth));
  return checks;
}

function gradeTarget(text: string | undefined, truth: LabNumbers): Check[] {
  const t = truth.target;
  return gradeLines("01-target.txt", text, t && [
    ["service_ms", t.serviceMs, 0],
    ["workers", t.workers, 0, (v) => v >= t.workers, ["values.workers", {workers: t.workers}]],
    ["max_rate", (w) => maxRate(w.workers ?? t.workers, t.serviceMs / 1000), undefined],
    ["chosen_rate", labChosenRate, 0],
    ["utilization", (w) => labChosenRate / maxRate(w.workers ?? t.workers, t.serviceMs / 1000), 2]
  ]);
}

function gradeSchedules(read: (name: string) => string | undefined, truth: LabNumbers, parsed: Map<string, unknown[]>): Check[] {
  const checks = gradeTable("schedules.tsv", read("schedules.tsv"), truth.schedules, [["count", "count", 0], ["mean_interval", "meanInterval", 4], ["cv", "cv", 3]]);
  const s = truth.schedules;
  if (!s) return checks;
  const [even, poisson, burst] = s.map((r) => r.cv);
  checks.push(check("sched-*.csv", "shapes", even < 0.05 && poisson > 0.7 && poisson < 1.3 && burst > 2, part("shapes", {even: roundHalfUp(even, 3), poisson: roundHalfUp(poisson, 3), burst: roundHalfUp(burst, 3)})));
  const last = shapes.map((shape) => (parsed.get(`sched-${shape}.csv`) as PlanRow[] | undefined)?.at(-1)?.intended ?? NaN);
  const spread = Math.max(...last) / Math.min(...last);
  checks.push(check("sched-*.csv", "rate", spread <= 1.2, part("rate", {times: last.map((t) => roundHalfUp(t, 2)).join(", ")})));
  return checks;
}

function gradeThink(text: string | undefined, truth: LabNumbers, closed: LabNumbers["think"]): Check[] {
  const k = truth.think;
  return gradeLines("think.txt", text, k && closed && [
    ["users", k.users, 0],
    ["think_s", k.thinkS, 3, (v) => Math.abs(v - k.thinkS) <= 0.01, ["values.think", {think: roundHalfUp(k.thinkS, 3)}]],
    ["mean_r_s", k.meanRS, 4],
    ["predicted_rate", closed.predictedRate, 3],
    ["measured_rate", k.measuredRate, 3],
    ["naive_rate", closed.naiveRate, 3]
  ]);
}

function gradeModel(text: string | undefined, truth: LabNumbers): Check[] {
  const file = "arrival-model.txt";
  if (text === undefined) return [check(file, "format", false, part("file.missing", {}))];
  const values = keyValues(text)!;
  const keys = ["model", "workers", "evidence", "risk"];
  const format = check(file, "format", sameKeys(values, keys) && /^\d+$/.test(values.get("workers") ?? ""), part("model.format", {keys: keys.map((k) => k + "=").join(", ")}));
  const c = truth.capacity;
  if (!c) return [format, check(file, "rules", false, part("model.needs", {}))];
  const decision = {model: values.get("model") ?? "", workers: Number(values.get("workers")), evidence: values.get("evidence") ?? "", risk: values.get("risk") ?? ""};
  return [format, ...checkDecision(decision, {observedMax: Math.max(c.observedEven, c.observedBurst), formulaWorkers: c.formulaWorkers})];
}

/** [column name, truth field, decimals] of a TSV answer file. */
type Column<R> = [name: string, field: keyof R, decimals: number];

/** A TSV answer file: 3 rows even, poisson, burst; each column written with its decimals and matching the truth. */
function gradeTable<R extends {shape: Shape}>(name: string, text: string | undefined, truth: R[] | undefined, columns: Column<R>[]): Check[] {
  if (text === undefined) return [check(name, "format", false, part("file.missing", {}))];
  const rows = text.split("\n").filter((l) => l.trim() !== "").map((l) => l.split("\t"));
  const names = columns.map((c) => c[0]).join(" ");
  const formatOk = rows.length === 3 && rows.every((r, i) => r.length === columns.length + 1 && r[0] === shapes[i] && columns.every(([, , d], j) => decimals(r[j + 1], d)));
  const format = check(name, "format", formatOk, formatOk ? part("table.ok", {columns: names}) : part("table.expected", {columns: names, decimals: columns.map((c) => c[2]).join(", ")}));
  if (!truth) return [format, check(name, "values", false, part("values.inputs", {}))];
  if (!formatOk) return [format]; // values cannot be read; the format check says why
  const wrong: Part[] = [];
  rows.forEach((r, i) => columns.forEach(([column, field, d], j) => {
    const expected = truth[i][field] as number;
    if (!near(Number(r[j + 1]), expected, d)) wrong.push({id: "values.wrongCell", vars: {shape: r[0], key: column, written: r[j + 1], expected: roundHalfUp(expected, d)}});
  }));
  return [format, check(name, "values", wrong.length === 0, wrong.length ? wrong : part("values.match", {}))];
}

/** [key, expected (or a function of the written values), decimals (undefined: any), custom test, its wording] */
type Line = [key: string, expected: number | string | ((written: Record<string, number>) => number), decimals?: number, test?: (v: number) => boolean, why?: [DetailId, Vars]];

/** A key=value answer file: exactly these keys in order, numbers with their decimals, values matching the truth. */
function gradeLines(name: string, text: string | undefined, expected: Line[] | undefined): Check[] {
  if (text === undefined) return [check(name, "format", false, part("file.missing", {}))];
  const values = keyValues(text)!;
  if (!expected) return [check(name, "values", false, part("values.inputs", {}))];
  const keys = expected.map((e) => e[0]);
  const badDecimals: Part[] = expected.filter(([key, e, d]) => typeof e !== "string" && d !== undefined && !decimals(values.get(key) ?? "", d)).map(([key, , d]) => ({id: d === 1 ? "lines.decimal" : "lines.decimals", vars: {key, d: d!}}));
  const formatOk = sameKeys(values, keys) && badDecimals.length === 0;
  const format = check(name, "format", formatOk, formatOk ? part("lines.ok", {n: keys.length, keys: keys.join(", ")}) : sameKeys(values, keys) ? badDecimals : part("lines.expected", {n: keys.length, keys: keys.map((k) => k + "=").join(", ")}));
  if (!formatOk) return [format]; // values cannot be read; the format check says why
  const written: Record<string, number> = Object.fromEntries([...values].map(([k, v]) => [k, Number(v)]));
  const wrong: Part[] = [];
  for (const [key, e, d, test, why] of expected) {
    const raw = values.get(key)!;
    if (typeof e === "string") {
      if (raw !== e) wrong.push({id: "values.wrong", vars: {key, written: raw, expected: e}});
      continue;
    }
    const value = typeof e === "function" ? e(written) : e;
    const ok = test ? test(Number(raw)) : near(Number(raw), value, d ?? decimalsOf(raw));
    if (!ok) wrong.push(why ? {id: why[0], vars: {key, written: raw, ...why[1]}} : {id: "values.wrong", vars: {key, written: raw, expected: d === undefined ? trimmed(value, 3) : roundHalfUp(value, d)}});
  }
  return [format, check(name, "values", wrong.length === 0, wrong.length ? wrong : part("values.match", {}))];
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

/** A check of `rule` (on `file`, if any), its detail worded from its parts as the CLI prints it. */
function check(file: string | undefined, rule: RuleId, ok: boolean, parts: Part | Part[]): Check {
  const list = Array.isArray(parts) ? parts : [parts];
  return {
    name: file === undefined ? ruleWording[rule] : `${file}: ${ruleWording[rule]}`,
    ok,
    detail: list.map((p) => fill(detailWording[p.id], p.vars)).join("; "),
    rule,
    ...(file === undefined ? {} : {file}),
    parts: list
  };
}

function part(id: DetailId, vars: Vars): Part {
  return {id, vars};
}

/** An error's message starting with the file's name (parsers may already name it). */
function prefixed(name: string, error: unknown): string {
  const message = (error as Error).message;
  return message.startsWith(name) ? message : `${name}: ${message}`;
}
