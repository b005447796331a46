import {describe, expect, it} from "vitest";
import {clockTick, clockTicks} from "../../../src/components/oncall/clockAxis.js";

describe("clockTicks(last, startClock, count)", () => {
  it("falls on round clock times, at most `count` of them, inside the span, for every span and start", () => {
    for (const last of [1, 2, 7, 59, 60, 119, 239, 479, 959, 1439]) {
      for (const start of [0, 8 * 60, 9 * 60 + 7, 11 * 60 + 45, 23 * 60 + 59]) {
        const ticks = clockTicks(last, start);
        expect(ticks.length, `${last} from ${start}`).toBeGreaterThan(0);
        expect(ticks.length, `${last} from ${start}`).toBeLessThanOrEqual(6 + 1);
        expect(ticks.every((m) => Number.isInteger(m) && m >= 0 && m <= last)).toBe(true);
        const step = ticks.length > 1 ? ticks[1] - ticks[0] : 1;
        expect(ticks.every((m) => (start + m) % step === 0)).toBe(true);
      }
    }
  });
  it("two hours from 08:00: every 30 minutes, on the half hour", () => {
    expect(clockTicks(119, 8 * 60).map(clockTick(8 * 60))).toEqual(["08:00", "08:30", "09:00", "09:30"]);
    expect(clockTicks(60, 9 * 60 + 10).map(clockTick(9 * 60 + 10))).toEqual([
      "09:10",
      "09:20",
      "09:30",
      "09:40",
      "09:50",
      "10:00",
      "10:10"
    ]);
  });
  it("a one-minute span has its own minute; a day wraps past midnight", () => {
    expect(clockTicks(0, 480)).toEqual([0]);
    expect(clockTicks(1439, 12 * 60).map(clockTick(12 * 60))).toEqual(["12:00", "18:00", "00:00", "06:00"]);
  });
});
