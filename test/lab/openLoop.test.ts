import {describe, expect, it} from "vitest";
import {createServer} from "node:http";
import type {AddressInfo} from "node:net";
import {httpTransport} from "../../src/lab/http.js";
import {sendOpenLoop} from "../../src/lab/openLoop.js";
import {schedule} from "../../src/lab/schedule.js";
import {closeServer} from "../../src/io/closeServer.js";
import {VirtualTime} from "./support/virtualTime.js";

describe("sendOpenLoop(url, intended, {clock, wait, transport})", () => {
  it("sends each request at its intended time and never lets a slow answer delay the next send", async () => {
    const time = new VirtualTime();
    const plan = schedule("even", 10, 100, 1);
    const rows = await time.run(
      sendOpenLoop("http://127.0.0.1:1/work", plan, {clock: time.clock, wait: time.until, transport: time.transport(400)})
    );
    expect(rows.map((r) => r.i)).toEqual([...Array(10).keys()]);
    expect(rows.map((r) => r.sent)).toEqual(plan); // on time, to the bit
    for (const r of rows) expect(r.received - r.sent).toBeCloseTo(0.4, 12);
    expect(rows[9].sent).toBeLessThan(rows[0].received); // all sent before the first answer
    expect(rows.every((r) => r.code === 200 && r.error === "")).toBe(true);
  });

  it("sends a burst's requests together, at the same instant, each answered on its own", async () => {
    const time = new VirtualTime();
    const plan = schedule("burst", 24, 25, 1, {burstSize: 12});
    let inFlight = 0,
      most = 0;
    const transport = async () => {
      most = Math.max(most, ++inFlight);
      await time.sleep(40);
      inFlight--;
      return {code: 200, error: ""};
    };
    const answered: number[] = [];
    const rows = await time.run(
      sendOpenLoop("http://x/work", plan, {clock: time.clock, wait: time.until, transport, onAnswer: (n) => answered.push(n)})
    );
    expect(new Set(rows.slice(0, 12).map((r) => r.sent))).toEqual(new Set([0]));
    expect(new Set(rows.slice(12).map((r) => r.sent))).toEqual(new Set([12 / 25]));
    expect(most).toBe(12);
    expect(answered).toEqual(Array.from({length: 24}, (_, k) => k + 1));
  });

  it("records a refused connection as code 0 with the reason instead of throwing", async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    await new Promise((resolve) => server.close(resolve)); // nothing listens there now
    const rows = await sendOpenLoop(`http://127.0.0.1:${port}/work`, [0, 0], {transport: httpTransport({agent: false})});
    expect(rows.map((r) => [r.code, r.error])).toEqual([
      [0, "ECONNREFUSED"],
      [0, "ECONNREFUSED"]
    ]);
  });

  it("records a connection broken mid-answer as code 0", async () => {
    const server = createServer((request) => request.socket.destroy());
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    const rows = await sendOpenLoop(`http://127.0.0.1:${port}/work`, [0], {transport: httpTransport({agent: false})});
    await new Promise((resolve) => server.close(resolve));
    expect(rows[0].code).toBe(0);
    expect(rows[0].error).toMatch(/ECONNRESET|socket hang up/);
  });

  it("records a timeout as code 0", async () => {
    const server = createServer(() => {}); // never answers
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    const rows = await sendOpenLoop(`http://127.0.0.1:${port}/work`, [0], {transport: httpTransport({agent: false, timeoutMs: 1})});
    await closeServer(server);
    expect([rows[0].code, rows[0].error]).toEqual([0, "ETIMEDOUT"]);
  });
});
