// Runs the real CLI (node bin/queuebook.js …) as a child process, as a user would. Most CLI tests
// call main() in this process instead (test/support/inProcess.ts); these prove what only the real
// binary shows: its exit status and its output streams.
import {spawn} from "node:child_process";
import {childBudgetMs} from "../support/spawnBudget.js";

export const packageRoot = new URL("../../", import.meta.url).pathname;

/** Result of one CLI run. */
export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `queuebook ...args` in `cwd` and collects its output; killed past `timeoutMs` (default: the scaled child budget, test/support/spawnBudget.ts). */
export function runCli(args: string[], options: {cwd?: string; timeoutMs?: number} = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [packageRoot + "bin/queuebook.js", ...args], {
      cwd: options.cwd ?? packageRoot,
      stdio: ["ignore", "pipe", "pipe"]
    });
    let stdout = "",
      stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? childBudgetMs);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({code, stdout, stderr});
    });
  });
}
