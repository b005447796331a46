// "Try it": the whole lab on the in-browser simulated server (src/lab's DES) from the sliders'
// parameters. Its answers are analyzeLab's for the files the simulation would write, computed
// from the records themselves (analyzeRecords: the same numbers without writing the files and
// parsing them back); the files are written only when asked for. The charts take the records as they are.
// Split in two because the closed loop shares no slider with the open-loop shapes but the
// server's: a page that computes them in separate cells redraws only what a slider changed.
// Each part simulates once (the files are written from the same records the charts draw).
import {analyzeRecords, outputNames} from "../../lab/analyze.js";
import {simulateClosedLoop} from "../../lab/closedDes.js";
import {formatClosed, formatPlan, formatProbe, formatRecords, formatRun} from "../../lab/csv.js";
import {simulateFifo} from "../../lab/des.js";
import {schedule, shapes, type Shape} from "../../lab/schedule.js";
import type {SimulatedLabOptions} from "../../lab/simLab.js";
import {labFigures, type LabFigures} from "./figureSeries.js";
import type {LabRuns} from "./runs.js";

/** The sliders' values. */
export interface TryItParams {
  rate: number;
  count: number;
  burstSize: number;
  serviceMs: number;
  workers: number;
  seed: number;
  users: number;
  thinkS: number;
}

/** The sliders the open-loop shapes (steps 3, 4, 5 and 7) depend on. */
export type OpenParams = Pick<TryItParams, "rate" | "count" | "burstSize" | "serviceMs" | "workers" | "seed">;
/** The sliders the closed loop (step 6) depends on. */
export type ClosedParams = Pick<TryItParams, "users" | "thinkS" | "serviceMs" | "workers" | "seed">;

/** The open-loop half of the simulated lab: everything but closed.csv and think.txt. */
export type OpenRuns = Omit<LabRuns, "closed" | "figures"> & {params: OpenParams};
/** The closed-loop half: closed.csv and think.txt. */
export type ClosedRuns = Pick<LabRuns, "files" | "closed" | "numbers" | "answers"> & {params: ClosedParams};

/** The options `simulateLabFiles` takes for these sliders (plan and run alike, no network time): the same files, byte for byte. */
export function labOptions(p: TryItParams): SimulatedLabOptions {
  return {
    serviceMs: p.serviceMs,
    workers: p.workers,
    plan: {count: p.count, rate: p.rate, seed: p.seed},
    run: {count: p.count, rate: p.rate, seed: p.seed},
    closed: {users: p.users, thinkS: p.thinkS, durationS: 10},
    burstSize: p.burstSize,
    seed: p.seed
  };
}

/** The open-loop files (01-probe.txt, sched-*.csv, run-*.csv, srv-*.csv) from one simulation per shape, analysed at the chosen rate. */
export function simulatedOpen(p: OpenParams): OpenRuns {
  const sim = {workers: p.workers, serviceS: p.serviceMs / 1000, seed: p.seed};
  const byShape = <T>(f: (shape: Shape) => T) => Object.fromEntries(shapes.map((s) => [s, f(s)])) as Record<Shape, T>;
  // The plan and the run share count, rate and seed, so one schedule serves both.
  const plans = byShape((s) => schedule(s, p.count, p.rate, p.seed, {burstSize: p.burstSize}));
  const srv = byShape((s) => simulateFifo(plans[s], sim));
  const run = byShape((s) => srv[s].map((r, i) => ({i, intended: plans[s][i], sent: r.arrive, received: r.end, code: 200, error: ""})));
  const probes = simulateFifo([0, 1, 2, 3, 4, 5], sim).map((r) => r.end - r.arrive);
  const analysis = analyzeRecords({probes, sched: plans, run, srv}, {chosenRate: p.rate, workers: p.workers});
  let files: Map<string, string> | undefined;
  return {
    params: p,
    /** The files, written on first use (a download or a test; the page's figures need none). */
    get files() {
      if (files) return files;
      files = new Map<string, string>([["01-probe.txt", formatProbe(probes)]]);
      for (const s of shapes) files.set(`sched-${s}.csv`, formatPlan(plans[s]));
      for (const s of shapes) files.set(`run-${s}.csv`, formatRun(run[s])), files.set(`srv-${s}.csv`, formatRecords(srv[s]));
      return files;
    },
    probes,
    sched: byShape((s) => plans[s].map((intended, i) => ({i, intended}))),
    run,
    srv,
    numbers: analysis.values,
    answers: new Map(analysis.files)
  };
}

/** The closed loop's closed.csv and think.txt for these users and think time on the simulated server. */
export function simulatedClosed(p: ClosedParams): ClosedRuns {
  const closed = simulateClosedLoop({
    users: p.users,
    thinkS: p.thinkS,
    durationS: 10,
    workers: p.workers,
    serviceS: p.serviceMs / 1000,
    seed: p.seed
  }).rows;
  const analysis = analyzeRecords({closed}, {users: p.users, thinkS: p.thinkS});
  let files: Map<string, string> | undefined;
  return {
    params: p,
    /** closed.csv, written on first use. */
    get files() {
      return (files ??= new Map([["closed.csv", formatClosed(closed)]]));
    },
    closed,
    numbers: analysis.values,
    answers: new Map(analysis.files)
  };
}

/** The whole simulated lab, both halves joined (files and answers in the lab's order). */
export function simulatedRuns(p: TryItParams): LabRuns {
  const open = simulatedOpen(p);
  const loop = simulatedClosed(p);
  const answers = new Map([...open.answers, ...loop.answers]);
  let figures: LabFigures | undefined;
  return {
    probes: open.probes,
    sched: open.sched,
    run: open.run,
    srv: open.srv,
    get files() {
      return new Map([...open.files, ...loop.files]);
    },
    closed: loop.closed,
    /** The figures' series, computed on first use (the page draws the simulation from its records). */
    get figures() {
      return (figures ??= labFigures(open));
    },
    numbers: {...open.numbers, think: loop.numbers.think},
    answers: new Map(outputNames.filter((name) => answers.has(name)).map((name) => [name, answers.get(name)!]))
  };
}

/** Marks a simulated figure with the parameters it was drawn for (`key=value,…`): a test or benchmark waits on it. */
export function drawnFor<T extends Element>(node: T, params: object): T {
  node.setAttribute(
    "data-sim",
    Object.entries(params)
      .map(([key, value]) => `${key}=${value}`)
      .join(",")
  );
  return node;
}
