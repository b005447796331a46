// The serving step both lab simulations share (des.ts for open arrivals, closedDes.ts for a
// closed loop): `workers` identical workers take requests first come, first served; a request
// starts at max(arrival, the earliest free worker) and ends a service time later
// (Kiefer–Wolfowitz), and the queue length it sees is the requests in the system then, itself
// included. Times within tieS (1 ns) count as the same instant, so float noise never makes a
// worker look busy at the moment it frees.
import {MinHeap} from "./heap.js";
import {exponentialWithRate, mulberry32} from "./random.js";

/** Two times closer than this (seconds) are the same instant. */
export const tieS = 1e-9;

/** The server: its worker count and service time. */
export interface FifoServerOptions {
  workers: number;
  /** The service time in seconds (the mean, when exponential). */
  serviceS: number;
  service?: "deterministic" | "exponential";
  /** Seeds the exponential service times. */
  seed?: number;
}

/** One served request; the serve function reuses this object (read it before the next call). */
export interface Served {
  start: number;
  end: number;
  /** Requests in the system when it arrived, itself included. */
  qlen: number;
}

/** A server in its empty state: call the returned function with each arrival, in time order. */
export function fifoServer(
  {workers, serviceS, service = "deterministic", seed = 1}: FifoServerOptions,
  expected = 64
): (arrive: number) => Served {
  if (!(workers >= 1)) throw new RangeError(`workers must be at least 1, got ${workers}`);
  const random = mulberry32(seed);
  const free = new MinHeap(workers);
  for (let w = 0; w < workers; w++) free.push(-Infinity);
  const inSystem = new MinHeap(expected);
  const served: Served = {start: 0, end: 0, qlen: 0};
  return (arrive) => {
    while (inSystem.size && inSystem.peek()! <= arrive + tieS) inSystem.pop();
    const earliest = free.pop()!;
    served.start = earliest <= arrive + tieS ? arrive : earliest;
    served.end = served.start + (service === "exponential" ? exponentialWithRate(random, 1 / serviceS) : serviceS);
    free.push(served.end);
    inSystem.push(served.end);
    served.qlen = inSystem.size;
    return served;
  };
}
