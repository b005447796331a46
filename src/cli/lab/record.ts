// `queuebook lab record [--out DIR]`: the whole lab end to end, with a progress bar on stderr.
// The server runs as its own process (`lab server 0 40 4`), as in the lab, so it gets its own
// core and event loop instead of sharing the load generator's.
import {spawn} from "node:child_process";
import {existsSync, mkdirSync, statSync} from "node:fs";
import {join, relative, resolve} from "node:path";
import {CommandError, UsageError, type Context} from "../command.js";
import {parseFlags} from "../flags.js";
import {recordLab, startInProcess, type RunningServer} from "../../lab/record.js";
import {unwritableReason} from "../../io/write.js";
import {outputNames} from "../../lab/analyze.js";
import {labInputNames, placedLines, suggestedName} from "../../lab/answers.js";
import {decisionNames} from "../../lab/recorded.js";
import type {Subcommand} from "./args.js";

const usage = `usage: queuebook lab record [--out DIR] [--in-process] [--force]

Runs the whole lab against a lab server on a free 127.0.0.1 port (40 ms, 4 workers): the
probe (01-probe.txt), the dry-run schedules (300 25 7), the three shapes (150 25 7) with /reset
between and /dump after each, the closed loop (8 users, 0.2 s, 10 s), then analyze. About 40 s.
  --out DIR      where to write (default: notebooks/data/arrival-lab/ in the package)
  --in-process   run the server in this process instead of a child process
  --force        replace 05-note.txt and arrival-model.txt even when they differ (else the
                 analysis's answer is written beside them, as for lab analyze)`;

/** The record subcommand. */
export const subcommand: Subcommand = {
  name: "record",
  summary: "the whole lab end to end",
  usage,
  async run(args, context) {
    const {values, positionals} = parseFlags(args, {out: {type: "string"}, "in-process": {type: "boolean"}, force: {type: "boolean"}});
    if (positionals.length) throw new UsageError(`unexpected argument "${positionals[0]}"`);
    const out = values.out === undefined ? join(context.packageRoot, "notebooks", "data", "arrival-lab") : resolve(context.cwd, values.out);
    if (existsSync(out) && !statSync(out).isDirectory()) throw new UsageError(`--out ${values.out} is not a folder`);
    // Every file the run will write, checked before the 40 s of work (links, pipes, notebooks).
    const shownOut = values.out ?? relative(context.cwd, out);
    if (existsSync(out)) {
      for (const name of [...labInputNames, ...outputNames, ...decisionNames.map(suggestedName)]) {
        const reason = unwritableReason(join(out, name), join(shownOut, name));
        if (reason) throw new UsageError(reason);
      }
    }
    try {
      mkdirSync(out, {recursive: true});
    } catch (error) {
      throw new UsageError(`cannot create ${values.out ?? out}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
    const bar = progressBar(context);
    let analysis;
    try {
      analysis = await recordLab({
        out,
        progress: bar.update,
        startServer: values["in-process"] ? startInProcess : childServer(context.packageRoot),
        force: values.force
      });
    } catch (error) {
      bar.finish();
      throw new CommandError((error as Error).message);
    }
    bar.finish();
    const shown = relative(context.cwd, out) || ".";
    context.stdout(`wrote ${analysis.files.length} answer files and the runs to ${shown}\n`);
    for (const line of placedLines(
      analysis.placed.filter((p) => p.kept),
      (name) => join(shown, name)
    ))
      context.stdout(line + "\n");
    for (const note of analysis.notes) context.stdout(`check ${note}\n`);
    return analysis.skipped.length ? 1 : 0;
  }
};

/**
 * Starts `lab server 0 <ms> <workers>` as a child process through the same entry point this
 * process was started with (bin/queuebook.js, normally) and reads its port from stdout.
 */
function childServer(packageRoot: string) {
  const entry =
    process.argv[1] && /queuebook|cli/.test(process.argv[1])
      ? [...process.execArgv, process.argv[1]]
      : [join(packageRoot, "bin", "queuebook.js")];
  return (serviceMs: number, workers: number) =>
    new Promise<RunningServer>((resolvePromise, reject) => {
      const child = spawn(process.execPath, [...entry, "lab", "server", "0", String(serviceMs), String(workers)], {
        stdio: ["ignore", "pipe", "pipe"]
      });
      let stdout = "",
        stderr = "";
      child.stderr.on("data", (chunk) => (stderr += chunk));
      child.on("error", reject);
      const exited = new Promise<void>((resolveExit) => child.on("exit", () => resolveExit()));
      child.on("exit", (code) => reject(new Error(`lab server exited (${code}): ${stderr.trim()}`)));
      child.stdout.on("data", (chunk) => {
        stdout += chunk;
        const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
        if (match) resolvePromise({url: match[1], stop: () => (child.kill("SIGTERM"), exited)});
      });
    });
}

/** A one-line progress bar on stderr, redrawn in place on a terminal, per step otherwise. */
function progressBar(context: Context) {
  const tty = Boolean(process.stderr.isTTY);
  let lastStep = "",
    lastDrawn = -1;
  const draw = (fraction: number, step: string) => {
    const width = 30,
      filled = Math.round(fraction * width);
    return `[${"#".repeat(filled)}${".".repeat(width - filled)}] ${String(Math.round(fraction * 100)).padStart(3)}% ${step}`;
  };
  return {
    update(fraction: number, step: string) {
      const percent = Math.round(fraction * 100);
      if (tty) {
        if (percent !== lastDrawn || step !== lastStep) context.stderr(`\r${draw(fraction, step).padEnd(60)}`);
      } else if (step !== lastStep) context.stderr(draw(fraction, step) + "\n");
      lastDrawn = percent;
      lastStep = step;
    },
    finish() {
      if (tty && lastDrawn >= 0) context.stderr("\n");
    }
  };
}
