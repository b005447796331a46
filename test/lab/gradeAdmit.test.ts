// The grader's one rule for numbers (src/lab/gradeAdmit.ts): every value the lab's text admits —
// each intermediate exact or as the answer files write it — passes, and every other value with
// the same decimals fails. Swept over each derived answer of the committed folder.
import {readdirSync, readFileSync} from "node:fs";
import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {admits, admittedValues, choices} from "../../src/lab/gradeAdmit.js";
import {gradeLab} from "../../src/lab/grade.js";

const folder = new URL("../../notebooks/data/arrival-lab/", import.meta.url).pathname;
const committed = new Map(readdirSync(folder).map((name) => [name, readFileSync(join(folder, name), "utf8")]));

const setKey = (files: Map<string, string>, name: string, key: string, value: string) =>
  files.set(name, files.get(name)!.replace(new RegExp(`^${key}=.*$`, "m"), `${key}=${value}`));
const setCell = (files: Map<string, string>, name: string, row: number, column: number, value: string) =>
  files.set(
    name,
    files
      .get(name)!
      .split("\n")
      .map((line, i) =>
        i === row
          ? line
              .split("\t")
              .map((c, j) => (j === column ? value : c))
              .join("\t")
          : line
      )
      .join("\n")
  );

/** The failing checks after the edits. */
function failing(edit: (files: Map<string, string>) => void): string[] {
  const files = new Map(committed);
  edit(files);
  return gradeLab((name) => files.get(name))
    .filter((c) => !c.ok)
    .map((c) => `${c.name}: ${c.detail}`);
}

/** Every value from `from` to `to` in steps of 10^-digits, written with `digits` decimals, that the grader passes. */
function passing(from: number, to: number, digits: number, edit: (files: Map<string, string>, value: string) => void): string[] {
  const passed: string[] = [];
  for (let units = Math.round(from * 10 ** digits); units <= Math.round(to * 10 ** digits); units++) {
    const value = (units / 10 ** digits).toFixed(digits);
    if (failing((f) => edit(f, value)).length === 0) passed.push(value);
  }
  return passed;
}

describe("choices(exact, digits, written), admittedValues(f, ...), admits(written, values, digits)", () => {
  it("an intermediate is its exact value, the lab's rounding of it and the learner's line", () => {
    expect(choices(0.04295442, 4)).toEqual([0.04295442, 0.043]);
    expect(choices(0.04295442, 4, 0.043)).toEqual([0.04295442, 0.043]);
    expect(choices(2, 0)).toEqual([2]);
    expect(choices(0.2, 3, 0.21)).toEqual([0.2, 0.21]);
  });

  it("a derived value is f over every combination of its intermediates' choices", () => {
    expect(admittedValues((a, b) => a + b, [1, 2], [10, 20]).sort((x, y) => x - y)).toEqual([11, 12, 21, 22]);
    expect(admittedValues((a) => a * 2, [3])).toEqual([6]);
  });

  it("passes a value rounded either way at the half, fails anything past half a unit, and NaN", () => {
    expect(admits(0.28, [0.27499999999999997], 2)).toBe(true);
    expect(admits(0.27, [0.275], 2)).toBe(true);
    expect(admits(0.26, [0.275], 2)).toBe(false);
    expect(admits(32.925, [32.92799, 32.92181], 3)).toBe(false); // between two admitted values is not admitted
    expect(admits(NaN, [NaN], 3)).toBe(false);
  });
});

