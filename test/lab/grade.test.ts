// The grader on the committed lab folder (every check passes) and on mutated copies: each
// mutation breaks one rule, and the checks that fail are exactly the ones that rule implies.
import {mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {checkDecision, gradeLab, inputNames} from "../../src/lab/grade.js";
import {outputNames} from "../../src/lab/analyze.js";
import {formatRecords} from "../../src/lab/csv.js";
import {simulateFifo} from "../../src/lab/des.js";
import {schedule} from "../../src/lab/schedule.js";
import {run} from "./support/spawn.js";
import {scaled, spawningTestTimeout} from "../support/spawnBudget.js";

const folder = new URL("../../notebooks/data/arrival-lab/", import.meta.url).pathname;
const committed = new Map(readdirSync(folder).map((name) => [name, readFileSync(join(folder, name), "utf8")]));

/** The names of the failing checks after `mutate` changed a copy of the committed folder. */
function failing(mutate: (files: Map<string, string>) => void): string[] {
  const files = new Map(committed);
  mutate(files);
  return gradeLab((name) => files.get(name))
    .filter((c) => !c.ok)
    .map((c) => c.name);
}

/** Replaces `key=...` in a key=value file. */
const setKey = (files: Map<string, string>, name: string, key: string, value: string) =>
  files.set(name, files.get(name)!.replace(new RegExp(`^${key}=.*$`, "m"), `${key}=${value}`));

/** Replaces one cell (row, column) of a TSV answer file. */
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

describe("gradeLab", () => {
  it("passes every check on the committed folder, one check per rule", () => {
    const checks = gradeLab((name) => committed.get(name));
    expect(checks.filter((c) => !c.ok)).toEqual([]);
    const names = checks.map((c) => c.name);
    expect(names).toContain("files present");
    for (const name of outputNames) expect(names.some((n) => n.startsWith(name))).toBe(true);
    for (const name of inputNames) expect(names).toContain(`${name}: format`);
  });

  const answerMutations: [string, (f: Map<string, string>) => void, string[]][] = [
    ["a missing answer file", (f) => f.delete("05-note.txt"), ["files present", "05-note.txt: format"]],
    ["service_ms not the probes' median", (f) => setKey(f, "01-target.txt", "service_ms", "40"), ["01-target.txt: values"]],
    ["utilization with 3 decimals", (f) => setKey(f, "01-target.txt", "utilization", "0.275"), ["01-target.txt: format"]],
    ["utilization off", (f) => setKey(f, "01-target.txt", "utilization", "0.30"), ["01-target.txt: values"]],
    ["max_rate of the ideal 40 ms", (f) => setKey(f, "01-target.txt", "max_rate", "100"), ["01-target.txt: values"]],
    ["a wrong cv", (f) => setCell(f, "schedules.tsv", 1, 3, "1.000"), ["schedules.tsv: values"]],
    [
      "rows out of order",
      (f) => f.set("schedules.tsv", f.get("schedules.tsv")!.split("\n").reverse().join("\n")),
      ["schedules.tsv: format"]
    ],
    ["a wrong p95", (f) => setCell(f, "latency.tsv", 2, 3, "99.9"), ["latency.tsv: values"]],
    ["p50 with 2 decimals", (f) => setCell(f, "latency.tsv", 0, 2, "41.70"), ["latency.tsv: format"]],
    ["a wrong mean_qlen", (f) => setCell(f, "queue.tsv", 0, 3, "1.00"), ["queue.tsv: values"]],
    ["the wrong worst shape", (f) => setKey(f, "05-note.txt", "worst", "poisson"), ["05-note.txt: values"]],
    ["a wrong ratio", (f) => setKey(f, "05-note.txt", "ratio", "12.0"), ["05-note.txt: values"]],
    ["predicted_rate with R left out", (f) => setKey(f, "think.txt", "predicted_rate", "40.000"), ["think.txt: values"]],
    ["a think time the CSV does not show", (f) => setKey(f, "think.txt", "think_s", "0.300"), ["think.txt: values"]],
    ["mean_r_s with 3 decimals", (f) => setKey(f, "think.txt", "mean_r_s", "0.043"), ["think.txt: format"]],
    ["formula_workers of the ideal 40 ms", (f) => setKey(f, "capacity.txt", "formula_workers", "1"), ["capacity.txt: values"]],
    ["verdict ok", (f) => setKey(f, "capacity.txt", "verdict", "ok"), ["capacity.txt: values"]],
    ["an unknown model", (f) => setKey(f, "arrival-model.txt", "model", "uniform"), ["arrival-model.txt: model"]],
    [
      "workers below the observed max",
      (f) => setKey(f, "arrival-model.txt", "workers", "11"),
      ["arrival-model.txt: workers ≥ observed max"]
    ],
    [
      "workers not an integer",
      (f) => setKey(f, "arrival-model.txt", "workers", "12.5"),
      ["arrival-model.txt: format", "arrival-model.txt: workers ≥ observed max", "arrival-model.txt: workers > formula_workers"]
    ],
    [
      "evidence too short",
      (f) => setKey(f, "arrival-model.txt", "evidence", "capacity.txt says observed_burst=12"),
      ["arrival-model.txt: evidence"]
    ],
    [
      "evidence citing no file",
      (f) =>
        setKey(
          f,
          "arrival-model.txt",
          "evidence",
          "burst arrivals put 12 requests in the system at once while the formula asked for 2 workers"
        ),
      ["arrival-model.txt: evidence"]
    ],
    [
      "evidence citing no number",
      (f) =>
        setKey(
          f,
          "arrival-model.txt",
          "evidence",
          "capacity.txt and queue.tsv show that bursts pile requests up far beyond what the mean suggests"
        ),
      ["arrival-model.txt: evidence"]
    ],
    ["risk of 39 characters", (f) => setKey(f, "arrival-model.txt", "risk", "x".repeat(39)), ["arrival-model.txt: risk"]]
  ];
  for (const [what, mutate, expected] of answerMutations) it(`fails on ${what}`, () => expect(failing(mutate)).toEqual(expected));

  it("fails a server record count that differs (no /reset between shapes)", () => {
    const drop = (text: string) => text.trimEnd().split("\n").slice(0, -1).join("\n") + "\n";
    expect(failing((f) => f.set("srv-poisson.csv", drop(f.get("srv-poisson.csv")!)))).toEqual([
      "queue.tsv: values",
      "srv-*.csv: equal record counts"
    ]);
  });

  it("fails a qlen column that disagrees with the sweep", () => {
    const lower = (text: string) => text.replace(/,12\n/g, ",11\n");
    expect(failing((f) => f.set("srv-burst.csv", lower(f.get("srv-burst.csv")!)))).toContain("srv-burst.csv: max(qlen) = sweep");
  });

  it("fails a poisson plan that is not exponential and a plan of another mean rate", () => {
    expect(failing((f) => f.set("sched-poisson.csv", f.get("sched-even.csv")!))).toEqual(["schedules.tsv: values", "sched-*.csv: shapes"]);
    const half = (text: string) => text.split("\n").slice(0, 152).join("\n") + "\n";
    expect(failing((f) => f.set("sched-burst.csv", half(f.get("sched-burst.csv")!)))).toEqual([
      "schedules.tsv: values",
      "sched-*.csv: same mean rate"
    ]);
  });

  it("fails an input that does not parse, naming the file, and the values that need it", () => {
    const files = new Map(committed);
    files.set("run-even.csv", files.get("run-even.csv")!.replace("0.041476", "abc"));
    const checks = gradeLab((name) => files.get(name));
    const bad = checks.filter((c) => !c.ok);
    expect(bad.map((c) => c.name)).toEqual(["run-even.csv: format", "latency.tsv: values"]);
    expect(bad[0].detail).toMatch(/^run-even\.csv:3:12: .*"abc"/);
  });

  it("fails a probe file without six numbers", () => {
    expect(failing((f) => f.set("01-probe.txt", "0.044\n0.045\nfast\n0.043\n0.044\n0.044\n"))).toContain("01-probe.txt: format");
  });
});

describe("gradeLab's reasons", () => {
  it("give every value the text admits, lab analyze's first, rounded as it writes them (half up on the decimal digits, not toFixed)", () => {
    // 25 / (4 / 0.044) = 0.27499999999999997: toFixed says 0.27, the committed 01-target.txt says 0.28;
    // from the probes' unrounded median (0.0437685 s) the text gives 25 / (4 / 0.0437685) = 0.2736 → 0.27.
    const files = new Map(committed);
    setKey(files, "01-target.txt", "utilization", "0.31");
    const failed = gradeLab((name) => files.get(name)).filter((c) => !c.ok);
    expect(failed.map((c) => `${c.name}: ${c.detail}`)).toEqual(["01-target.txt: values: utilization=0.31 (the CSVs give 0.28 or 0.27)"]);
    expect(committed.get("01-target.txt")).toMatch(/^utilization=0\.28$/m);
  });
});

describe("gradeLab on large inputs (iterative: no stack overflow)", () => {
  // (a second of CPU on a quiet machine, many on a loaded one: a budget, not a bound on speed)
  it("grades a srv-*.csv of 200,000 records, its max(qlen) against the sweep", {timeout: scaled(120_000)}, () => {
    const files = new Map(committed);
    files.set("srv-poisson.csv", formatRecords(simulateFifo(schedule("poisson", 200_000, 80, 3), {workers: 4, serviceS: 0.04})));
    const sweep = gradeLab((name) => files.get(name)).find((c) => c.name === "srv-poisson.csv: max(qlen) = sweep")!;
    expect(sweep.ok).toBe(true);
    expect(sweep.parts[0].vars.max).toBe(sweep.parts[0].vars.sweep);
  });
});

describe("checkDecision", () => {
  const ok = {
    model: "burst",
    workers: 3,
    evidence: "queue.tsv: burst max_qlen 3 vs even 1, capacity.txt observed_burst=3 over formula 2",
    risk: "bursts larger than three requests queue for a whole service time"
  };
  it("passes a decision that meets every rule", () =>
    expect(checkDecision(ok, {observedMax: 3, formulaWorkers: 2}).every((c) => c.ok)).toBe(true));

  it("fails workers equal to formula_workers alone when that also covers the observed max", () => {
    const checks = checkDecision({...ok, workers: 2}, {observedMax: 2, formulaWorkers: 2});
    expect(checks.filter((c) => !c.ok).map((c) => c.name)).toEqual(["arrival-model.txt: workers > formula_workers"]);
  });

  it("counts Japanese evidence by characters, not bytes", () => {
    const evidence = "queue.tsvでburstの最大待ち行列は12、evenは2でした。capacity.txtのformula_workers=2に対して6倍です。";
    expect([...evidence].length).toBeGreaterThanOrEqual(60);
    const risk = "バーストが12件を超えると、超えた分がサービス時間まるごと待たされ、p95が最初に崩れます。";
    const checks = checkDecision({...ok, evidence, risk}, {observedMax: 3, formulaWorkers: 2});
    expect(checks.filter((c) => !c.ok)).toEqual([]);
    expect(
      checkDecision({...ok, evidence: evidence.slice(0, 40)}, {observedMax: 3, formulaWorkers: 2}).find((c) => c.name.endsWith("evidence"))!
        .ok
    ).toBe(false);
  });
});

describe("queuebook lab grade", () => {
  it("prints one line per check and exits 0 on the committed folder, 1 on a broken copy, 2 on bad usage (the real binary)", {
    timeout: spawningTestTimeout
  }, async () => {
    const copy = mkdtempSync(join(tmpdir(), "queuebook-grade-"));
    try {
      for (const [name, text] of committed)
        writeFileSync(join(copy, name), name === "capacity.txt" ? text.replace("verdict=under", "verdict=ok") : text);
      const [pass, fail, none, extra] = await Promise.all([
        run(["lab", "grade", folder]),
        run(["lab", "grade", copy]),
        run(["lab", "grade", join(copy, "nope")]),
        run(["lab", "grade", folder, "x"])
      ]);
      const checks = gradeLab((name) => committed.get(name));
      expect(pass.code).toBe(0);
      expect(pass.stdout.split("\n").filter((l) => /^(ok {2}|FAIL) /.test(l))).toHaveLength(checks.length);
      expect(pass.stdout).toContain(`all ${checks.length} checks passed`);
      expect(fail.code).toBe(1);
      expect(fail.stdout).toMatch(/^FAIL capacity\.txt: values: verdict=ok \(the CSVs give under\)$/m);
      expect(fail.stdout).toContain(`1 of ${checks.length} checks failed`);
      for (const bad of [none, extra]) {
        expect(bad.code).toBe(2);
        expect(bad.stderr).toMatch(/^queuebook lab grade: \S.*\nusage: queuebook lab grade <dir>/);
      }
    } finally {
      rmSync(copy, {recursive: true, force: true});
    }
  });
});
