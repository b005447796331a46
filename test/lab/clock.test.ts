import {afterEach, describe, expect, it, vi} from "vitest";
import {maxTimerMs, sleep, sleepUntil} from "../../src/lab/clock.js";

afterEach(() => void vi.useRealTimers());

describe("sleep(ms) and sleepUntil(target, clock)", () => {
  it("sleeps longer than one timer holds in pieces, instead of firing after 1 ms", async () => {
    vi.useFakeTimers();
    const warnings: unknown[] = [];
    const onWarning = (w: unknown) => void warnings.push(w);
    process.on("warning", onWarning);
    let done = false;
    void sleep(maxTimerMs + 5_000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(maxTimerMs);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(done).toBe(true);
    process.off("warning", onWarning);
    expect(warnings).toEqual([]);
  });

  it("reaches a target days away on timers, with only a few setImmediate turns at the end", async () => {
    vi.useFakeTimers();
    const clock = () => Date.now() / 1000;
    const target = clock() + 3e6; // 34.7 days: more than one timer holds
    let turns = 0;
    const realSetImmediate = globalThis.setImmediate;
    vi.spyOn(globalThis, "setImmediate").mockImplementation(((fn: () => void) => (turns++, realSetImmediate(fn))) as typeof setImmediate);
    const done = sleepUntil(target, clock, 1.5);
    await vi.advanceTimersByTimeAsync(3e9);
    await done;
    expect(clock()).toBeGreaterThanOrEqual(target);
    expect(turns).toBeLessThan(10); // a spin through 3e9 ms of fake time would be millions of turns
  });

  it("keeps sleeping when a timer fires early, instead of spinning out the rest", async () => {
    // A clock that lags: each timer ends 40 % short of what was asked, as a wrong timer would.
    let now = 0;
    const clock = () => now;
    const realSetTimeout = globalThis.setTimeout;
    let timers = 0;
    vi.spyOn(globalThis, "setTimeout").mockImplementation(((fn: () => void, ms: number) => {
      timers++;
      now += (ms / 1000) * 0.6;
      return realSetTimeout(fn, 0);
    }) as typeof setTimeout);
    let turns = 0;
    const realSetImmediate = globalThis.setImmediate;
    vi.spyOn(globalThis, "setImmediate").mockImplementation(
      ((fn: () => void) => (turns++, (now += 0.0005), realSetImmediate(fn))) as typeof setImmediate
    );
    await sleepUntil(10, clock, 1.5);
    vi.restoreAllMocks();
    expect(now).toBeGreaterThanOrEqual(10);
    expect(timers).toBeGreaterThan(1);
    expect(turns).toBeLessThanOrEqual(6);
  });
});
