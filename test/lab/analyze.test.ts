import {readFileSync} from "node:fs";
import {describe, expect, it} from "vitest";
import {analyzeLab, outputNames} from "../../src/lab/analyze.js";
import {formatClosed, formatPlan, formatRecords, formatRun} from "../../src/lab/csv.js";
import {simulateFifo} from "../../src/lab/des.js";
import {folderReader} from "../../src/lab/files.js";
import {schedule, shapes} from "../../src/lab/schedule.js";
import {LabFileError, LabInputError} from "../../src/lab/table.js";

/** A lab folder as the ideal server would leave it: the simulation stands in for the server. */
function idealFolder(): Map<string, string> {
  const files = new Map<string, string>();
  files.set("01-probe.txt", "0.040100\n0.040300\n0.039900\n0.040200\n0.055000\n0.040000\n");
  for (const shape of shapes) {
    files.set(`sched-${shape}.csv`, formatPlan(schedule(shape, 300, 25, 7)));
    const plan = schedule(shape, 150, 25, 7);
    const records = simulateFifo(plan, {workers: 4, serviceS: 0.04});
    files.set(`srv-${shape}.csv`, formatRecords(records));
    files.set(
      `run-${shape}.csv`,
      formatRun(records.map((r, i) => ({i, intended: plan[i], sent: r.arrive, received: r.end, code: 200, error: ""})))
    );
  }
  // 8 users, R = 40 ms, Z = 200 ms, five rounds each: 40 answers between 0 s and 1.0 s (the last think is outside the span)
  const rows = [];
  for (let user = 0; user < 8; user++) for (let k = 0; k < 5; k++) rows.push({user, sent: k * 0.24, received: k * 0.24 + 0.04, code: 200});
  files.set("closed.csv", formatClosed(rows));
  return files;
}

describe("analyzeLab(read, options)", () => {
  it("writes the lab's eight files in step order with the spec's formats", () => {
    const files = idealFolder();
    const {files: out, skipped, notes} = analyzeLab((name) => files.get(name));
    expect(skipped).toEqual([]);
    expect(out.map(([name]) => name)).toEqual(outputNames);
    const text = Object.fromEntries(out);
    expect(text["01-target.txt"]).toBe("service_ms=40\nworkers=4\nmax_rate=100\nchosen_rate=25\nutilization=0.25\n");
    expect(text["schedules.tsv"]).toMatch(
      /^even\t300\t0\.0400\t0\.000\npoisson\t300\t0\.\d{4}\t(0\.9|1\.0)\d\d\nburst\t300\t0\.0385\t3\.\d{3}\n$/
    );
    expect(text["latency.tsv"].split("\n")[0]).toBe("even\t150\t40.0\t40.0");
    expect(text["latency.tsv"].split("\n")[2]).toBe("burst\t150\t80.0\t120.0");
    expect(text["queue.tsv"]).toMatch(/^even\t150\t1\t1\.00\npoisson\t150\t\d+\t\d\.\d\d\nburst\t150\t12\t6\.38\n$/);
    expect(text["05-note.txt"]).toBe("worst=burst\nratio=12.0\n");
    expect(text["think.txt"]).toBe(
      "users=8\nthink_s=0.200\nmean_r_s=0.0400\npredicted_rate=33.333\nmeasured_rate=40.000\nnaive_rate=40.000\n"
    );
    expect(text["capacity.txt"]).toBe("formula_workers=1\nobserved_even=1\nobserved_burst=12\nunderestimate_factor=12.0\nverdict=under\n");
    const model = text["arrival-model.txt"].split("\n");
    expect(model[0]).toBe("model=burst");
    expect(model[1]).toBe("workers=12");
    expect(model[2].length - "evidence=".length).toBeGreaterThanOrEqual(60);
    expect(model[2]).toMatch(/schedules\.tsv.*queue\.tsv.*capacity\.txt/);
    expect(model[3].length - "risk=".length).toBeGreaterThanOrEqual(40);
    expect(notes.every((n) => n.endsWith("(equal)"))).toBe(true);
  });

  it("keeps workers above formula_workers even when nothing overlapped", () => {
    const files = idealFolder();
    for (const shape of shapes) files.set(`srv-${shape}.csv`, formatRecords([{seq: 0, arrive: 0, start: 0, end: 0.04, qlen: 1}]));
    const text = Object.fromEntries(analyzeLab((name) => files.get(name), {workers: 4}).files);
    expect(text["arrival-model.txt"]).toMatch(/^model=even\nworkers=2\n/);
  });

  it("skips the files whose inputs are missing and names them", () => {
    const files = idealFolder();
    files.delete("closed.csv");
    files.delete("sched-poisson.csv");
    const {files: out, skipped} = analyzeLab((name) => files.get(name));
    expect(out.map(([name]) => name)).toEqual(["01-target.txt", "latency.tsv", "queue.tsv", "05-note.txt", "capacity.txt"]);
    expect(skipped.map((s) => s.name)).toEqual(["schedules.tsv", "think.txt", "arrival-model.txt"]);
    expect(skipped[0].missing).toEqual(["sched-poisson.csv"]);
    expect(skipped[2].missing).toEqual(expect.arrayContaining(["closed.csv", "sched-poisson.csv"]));
  });

  it("reads workers from srv-*.csv and the think time from closed.csv unless given", () => {
    const files = idealFolder();
    const text = Object.fromEntries(analyzeLab((name) => files.get(name), {workers: 8, thinkS: 0.25, users: 4, chosenRate: 50}).files);
    expect(text["01-target.txt"]).toBe("service_ms=40\nworkers=8\nmax_rate=200\nchosen_rate=50\nutilization=0.25\n");
    expect(text["think.txt"]).toMatch(/^users=4\nthink_s=0\.250\n/);
  });
});

