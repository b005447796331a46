// `npm run test:times`: a reporter that writes the seconds each test file took (its import and
// collection, its hooks and tests) into test/file-times.json, which the order the files start in
// reads (fileOrder.ts). Only a run in which every file passed writes it: a failing file's time
// says little. The files of this run are written anew, the others kept, those gone dropped.
import {existsSync, renameSync, writeFileSync} from "node:fs";
import {relative} from "node:path";
import type {Reporter, TestModule, Vitest} from "vitest/node";
import {fileTimesPath, readFileTimes, type FileTimes} from "./fileOrder.js";

/** The times to keep: `measured` over `kept`, only of the paths that `exists` still finds, in path order, to the tenth of a second. */
export function mergedTimes(kept: FileTimes, measured: FileTimes, exists: (path: string) => boolean): FileTimes {
  const all = {...kept, ...measured};
  return Object.fromEntries(
    Object.keys(all)
      .filter(exists)
      .sort()
      .map((path) => [path, Math.round(all[path] * 10) / 10])
  );
}

export default class FileTimesReporter implements Reporter {
  private root = "";

  onInit(vitest: Vitest): void {
    this.root = vitest.config.root;
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>, errors: ReadonlyArray<unknown>): void {
    if (errors.length || !modules.length || modules.some((module) => module.state() !== "passed")) {
      console.log("test:times: not every file passed; test/file-times.json is left as it was");
      return;
    }
    const measured: FileTimes = {};
    for (const module of modules) {
      const {collectDuration, duration} = module.diagnostic();
      measured[relative(this.root, module.moduleId)] = (collectDuration + duration) / 1000;
    }
    const times = mergedTimes(readFileTimes(), measured, (path) => existsSync(`${this.root}/${path}`));
    const tmp = `${fileTimesPath}.tmp-${process.pid}`;
    writeFileSync(tmp, `${JSON.stringify(times, null, 1)}\n`);
    renameSync(tmp, fileTimesPath);
    console.log(`test:times: the times of ${modules.length} files written to test/file-times.json`);
  }
}
