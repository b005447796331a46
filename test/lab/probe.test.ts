import type {Server} from "node:http";
import {afterEach, describe, expect, it} from "vitest";
import {probe} from "../../src/lab/probe.js";
import {close, createLabServer, listen} from "../../src/lab/server.js";

let server: Server | undefined;
afterEach(async () => {
  if (server) await close(server);
});

describe("probe(url, count)", () => {
  it("sends one request at a time and returns each total time in seconds", async () => {
    const lab = createLabServer({serviceMs: 10, workers: 4});
    server = lab.server;
    const port = await listen(server, 0);
    const times = await probe(`http://127.0.0.1:${port}/work`, 3);
    expect(times).toHaveLength(3);
    for (const t of times) expect(t).toBeGreaterThanOrEqual(0.0095);
    expect(Math.max(...lab.records().map((r) => r.qlen))).toBe(1); // never two at once
  });

  it("throws on an answer other than 200", async () => {
    server = createLabServer({serviceMs: 0, workers: 1}).server;
    const port = await listen(server, 0);
    await expect(probe(`http://127.0.0.1:${port}/nope`, 2)).rejects.toThrow(/HTTP 404/);
  });
});
