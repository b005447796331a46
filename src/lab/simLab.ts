// The whole lab on the simulated server: the same input files `lab record` writes, computed in
// the browser from the parameters, so analyzeLab can turn them into the same answer files.
import {formatClosed, formatPlan, formatProbe, formatRecords, formatRun} from "./csv.js";
import {simulateClosedLoop} from "./closedDes.js";
import {simulateFifo} from "./des.js";
import {schedule, shapes} from "./schedule.js";

/** The lab's parameters; the defaults are the lab's own (40 ms, 4 workers, 300/150 25 7, 8 0.2 10). */
export interface SimulatedLabOptions {
  serviceMs?: number;
  workers?: number;
  service?: "deterministic" | "exponential";
  /** Round-trip overhead outside the server (s), added to every answer and probe. */
  networkS?: number;
  plan?: {count: number; rate: number; seed: number};
  run?: {count: number; rate: number; seed: number};
  closed?: {users: number; thinkS: number; durationS: number};
  burstSize?: number;
  seed?: number;
}

/**
 * The lab's input files (01-probe.txt, sched-*.csv, run-*.csv, srv-*.csv, closed.csv) from the
 * simulated server: each request is sent exactly at its intended time and answered at its
 * end plus `networkS`.
 */
export function simulateLabFiles({
  serviceMs = 40,
  workers = 4,
  service = "deterministic",
  networkS = 0,
  plan = {count: 300, rate: 25, seed: 7},
  run = {count: 150, rate: 25, seed: 7},
  closed = {users: 8, thinkS: 0.2, durationS: 10},
  burstSize = 12,
  seed = 1
}: SimulatedLabOptions = {}): Map<string, string> {
  const serviceS = serviceMs / 1000;
  const files = new Map<string, string>();
  const probes = simulateFifo([0, 1, 2, 3, 4, 5], {workers, serviceS, service, seed});
  files.set("01-probe.txt", formatProbe(probes.map((r) => r.end - r.arrive + networkS)));
  for (const shape of shapes) files.set(`sched-${shape}.csv`, formatPlan(schedule(shape, plan.count, plan.rate, plan.seed, {burstSize})));
  for (const shape of shapes) {
    const intended = schedule(shape, run.count, run.rate, run.seed, {burstSize});
    const records = simulateFifo(intended, {workers, serviceS, service, seed});
    files.set(
      `run-${shape}.csv`,
      formatRun(records.map((r, i) => ({i, intended: intended[i], sent: r.arrive, received: r.end + networkS, code: 200, error: ""})))
    );
    files.set(`srv-${shape}.csv`, formatRecords(records));
  }
  files.set("closed.csv", formatClosed(simulateClosedLoop({...closed, workers, serviceS, service, seed, networkS}).rows));
  return files;
}
