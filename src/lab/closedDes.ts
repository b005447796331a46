// The closed loop on the simulated server: N users, each sending, waiting for the answer,
// thinking and sending again, so the arrivals depend on the server's answers.
import type {ClosedRow} from "./csv.js";
import type {LabRecord} from "./des.js";
import {fifoServer} from "./fifoServer.js";

/** Options for {@link simulateClosedLoop}. */
export interface SimulateClosedOptions {
  users: number;
  thinkS: number;
  durationS: number;
  workers: number;
  /** The service time in seconds (the mean, when exponential). */
  serviceS: number;
  service?: "deterministic" | "exponential";
  seed?: number;
  /** Time from the server's end to the user's answer (s); the think starts after it. */
  networkS?: number;
}

/**
 * Simulates `users` closed-loop users against a FIFO server with `workers` workers. Sends are
 * taken from a heap of next-send times, so they reach the server in time order and each can
 * take the worker that frees first (as in {@link simulateFifo}); a user's next send is its answer
 * plus the think time, while that is before `durationS`. Returns the users' rows (as
 * `lab closed` writes them) and the server's records (as `/dump` answers them).
 */
export function simulateClosedLoop({
  users,
  thinkS,
  durationS,
  workers,
  serviceS,
  service = "deterministic",
  seed = 1,
  networkS = 0
}: SimulateClosedOptions): {rows: ClosedRow[]; records: LabRecord[]} {
  const serve = fifoServer({workers, serviceS, service, seed}, users);
  // Next sends, one per user still active, scanned linearly (users are few); ties go to the lower user.
  const sends: [time: number, user: number][] = Array.from({length: users}, (_, user) => [0, user]);
  const rows: ClosedRow[] = [];
  const records: LabRecord[] = [];
  while (sends.length) {
    let k = 0;
    for (let j = 1; j < sends.length; j++)
      if (sends[j][0] < sends[k][0] || (sends[j][0] === sends[k][0] && sends[j][1] < sends[k][1])) k = j;
    const [arrive, user] = sends[k];
    const {start, end, qlen} = serve(arrive);
    records.push({seq: records.length, arrive, start, end, qlen});
    const received = end + networkS;
    rows.push({user, sent: arrive, received, code: 200});
    if (received + thinkS < durationS) sends[k] = [received + thinkS, user];
    else sends.splice(k, 1);
  }
  return {rows, records};
}
