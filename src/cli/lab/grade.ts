// `queuebook lab grade <dir>`: checks a learner's lab folder against every rule of the lab,
// one line per check; exit 0 when all pass, 1 otherwise.
import {existsSync, statSync} from "node:fs";
import {resolve} from "node:path";
import {folderReader} from "../../lab/files.js";
import {gradeLab} from "../../lab/grade.js";
import {UsageError} from "../command.js";
import {expectArgs, type Subcommand} from "./args.js";

const usage = `usage: queuebook lab grade <dir>

Checks a lab folder: every file present (01-probe.txt, sched-*.csv, run-*.csv, srv-*.csv,
closed.csv and the eight answer files), their formats, the answers' values against the
folder's own CSVs (rounding either way at the last written decimal), and step 8's rules
(workers >= the observed maximum and > formula_workers, evidence >= 60 characters citing
files and numbers, risk >= 40). Prints one line per check; exit 0 when all pass, 1 otherwise.`;

/** The grade subcommand. */
export const subcommand: Subcommand = {
  name: "grade",
  summary: "check a lab folder against the lab's rules",
  usage,
  async run(args, context) {
    expectArgs(args, 1);
    const dir = resolve(context.cwd, args[0]);
    if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`no such folder: ${args[0]}`);
    const checks = gradeLab(folderReader(dir));
    for (const c of checks) context.stdout(`${c.ok ? "ok  " : "FAIL"} ${c.name}: ${c.detail}\n`);
    const failed = checks.filter((c) => !c.ok).length;
    context.stdout(failed ? `${failed} of ${checks.length} checks failed\n` : `all ${checks.length} checks passed\n`);
    return failed ? 1 : 0;
  }
};
