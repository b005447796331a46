// The closed-loop driver (closed.py): N virtual users, each sending one request, waiting for the
// answer, thinking, and repeating until the duration ends — so a slower server gets less load.
import {monotonic, sleep, type Clock} from "./clock.js";
import type {ClosedRow} from "./csv.js";
import {httpTransport, type Transport} from "./http.js";

/** Options for {@link runClosedLoop}. */
export interface ClosedLoopOptions {
  users: number;
  thinkS: number;
  durationS: number;
  clock?: Clock;
  transport?: Transport;
  /** Waits between a user's answer and its next send (default setTimeout). */
  think?: (ms: number) => Promise<void>;
  /** Called after each answer with the seconds elapsed. */
  onAnswer?: (elapsedS: number) => void;
}

/**
 * Runs the closed loop and resolves to rows `user,sent,received,code` (seconds from the
 * start, ordered by send time). A user sends only while the duration has not ended; the last
 * requests may be answered after it.
 */
export async function runClosedLoop(
  url: string,
  {users, thinkS, durationS, clock = monotonic, transport = httpTransport(), think = sleep, onAnswer}: ClosedLoopOptions
): Promise<ClosedRow[]> {
  const rows: ClosedRow[] = [];
  const t0 = clock();
  const user = async (id: number) => {
    while (clock() - t0 < durationS) {
      const sent = clock() - t0;
      const {code, error} = await transport(url);
      const received = clock() - t0;
      rows.push({user: id, sent, received, code, ...(error ? {error} : {})});
      onAnswer?.(received);
      if (clock() - t0 + thinkS >= durationS) break; // the next send would fall after the end
      await think(thinkS * 1000);
    }
  };
  await Promise.all(Array.from({length: users}, (_, id) => user(id)));
  return rows.sort((a, b) => a.sent - b.sent);
}
