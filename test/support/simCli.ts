// `queuebook sim` in this process, for the sim command's tests: main() with the output collected,
// and the check every refusal of its arguments passes.
import {expect} from "vitest";
import {main} from "../../src/cli/main.js";
import {packageRoot, type CliResult} from "../cli/run.js";

/** Runs `queuebook ...args` through main() in `cwd`, with an empty environment, and collects its output. */
export async function runMain(args: string[], cwd: string): Promise<CliResult> {
  let stdout = "", stderr = "";
  const code = await main(args, {packageRoot, cwd, env: {}, stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t)});
  return {code, stdout, stderr};
}

/** Checks a refused `queuebook sim`: exit 2, nothing on stdout, one line naming the problem, then the usage. */
export function expectUsageError(result: CliResult, problem: RegExp): void {
  expect(result.code).toBe(2);
  expect(result.stdout).toBe("");
  const [first, second] = result.stderr.split("\n");
  expect(first).toMatch(/^queuebook sim: /);
  expect(first).toMatch(problem);
  expect(second).toBe("usage: queuebook sim [options]");
}
