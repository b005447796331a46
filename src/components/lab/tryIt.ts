// "Try it": the whole lab on the in-browser simulated server (src/lab's DES) from the sliders'
// parameters. Its answer files come from analyzeLab over the files simulateLabFiles writes,
// exactly like the recorded runs; the charts take the simulation's records as they are, so
// the files are parsed once (by the analysis), not twice, on every slider move.
import {analyzeLab} from "../../lab/analyze.js";
import {simulateClosedLoop} from "../../lab/closedDes.js";
import {simulate} from "../../lab/des.js";
import {schedule, shapes, type Shape} from "../../lab/schedule.js";
import {simulateLabFiles, type SimulatedLabOptions} from "../../lab/simLab.js";
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

/** The lab's files from the simulation (plan and runs of `count` requests per shape), analysed at the chosen rate, with the records behind them. */
export function simulatedRuns(p: TryItParams): LabRuns {
  const options: Required<Pick<SimulatedLabOptions, "serviceMs" | "workers" | "plan" | "run" | "closed" | "burstSize" | "seed">> = {
    serviceMs: p.serviceMs,
    workers: p.workers,
    plan: {count: p.count, rate: p.rate, seed: p.seed},
    run: {count: p.count, rate: p.rate, seed: p.seed},
    closed: {users: p.users, thinkS: p.thinkS, durationS: 10},
    burstSize: p.burstSize,
    seed: p.seed
  };
  const files = simulateLabFiles(options);
  const analysis = analyzeLab((name) => files.get(name), {chosenRate: p.rate, workers: p.workers, users: p.users, thinkS: p.thinkS});
  // The same simulation calls simulateLabFiles makes (deterministic service, no network time).
  const serviceS = p.serviceMs / 1000;
  const sim = {workers: p.workers, serviceS, seed: p.seed};
  const byShape = <T>(f: (shape: Shape) => T) => Object.fromEntries(shapes.map((s) => [s, f(s)])) as Record<Shape, T>;
  const plans = byShape((s) => schedule(s, p.count, p.rate, p.seed, {burstSize: p.burstSize}));
  const srv = byShape((s) => simulate(plans[s], sim));
  return {
    files,
    probes: simulate([0, 1, 2, 3, 4, 5], sim).map((r) => r.end - r.arrive),
    sched: byShape((s) => plans[s].map((intended, i) => ({i, intended}))),
    run: byShape((s) => srv[s].map((r, i) => ({i, intended: plans[s][i], sent: r.arrive, received: r.end, code: 200, error: ""}))),
    srv,
    closed: simulateClosedLoop({...options.closed, ...sim}).rows,
    numbers: analysis.values,
    answers: new Map(analysis.files)
  };
}
