// Rows in any order (issue 19): a threaded server or sender writes srv-*.csv and run-*.csv in
// completion order. The committed run with those rows shuffled gives byte for byte the same
// answers from `lab analyze` (the CLI, on disk), from the page's upload job, and the grader
// passes it; a shuffled schedule is still refused (its order is the data).
import {mkdtemp, readdir, readFile, rm, writeFile} from "node:fs/promises";
import {readdirSync, readFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {analyzeLab, outputNames} from "../../src/lab/analyze.js";
import {gradeLab} from "../../src/lab/grade.js";
import {mulberry32} from "../../src/lab/random.js";
import {uploadJob} from "../../src/components/lab/uploadJob.js";
import {byArrival} from "../../src/components/lab/charts.js";
import {parseRecords} from "../../src/lab/csv.js";
import {runMain} from "../support/inProcess.js";

const dataDir = new URL("../../notebooks/data/arrival-lab/", import.meta.url).pathname;
const committed = new Map(readdirSync(dataDir).map((name) => [name, readFileSync(join(dataDir, name), "utf8")]));
const inputs = new Map([...committed].filter(([name]) => !outputNames.includes(name)));

/** The file's header, then its rows in a seeded random order. */
function shuffled(text: string, seed: number): string {
  const [header, ...rows] = text.trimEnd().split("\n");
  const random = mulberry32(seed);
  for (let k = rows.length - 1; k > 0; k--) {
    const j = Math.floor(random() * (k + 1));
    [rows[k], rows[j]] = [rows[j], rows[k]];
  }
  return [header, ...rows].join("\n") + "\n";
}

/** Every srv-*.csv and run-*.csv shuffled; the rest as committed. */
const shuffledInputs = new Map([...inputs].map(([name, text], k) => [name, /^(srv|run)-/.test(name) ? shuffled(text, 11 + k) : text]));
const expected = analyzeLab((name) => inputs.get(name)).files;

describe("srv-*.csv and run-*.csv rows in any order", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "queuebook-any-order-"));
    for (const [name, text] of shuffledInputs) await writeFile(join(dir, name), text);
  });
  afterAll(async () => void (dir && (await rm(dir, {recursive: true, force: true}))));

  it("the shuffle really moved rows (the test could fail)", () => {
    for (const name of ["srv-burst.csv", "run-poisson.csv"]) expect(shuffledInputs.get(name)).not.toBe(inputs.get(name));
  });

  it("analyzeLab gives the same eight answer files, byte for byte", () => {
    expect(analyzeLab((name) => shuffledInputs.get(name)).files).toEqual(expected);
  });

  it("lab analyze on disk writes the same files and exits 0", async () => {
    const result = await runMain(["lab", "analyze", dir], dir);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const written = new Map(
      await Promise.all(
        (await readdir(dir)).filter((n) => outputNames.includes(n)).map(async (n) => [n, await readFile(join(dir, n), "utf8")] as const)
      )
    );
    expect(written).toEqual(new Map(expected));
  });

  it("the page's upload job accepts them and computes the same answers; the grader passes them", () => {
    const outcome = uploadJob(
      [...shuffledInputs].filter(([name]) => /^(srv|run)-/.test(name)).map(([name, text]) => ({name, text})),
      {inputs, answers: new Map(expected)}
    );
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect([...outcome.runs.answers]).toEqual(expected);
    expect(outcome.checks.filter((c) => !c.ok)).toEqual([]);
    expect(gradeLab((name) => shuffledInputs.get(name) ?? new Map(expected).get(name)).filter((c) => !c.ok)).toEqual([]);
  });

  it("the queue figure draws them in arrival order (byArrival), and leaves ordered records as they are", () => {
    const records = parseRecords("srv-burst.csv", shuffledInputs.get("srv-burst.csv")!);
    const drawn = byArrival(records);
    expect(drawn.every((r, k) => k === 0 || drawn[k - 1].arrive <= r.arrive)).toBe(true);
    expect(drawn).toHaveLength(records.length);
    const ordered = parseRecords("srv-burst.csv", inputs.get("srv-burst.csv")!);
    expect(byArrival(ordered)).toBe(ordered);
  });

  it("a shuffled sched-*.csv is still refused, by the CLI's analysis and the page's job alike", () => {
    const plan = shuffled(inputs.get("sched-poisson.csv")!, 3);
    expect(() => analyzeLab((name) => (name === "sched-poisson.csv" ? plan : inputs.get(name)))).toThrow(
      /^sched-poisson\.csv:\d+:\d+: column "(i|intended)": /
    );
    const outcome = uploadJob([{name: "sched-poisson.csv", text: plan}], {inputs, answers: new Map(expected)});
    expect(outcome.ok).toBe(false);
    if (!outcome.ok)
      expect(outcome.errors[0]).toMatch(
        /^sched-poisson\.csv:\d+:\d+: column "(i|intended)": .*(expected increasing values|times out of order)$/
      );
  });
});
