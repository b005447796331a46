import type {Server} from "node:http";
import {afterEach, describe, expect, it} from "vitest";
import {parseRecords} from "../../src/lab/csv.js";
import {httpTransport, loadAgent} from "../../src/lab/http.js";
import {sendOpenLoop} from "../../src/lab/openLoop.js";
import {schedule} from "../../src/lab/schedule.js";
import {close, createLabServer, listen, type LabServerOptions} from "../../src/lab/server.js";
import {maxConcurrency, maxInService} from "../../src/lab/stats.js";

let running: Server | undefined;
afterEach(async () => {
  if (running) await close(running);
  running = undefined;
});

async function start(options: LabServerOptions) {
  const lab = createLabServer({log: () => {}, ...options});
  running = lab.server;
  const port = await listen(lab.server, 0);
  return {...lab, url: `http://127.0.0.1:${port}`};
}

describe("createLabServer({serviceMs, workers})", () => {
  it("under a bounded loopback load keeps one record per request, arrive ≤ start ≤ end, ≤ workers in service, FIFO", async () => {
    const {url} = await start({serviceMs: 20, workers: 3});
    const agent = loadAgent();
    const plan = schedule("burst", 48, 100, 1, {burstSize: 12}); // 4 bursts of 12, 120 ms apart
    const rows = await sendOpenLoop(url + "/work", plan, {transport: httpTransport({agent})});
    agent.destroy();
    expect(rows.every((r) => r.code === 200)).toBe(true);
    const records = parseRecords("dump", await (await fetch(url + "/dump")).text());
    expect(records.map((r) => r.seq)).toEqual(Array.from({length: 48}, (_, i) => i));
    for (const r of records) {
      expect(r.arrive).toBeLessThanOrEqual(r.start);
      expect(r.start).toBeLessThan(r.end);
      expect(r.end - r.start).toBeGreaterThanOrEqual(0.019);
    }
    expect(maxInService(records)).toBe(3);
    for (let i = 1; i < records.length; i++) {
      expect(records[i].arrive).toBeGreaterThan(records[i - 1].arrive);
      expect(records[i].start).toBeGreaterThan(records[i - 1].start); // FIFO: served in arrival order
    }
    expect(Math.max(...records.map((r) => r.qlen))).toBe(maxConcurrency(records));
    expect(Math.max(...records.map((r) => r.qlen))).toBeGreaterThanOrEqual(12); // a whole burst waits at once
  });

  it("answers /reset by clearing the records and /dump with the CSV header", async () => {
    const {url} = await start({serviceMs: 1, workers: 1});
    expect((await fetch(url + "/work")).status).toBe(200);
    expect((await (await fetch(url + "/dump")).text()).split("\n")[1]).toMatch(/^0,\d+\.\d{6},\d+\.\d{6},\d+\.\d{6},1$/);
    expect((await fetch(url + "/reset")).status).toBe(200);
    expect(await (await fetch(url + "/dump")).text()).toBe("seq,arrive,start,end,qlen\n");
  });

  it("answers 404 to unknown paths and 405 to other methods", async () => {
    const {url} = await start({serviceMs: 0, workers: 1});
    expect((await fetch(url + "/nope")).status).toBe(404);
    const post = await fetch(url + "/work", {method: "POST", body: "x"});
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET");
    expect((await fetch(url + "/work?x=1")).status).toBe(200);
  });

  it("answers 503 past maxRecords and says why once", async () => {
    const logged: string[] = [];
    const {url} = await start({serviceMs: 0, workers: 2, maxRecords: 3, log: (m) => logged.push(m)});
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await fetch(url + "/work")).status);
    expect(codes).toEqual([200, 200, 200, 503, 503]);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/3 records/);
    await fetch(url + "/reset");
    expect((await fetch(url + "/work")).status).toBe(200);
  });

  it("gives every event a distinct increasing time even when the clock stands still", async () => {
    let waiting: (() => void)[] = [];
    const {url, records} = await start({serviceMs: 5, workers: 1, clock: () => 42, wait: (_, done) => void waiting.push(done)});
    const answers = [fetch(url + "/work"), fetch(url + "/work")];
    while (waiting.length === 0) await new Promise((r) => setTimeout(r, 5));
    await new Promise((r) => setTimeout(r, 50)); // let the second request arrive and queue
    for (let k = 0; k < 2; k++) {
      const step = waiting;
      waiting = [];
      step.forEach((done) => done());
      while (k === 0 && waiting.length === 0) await new Promise((r) => setTimeout(r, 5));
    }
    await Promise.all(answers);
    const [a, b] = records();
    expect(a.arrive).toBeLessThan(b.arrive);
    expect(a.end).toBeLessThan(b.start);
    expect([a.qlen, b.qlen]).toEqual([1, 2]);
    expect(maxConcurrency(records())).toBe(2);
  });
});
