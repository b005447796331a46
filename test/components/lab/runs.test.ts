// The notebook's data layer: labRuns gives analyzeLab's files and labNumbers' values for a
// folder; answerValue/answerCell read what the files say; Try it is the simulation's files
// analysed the same way.
import {readdirSync, readFileSync} from "node:fs";
import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {analyzeLab, labNumbers} from "../../../src/lab/analyze.js";
import {simulateLabFiles} from "../../../src/lab/simLab.js";
import {formulaWorkers} from "../../../src/lab/little.js";
import {answerCell, answerValue, labRuns} from "../../../src/components/lab/runs.js";
import {simulatedRuns} from "../../../src/components/lab/tryIt.js";

const folder = new URL("../../../notebooks/data/arrival-lab/", import.meta.url).pathname;
const committed = new Map(readdirSync(folder).map((name) => [name, readFileSync(join(folder, name), "utf8")]));

describe("labRuns", () => {
  const runs = labRuns(committed);
  it("carries analyzeLab's files and labNumbers' values", () => {
    expect(runs.answers).toEqual(new Map(analyzeLab((name) => committed.get(name)).files));
    expect(runs.numbers).toEqual(labNumbers((name) => committed.get(name)).values);
    expect(runs.run.burst).toHaveLength(150);
    expect(runs.sched.even).toHaveLength(300);
  });

  it("reads values and cells as the answer files write them", () => {
    const capacity = committed.get("capacity.txt")!;
    expect(answerValue(runs.answers, "capacity.txt", "observed_burst")).toBe(/observed_burst=(.*)/.exec(capacity)![1]);
    const burst = committed
      .get("latency.tsv")!
      .split("\n")
      .find((l) => l.startsWith("burst\t"))!
      .split("\t");
    expect(answerCell(runs.answers, "latency.tsv", "burst", 3)).toBe(burst[3]);
    expect(answerValue(runs.answers, "capacity.txt", "nope")).toBe("");
  });

  it("names a missing input", () => {
    const partial = new Map(committed);
    partial.delete("closed.csv");
    expect(() => labRuns(partial)).toThrow("closed.csv is missing");
  });
});

describe("simulatedRuns", () => {
  it("is the simulation's lab files analysed like recorded runs", () => {
    const p = {rate: 30, count: 120, burstSize: 10, serviceMs: 35, workers: 3, seed: 9, users: 6, thinkS: 0.15};
    const files = simulateLabFiles({
      serviceMs: 35,
      workers: 3,
      plan: {count: 120, rate: 30, seed: 9},
      run: {count: 120, rate: 30, seed: 9},
      closed: {users: 6, thinkS: 0.15, durationS: 10},
      burstSize: 10,
      seed: 9
    });
    const expected = labRuns(files, {chosenRate: 30, workers: 3, users: 6, thinkS: 0.15});
    const actual = simulatedRuns(p);
    // The analysis is the files' own; the charts' records are the simulation's, equal to the files' to their 6 decimals.
    expect(actual.files).toEqual(files);
    expect(actual.answers).toEqual(expected.answers);
    expect(actual.numbers).toEqual(expected.numbers);
    const sixDecimals = (value: unknown): unknown =>
      typeof value === "number"
        ? Math.round(value * 1e6) / 1e6
        : Array.isArray(value)
          ? value.map(sixDecimals)
          : value && typeof value === "object"
            ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, sixDecimals(v)]))
            : value;
    for (const key of ["probes", "sched", "run", "srv", "closed"] as const)
      expect(sixDecimals(actual[key]), key).toEqual(sixDecimals(expected[key]));
    expect(answerValue(expected.answers, "capacity.txt", "formula_workers")).toBe(String(formulaWorkers(30, 0.035))); // the simulated probes take exactly the service time
  });
});
