// analyzeRecords must give what analyzeLab reads back from
// the files those records are written as: the same numbers, answer files, skipped files, notes
// and error messages, for any records the simulation (real server stand-in) produces.
import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {analyzeLab, analyzeRecords, type AnalyzeOptions, type LabRecords} from "../../src/lab/analyze.js";
import {simulateClosedLoop} from "../../src/lab/closedDes.js";
import {formatClosed, formatPlan, formatRecords, formatRun, type RunRow} from "../../src/lab/csv.js";
import {simulateFifo} from "../../src/lab/des.js";
import {schedule, shapes} from "../../src/lab/schedule.js";

/** The files `lab record` would write for these records (absent parts stay absent). */
function filesOf(r: LabRecords): Map<string, string> {
  const files = new Map<string, string>();
  if (r.probes) files.set("01-probe.txt", r.probes.map((s) => s.toFixed(6) + "\n").join(""));
  for (const s of shapes) {
    if (r.sched?.[s]) files.set(`sched-${s}.csv`, formatPlan(r.sched[s]!));
    if (r.run?.[s]) files.set(`run-${s}.csv`, formatRun(r.run[s]!));
    if (r.srv?.[s]) files.set(`srv-${s}.csv`, formatRecords(r.srv[s]!));
  }
  if (r.closed) files.set("closed.csv", formatClosed(r.closed));
  return files;
}

const lab = fc.record({
  rate: fc.double({min: 2, max: 120, noNaN: true}),
  count: fc.integer({min: 2, max: 200}),
  burstSize: fc.integer({min: 1, max: 30}),
  serviceS: fc.double({min: 0.001, max: 0.3, noNaN: true}),
  workers: fc.integer({min: 1, max: 12}),
  seed: fc.integer({min: 1, max: 1000}),
  exponential: fc.boolean(),
  networkS: fc.constantFrom<number>(0, 0.0003, 0.0123456789),
  users: fc.integer({min: 1, max: 12}),
  thinkS: fc.double({min: 0.001, max: 0.5, noNaN: true}),
  /** Each request fails (code 0) with this chance. */
  failures: fc.constantFrom<number>(0, 0.1, 1),
  /** Which parts exist: probes, sched, run, srv, closed, then per shape. */
  present: fc.array(fc.boolean(), {minLength: 8, maxLength: 8}).map((b) => b.map((x, k) => x || k % 2 === 0 || k > 5)),
  options: fc.record(
    {
      workers: fc.integer({min: 1, max: 12}),
      chosenRate: fc.integer({min: 1, max: 90}),
      users: fc.integer({min: 1, max: 12}),
      thinkS: fc.double({min: 0.01, max: 1, noNaN: true})
    },
    {requiredKeys: []}
  )
});

type Lab = typeof lab extends fc.Arbitrary<infer T> ? T : never;

/** Records as the simulated server would leave them, with some requests failed and some parts absent. */
function recordsOf(p: Lab): LabRecords {
  const sim = {
    workers: p.workers,
    serviceS: p.serviceS,
    seed: p.seed,
    service: p.exponential ? ("exponential" as const) : ("deterministic" as const)
  };
  const random = (() => {
    let x = p.seed;
    return () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
  })();
  const [probes, sched, run, srv, closed, even, poisson, burst] = p.present;
  const keep = {even, poisson, burst};
  const r: LabRecords = {sched: {}, run: {}, srv: {}};
  if (probes) r.probes = simulateFifo([0, 1, 2, 3, 4, 5], sim).map((x) => x.end - x.arrive + p.networkS);
  for (const s of shapes) {
    if (!keep[s]) continue;
    const plan = schedule(s, p.count, p.rate, p.seed, {burstSize: p.burstSize});
    const records = simulateFifo(plan, sim);
    if (sched) r.sched![s] = plan;
    if (srv) r.srv![s] = records;
    if (run)
      r.run![s] = records.map(
        (x, i): RunRow =>
          random() < p.failures
            ? {i, intended: plan[i], sent: x.arrive, received: x.arrive + 0.5, code: 0, error: "timeout"}
            : {i, intended: plan[i], sent: x.arrive, received: x.end + p.networkS, code: 200, error: ""}
      );
  }
  if (closed)
    r.closed = simulateClosedLoop({
      users: p.users,
      thinkS: p.thinkS,
      durationS: 2,
      workers: p.workers,
      serviceS: p.serviceS,
      seed: p.seed,
      service: sim.service,
      networkS: p.networkS
    }).rows.map((row) => (random() < p.failures ? {...row, code: 0, error: "refused"} : row));
  return r;
}

