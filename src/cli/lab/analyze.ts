// `queuebook lab analyze <dir>`: the lab's answer files from the CSVs in a lab folder.
import {accessSync, constants, existsSync, statSync} from "node:fs";
import {join, resolve} from "node:path";
import {CommandError, UsageError} from "../command.js";
import {parseFlags} from "../flags.js";
import {analyzeLab} from "../../lab/analyze.js";
import {unwritableReason, writeFilesAtomic} from "../../io/write.js";
import {labInputNames, placeAnswers, placedLines} from "../../lab/answers.js";
import {folderReader} from "../../lab/files.js";
import {integerArg, rateArg, timerSecondsArg, type Subcommand} from "./args.js";

const usage = `usage: queuebook lab analyze <dir> [--workers N] [--rate R] [--users N] [--think S] [--force]

Reads 01-probe.txt, sched-*.csv, run-*.csv, srv-*.csv and closed.csv in <dir> and writes
01-target.txt, schedules.tsv, latency.tsv, queue.tsv, 05-note.txt, think.txt, capacity.txt and
a proposed arrival-model.txt, all together or none. A file whose inputs are missing is skipped
and named (exit 1); a malformed or degenerate input is named at file:line:column (exit 1).
05-note.txt and arrival-model.txt are the learner's decisions: one that exists and differs is
kept, and the analysis's answer is written beside it (arrival-model.suggested.txt). An answer
whose name is taken by a link, pipe, device or folder is refused (exit 2, nothing written).
  --force      replace 05-note.txt and arrival-model.txt even when they differ
  --workers N  the server's workers (default: most requests in service at once in srv-*.csv)
  --rate R     the chosen mean rate (default 25)
  --users N    closed-loop users (default: distinct users in closed.csv)
  --think S    closed-loop think time (default: median answer-to-next-send gap)`;

/** The analyze subcommand. */
export const subcommand: Subcommand = {
  name: "analyze",
  summary: "the lab's answer files",
  usage,
  async run(args, context) {
    const {values, positionals} = parseFlags(
      args,
      {workers: {type: "string"}, rate: {type: "string"}, users: {type: "string"}, think: {type: "string"}, force: {type: "boolean"}},
      true
    );
    if (positionals.length !== 1) throw new UsageError(`expected 1 folder, got ${positionals.length} arguments`);
    const dir = resolve(context.cwd, positionals[0]);
    if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`no such folder: ${positionals[0]}`);
    try {
      accessSync(dir, constants.W_OK);
    } catch {
      throw new UsageError(`cannot write in ${positionals[0]}: permission denied`);
    }
    const options = {
      workers: values.workers === undefined ? undefined : integerArg("--workers", values.workers, 1),
      chosenRate: values.rate === undefined ? undefined : rateArg("--rate", values.rate),
      users: values.users === undefined ? undefined : integerArg("--users", values.users, 1),
      thinkS: values.think === undefined ? undefined : timerSecondsArg("--think", values.think, true)
    };
    // Bad input (LabInputError) and unwritable answers (WriteError) become one line, exit 1,
    // in the lab dispatcher; the answers are written all together or not at all.
    const analysis = analyzeLab(folderReader(dir), options);
    const placed = placeAnswers(dir, analysis.files, {force: values.force});
    const shown = (name: string) => join(positionals[0], name);
    const inputs = labInputNames.map((name) => join(dir, name));
    for (const {target} of placed) {
      const reason = unwritableReason(join(dir, target), shown(target), {inputs});
      if (reason) throw new UsageError(reason);
    }
    writeFilesAtomic(placed.map(({target, text}) => [join(dir, target), text]));
    for (const line of placedLines(placed, shown)) context.stdout(line + "\n");
    for (const note of analysis.notes) context.stdout(`check ${note}\n`);
    if (analysis.skipped.length) {
      const list = analysis.skipped.map((s) => `${s.name} (missing ${s.missing.join(", ") || "inputs"})`).join("; ");
      throw new CommandError(`skipped ${list}`);
    }
    return 0;
  }
};
