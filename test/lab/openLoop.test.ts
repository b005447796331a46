import {describe, expect, it} from "vitest";
import {createServer} from "node:http";
import type {AddressInfo} from "node:net";
import {httpTransport} from "../../src/lab/http.js";
import {sendOpenLoop} from "../../src/lab/openLoop.js";
import {schedule} from "../../src/lab/schedule.js";

describe("sendOpenLoop(url, intended, {transport})", () => {
  it("never lets a slow answer delay the next send", async () => {
    const slow = () => new Promise<{code: number; error: string}>((resolve) => setTimeout(() => resolve({code: 200, error: ""}), 400));
    const rows = await sendOpenLoop("http://127.0.0.1:1/work", schedule("even", 10, 100, 1), {transport: slow});
    expect(rows.map((r) => r.i)).toEqual([...Array(10).keys()]);
    for (const r of rows) {
      expect(r.sent).toBeGreaterThanOrEqual(r.intended);
      expect(r.sent - r.intended).toBeLessThan(0.1); // lenient: a shared machine; the bench measures lag
      expect(r.received - r.sent).toBeGreaterThanOrEqual(0.39);
    }
    expect(rows[9].sent).toBeLessThan(rows[0].received); // all sent before the first answer
  });

  it("records a refused connection as code 0 with the reason instead of throwing", async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    await new Promise((resolve) => server.close(resolve)); // nothing listens there now
    const rows = await sendOpenLoop(`http://127.0.0.1:${port}/work`, [0, 0.01], {transport: httpTransport({agent: false})});
    expect(rows.map((r) => [r.code, r.error])).toEqual([[0, "ECONNREFUSED"], [0, "ECONNREFUSED"]]);
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
    const rows = await sendOpenLoop(`http://127.0.0.1:${port}/work`, [0], {transport: httpTransport({agent: false, timeoutMs: 100})});
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    expect([rows[0].code, rows[0].error]).toEqual([0, "ETIMEDOUT"]);
  });
});
