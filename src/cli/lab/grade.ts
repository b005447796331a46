// `queuebook lab grade <dir>`: checks a learner's lab folder against every rule of the lab,
// one line per check; exit 0 when all pass, 1 otherwise. `--class <dir>`: a folder of learners'
// folders graded into one CSV for the lecturer.
import {existsSync, statSync} from "node:fs";
import {resolve} from "node:path";
import {writeFileAtomic, unwritableReason} from "../../io/write.js";
import {folderReader} from "../../lab/files.js";
import {gradeLab, inputNames} from "../../lab/grade.js";
import {classCsv, gradeClass, learnerFolders} from "../../lab/gradeClass.js";
import {defaultLearnerBudget, type LearnerBudget} from "../../lab/gradeBudget.js";
import {UsageError} from "../command.js";
import {parseFlags} from "../flags.js";
import type {Subcommand} from "./args.js";

const usage = `usage: queuebook lab grade <dir>
       queuebook lab grade --class <dir> [-o grades.csv] [--max-mb N] [--max-seconds S]

Checks a lab folder: every file present (01-probe.txt, sched-*.csv, run-*.csv, srv-*.csv,
closed.csv and the eight answer files), their formats, the answers' values against the
folder's own CSVs (any value the lab's text admits: each intermediate exact or as the answer
files write it, rounding either way at the last written decimal), and step 8's rules
(workers >= the observed maximum and > formula_workers, evidence >= 60 characters citing
files and numbers, risk >= 40). Prints one line per check; exit 0 when all pass, 1 otherwise.
  --class <dir>  grade each learner's folder inside <dir> (one folder per learner) and print
                 one CSV: learner,passed,total,failed (the failing checks, "; " between);
                 nothing outside <dir> is read (a link leading out is refused in its row)
  -o FILE        write the class CSV to FILE instead of printing it
  --max-mb N     with --class: the most a learner's files may hold in all, in MB (default 32;
                 a file under two names counts twice); past it the row says "too large: …"
  --max-seconds S  with --class: the longest one learner may take (default 30); past it the
                 row says "took too long: …"`;

/** The grade subcommand. */
export const subcommand: Subcommand = {
  name: "grade",
  summary: "check a lab folder (or a class of them) against the lab's rules",
  usage,
  async run(args, context) {
    const {values, positionals} = parseFlags(
      args,
      {class: {type: "string"}, out: {type: "string", short: "o"}, "max-mb": {type: "string"}, "max-seconds": {type: "string"}},
      true
    );
    if (values.class !== undefined) {
      if (positionals.length) throw new UsageError(`--class takes one folder; unexpected ${JSON.stringify(positionals[0])}`);
      const budget: LearnerBudget = {
        bytes: Math.floor(positiveFlag("--max-mb", values["max-mb"], defaultLearnerBudget.bytes / 1024 / 1024, 1024) * 1024 * 1024),
        seconds: positiveFlag("--max-seconds", values["max-seconds"], defaultLearnerBudget.seconds, 3600)
      };
      return gradeClassCommand(values.class, values.out, budget, context);
    }
    if (values.out !== undefined) throw new UsageError("-o goes with --class (one learner's grade is printed)");
    for (const flag of ["max-mb", "max-seconds"] as const)
      if (values[flag] !== undefined) throw new UsageError(`--${flag} goes with --class (a learner's budget in a class)`);
    if (positionals.length !== 1) throw new UsageError(`expected 1 folder, got ${positionals.length} arguments`);
    const dir = folderArg(positionals[0], context.cwd);
    const checks = gradeLab(folderReader(dir));
    for (const c of checks) context.stdout(`${c.ok ? "ok  " : "FAIL"} ${c.name}: ${c.detail}\n`);
    const failed = checks.filter((c) => !c.ok).length;
    context.stdout(failed ? `${failed} of ${checks.length} checks failed\n` : `all ${checks.length} checks passed\n`);
    return failed ? 1 : 0;
  }
};

/** A number flag above 0 and at most `max`, or `fallback` when absent; a usage error naming the flag otherwise. */
function positiveFlag(name: string, value: string | undefined, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  const n = /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : NaN;
  if (!(n > 0 && n <= max))
    throw new UsageError(`${name} must be a number above 0 and at most ${max}, got ${JSON.stringify(value.slice(0, 40))}`);
  return n;
}

/** A folder argument, resolved; a usage error when it is not a folder. */
function folderArg(value: string, cwd: string): string {
  const dir = resolve(cwd, value);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`no such folder: ${value}`);
  return dir;
}

/** The class CSV to stdout or `-o`, written whole or not at all; exit 0 once written, whatever the learners scored. */
function gradeClassCommand(
  value: string,
  out: string | undefined,
  budget: LearnerBudget,
  context: Parameters<Subcommand["run"]>[1]
): number {
  const dir = folderArg(value, context.cwd);
  const target = out === undefined ? undefined : resolve(context.cwd, out);
  if (target) {
    const reason = unwritableReason(target, out);
    if (reason) throw new UsageError(reason);
  }
  if (learnerFolders(dir).length === 0) {
    const oneLearner = inputNames.some((name) => existsSync(resolve(dir, name)));
    throw new UsageError(
      oneLearner
        ? `${value} holds no learners' folders: it looks like one learner's lab folder (run lab grade ${value})`
        : `${value} holds no learners' folders (expected one folder per learner)`
    );
  }
  const csv = classCsv(gradeClass(dir, {budget}));
  if (target) writeFileAtomic(target, csv);
  else context.stdout(csv);
  return 0;
}
