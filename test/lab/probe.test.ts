import type {Server} from "node:http";
import {afterEach, describe, expect, it} from "vitest";
import {probe} from "../../src/lab/probe.js";
import {close, createLabServer, listen} from "../../src/lab/server.js";
import {VirtualTime} from "./support/virtualTime.js";

let server: Server | undefined;
afterEach(async () => {
  if (server) await close(server);
  server = undefined;
});

describe("probe(url, count, {clock, transport})", () => {
  it("returns each request's total time in seconds, measured on the clock it is given", async () => {
    const time = new VirtualTime();
    let inFlight = 0,
      most = 0;
    const answers = [10, 30, 20];
    const transport = async () => {
      most = Math.max(most, ++inFlight);
      await time.sleep(answers.shift()!);
      inFlight--;
      return {code: 200, error: ""};
    };
    const times = await time.run(probe("http://x/work", 3, {clock: time.clock, transport}));
    expect(times.map((t) => Math.round(t * 1e6))).toEqual([10_000, 30_000, 20_000]);
    expect(most).toBe(1); // one at a time
  });

  it("sends one request at a time to a real lab server", async () => {
    const lab = createLabServer({serviceMs: 0, workers: 4, log: () => {}});
    server = lab.server;
    const port = await listen(server, 0);
    const times = await probe(`http://127.0.0.1:${port}/work`, 3);
    expect(times).toHaveLength(3);
    expect(times.every((t) => t > 0)).toBe(true);
    expect(lab.records().map((r) => r.qlen)).toEqual([1, 1, 1]); // never two at once
  });

  it("throws on an answer other than 200", async () => {
    server = createLabServer({serviceMs: 0, workers: 1}).server;
    const port = await listen(server, 0);
    await expect(probe(`http://127.0.0.1:${port}/nope`, 2)).rejects.toThrow(/HTTP 404/);
  });
});
