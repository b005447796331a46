import {describe, expect, it} from "vitest";
import {closedLoopRate, formulaWorkers, littleL, maxRate, naiveClosedLoopRate} from "../../src/lab/little.js";

describe("closedLoopRate(users, responseS, thinkS)", () => {
  it("is N / (R + Z)", () => {
    expect(closedLoopRate(8, 0.04, 0.2)).toBeCloseTo(33.333, 3);
    expect(naiveClosedLoopRate(8, 0.2)).toBe(40);
  });
});

describe("littleL(rate, timeS)", () => {
  it("is λW", () => expect(littleL(25, 0.04)).toBe(1));
});

describe("maxRate(workers, serviceS) and formulaWorkers(rate, serviceS)", () => {
  it("give the lab's expected numbers", () => {
    expect(maxRate(4, 0.04)).toBe(100);
    expect(formulaWorkers(25, 0.04)).toBe(1);
    expect(formulaWorkers(25, 0.041)).toBe(2);
    expect(formulaWorkers(25, 0.08)).toBe(2);
  });
});
