// A frame clock for the on-call player's tests: frames run when the test says, never on time.
import type {Ticker} from "../../src/components/oncall/player.js";

/** A ticker whose frames run when the test says: `advance(ms)` moves its time and runs the frame asked for, if any; `waiting` says whether one is asked for. */
export function fakeTicker() {
  let time = 0;
  let pending: ((time: number) => void) | null = null;
  const ticker: Ticker = {now: () => time, requestFrame: (f) => ((pending = f), 1), cancelFrame: () => (pending = null)};
  return {
    ticker,
    advance(ms: number) {
      time += ms;
      const f = pending;
      pending = null;
      f?.(time);
    },
    get waiting() {
      return pending !== null;
    }
  };
}
