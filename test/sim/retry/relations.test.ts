// The retry model's relations one by one (src/sim/retry/relations.ts).
import {describe, expect, it} from "vitest";
import {
  amplification,
  backoffDelay,
  BACKOFF_CAP_S,
  capacity,
  retryAllowance,
  RETRY_WORKERS,
  SERVICE_TIME_S,
  stuckLoad,
  timeoutShareAt
} from "../../../src/sim/retry/model.js";

describe("the retry model's relations", () => {
  it("capacity(N, S) = N/S", () => {
    expect(capacity(RETRY_WORKERS, SERVICE_TIME_S)).toBe(1500);
    expect(capacity(150, 0.2)).toBe(750);
  });
  it("timeoutShareAt(W, T, S) is e^(−(T − W)/S) below the timeout and 1 from it on", () => {
    expect(timeoutShareAt(0, 2, 0.1)).toBeCloseTo(Math.exp(-20), 15);
    expect(timeoutShareAt(1.9, 2, 0.1)).toBeCloseTo(Math.exp(-1), 12);
    expect(timeoutShareAt(2, 2, 0.1)).toBe(1);
    expect(timeoutShareAt(10, 2, 0.1)).toBe(1);
    // monotone in the wait
    const shares = [0, 0.5, 1, 1.5, 1.99].map((w) => timeoutShareAt(w, 2, 0.1));
    expect([...shares].sort((a, b) => a - b)).toEqual(shares);
  });
  it("backoffDelay(retry, backoff): none 0, fixed 1 s, exponential doubling up to the cap", () => {
    expect([1, 2, 3].map((r) => backoffDelay(r, 0))).toEqual([0, 0, 0]);
    expect([1, 2, 3].map((r) => backoffDelay(r, 1))).toEqual([1, 1, 1]);
    expect([1, 2, 3, 4, 5].map((r) => backoffDelay(r, 2))).toEqual([1, 2, 4, 8, 16]);
    expect(backoffDelay(20, 2)).toBe(BACKOFF_CAP_S);
  });
  it("retryAllowance(b, fresh) = b/(1 − b)·fresh, unlimited at b = 1", () => {
    expect(retryAllowance(0.1, 900)).toBeCloseTo(100, 10);
    expect(retryAllowance(0, 900)).toBe(0);
    expect(retryAllowance(1, 900)).toBe(Infinity);
    // the allowance makes retries exactly share b of all attempts
    const r = retryAllowance(0.25, 600);
    expect(r / (600 + r)).toBeCloseTo(0.25, 12);
  });
  it("amplification(p, L) = 1 + p + … + p^L and stuckLoad = fresh·min(1 + L, 1/(1 − b))", () => {
    expect(amplification(0, 3)).toBe(1);
    expect(amplification(1, 3)).toBe(4);
    expect(amplification(0.5, 2)).toBe(1.75);
    expect(stuckLoad(1000, 3, 1)).toBe(4000);
    expect(stuckLoad(1000, 3, 0.1)).toBeCloseTo(1000 / 0.9, 9);
    expect(stuckLoad(1000, 0, 0.5)).toBe(1000);
  });
});
