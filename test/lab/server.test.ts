// The lab server over real sockets on 127.0.0.1. Its clock and its service timer are fakes the
// test drives, and the test waits on conditions (requests in the system, services begun), never
// on sleeps: every assertion is exact whatever the machine's load.
import type {Server} from "node:http";
import {connect, type Socket} from "node:net";
import {afterEach, describe, expect, it} from "vitest";
import {formatRecords, parseRecords} from "../../src/lab/csv.js";
import {httpTransport, loadAgent} from "../../src/lab/http.js";
import {close, createLabServer, listen, type LabServerOptions} from "../../src/lab/server.js";
import {maxConcurrency, maxInService} from "../../src/lab/stats.js";
import {until} from "./support/virtualTime.js";

let running: Server | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  if (running) await close(running);
  running = undefined;
});

async function start(options: Partial<LabServerOptions> = {}) {
  const lab = createLabServer({serviceMs: 40, workers: 1, log: () => {}, ...options});
  running = lab.server;
  const port = await listen(lab.server, 0);
  return {...lab, port, url: `http://127.0.0.1:${port}`};
}

/** A service timer the test controls: each service waits in `pending` until released. */
function manualService() {
  const pending: (() => void)[] = [];
  let started = 0;
  return {
    pending,
    started: () => started,
    wait: (_ms: number, done: () => void) => void (started++, pending.push(done)),
    /** Ends every service now in progress (in the order they began). */
    release: () => pending.splice(0).forEach((done) => done())
  };
}

/** Opens a raw connection and writes `count` pipelined GET /work requests on it. */
async function pipeline(port: number, count: number): Promise<Socket> {
  const socket = connect(port, "127.0.0.1");
  sockets.push(socket);
  socket.on("error", () => {});
  await new Promise((resolve) => socket.once("connect", resolve));
  socket.write("GET /work HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".repeat(count));
  return socket;
}

