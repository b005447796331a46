// The lab's grader: every rule of the arrival lab checked against a learner's folder (files
// present, formats, values consistent with the learner's own CSVs, the step-8 decision rules).
// Pure: it takes a file reader, so `queuebook lab grade` and the notebook share it. A number is
// judged by one rule (gradeAdmit.ts): any value the lab's text admits passes, nothing else.
import {labChosenRate, labNumbersOfRows, outputNames, type LabNumbers} from "./analyze.js";
import {parseClosed, parsePlan, parseProbe, parseRecords, parseRun, type PlanRow} from "./csv.js";
import type {LabRecord} from "./des.js";
import {admits, admittedText, admittedValues, choices} from "./gradeAdmit.js";
import {check, inputNames, part, type Check, type DetailId, type Part, type Vars} from "./gradeCheck.js";
import {checkDecision} from "./gradeDecision.js";
import {closedLoopRate, formulaWorkers, maxRate, naiveClosedLoopRate} from "./little.js";
import {roundHalfUp, trimmed} from "./round.js";
import {shapes, type Shape} from "./schedule.js";
import {maxConcurrency, maxOf, median} from "./stats.js";

export {
  detailWording,
  fill,
  inputNames,
  labFileNames,
  ruleWording,
  type Check,
  type DetailId,
  type Part,
  type RuleId,
  type Vars
} from "./gradeCheck.js";
export {characters, checkDecision, decisionMinimum, type Decision, type DecisionBasis} from "./gradeDecision.js";

/**
 * Grades a lab folder: one check per rule, in step order. `read(name)` returns a file's text
 * or undefined when it is absent. Values are compared with what the learner's own CSVs give,
 * each intermediate exact or as written (gradeAdmit.ts), rounding either way at the last decimal.
 */
