import {describe, expect, it} from "vitest";
import {runClosedLoop} from "../../src/lab/closedLoop.js";

describe("runClosedLoop(url, {users, thinkS, durationS, transport})", () => {
  it("has each user send, wait for the answer, think and repeat until the duration ends", async () => {
    const transport = () => new Promise<{code: number; error: string}>((resolve) => setTimeout(() => resolve({code: 200, error: ""}), 20));
    const rows = await runClosedLoop("http://127.0.0.1:1/work", {users: 3, thinkS: 0.03, durationS: 0.5, transport});
    expect(new Set(rows.map((r) => r.user))).toEqual(new Set([0, 1, 2]));
    for (const user of [0, 1, 2]) {
      const mine = rows.filter((r) => r.user === user);
      for (let i = 1; i < mine.length; i++) expect(mine[i].sent - mine[i - 1].received).toBeGreaterThanOrEqual(0.029);
    }
    expect(Math.max(...rows.map((r) => r.sent))).toBeLessThan(0.5);
    // N / (R + Z) = 3 / 0.05 = 60/s over 0.5 s ≈ 30 requests; timers only run late, so at most that
    expect(rows.length).toBeGreaterThan(12);
    expect(rows.length).toBeLessThanOrEqual(33);
    for (let i = 1; i < rows.length; i++) expect(rows[i].sent).toBeGreaterThanOrEqual(rows[i - 1].sent);
  });

  it("records failures with code 0 and keeps going", async () => {
    const transport = async () => ({code: 0, error: "ECONNREFUSED"});
    const rows = await runClosedLoop("http://127.0.0.1:1/work", {users: 1, thinkS: 0.02, durationS: 0.1, transport});
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.every((r) => r.code === 0 && r.error === "ECONNREFUSED")).toBe(true);
  });
});