/** The message analyzeLab throws on `files`, after `change` edits them. */
function rejection(change: (files: Map<string, string>) => void, options = {}): string {
  const files = idealFolder();
  change(files);
  try {
    analyzeLab((name) => files.get(name), options);
  } catch (error) {
    expect(error).toBeInstanceOf(LabInputError);
    expect((error as Error).message).not.toMatch(/\n/);
    return (error as Error).message;
  }
  throw new Error("expected analyzeLab to reject the input");
}

describe("analyzeLab rejects degenerate input instead of answering NaN, Infinity or a negative", () => {
  it("a header-only srv-*.csv (ratio would be Infinity or NaN)", () => {
    for (const shape of shapes)
      expect(rejection((f) => f.set(`srv-${shape}.csv`, "seq,arrive,start,end,qlen\n"))).toBe(
        `srv-${shape}.csv:2:1: no records after the header (run the shape, then GET /dump before the next /reset)`
      );
  });

  it("a probe of zeros, a negative probe, a probe that rounds to 0 ms, an empty probe", () => {
    expect(rejection((f) => f.set("01-probe.txt", "0\n0\n0\n"))).toBe("01-probe.txt:1:1: a response time must be above 0 s, got 0");
    expect(rejection((f) => f.set("01-probe.txt", "0.04\n-0.04\n"))).toBe("01-probe.txt:2:1: a response time must be above 0 s, got -0.04");
    expect(rejection((f) => f.set("01-probe.txt", "0.0004\n0.0003\n"))).toMatch(
      /^01-probe\.txt:1:1: the median probe, 0\.00035 s, rounds to 0 ms/
    );
    expect(rejection((f) => f.set("01-probe.txt", ""))).toMatch(/^01-probe\.txt:1:1: no times/);
  });

  it("a shuffled schedule, one with a single request and one that never moves forward", () => {
    const rows = formatPlan(schedule("even", 300, 25, 7))
      .trim()
      .split("\n");
    [rows[5], rows[6]] = [rows[6], rows[5]];
    expect(rejection((f) => f.set("sched-even.csv", rows.join("\n") + "\n"))).toBe(
      'sched-even.csv:7:1: column "i": 4 comes after 5 on the line above: expected increasing values'
    );
    expect(rejection((f) => f.set("sched-poisson.csv", "i,intended\n0,0\n"))).toBe(
      "sched-poisson.csv:3:1: 1 request: a schedule needs at least 2 to have an interval"
    );
    expect(rejection((f) => f.set("sched-burst.csv", "i,intended\n0,1\n1,1\n2,1\n"))).toMatch(
      /^sched-burst\.csv:4:1: every intended time is the same/
    );
  });

  it("a run where nothing was answered 200, and a closed loop without a success, without time or without think time", () => {
    expect(rejection((f) => f.set("run-burst.csv", "i,intended,sent,received,code,error\n0,0,0,0.1,0,ECONNREFUSED\n"))).toBe(
      "run-burst.csv:2:1: no request was answered 200, so there is no latency to report"
    );
    expect(rejection((f) => f.set("closed.csv", "user,sent,received,code\n"))).toBe("closed.csv:2:1: no requests after the header");
    expect(rejection((f) => f.set("closed.csv", "user,sent,received,code\n0,0,0.1,503\n0,0.3,0.4,503\n"))).toBe(
      "closed.csv:2:1: no request was answered 200"
    );
    expect(rejection((f) => f.set("closed.csv", "user,sent,received,code\n0,1,1,200\n1,1,1,200\n"), {thinkS: 0.2})).toMatch(
      /^closed\.csv:2:1: the run lasted 0 s/
    );
    expect(rejection((f) => f.set("closed.csv", "user,sent,received,code\n0,0,0.1,200\n1,0,0.1,200\n"))).toMatch(
      /^closed\.csv:2:1: each user sent one request only/
    );
    expect(rejection(() => {}, {thinkS: 0})).toMatch(/^closed\.csv: think_s=0: the naive rate N\/Z needs a think time above 0/);
  });

  it("NaN, Infinity or a word in any numeric cell of any input, named at its file:line:column", () => {
    const names = ["01-probe.txt", "closed.csv", ...shapes.flatMap((s) => [`sched-${s}.csv`, `run-${s}.csv`, `srv-${s}.csv`])];
    for (const name of names)
      for (const bad of ["NaN", "Infinity", "-Infinity", "1e400", "OK"]) {
        const message = rejection((f) => f.set(name, f.get(name)!.replace(/(?<=\n(?:[^\n]*,)?)0\.0\d+/, bad)));
        expect(message, `${name} ${bad}`).toMatch(new RegExp(`^${name.replace(".", "\\.")}:\\d+:\\d+: `));
      }
  });

  it("throws LabFileError with the place as fields, for the notebook's uploads", () => {
    const files = idealFolder();
    files.set("srv-even.csv", "seq,arrive,start,end,qlen\n0,0,0,0.04,1\n1,0.04,0.04,0.08,OK\n");
    expect(() => analyzeLab((name) => files.get(name))).toThrow(expect.objectContaining({file: "srv-even.csv", line: 3, column: 18}));
    expect(() => analyzeLab((name) => files.get(name))).toThrow(LabFileError);
  });
});

