// `queuebook …` as a child process with Chromium at hand, for the browser tests that export and
// render (export, its guards, the report): node bin/queuebook.js, as a user runs it.
import {spawn} from "node:child_process";
import {join} from "node:path";
import {chromiumPath} from "../e2e/harness.js";

const packageRoot = new URL("../../", import.meta.url).pathname;

/** What one run printed and how it exited. */
export interface QueuebookRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `queuebook …args` in `cwd` with this process's environment, QUEUEBOOK_CHROMIUM at the tests' Chromium, and `env` over both. */
export function runQueuebook(args: string[], cwd: string, env: Record<string, string> = {}): Promise<QueuebookRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(packageRoot, "bin/queuebook.js"), ...args], {
      cwd,
      env: {...process.env, QUEUEBOOK_CHROMIUM: chromiumPath, ...env},
      stdio: ["ignore", "pipe", "pipe"]
    });
    let stdout = "",
      stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({code, stdout, stderr}));
  });
}
