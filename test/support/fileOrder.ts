// The order the test files start in: each project's longest first, by the seconds each file took
// in a whole run (test/file-times.json, written by `npm run test:times`), so that no long file is
// left to start near the end and run on alone. A file the list does not know yet starts before
// all others (its time is unknown, so it may be long). Vitest orders by the times of its own last
// run when it has one and by file size when it has none, as in a fresh clone: there the 88 s
// a11y.test.ts, a small file, started in the second half of the run.
import {readFileSync} from "node:fs";
import {relative} from "node:path";
import {BaseSequencer, type TestSpecification} from "vitest/node";

/** Seconds a file took, by its path from the repository's root. */
export type FileTimes = Record<string, number>;

/** Where the times are kept. */
export const fileTimesPath = new URL("../file-times.json", import.meta.url).pathname;

/** The kept times; none when the file is missing or not such a list (every file is then unknown, and the order the paths'). */
export function readFileTimes(path = fileTimesPath): FileTimes {
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, "utf8"));
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, number] => typeof entry[1] === "number" && entry[1] >= 0)
    );
  } catch {
    return {};
  }
}

/** Orders paths unknown first, then longest first; equal times by path, so the order is the same on every machine. */
function byTime(times: FileTimes): (a: string, b: string) => number {
  const time = (path: string) => (Object.hasOwn(times, path) ? times[path] : Infinity);
  return (a, b) => time(b) - time(a) || (a < b ? -1 : a > b ? 1 : 0);
}

/** `paths` in the order of byTime. */
export function longestFirst(paths: string[], times: FileTimes): string[] {
  return [...paths].sort(byTime(times));
}

/** Vitest's sequencer (its sharding kept), the projects one after another as Vitest has them (by group order, then name), each project's files longest first. */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const order = byTime(readFileTimes());
    const pathOf = (spec: TestSpecification) => relative(this.ctx.config.root, spec.moduleId);
    const group = (spec: TestSpecification) => spec.project.config.sequence.groupOrder;
    const project = (spec: TestSpecification) => spec.project.name;
    return [...files].sort(
      (a, b) => group(a) - group(b) || (project(a) < project(b) ? -1 : project(a) > project(b) ? 1 : 0) || order(pathOf(a), pathOf(b))
    );
  }
}
