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
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, number] => typeof entry[1] === "number" && entry[1] >= 0));
  } catch {
    return {};
  }
}

/** `paths` unknown first, then longest first; equal times by path, so the order is the same on every machine. */
export function longestFirst(paths: string[], times: FileTimes): string[] {
  const time = (path: string) => (Object.hasOwn(times, path) ? times[path] : Infinity);
  return [...paths].sort((a, b) => time(b) - time(a) || (a < b ? -1 : a > b ? 1 : 0));
}

/** Vitest's sequencer (its sharding kept), the projects one after another as Vitest has them, each project's files longest first. */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const times = readFileTimes();
    const root = this.ctx.config.root;
    const pathOf = (spec: TestSpecification) => relative(root, spec.moduleId);
    const projects = [...new Set(files.map((spec) => spec.project.name))].sort();
    return projects.flatMap((project) => {
      const specs = files.filter((spec) => spec.project.name === project);
      const byPath = new Map(specs.map((spec) => [pathOf(spec), spec]));
      return longestFirst([...byPath.keys()], times).map((path) => byPath.get(path)!);
    });
  }
}
