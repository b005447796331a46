// The tests' time factor: QUEUEBOOK_TEST_TIME_FACTOR as a number above 0, anything else 1.
import {describe, expect, it} from "vitest";
import {timeFactor} from "./spawnBudget.js";

describe("timeFactor(env)", () => {
  it("reads a number above 0", () => {
    expect(timeFactor({QUEUEBOOK_TEST_TIME_FACTOR: "3"})).toBe(3);
    expect(timeFactor({QUEUEBOOK_TEST_TIME_FACTOR: "0.5"})).toBe(0.5);
  });

  it("is 1 when unset, empty, zero, negative or not a number", () => {
    for (const value of [undefined, "", "0", "-2", "slow", "NaN"])
      expect(timeFactor({QUEUEBOOK_TEST_TIME_FACTOR: value}), String(value)).toBe(1);
  });
});
