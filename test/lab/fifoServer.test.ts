// The serving step both lab simulations share (src/lab/fifoServer.ts).
import {describe, expect, it} from "vitest";
import {fifoServer} from "../../src/lab/fifoServer.js";

const serveAll = (arrivals: number[], options: Parameters<typeof fifoServer>[0]) => {
  const serve = fifoServer(options);
  return arrivals.map((arrive) => ({...serve(arrive)}));
};

describe("fifoServer", () => {
  it("first come, first served on the earliest free worker; the queue length counts the request itself", () => {
    expect(serveAll([0, 0, 0, 2.5], {workers: 2, serviceS: 1})).toEqual([
      {start: 0, end: 1, qlen: 1},
      {start: 0, end: 1, qlen: 2},
      {start: 1, end: 2, qlen: 3},
      {start: 2.5, end: 3.5, qlen: 1}
    ]);
  });

  it("a worker freeing within 1 ns of an arrival is free at it (float noise is no wait)", () => {
    const [, second] = serveAll([0, 0.1 + 0.2 - 0.3 + 1 - 1e-12], {workers: 1, serviceS: 1});
    expect(second.start).toBe(0.1 + 0.2 - 0.3 + 1 - 1e-12);
    expect(second.qlen).toBe(1);
  });

  it("exponential service times are the same for the same seed, and differ for another", () => {
    const a = serveAll([0, 1, 2], {workers: 1, serviceS: 0.5, service: "exponential", seed: 7});
    expect(serveAll([0, 1, 2], {workers: 1, serviceS: 0.5, service: "exponential", seed: 7})).toEqual(a);
    expect(serveAll([0, 1, 2], {workers: 1, serviceS: 0.5, service: "exponential", seed: 8})).not.toEqual(a);
  });

  it("refuses a server without workers", () => {
    expect(() => fifoServer({workers: 0, serviceS: 1})).toThrow("workers must be at least 1, got 0");
  });
});
