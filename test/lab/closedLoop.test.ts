import {describe, expect, it} from "vitest";
import {runClosedLoop} from "../../src/lab/closedLoop.js";
import {VirtualTime} from "./support/virtualTime.js";

// Times are multiples of 1/64 s so virtual sums are exact in binary.
const R = 1 / 64,
  Z = 2 / 64;

describe("runClosedLoop(url, {users, thinkS, durationS, clock, think, transport})", () => {
  it("has each user send, wait for the answer, think and repeat until the duration ends", async () => {
    const time = new VirtualTime();
    const rows = await time.run(
      runClosedLoop("http://x/work", {
        users: 3,
        thinkS: Z,
        durationS: 0.5,
        clock: time.clock,
        think: time.sleep,
        transport: time.transport(R * 1000)
      })
    );
    // A round trip is R + Z = 3/64 s; user sends at k·3/64 while the next would still fall
    // before 0.5 s: k = 0…10 (after the answer at 10·3/64 + R, thinking would end past 0.5 s).
    for (const user of [0, 1, 2]) {
      const mine = rows.filter((r) => r.user === user);
      expect(mine.map((r) => r.sent)).toEqual(Array.from({length: 11}, (_, k) => k * (R + Z)));
      expect(mine.map((r) => r.received - r.sent)).toEqual(Array(11).fill(R));
    }
    expect(rows).toHaveLength(33); // N / (R + Z) = 64/s over 0.5 s ≈ 32, plus the send at 0
    for (let i = 1; i < rows.length; i++) expect(rows[i].sent).toBeGreaterThanOrEqual(rows[i - 1].sent);
  });

  it("is slowed by a slower server: the closed-loop trap", async () => {
    const run = async (answerMs: number) => {
      const time = new VirtualTime();
      return (
        await time.run(
          runClosedLoop("http://x/work", {
            users: 2,
            thinkS: Z,
            durationS: 1,
            clock: time.clock,
            think: time.sleep,
            transport: time.transport(answerMs)
          })
        )
      ).length;
    };
    const [fast, slow] = [await run(R * 1000), await run(8 * R * 1000)];
    expect(slow).toBeLessThan(fast / 2);
  });

  it("records failures with code 0 and keeps going", async () => {
    const time = new VirtualTime();
    const transport = async () => ({code: 0, error: "ECONNREFUSED"});
    const rows = await time.run(
      runClosedLoop("http://x/work", {users: 1, thinkS: 1 / 64, durationS: 4 / 64, clock: time.clock, think: time.sleep, transport})
    );
    expect(rows.map((r) => r.sent)).toEqual([0, 1 / 64, 2 / 64, 3 / 64]);
    expect(rows.every((r) => r.code === 0 && r.error === "ECONNREFUSED")).toBe(true);
  });
});