describe("createLabServer({serviceMs, workers, clock, wait})", () => {
  it("serves FIFO with at most `workers` in service and keeps one record per request, arrive ≤ start ≤ end", async () => {
    let now = 0;
    const service = manualService();
    const lab = await start({workers: 3, clock: () => now, wait: service.wait});
    const agent = loadAgent();
    const transport = httpTransport({agent});
    const answers = Array.from({length: 12}, () => transport(lab.url + "/work"));
    await until(() => lab.inSystem() === 12, "12 requests are in the system");
    expect(service.started()).toBe(3); // three workers: nine wait
    while (service.pending.length) {
      now += 0.02;
      service.release();
      await until(() => service.pending.length > 0 || lab.inSystem() === 0, "the next services begin");
    }
    expect((await Promise.all(answers)).every((a) => a.code === 200)).toBe(true);
    agent.destroy();
    const records = parseRecords("dump", await (await fetch(lab.url + "/dump")).text());
    expect(records.map((r) => r.seq)).toEqual([...Array(12).keys()]);
    expect(records.map((r) => r.qlen)).toEqual(Array.from({length: 12}, (_, k) => k + 1));
    for (let i = 1; i < records.length; i++) {
      expect(records[i].arrive).toBeGreaterThan(records[i - 1].arrive);
      expect(records[i].start).toBeGreaterThan(records[i - 1].start); // FIFO: served in arrival order
    }
    for (const r of records) expect(r.end - r.start).toBeCloseTo(0.02, 5);
    expect(maxInService(records)).toBe(3);
    expect(maxConcurrency(records)).toBe(12);
    // Four rounds of three: the last three start at the third release.
    expect(records.map((r) => Math.round(r.start / 0.02))).toEqual([0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3]);
  });

  it("drops the queued requests of a connection that closed: another client does not wait for them", async () => {
    const service = manualService();
    const lab = await start({workers: 4, wait: service.wait});
    const socket = await pipeline(lab.port, 1000);
    await until(() => lab.inSystem() === 1000, "1,000 pipelined requests are in the system");
    expect(service.started()).toBe(4);
    socket.destroy();
    await until(() => lab.inSystem() === 4, "the 996 waiting requests are dropped");
    const other = fetch(lab.url + "/work");
    await until(() => lab.inSystem() === 5, "the other client's request arrives");
    service.release(); // the four that had started finish; the other client's is next
    await until(() => service.started() === 5, "the other client's request begins");
    service.release();
    expect((await other).status).toBe(200);
    // The four started requests are recorded (they were served), the 996 never-started are not.
    expect(lab.records().map((r) => r.seq)).toEqual([0, 1, 2, 3, 1000]);
    expect(lab.records()[4].qlen).toBe(5);
    expect(lab.inSystem()).toBe(0);
  });

  it("keeps serving a closed connection's neighbours: only that connection's waiting requests go", async () => {
    const service = manualService();
    const lab = await start({workers: 1, wait: service.wait});
    const a = await pipeline(lab.port, 3);
    await until(() => lab.inSystem() === 3, "a's requests arrive");
    const b = await pipeline(lab.port, 2);
    await until(() => lab.inSystem() === 5, "b's requests arrive");
    a.destroy();
    await until(() => lab.inSystem() === 3, "a's two waiting requests are dropped");
    let text = "";
    b.on("data", (chunk) => (text += chunk));
    for (let k = 0; k < 3; k++) {
      service.release();
      await until(() => service.pending.length > 0 || lab.inSystem() === 0, "the next service");
    }
    await until(() => (text.match(/HTTP\/1\.1 200/g) ?? []).length === 2, "b's two answers");
    expect(lab.records().map((r) => r.seq)).toEqual([0, 3, 4]);
  });

  it("drops a waiting request whose client gave up (one request per connection), not the one in service", async () => {
    const service = manualService();
    const lab = await start({workers: 1, wait: service.wait});
    const first = await pipeline(lab.port, 1);
    await until(() => service.started() === 1, "the first request is in service");
    const second = await pipeline(lab.port, 1);
    await until(() => lab.inSystem() === 2, "the second request waits");
    second.destroy();
    first.destroy();
    await until(() => lab.inSystem() === 1, "the waiting request is dropped, the one in service stays");
    service.release();
    await until(() => lab.inSystem() === 0, "the one in service ends");
    expect(service.started()).toBe(1);
    expect(lab.records().map((r) => r.seq)).toEqual([0]); // served, so recorded, though nobody read the answer
  });

  it("gives every event a distinct increasing time even when the clock stands still", async () => {
    const service = manualService();
    const lab = await start({serviceMs: 5, clock: () => 42, wait: service.wait});
    const answers = [fetch(lab.url + "/work"), fetch(lab.url + "/work")];
    await until(() => lab.inSystem() === 2, "both requests arrived");
    service.release();
    await until(() => service.pending.length === 1, "the second begins");
    service.release();
    await Promise.all(answers);
    const [a, b] = lab.records();
    expect(a.arrive).toBeLessThan(b.arrive);
    expect(a.end).toBeLessThan(b.start);
    expect([a.qlen, b.qlen]).toEqual([1, 2]);
    expect(maxConcurrency(lab.records())).toBe(2);
  });

  it("answers /reset by clearing the records and /dump with the CSV header", async () => {
    const lab = await start({serviceMs: 0});
    expect((await fetch(lab.url + "/work")).status).toBe(200);
    expect((await (await fetch(lab.url + "/dump")).text()).split("\n")[1]).toMatch(/^0,\d+\.\d{6},\d+\.\d{6},\d+\.\d{6},1$/);
    expect((await fetch(lab.url + "/reset")).status).toBe(200);
    expect(await (await fetch(lab.url + "/dump")).text()).toBe("seq,arrive,start,end,qlen\n");
  });

  it("answers 404 to unknown paths and 405 to other methods", async () => {
    const lab = await start({serviceMs: 0});
    expect((await fetch(lab.url + "/nope")).status).toBe(404);
    const post = await fetch(lab.url + "/work", {method: "POST", body: "x"});
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET");
    expect((await fetch(lab.url + "/work?x=1")).status).toBe(200);
  });

  it("answers 503 past maxRecords and says why once", async () => {
    const logged: string[] = [];
    const lab = await start({serviceMs: 0, workers: 2, maxRecords: 3, log: (m) => logged.push(m)});
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await fetch(lab.url + "/work")).status);
    expect(codes).toEqual([200, 200, 200, 503, 503]);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/3 records/);
    await fetch(lab.url + "/reset");
    expect((await fetch(lab.url + "/work")).status).toBe(200);
  });

  /** Serves `count` requests of 0 ms one by one (a clock that ticks 1 ms a reading). */
  async function served(lab: Awaited<ReturnType<typeof start>>, count: number) {
    const agent = loadAgent();
    const transport = httpTransport({agent});
    for (let i = 0; i < count; i += 100)
      await Promise.all(Array.from({length: Math.min(100, count - i)}, () => transport(lab.url + "/work")));
    agent.destroy();
  }

  it("writes /dump in slices, answering /work between them, with formatRecords' bytes", async () => {
    let tick = 0;
    const paused: (() => void)[] = [];
    const lab = await start({
      serviceMs: 0,
      workers: 4,
      clock: () => (tick += 0.001),
      dumpSlice: 100,
      yieldNow: (resume) => void paused.push(resume)
    });
    await served(lab, 1000);
    const expected = formatRecords(lab.records());
    const dump = fetch(lab.url + "/dump").then((r) => r.text());
    let ended = false;
    void dump.then(() => (ended = true));
    await until(() => paused.length === 1, "the dump stops after its first slice");
    // While the dump waits, /work is answered: the dump does not hold the event loop.
    expect((await fetch(lab.url + "/work")).status).toBe(200);
    expect(ended).toBe(false);
    let slices = 1;
    while (!ended) {
      await until(() => paused.length > 0 || ended, "the next slice");
      if (paused.length) paused.shift()!(), slices++;
    }
    expect(slices).toBe(10); // 1,000 records, 100 a slice
    expect(await dump).toBe(expected); // the request served during the dump is not in it
    expect(parseRecords("dump", expected)).toHaveLength(1000);
    expect(lab.records()).toHaveLength(1001);
  });

  it("dumps with the default yield too: the same bytes for a gap in seq, a slice boundary and one record", async () => {
    const service = manualService();
    const lab = await start({workers: 1, wait: service.wait, dumpSlice: 2});
    const first = await pipeline(lab.port, 1);
    await until(() => service.started() === 1, "the first request is in service");
    const second = await pipeline(lab.port, 1);
    await until(() => lab.inSystem() === 2, "the second waits");
    second.destroy(); // seq 1 is dropped: a gap
    await until(() => lab.inSystem() === 1, "the second is dropped");
    service.release();
    await until(() => lab.inSystem() === 0, "the first ends");
    expect(await (await fetch(lab.url + "/dump")).text()).toBe(formatRecords(lab.records()));
    expect(lab.records().map((r) => r.seq)).toEqual([0]);
    const third = fetch(lab.url + "/work");
    await until(() => service.started() === 2, "the third begins");
    service.release();
    await third;
    first.destroy();
    expect(lab.records().map((r) => r.seq)).toEqual([0, 2]);
    expect(await (await fetch(lab.url + "/dump")).text()).toBe(formatRecords(lab.records()));
  });

  it("refuses a service time no timer can hold and a worker count below 1", () => {
    expect(() => createLabServer({serviceMs: 2 ** 31, workers: 1})).toThrow(RangeError);
    expect(() => createLabServer({serviceMs: NaN, workers: 1})).toThrow(RangeError);
    expect(() => createLabServer({serviceMs: 40, workers: 0})).toThrow(RangeError);
  });
});
