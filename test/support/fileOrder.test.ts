import {mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import type {TestSpecification, Vitest} from "vitest/node";
import {fileTimesPath, LongestFirst, longestFirst, readFileTimes} from "./fileOrder.js";
import {mergedTimes} from "./fileTimesReporter.js";

const dir = mkdtempSync(join(tmpdir(), "queuebook-file-order-"));
afterAll(() => rmSync(dir, {recursive: true, force: true}));

describe("the order test files start in", () => {
  it("is unknown files first, then the longest, equal times by path", () => {
    expect(longestFirst(["c.ts", "a.ts", "new.ts", "b.ts", "d.ts"], {"a.ts": 1, "b.ts": 30, "c.ts": 1, "d.ts": 0})).toEqual([
      "new.ts",
      "b.ts",
      "a.ts",
      "c.ts",
      "d.ts"
    ]);
    expect(longestFirst(["b.ts", "a.ts"], {})).toEqual(["a.ts", "b.ts"]);
  });

  it("reads the kept times, and none from a missing or malformed file (then every file is unknown)", () => {
    const times = readFileTimes(fileTimesPath);
    expect(times["test/e2e/a11y.test.ts"]).toBeGreaterThan(0);
    expect(readFileTimes(join(dir, "missing.json"))).toEqual({});
    for (const [name, text] of [
      ["array", "[1]"],
      ["broken", "{"],
      ["null", "null"]
    ]) {
      writeFileSync(join(dir, `${name}.json`), text);
      expect(readFileTimes(join(dir, `${name}.json`)), name).toEqual({});
    }
    writeFileSync(join(dir, "mixed.json"), JSON.stringify({"a.ts": 2, "b.ts": "3", "c.ts": -1, "d.ts": 0}));
    expect(readFileTimes(join(dir, "mixed.json"))).toEqual({"a.ts": 2, "d.ts": 0});
  });

  it("as vitest's sequencer: by group order, then project, each project's kept files longest first", async () => {
    const root = new URL("../../", import.meta.url).pathname;
    const spec = (project: string, path: string, groupOrder = 0) =>
      ({project: {name: project, config: {sequence: {groupOrder}}}, moduleId: join(root, path), path}) as unknown as TestSpecification & {
        path: string;
      };
    const files = [
      spec("unit", "test/sim/formulas/budget.test.ts"),
      spec("unit", "test/cli/lab-record.test.ts"),
      spec("browser", "test/e2e/tabs.test.ts"),
      spec("browser", "test/e2e/a11y.test.ts"),
      spec("later", "test/e2e/present.test.ts", 1)
    ];
    // the kept times know these files (a file moved and timed again drops its old path)
    expect(Object.keys(readFileTimes())).toEqual(expect.arrayContaining(files.map((f) => f.path)));
    const sorted = await new LongestFirst({config: {root}} as unknown as Vitest).sort(files);
    expect(sorted.map((s) => (s as unknown as {path: string}).path)).toEqual([
      "test/e2e/a11y.test.ts",
      "test/e2e/tabs.test.ts",
      "test/cli/lab-record.test.ts",
      "test/sim/formulas/budget.test.ts",
      "test/e2e/present.test.ts"
    ]);
  });

  it("test:times writes this run's times over the kept ones, drops files gone, rounds to tenths", () => {
    expect(mergedTimes({"a.ts": 5, "gone.ts": 3, "b.ts": 1}, {"b.ts": 2.04, "c.ts": 0.26}, (path) => path !== "gone.ts")).toEqual({
      "a.ts": 5,
      "b.ts": 2,
      "c.ts": 0.3
    });
  });
});
