// "Try it": the whole lab on the in-browser simulated server (src/lab's DES) from the sliders'
// parameters, analysed exactly like the recorded runs.
import {simulateLabFiles} from "../../lab/simLab.js";
import {labRuns, type LabRuns} from "./runs.js";

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

/** The lab's files from the simulation (plan and runs of `count` requests per shape), parsed and analysed at the chosen rate. */
export function simulatedRuns(p: TryItParams): LabRuns {
  const files = simulateLabFiles({
    serviceMs: p.serviceMs,
    workers: p.workers,
    plan: {count: p.count, rate: p.rate, seed: p.seed},
    run: {count: p.count, rate: p.rate, seed: p.seed},
    closed: {users: p.users, thinkS: p.thinkS, durationS: 10},
    burstSize: p.burstSize,
    seed: p.seed
  });
  return labRuns(files, {chosenRate: p.rate, workers: p.workers, users: p.users, thinkS: p.thinkS});
}