/** The outcome of a computation: its value, or the error it threw (class and message). */
function outcome<T>(f: () => T): {value: T} | {error: string} {
  try {
    return {value: f()};
  } catch (error) {
    return {error: `${(error as Error).name}: ${(error as Error).message}`};
  }
}

describe("analyzeRecords(records, options)", () => {
  it("gives analyzeLab's numbers, files, skipped files, notes and errors for the files of the same records", () => {
    fc.assert(
      fc.property(lab, (p) => {
        const records = recordsOf(p);
        const files = filesOf(records);
        const options: AnalyzeOptions = p.options;
        expect(outcome(() => analyzeRecords(records, options))).toEqual(outcome(() => analyzeLab((name) => files.get(name), options)));
      }),
      {numRuns: 150}
    );
  });

  it("writes byte-identical answer files for the lab's own parameters (the whole lab present)", () => {
    const p = {
      rate: 25,
      count: 300,
      burstSize: 12,
      serviceS: 0.04,
      workers: 4,
      seed: 7,
      exponential: false,
      networkS: 0.0003,
      users: 8,
      thinkS: 0.2,
      failures: 0,
      present: Array(8).fill(true),
      options: {}
    };
    const records = recordsOf(p);
    const files = filesOf(records);
    const fromRecords = analyzeRecords(records);
    expect(fromRecords.files.map(([name]) => name)).toContain("arrival-model.txt");
    expect(fromRecords).toEqual(analyzeLab((name) => files.get(name)));
  });

  it("refuses a probe its file would write as 0.000000 as the file's reader does (fast-check's counterexample: exponential service of 1 ms, no network)", () => {
    const records: LabRecords = {probes: [0.0021, 0.0011, 0.0013, 0.0000004, 0.0017, 0.0012]};
    const files = filesOf(records);
    expect(files.get("01-probe.txt")).toContain("0.000000\n");
    const fromFiles = outcome(() => analyzeLab((name) => files.get(name), {workers: 1}));
    expect(fromFiles).toEqual({error: "LabFileError: 01-probe.txt:4:1: a response time must be above 0 s, got 0.000000"});
    expect(outcome(() => analyzeRecords(records, {workers: 1}))).toEqual(fromFiles);
    // the smallest time a file keeps, 0.000001 s, is still a time: the later check on the median speaks
    const kept = outcome(() => analyzeRecords({probes: [0.0000005, 0.0000006]}, {workers: 1}));
    expect(kept).toEqual(outcome(() => analyzeLab((name) => filesOf({probes: [0.0000005, 0.0000006]}).get(name), {workers: 1})));
  });

  it("leaves the caller's records as they were (closed rows are sorted by a copy)", () => {
    const records = recordsOf({
      rate: 25,
      count: 50,
      burstSize: 12,
      serviceS: 0.04,
      workers: 2,
      seed: 3,
      exponential: true,
      networkS: 0,
      users: 4,
      thinkS: 0.1,
      failures: 0,
      present: Array(8).fill(true),
      options: {}
    });
    const before = structuredClone(records);
    analyzeRecords(records);
    expect(records).toEqual(before);
  });
});

describe("times rounded to the microsecond in memory", () => {
  it("read back as the files write them, ties and awkward floats included", () => {
    const times = fc.oneof(
      fc.double({min: 0, max: 1e7, noNaN: true}),
      fc.integer({min: 0, max: 1e12}).map((n) => (n + 0.5) / 1e6), // halfway between two microseconds
      fc.integer({min: 0, max: 1e9}).map((n) => n / 1e6 + 0.0000005),
      fc.integer({min: 0, max: 1e6}).map((n) => n * 0.04)
    );
    fc.assert(
      fc.property(fc.array(times, {minLength: 2, maxLength: 20}), (values) => {
        const sorted = [...values].sort((a, b) => a - b);
        const records: LabRecords = {sched: {even: sorted, poisson: sorted, burst: sorted}};
        const files = filesOf(records);
        expect(outcome(() => analyzeRecords(records))).toEqual(outcome(() => analyzeLab((name) => files.get(name))));
      }),
      {numRuns: 300}
    );
  });
});