describe("gradeLab: every value the text admits passes, the rest fail", () => {
  it("predicted_rate: N / (R + Z) from the unrounded mean (32.928) or the written mean_r_s=0.0430 (32.922), nothing between or beside", () => {
    expect(passing(32.9, 32.95, 3, (f, v) => setKey(f, "think.txt", "predicted_rate", v))).toEqual(["32.922", "32.928"]);
  });

  it("predicted_rate follows the learner's own mean_r_s only when that line is right", () => {
    // mean_r_s=0.0440 is wrong, so 8 / (0.044 + 0.2) = 32.787 is not admitted from it.
    expect(failing((f) => (setKey(f, "think.txt", "mean_r_s", "0.0440"), setKey(f, "think.txt", "predicted_rate", "32.787")))).toEqual([
      "think.txt: values: mean_r_s=0.0440 (the CSVs give 0.0430); predicted_rate=32.787 (the CSVs give 32.928 or 32.922)"
    ]);
  });

  it("max_rate: workers / S with S = service_ms (90.909) or the probes' unrounded median 0.0437685 s (91.390), at any decimals", () => {
    const maxRate = (f: Map<string, string>, v: string) => setKey(f, "01-target.txt", "max_rate", v);
    expect(passing(90.89, 90.93, 3, maxRate)).toEqual(["90.909"]);
    expect(passing(91.37, 91.41, 3, maxRate)).toEqual(["91.390"]);
    for (const between of ["91.000", "91.150", "91.300", "100.000"])
      expect(
        failing((f) => maxRate(f, between)),
        between
      ).toHaveLength(1);
    expect(passing(89, 93, 0, (f, v) => setKey(f, "01-target.txt", "max_rate", v))).toEqual(["91"]);
    expect(passing(90.5, 91.5, 1, (f, v) => setKey(f, "01-target.txt", "max_rate", v))).toEqual(["90.9", "91.4"]);
  });

  it("utilization: chosen_rate / max_rate either way (0.28 or 0.27)", () => {
    expect(passing(0.2, 0.35, 2, (f, v) => setKey(f, "01-target.txt", "utilization", v))).toEqual(["0.27", "0.28"]);
  });

  it("the loop as the learner ran it: think_s=0.201 (within 10 ms of the CSV's) carries into N / (R + Z) and N / Z", () => {
    const ran = (f: Map<string, string>) => setKey(f, "think.txt", "think_s", "0.201");
    expect(passing(32.78, 32.8, 3, (f, v) => (ran(f), setKey(f, "think.txt", "predicted_rate", v)))).toEqual(["32.787", "32.793"]);
    expect(passing(39.79, 39.81, 3, (f, v) => (ran(f), setKey(f, "think.txt", "naive_rate", v)))).toEqual(["39.801"]);
  });

  it("cv: sd / mean with the mean unrounded or as schedules.tsv writes it (poisson 0.949 or 0.948, burst 3.385 or 3.388)", () => {
    expect(passing(0.94, 0.96, 3, (f, v) => setCell(f, "schedules.tsv", 1, 3, v))).toEqual(["0.948", "0.949"]);
    expect(passing(3.38, 3.39, 3, (f, v) => setCell(f, "schedules.tsv", 2, 3, v))).toEqual(["3.385", "3.388"]);
  });

  it("answers without an intermediate admit one value: measured_rate, naive_rate, mean_qlen, p95, ratio", () => {
    expect(passing(33.13, 33.14, 3, (f, v) => setKey(f, "think.txt", "measured_rate", v))).toEqual(["33.136"]);
    expect(passing(39.99, 40.01, 3, (f, v) => setKey(f, "think.txt", "naive_rate", v))).toEqual(["40.000"]);
    expect(passing(5.9, 6.1, 1, (f, v) => setKey(f, "05-note.txt", "ratio", v))).toEqual(["6.0"]);
    const p95 = committed.get("latency.tsv")!.split("\n")[2].split("\t")[3];
    expect(passing(Number(p95) - 0.3, Number(p95) + 0.3, 1, (f, v) => setCell(f, "latency.tsv", 2, 3, v))).toEqual([p95]);
  });

  it("formula_workers, underestimate_factor and verdict: one admitted value each here (⌈25 × 0.044⌉ = ⌈25 × 0.0437685⌉ = 2)", () => {
    expect(passing(0, 4, 0, (f, v) => setKey(f, "capacity.txt", "formula_workers", v))).toEqual(["2"]);
    expect(passing(5, 7, 1, (f, v) => setKey(f, "capacity.txt", "underestimate_factor", v))).toEqual(["6.0"]);
    expect(failing((f) => setKey(f, "capacity.txt", "verdict", "ok"))).toEqual(["capacity.txt: values: verdict=ok (the CSVs give under)"]);
  });
});
