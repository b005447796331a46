// The open-loop sender (gen.py with a URL): each request leaves at its intended time whether or
// not earlier ones were answered, so a slow server never slows the arrivals down.
import {monotonic, sleepUntil, type Clock} from "./clock.js";
import type {RunRow} from "./csv.js";
import {httpTransport, type Transport} from "./http.js";

/** Options for {@link sendOpenLoop}. */
export interface OpenLoopOptions {
  clock?: Clock;
  transport?: Transport;
  /** How long before a send the timer hands over to setImmediate turns (ms; at most ¼ of the gap). */
  spinMs?: number;
  /** Resolves at `target` seconds on the clock, `spinMs` given (default {@link sleepUntil}; tests pass a virtual one). */
  wait?: (target: number, spinMs: number) => Promise<void>;
  /** Called after each answer with the number answered so far. */
  onAnswer?: (answered: number) => void;
}

/**
 * Sends GET `url` at each intended time (seconds from the start) and resolves, once every
 * request is answered or failed, to rows `i,intended,sent,received,code,error` in seconds from
 * the start. All requests already due go out in the same turn (a burst leaves together).
 */
export async function sendOpenLoop(
  url: string,
  intended: ArrayLike<number>,
  {
    clock = monotonic,
    transport = httpTransport(),
    spinMs = 1.5,
    wait = (target, spin) => sleepUntil(target, clock, spin),
    onAnswer
  }: OpenLoopOptions = {}
): Promise<RunRow[]> {
  const rows: RunRow[] = [];
  const answers: Promise<void>[] = [];
  let answered = 0;
  const t0 = clock();
  for (let i = 0; i < intended.length; i++) {
    if (clock() - t0 < intended[i]) {
      // Spin at most a quarter of the gap, so a fast schedule does not keep a core busy polling.
      const gapMs = i > 0 ? (intended[i] - intended[i - 1]) * 1000 : Infinity;
      await wait(t0 + intended[i], Math.min(spinMs, gapMs / 4));
    }
    const row: RunRow = {i, intended: intended[i], sent: clock() - t0, received: NaN, code: 0, error: ""};
    rows.push(row);
    answers.push(
      transport(url).then(({code, error}) => {
        row.received = clock() - t0;
        row.code = code;
        row.error = error;
        onAnswer?.(++answered);
      })
    );
  }
  await Promise.all(answers);
  return rows;
}
