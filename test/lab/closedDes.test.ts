import {describe, expect, it} from "vitest";
import {simulateClosedLoop} from "../../src/lab/closedDes.js";
import {closedLoopRate} from "../../src/lab/little.js";
import {maxConcurrency, maxInService, mean} from "../../src/lab/stats.js";

describe("simulateClosedLoop({users, thinkS, durationS, workers, serviceS})", () => {
  it("without queueing makes exactly N / (R + Z) requests per second", () => {
    const {rows} = simulateClosedLoop({users: 2, thinkS: 0.2, durationS: 2.4, workers: 4, serviceS: 0.04});
    expect(rows).toHaveLength(2 * 10); // each user: one round trip every 0.24 s
    expect(rows.filter((r) => r.user === 0).map((r) => r.sent)).toEqual(Array.from({length: 10}, (_, k) => expect.closeTo(k * 0.24, 9)));
  });

  it("agrees with Little's law over a user's round trip when users queue (8 users, 0.2 s, 4 × 40 ms)", () => {
    const {rows, records} = simulateClosedLoop({
      users: 8,
      thinkS: 0.2,
      durationS: 10,
      workers: 4,
      serviceS: 0.04,
      service: "exponential",
      seed: 3
    });
    const r = mean(rows.map((row) => row.received - row.sent));
    const span = Math.max(...rows.map((row) => row.received)) - Math.min(...rows.map((row) => row.sent));
    expect(rows.length / span).toBeCloseTo(closedLoopRate(8, r, 0.2), 0);
    expect(maxInService(records)).toBeLessThanOrEqual(4);
    expect(Math.max(...records.map((rec) => rec.qlen))).toBe(maxConcurrency(records));
    expect(maxConcurrency(records)).toBeLessThanOrEqual(8);
  });

  it("never sends after the duration and starts the think after the answer", () => {
    const {rows} = simulateClosedLoop({users: 3, thinkS: 0.1, durationS: 1, workers: 1, serviceS: 0.05, networkS: 0.002});
    expect(Math.max(...rows.map((r) => r.sent))).toBeLessThan(1);
    for (const user of [0, 1, 2]) {
      const mine = rows.filter((r) => r.user === user);
      for (let k = 1; k < mine.length; k++) expect(mine[k].sent).toBeCloseTo(mine[k - 1].received + 0.1, 9);
    }
  });
});
