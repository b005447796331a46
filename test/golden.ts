// Golden files, shared by the compiler's and the simulator's tests: a mismatch writes
// <name>-changed.<ext> beside the golden file for review; with CI=true a missing golden file
// fails, otherwise it is written (the first run of a new case).
import {existsSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {relative} from "node:path";
import {expect} from "vitest";

const root = new URL("../", import.meta.url).pathname;

/** Compares `actual` with the golden file at `file` (absolute path). */
export function expectGolden(file: string, actual: string): void {
  const changed = file.replace(/(\.[a-z]+)$/, "-changed$1");
  const name = relative(root, file);
  if (!existsSync(file)) {
    if (process.env.CI === "true") throw new Error(`missing golden file ${name}`);
    writeFileSync(file, actual);
    return;
  }
  const expected = readFileSync(file, "utf8");
  if (expected === actual) {
    rmSync(changed, {force: true});
    return;
  }
  writeFileSync(changed, actual);
  expect(actual, `${name} differs; see ${relative(root, changed)}`).toBe(expected);
}
