// What a grader's check is: the rules and the wordings of their details by stable id (the CLI
// prints the English; a page words the same ids in its language), and the check record itself.
import {outputNames} from "./analyze.js";
import {shapes} from "./schedule.js";

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
  counts: "{counts} records (one /reset per shape)",
  shapes: "cv even {even} ≈ 0, poisson {poisson} ≈ 1, burst {burst} ≫ 1",
  rate: "last intended times {times} s (within 20 %)",
  sweep: "max(qlen)={max}, sweep={sweep}",
  "model.format": "lines {keys}; workers an integer",
  "model.needs": "needs capacity.txt's inputs (01-probe.txt, srv-even.csv, srv-burst.csv)",
  model: "model={model} (one of {shapes})",
  observed: "workers={workers}, step 7 observed at most {observed} at once",
  formula: "workers={workers}, formula_workers={formula}",
  evidence: "{n} characters (≥ 60), cites {files}, {numbers} numbers",
  evidenceOne: "{n} characters (≥ 60), cites {files}, 1 number",
  evidenceNoFile: "{n} characters (≥ 60), cites no earlier file, {numbers} numbers",
  evidenceNoFileOne: "{n} characters (≥ 60), cites no earlier file, 1 number",
  risk: "{n} characters (≥ 40)"
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
export const inputNames = [
  "01-probe.txt",
  ...shapes.map((s) => `sched-${s}.csv`),
  ...shapes.map((s) => `run-${s}.csv`),
  ...shapes.map((s) => `srv-${s}.csv`),
  "closed.csv"
];

/** Every file of a complete lab folder: the inputs, then the answers. */
export const labFileNames = [...inputNames, ...outputNames];

/** A check of `rule` (on `file`, if any), its detail worded from its parts as the CLI prints it. */
export function check(file: string | undefined, rule: RuleId, ok: boolean, parts: Part | Part[]): Check {
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

/** One finding of a check. */
export function part(id: DetailId, vars: Vars): Part {
  return {id, vars};
}
