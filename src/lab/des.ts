// A discrete-event simulation of the lab server: c workers, one FIFO queue, fed by a schedule.
// It returns the same seq,arrive,start,end,qlen records as the real server's /dump, so the
// notebook can run the lab live in the browser and compare with the recorded runs.
import {fifoServer, tieS} from "./fifoServer.js";

export {tieS};

/** One request as the server (real or simulated) records it; times in seconds. */
export interface LabRecord {
  /** Arrival order, from 0. */
  seq: number;
  arrive: number;
  start: number;
  end: number;
  /** Requests in the system at this one's arrival, itself included. */
  qlen: number;
}

/** Options for {@link simulateFifo}. */
export interface SimulateFifoOptions {
  workers: number;
  /** The service time in seconds (the mean, when exponential). */
  serviceS: number;
  /** deterministic (M/D/c-like, the lab's timer) or exponential (M/M/c). */
  service?: "deterministic" | "exponential";
  /** Seeds the exponential service times. */
  seed?: number;
}

/**
 * Simulates a FIFO server with `workers` workers on arrival times in nondecreasing order.
 * FIFO with identical workers lets each request in turn take the worker that frees first:
 * start = max(arrive, earliest free time), end = start + service (Kiefer–Wolfowitz). A second
 * heap holds the ends of the requests still in the system, so qlen is its size + 1 after
 * removing the ends at or before the arrival — an end at the same instant goes first, as in
 * {@link maxConcurrency}. Times within {@link tieS} (1 ns) count as the same instant, so float
 * noise (i/25 + 0.04 vs (i + 1)/25) cannot turn a handover into an overlap.
 */
export function simulateFifo(arrivals: ArrayLike<number>, options: SimulateFifoOptions): LabRecord[] {
  const records: LabRecord[] = []; // pushed, not new Array(n): a large preallocated array is a slow dictionary
  simulateFifoInto(arrivals, options, (seq, arrive, start, end, qlen) => void records.push({seq, arrive, start, end, qlen}));
  return records;
}

/** The records as columns: the same fields as {@link LabRecord}, index = seq. */
export interface RecordColumns {
  arrive: Float64Array;
  start: Float64Array;
  end: Float64Array;
  qlen: Uint32Array;
}

/** Like {@link simulateFifo}, but into typed columns: no object per request, for long runs. */
export function simulateFifoColumns(arrivals: ArrayLike<number>, options: SimulateFifoOptions): RecordColumns {
  const n = arrivals.length;
  const columns = {arrive: new Float64Array(n), start: new Float64Array(n), end: new Float64Array(n), qlen: new Uint32Array(n)};
  simulateFifoInto(arrivals, options, (seq, arrive, start, end, qlen) => {
    columns.arrive[seq] = arrive;
    columns.start[seq] = start;
    columns.end[seq] = end;
    columns.qlen[seq] = qlen;
  });
  return columns;
}

/** Like {@link simulateFifo}, but hands each record's fields to `emit` instead of building objects. */
export function simulateFifoInto(
  arrivals: ArrayLike<number>,
  {workers, serviceS, service = "deterministic", seed = 1}: SimulateFifoOptions,
  emit: (seq: number, arrive: number, start: number, end: number, qlen: number) => void
): void {
  const serve = fifoServer({workers, serviceS, service, seed});
  let previous = -Infinity;
  for (let seq = 0; seq < arrivals.length; seq++) {
    const arrive = arrivals[seq];
    if (arrive < previous) throw new RangeError(`arrivals must be in time order (index ${seq})`);
    previous = arrive;
    const {start, end, qlen} = serve(arrive);
    emit(seq, arrive, start, end, qlen);
  }
}
