// Spawns the queuebook CLI for real: `node bin/queuebook.js …` when it bundles, else (while a
// command another engineer owns is not written yet) the same src/cli/main.ts through tsx.
import {spawn, spawnSync, type ChildProcess} from "node:child_process";
import {fileURLToPath} from "node:url";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const bin = root + "bin/queuebook.js";

/** The argv prefix that runs the CLI: bin/queuebook.js, or the tsx fallback. */
export const cli: string[] = (() => {
  const probe = spawnSync(process.execPath, [bin, "--help"], {cwd: root, encoding: "utf8"});
  if (probe.status === 0) return [bin];
  return ["--import", import.meta.resolve("tsx"), root + "test/lab/support/cli.ts"];
})();

/** What a finished CLI run printed and returned. */
export interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Starts `queuebook …args` in `cwd`. */
export function start(args: string[], cwd = root): ChildProcess {
  return spawn(process.execPath, [...cli, ...args], {cwd, stdio: ["ignore", "pipe", "pipe"]});
}

/** Runs `queuebook …args` in `cwd` to the end. */
export function run(args: string[], cwd = root): Promise<Result> {
  return finish(start(args, cwd));
}

/** Collects a started process's output until it exits. */
export function finish(child: ChildProcess): Promise<Result> {
  let stdout = "",
    stderr = "";
  child.stdout!.on("data", (chunk) => (stdout += chunk));
  child.stderr!.on("data", (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.on("close", (code) => resolve({code, stdout, stderr})));
}

/** Resolves to the first stdout line matching `pattern` (the server's "listening on …"). */
export function waitFor(child: ChildProcess, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let text = "";
    child.stdout!.on("data", (chunk) => {
      text += chunk;
      const match = pattern.exec(text);
      if (match) resolve(match);
    });
    child.on("exit", (code) => reject(new Error(`exited with ${code} before printing ${pattern}`)));
  });
}
