// Virtual time for the lab's load tools: a clock that stands still until every pending
// callback has run, then jumps to the next timer. Tests pass its clock, sleeps and transports
// to the tools, so timing is exact and nothing depends on how busy the machine is.

interface Timer {
  at: number;
  order: number;
  resolve: () => void;
}

/** A virtual clock (seconds) with timers; {@link VirtualTime.run} drives it. */
export class VirtualTime {
  now = 0;
  private timers: Timer[] = [];
  private order = 0;

  /** The clock to pass as `clock`. */
  clock = () => this.now;

  /** Resolves after `ms` virtual milliseconds (a `sleep`/`think`). */
  sleep = (ms: number): Promise<void> => this.until(this.now + ms / 1000);

  /** Resolves at `target` virtual seconds (a `sleepUntil`). */
  until = (target: number): Promise<void> =>
    new Promise((resolve) => this.timers.push({at: Math.max(target, this.now), order: this.order++, resolve}));

  /** A transport whose every answer takes `ms` virtual milliseconds. */
  transport =
    (ms: number, answer = {code: 200, error: ""}) =>
    async () => (await this.sleep(ms), answer);

  /**
   * Runs until `promise` settles: lets every ready callback run (one setImmediate turn drains
   * the microtasks), then advances to the earliest timer and fires it, and so on. A promise
   * that waits on nothing virtual is a deadlock and throws.
   */
  async run<T>(promise: Promise<T>): Promise<T> {
    let settled = false;
    promise.then(
      () => (settled = true),
      () => (settled = true)
    );
    for (;;) {
      await new Promise((resolve) => setImmediate(resolve));
      if (settled) return promise;
      if (this.timers.length === 0) throw new Error("virtual time: the promise waits on nothing that virtual time can fire");
      let k = 0;
      for (let j = 1; j < this.timers.length; j++) {
        const [a, b] = [this.timers[j], this.timers[k]];
        if (a.at < b.at || (a.at === b.at && a.order < b.order)) k = j;
      }
      const [timer] = this.timers.splice(k, 1);
      this.now = timer.at;
      timer.resolve();
    }
  }
}

/** Resolves once `condition()` holds, checking after each turn of the event loop (no timers, no sleeps). */
export async function until(condition: () => boolean, what: string, turns = 1_000_000): Promise<void> {
  for (let k = 0; k < turns; k++) {
    if (condition()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`gave up waiting until ${what}`);
}
