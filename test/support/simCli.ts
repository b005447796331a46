// `queuebook sim` in this process, for the sim command's tests: main() with the output collected,
// and the check every refusal of its arguments passes.
import {expect} from "vitest";
import type {CliResult} from "../cli/run.js";

export {runMain} from "./inProcess.js";

/** Checks a refused `queuebook sim`: exit 2, nothing on stdout, one line naming the problem, then the usage. */
export function expectUsageError(result: CliResult, problem: RegExp): void {
  expect(result.code).toBe(2);
  expect(result.stdout).toBe("");
  const [first, second] = result.stderr.split("\n");
  expect(first).toMatch(/^queuebook sim: /);
  expect(first).toMatch(problem);
  expect(second).toBe("usage: queuebook sim [options]");
}