export function gradeLab(read: (name: string) => string | undefined): Check[] {
  const checks: Check[] = [];
  const add = (c: Check | Check[]) => void checks.push(...(Array.isArray(c) ? c : [c]));
  const absent = [...inputNames, ...outputNames].filter((name) => read(name) === undefined);
  add(
    check(
      undefined,
      "present",
      absent.length === 0,
      absent.length ? part("files.missing", {files: absent.join(", ")}) : part("files.present", {n: inputNames.length + outputNames.length})
    )
  );

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
      add(
        check(
          name,
          "format",
          ok,
          columns === undefined
            ? part("format.probe", {rows: rows.length, expected: count!})
            : part("format.csv", {columns, rows: rows.length})
        )
      );
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
  const chosenRate = Number(target?.get("chosen_rate"));
  let failure: string | undefined;
  let truth: LabNumbers = {};
  try {
    // (the rows the format checks read: no file is parsed twice)
    const rows = (name: string) => (broken.has(name) ? undefined : parsed.get(name));
    truth = labNumbersOfRows(rows, {chosenRate: Number.isFinite(chosenRate) && chosenRate > 0 ? chosenRate : labChosenRate}).values;
  } catch (error) {
    failure = (error as Error).message;
  }
  // The service time either way the lab's text allows: service_ms (as lab analyze uses it, so its
  // answer is named first in a reason), or the probes' unrounded median.
  const probes = parsed.get("01-probe.txt") as number[] | undefined;
  const serviceS = truth.target && probes ? [truth.target.serviceMs / 1000, median(probes)] : [];

  if (failure) add(check(undefined, "analysis", false, part("analysis.failed", {message: failure})));
  add(gradeTarget(read("01-target.txt"), truth, serviceS));
  add(gradeSchedules(read, truth, parsed));
  add(
    gradeTable("latency.tsv", read("latency.tsv"), truth.latency, [
      ["ok_count", (r) => [r.ok], 0],
      ["p50", (r) => [r.p50], 1],
      ["p95", (r) => [r.p95], 1]
    ])
  );
  add(
    gradeTable("queue.tsv", read("queue.tsv"), truth.queue, [
      ["records", (r) => [r.records], 0],
      ["max_qlen", (r) => [r.maxQlen], 0],
      ["mean_qlen", (r) => [r.meanQlen], 2]
    ])
  );
  if (truth.queue) {
    const counts = truth.queue.map((q) => q.records);
    add(
      check(
        "srv-*.csv",
        "counts",
        counts.every((c) => c === counts[0]),
        part("counts", {counts: counts.join(", ")})
      )
    );
  }
  add(
    gradeLines(
      "05-note.txt",
      read("05-note.txt"),
      truth.note && [
        ["worst", [truth.note.worst]],
        ["ratio", () => [truth.note!.ratio], 1]
      ]
    )
  );
  add(gradeThink(read("think.txt"), truth));
  add(gradeCapacity(read("capacity.txt"), truth, serviceS));
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

/** Step 1: max_rate = workers / S and utilization = chosen_rate / max_rate, S the median or service_ms. */
function gradeTarget(text: string | undefined, truth: LabNumbers, serviceS: number[]): Check[] {
  const t = truth.target;
  const workers = (w: Written) => [w.workers ?? t!.workers];
  const rates = (w: Written) => admittedValues((n, s) => maxRate(n, s), workers(w), serviceS);
  return gradeLines(
    "01-target.txt",
    text,
    t && [
      ["service_ms", () => [serviceS[1] * 1000], 0], // the median rounded to ms: its unrounded value
      ["workers", () => [t.workers], 0, (v) => v >= t.workers, ["values.workers", {workers: t.workers}]],
      ["max_rate", rates, undefined],
      ["chosen_rate", () => [labChosenRate], 0],
      [
        "utilization",
        (w) => admittedValues((rate) => labChosenRate / rate, [...rates(w), ...(w.max_rate === undefined ? [] : [w.max_rate])]),
        2
      ]
    ]
  );
}

/** Step 3: count, mean interval, and cv = sd / mean with the mean exact or as written. */
function gradeSchedules(read: (name: string) => string | undefined, truth: LabNumbers, parsed: Map<string, unknown[]>): Check[] {
  const checks = gradeTable("schedules.tsv", read("schedules.tsv"), truth.schedules, [
    ["count", (r) => [r.count], 0],
    ["mean_interval", (r) => [r.meanInterval], 4],
    ["cv", (r, w) => admittedValues((m) => (r.cv * r.meanInterval) / m, choices(r.meanInterval, 4, w.mean_interval)), 3]
  ]);
  const s = truth.schedules;
  if (!s) return checks;
  const [even, poisson, burst] = s.map((r) => r.cv);
  checks.push(
    check(
      "sched-*.csv",
      "shapes",
      even < 0.05 && poisson > 0.7 && poisson < 1.3 && burst > 2,
      part("shapes", {even: roundHalfUp(even, 3), poisson: roundHalfUp(poisson, 3), burst: roundHalfUp(burst, 3)})
    )
  );
  const last = shapes.map((shape) => (parsed.get(`sched-${shape}.csv`) as PlanRow[] | undefined)?.at(-1)?.intended ?? NaN);
  const spread = Math.max(...last) / Math.min(...last);
  checks.push(check("sched-*.csv", "rate", spread <= 1.2, part("rate", {times: last.map((t) => roundHalfUp(t, 2)).join(", ")})));
  return checks;
}

/**
 * Step 6: N / (R + Z) and N / Z with N and Z as the learner ran the loop (their users= and
 * think_s=, once those pass) and R exact or as written (mean_r_s to 4 decimals).
 */
function gradeThink(text: string | undefined, truth: LabNumbers): Check[] {
  const k = truth.think;
  const users = (w: Written) => [w.users ?? k!.users];
  const think = (w: Written) => choices(k!.thinkS, 3, w.think_s);
  return gradeLines(
    "think.txt",
    text,
    k && [
      ["users", () => [k.users], 0],
      ["think_s", () => [k.thinkS], 3, (v) => Math.abs(v - k.thinkS) <= 0.01, ["values.think", {think: roundHalfUp(k.thinkS, 3)}]],
      ["mean_r_s", () => [k.meanRS], 4],
      ["predicted_rate", (w) => admittedValues(closedLoopRate, users(w), choices(k.meanRS, 4, w.mean_r_s), think(w)), 3],
      ["measured_rate", () => [k.measuredRate], 3],
      ["naive_rate", (w) => admittedValues(naiveClosedLoopRate, users(w), think(w)), 3]
    ]
  );
}

/** Step 7: formula_workers = ⌈λS⌉ (S either way), the factor over it, the verdict that follows. */
function gradeCapacity(text: string | undefined, truth: LabNumbers, serviceS: number[]): Check[] {
  const c = truth.capacity;
  const chosen = truth.target?.chosenRate ?? labChosenRate;
  const formula = () => admittedValues((s) => formulaWorkers(chosen, s), serviceS.length ? serviceS : [c!.formulaWorkers / chosen]);
  const divisors = (w: Written) => [...new Set([...formula(), ...(w.formula_workers === undefined ? [] : [w.formula_workers])])];
  return gradeLines(
    "capacity.txt",
    text,
    c && [
      ["formula_workers", formula, 0],
      ["observed_even", () => [c.observedEven], 0],
      ["observed_burst", () => [c.observedBurst], 0],
      ["underestimate_factor", (w) => divisors(w).map((f) => c.observedBurst / f), 1],
      ["verdict", (w) => divisors(w).map((f) => (f < c.observedBurst ? "under" : "ok"))]
    ]
  );
}

function gradeModel(text: string | undefined, truth: LabNumbers): Check[] {
  const file = "arrival-model.txt";
  if (text === undefined) return [check(file, "format", false, part("file.missing", {}))];
  const values = keyValues(text)!;
  const keys = ["model", "workers", "evidence", "risk"];
  const format = check(
    file,
    "format",
    sameKeys(values, keys) && /^\d+$/.test(values.get("workers") ?? ""),
    part("model.format", {keys: keys.map((k) => k + "=").join(", ")})
  );
  const c = truth.capacity;
  if (!c) return [format, check(file, "rules", false, part("model.needs", {}))];
  const decision = {
    model: values.get("model") ?? "",
    workers: Number(values.get("workers")),
    evidence: values.get("evidence") ?? "",
    risk: values.get("risk") ?? ""
  };
  return [format, ...checkDecision(decision, {observedMax: Math.max(c.observedEven, c.observedBurst), formulaWorkers: c.formulaWorkers})];
}

/** The learner's numbers that passed so far, by key: the intermediates a later line may use as written. */
type Written = Record<string, number | undefined>;

/** [column name, the admitted values for a row (given that row's passed cells), decimals] of a TSV answer file. */
type Column<R> = [name: string, admitted: (row: R, written: Written) => number[], decimals: number];

/** A TSV answer file: 3 rows even, poisson, burst; each column written with its decimals and admitted by the rule. */
function gradeTable<R extends {shape: Shape}>(
  name: string,
  text: string | undefined,
  truth: R[] | undefined,
  columns: Column<R>[]
): Check[] {
  if (text === undefined) return [check(name, "format", false, part("file.missing", {}))];
  const rows = text
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => l.split("\t"));
  const names = columns.map((c) => c[0]).join(" ");
  const formatOk =
    rows.length === 3 &&
    rows.every((r, i) => r.length === columns.length + 1 && r[0] === shapes[i] && columns.every(([, , d], j) => decimals(r[j + 1], d)));
  const format = check(
    name,
    "format",
    formatOk,
    formatOk ? part("table.ok", {columns: names}) : part("table.expected", {columns: names, decimals: columns.map((c) => c[2]).join(", ")})
  );
  if (!truth) return [format, check(name, "values", false, part("values.inputs", {}))];
  if (!formatOk) return [format]; // values cannot be read; the format check says why
  const wrong: Part[] = [];
  rows.forEach((r, i) => {
    const written: Written = {};
    columns.forEach(([column, admitted, d], j) => {
      const values = admitted(truth[i], written);
      const value = Number(r[j + 1]);
      if (admits(value, values, d)) written[column] = value;
      else
        wrong.push({
          id: "values.wrongCell",
          vars: {shape: r[0], key: column, written: r[j + 1], expected: admittedText(values, d, String)}
        });
    });
  });
  return [format, check(name, "values", wrong.length === 0, wrong.length ? wrong : part("values.match", {}))];
}

