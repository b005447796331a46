// The lab's runs as the notebook's figures need them: every input file parsed once by the
// lab's own parsers, and the answer files from analyzeLab, the same function `lab analyze`
// runs, so a figure on the page is the text the command would write. The figures' series are
// computed here too (figureSeries.ts), so an upload's worker hands them over with the runs.
import {analyzeLab, type AnalyzeOptions, type LabNumbers} from "../../lab/analyze.js";
import {parseClosed, parsePlan, parseProbe, parseRecords, parseRun, type ClosedRow, type PlanRow, type RunRow} from "../../lab/csv.js";
import type {LabRecord} from "../../lab/des.js";
import {shapes, type Shape} from "../../lab/schedule.js";
import {labFigures, type LabFigures} from "./figureSeries.js";

/** The parsed runs of one lab folder and its analysis. */
export interface LabRuns {
  files: Map<string, string>;
  probes: number[];
  sched: Record<Shape, PlanRow[]>;
  run: Record<Shape, RunRow[]>;
  srv: Record<Shape, LabRecord[]>;
  closed: ClosedRow[];
  numbers: LabNumbers;
  /** analyzeLab's files by name: byte for byte what `lab analyze` writes. */
  answers: Map<string, string>;
  /** What the runs' figures draw, and the numbers the page states over every record. */
  figures: LabFigures;
}

/** Parses a lab folder's input files (name → text) and analyses them like `lab analyze` (same options). */
export function labRuns(files: Map<string, string>, options: AnalyzeOptions = {}): LabRuns {
  const text = (name: string) => {
    const value = files.get(name);
    if (value === undefined) throw new Error(`${name} is missing`);
    return value;
  };
  const byShape = <T>(prefix: string, parse: (file: string, text: string) => T[]) =>
    Object.fromEntries(shapes.map((s) => [s, parse(`${prefix}-${s}.csv`, text(`${prefix}-${s}.csv`))])) as Record<Shape, T[]>;
  const read = (name: string) => files.get(name);
  const analysis = analyzeLab(read, options);
  const sched = byShape("sched", parsePlan),
    run = byShape("run", parseRun),
    srv = byShape("srv", parseRecords);
  return {
    files,
    probes: parseProbe("01-probe.txt", text("01-probe.txt")),
    sched,
    run,
    srv,
    closed: parseClosed("closed.csv", text("closed.csv")),
    numbers: analysis.values,
    answers: new Map(analysis.files),
    figures: labFigures({sched, run, srv})
  };
}

/** The value written for `key` in a key=value answer file ("" when absent). */
export function answerValue(answers: Map<string, string>, file: string, key: string): string {
  const line = (answers.get(file) ?? "").split("\n").find((l) => l.startsWith(key + "="));
  return line === undefined ? "" : line.slice(key.length + 1);
}

/** The cell written in a TSV answer file's row for `shape`, column `k` (0 = the shape). */
export function answerCell(answers: Map<string, string>, file: string, shape: Shape, k: number): string {
  const row = (answers.get(file) ?? "").split("\n").find((l) => l.startsWith(shape + "\t"));
  return row?.split("\t")[k] ?? "";
}
