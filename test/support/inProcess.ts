// `queuebook …` in this process: main() with its output collected. Most CLI tests prove what a
// command does with its arguments, files and output; a child process adds only its start-up
// (seconds on a loaded machine) to that, so they call main(). A few tests per command still run
// the real binary (test/cli/run.ts) for what only it shows: the exit status and the streams.
import {main} from "../../src/cli/main.js";
import {packageRoot, type CliResult} from "../cli/run.js";

/** Runs `queuebook ...args` through main() in `cwd`, with `env` as the whole environment (empty by default), and collects its output. */
export async function runMain(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  let stdout = "",
    stderr = "";
  const code = await main(args, {packageRoot, cwd, env, stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t)});
  return {code, stdout, stderr};
}
