import {existsSync, mkdtempSync, readFileSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {analyzeLab, outputNames} from "../../src/lab/analyze.js";
import {shapes} from "../../src/lab/schedule.js";
import {run} from "../lab/support/spawn.js";
import {runMain} from "../support/inProcess.js";
import {spawningTestTimeout} from "../support/spawnBudget.js";

const committed = new URL("../../notebooks/data/arrival-lab/", import.meta.url).pathname;
const runs = [
  "01-probe.txt",
  "closed.csv",
  ...["even", "poisson", "burst"].flatMap((s) => [`sched-${s}.csv`, `run-${s}.csv`, `srv-${s}.csv`])
];
const dir = mkdtempSync(join(tmpdir(), "queuebook-lab-record-"));
afterAll(() => rmSync(dir, {recursive: true, force: true}));

// The rates of 01-target.txt are written `trimmed` (src/lab/round.ts): at most 3 decimals, no
// trailing zero, so 4 workers over the measured service time read 100 (40 ms), 62.5 (64 ms) or
// 90.909 (44 ms). The service time is a live measurement, so a run's decimals follow the machine's
// load; every other number of the answer files has a fixed count of decimals.
const trimmedRates = new Set(["max_rate", "chosen_rate"]);
const trimmedNumber = /^\d+(\.\d{0,2}[1-9])?$/;
// Words a live run decides: the shape with the longest queue (a loaded machine's late timers can
// bunch the Poisson run past the bursts) and whether the formula underestimates. Any of them is
// the format; the lab's relations between the numbers are checked at the end of the live test.
const decided: Record<string, string[]> = {"05-note.txt:worst": [...shapes], "capacity.txt:verdict": ["under", "ok"]};

// How many requests a live run records depends on the machine: a loaded one answers some after
// the sender gave up on them, and the server drops what a closed connection was waiting for
// (src/lab/README.md). So a server dump's rows and the answers' record counts are the shape's
// only up to that count; every planned file (the probe, the schedules) has its fixed count.
const liveCounts = new Set(["srv-even.csv", "srv-poisson.csv", "srv-burst.csv"]);

/**
 * A file's shape: each number becomes # with its decimals kept (44 → #, 125.3 → #.1), a trimmed
 * rate `#.≤3`, a decided word the list it is one of (anything else stays as it is, so it
 * differs), a planned CSV's rows counted, a live one's header only.
 */
function shape(name: string, text: string): string[] {
  const lines = text.split("\n");
  if (liveCounts.has(name)) return [lines[0]];
  if (name.endsWith(".csv")) return [lines[0], `${lines.length} lines`];
  if (name === "arrival-model.txt") return lines.map((line) => line.split("=")[0]);
  return lines.map((line) => {
    const [key, value] = line.split("=");
    if (name === "01-target.txt" && trimmedRates.has(key)) return trimmedNumber.test(value) ? `${key}=#.≤3` : line;
    const words = decided[`${name}:${key}`];
    if (words) return words.includes(value) ? `${key}=${words.join("|")}` : line;
    return line.replace(/\d+(\.(\d+))?/g, (_, __, decimals) => (decimals ? `#.${decimals.length}` : "#"));
  });
}

describe("the shape lab record's answer files are checked against", () => {
  const target = (serviceMs: number) =>
    new Map(analyzeLab((name) => (name === "01-probe.txt" ? `${(serviceMs / 1000).toFixed(6)}\n` : undefined), {workers: 4}).files).get(
      "01-target.txt"
    )!;

  it("is the committed file's for every service time a machine can measure (1–400 ms)", () => {
    const committedShape = shape("01-target.txt", readFileSync(join(committed, "01-target.txt"), "utf8"));
    const decimals = new Set<number>();
    for (let ms = 1; ms <= 400; ms++) {
      const text = target(ms);
      expect(shape("01-target.txt", text), `${ms} ms`).toEqual(committedShape);
      decimals.add(/max_rate=\d+(?:\.(\d+))?/.exec(text)![1]?.length ?? 0);
    }
    expect([...decimals].sort()).toEqual([0, 1, 2, 3]); // 100 (40 ms), 62.5 (64 ms), 31.25 (128 ms), 90.909 (44 ms)
  });

  it("tells a rate written another way from the committed one", () => {
    const committedShape = shape("01-target.txt", readFileSync(join(committed, "01-target.txt"), "utf8"));
    for (const wrong of ["100.000", "62.50", "90.9091", "90.", "1e2", "-100", ""]) {
      expect(shape("01-target.txt", target(40).replace("max_rate=100", `max_rate=${wrong}`)), wrong).not.toEqual(committedShape);
    }
    expect(shape("01-target.txt", target(44).replace("utilization=0.28", "utilization=0.275"))).not.toEqual(committedShape);
  });

  it("takes any shape as 05-note.txt's worst and either verdict in capacity.txt, and no other word", () => {
    const note = readFileSync(join(committed, "05-note.txt"), "utf8");
    const capacity = readFileSync(join(committed, "capacity.txt"), "utf8");
    expect(note).toMatch(/^worst=burst\n/);
    expect(capacity).toMatch(/\nverdict=under\n$/);
    for (const worst of shapes)
      expect(shape("05-note.txt", note.replace("worst=burst", `worst=${worst}`)), worst).toEqual(shape("05-note.txt", note));
    expect(shape("capacity.txt", capacity.replace("verdict=under", "verdict=ok"))).toEqual(shape("capacity.txt", capacity));
    for (const wrong of ["Burst", "ramp", "burst ", ""])
      expect(shape("05-note.txt", note.replace("worst=burst", `worst=${wrong}`)), wrong).not.toEqual(shape("05-note.txt", note));
    expect(shape("capacity.txt", capacity.replace("verdict=under", "verdict=over"))).not.toEqual(shape("capacity.txt", capacity));
  });
});

describe("queuebook lab record --out DIR", () => {
  it("runs the whole lab into a folder, and `lab analyze` on it reproduces the committed files' format", {
    timeout: spawningTestTimeout
  }, async () => {
    const record = await run(["lab", "record", "--out", dir]);
    expect(record.stderr).not.toMatch(/Error|\n\s+at /);
    expect(record.code).toBe(0);
    expect(record.stderr).toMatch(/100% done/);
    expect(record.stdout).toMatch(/^wrote 8 answer files/);
    for (const name of [...runs, ...outputNames]) expect(existsSync(join(dir, name)), name).toBe(true);

    const answers = Object.fromEntries(outputNames.map((name) => [name, readFileSync(join(dir, name), "utf8")]));
    // record passes the lab's parameters to the analysis (it knows them); given the same, analyze
    // must write the same files. (Without them it infers the think time from closed.csv, which
    // on a loaded machine can read 0.201 s: timers fire late.)
    const analyze = await runMain(["lab", "analyze", dir, "--workers", "4", "--rate", "25", "--users", "8", "--think", "0.2"], dir);
    expect(analyze.code).toBe(0);
    for (const name of outputNames) expect(readFileSync(join(dir, name), "utf8"), name).toBe(answers[name]);

    for (const name of [...runs, ...outputNames]) {
      const mine = readFileSync(join(dir, name), "utf8");
      const theirs = readFileSync(join(committed, name), "utf8");
      if (name === "01-probe.txt") expect(mine.split("\n").length).toBe(theirs.split("\n").length);
      else if (!name.startsWith("run-") && name !== "closed.csv") expect(shape(name, mine), name).toEqual(shape(name, theirs));
      else expect(mine.split("\n")[0], name).toBe(theirs.split("\n")[0]);
    }
    // The lab's own checks on the fresh run: each shape's records are its dump's rows, at most the 150 sent.
    expect(answers["queue.tsv"]).toMatch(/^even\t\d+\t\d+\t[\d.]+\npoisson\t\d+\t\d+\t[\d.]+\nburst\t\d+\t\d+\t[\d.]+\n$/);
    const records = answers["queue.tsv"]
      .trim()
      .split("\n")
      .map((line) => Number(line.split("\t")[1]));
    expect(records).toEqual(
      shapes.map(
        (s) =>
          readFileSync(join(dir, `srv-${s}.csv`), "utf8")
            .trim()
            .split("\n").length - 1
      )
    );
    for (const count of records) {
      expect(count).toBeGreaterThan(0);
      expect(count).toBeLessThanOrEqual(150);
    }
    const capacity = Object.fromEntries(
      answers["capacity.txt"]
        .trim()
        .split("\n")
        .map((line) => line.split("="))
    );
    const model = Object.fromEntries(
      answers["arrival-model.txt"]
        .trim()
        .split("\n")
        .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)])
    );
    expect(Number(model.workers)).toBeGreaterThanOrEqual(Number(capacity.observed_burst));
    expect(Number(model.workers)).toBeGreaterThan(Number(capacity.formula_workers));
    expect(model.evidence.length).toBeGreaterThanOrEqual(60);
    expect(model.risk.length).toBeGreaterThanOrEqual(40);
  });
});