describe("analyzeLab on large inputs (linear, iterative: no stack overflow, no copy per row)", () => {
  it("200,000 server records in one srv-*.csv", () => {
    const files = idealFolder();
    const plan = schedule("poisson", 200_000, 80, 3);
    files.set("srv-even.csv", formatRecords(simulateFifo(plan, {workers: 4, serviceS: 0.04})));
    const text = Object.fromEntries(analyzeLab((name) => files.get(name)).files);
    expect(text["queue.tsv"].split("\n")[0]).toMatch(/^even\t200000\t\d+\t/);
  });

  it("40,000 closed-loop rows", () => {
    const files = idealFolder();
    const rows = [];
    for (let k = 0; k < 5_000; k++)
      for (let user = 0; user < 8; user++) rows.push({user, sent: k * 0.24, received: k * 0.24 + 0.04, code: 200});
    files.set("closed.csv", formatClosed(rows));
    expect(Object.fromEntries(analyzeLab((name) => files.get(name)).files)["think.txt"]).toBe(
      "users=8\nthink_s=0.200\nmean_r_s=0.0400\npredicted_rate=33.333\nmeasured_rate=33.339\nnaive_rate=40.000\n"
    );
  });
});

describe("analyzeLab on the committed run (notebooks/data/arrival-lab)", () => {
  const folder = new URL("../../notebooks/data/arrival-lab/", import.meta.url).pathname;
  it("reproduces every committed answer file from the committed CSVs", () => {
    const {files, skipped} = analyzeLab(folderReader(folder));
    expect(skipped).toEqual([]);
    for (const [name, text] of files) expect(text, name).toBe(readFileSync(folder + name, "utf8"));
  });
});