/**
 * [key, the admitted values (words, or numbers given the lines that passed before), decimals
 * (undefined: any), custom test, its wording]
 */
type Line = [
  key: string,
  expected: string[] | ((written: Written) => (number | string)[]),
  decimals?: number,
  test?: (v: number) => boolean,
  why?: [DetailId, Vars]
];

/** A key=value answer file: exactly these keys in order, numbers with their decimals, values admitted by the rule. */
function gradeLines(name: string, text: string | undefined, expected: Line[] | undefined): Check[] {
  if (text === undefined) return [check(name, "format", false, part("file.missing", {}))];
  const values = keyValues(text)!;
  if (!expected) return [check(name, "values", false, part("values.inputs", {}))];
  const keys = expected.map((e) => e[0]);
  const isWords = (e: Line[1]) => Array.isArray(e);
  const badDecimals: Part[] = expected
    .filter(([key, e, d]) => !isWords(e) && d !== undefined && !decimals(values.get(key) ?? "", d))
    .map(([key, , d]) => ({id: d === 1 ? "lines.decimal" : "lines.decimals", vars: {key, d: d!}}));
  const formatOk = sameKeys(values, keys) && badDecimals.length === 0;
  const format = check(
    name,
    "format",
    formatOk,
    formatOk
      ? part("lines.ok", {n: keys.length, keys: keys.join(", ")})
      : sameKeys(values, keys)
        ? badDecimals
        : part("lines.expected", {n: keys.length, keys: keys.map((k) => k + "=").join(", ")})
  );
  if (!formatOk) return [format]; // values cannot be read; the format check says why
  const written: Written = {};
  const wrong: Part[] = [];
  for (const [key, e, d, test, why] of expected) {
    const raw = values.get(key)!;
    const admitted = typeof e === "function" ? e(written) : e;
    if (admitted.some((a) => typeof a === "string")) {
      if (!admitted.includes(raw))
        wrong.push({id: "values.wrong", vars: {key, written: raw, expected: [...new Set(admitted)].join(" or ")}});
      continue;
    }
    const numbers = admitted as number[];
    const ok = test ? test(Number(raw)) : admits(Number(raw), numbers, d ?? decimalsOf(raw));
    if (ok) written[key] = Number(raw);
    else
      wrong.push(
        why
          ? {id: why[0], vars: {key, written: raw, ...why[1]}}
          : {id: "values.wrong", vars: {key, written: raw, expected: admittedText(numbers, d, (v) => trimmed(v, 3))}}
      );
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

/** An error's message starting with the file's name (parsers may already name it). */
function prefixed(name: string, error: unknown): string {
  const message = (error as Error).message;
  return message.startsWith(name) ? message : `${name}: ${message}`;
}
