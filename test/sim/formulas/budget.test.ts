import {describe, expect, it} from "vitest";
import {
  budgetSpent,
  burnRate,
  ERROR_BUDGET,
  FAST_BURN,
  openWindow,
  pushWindow,
  spendBudget,
  windowBurn
} from "../../../src/sim/formulas/budget.js";

describe("burnRate(errorRate)", () => {
  it("is 1 at a 0.1 % error rate (the SRE Workbook's definition)", () => {
    expect(ERROR_BUDGET).toBeCloseTo(0.001, 15);
    expect(burnRate(0.001)).toBeCloseTo(1, 12);
    expect(burnRate(0.05)).toBeCloseTo(50, 10);
    expect(burnRate(0)).toBe(0);
  });
});

describe("budgetSpent(burn, minutes)", () => {
  it("spends 2 % of a 30-day budget at burn 14.4 for one hour", () => {
    expect(budgetSpent(FAST_BURN, 60)).toBeCloseTo(0.02, 12);
  });
  it("spends the whole budget at burn 1 over 30 days", () => {
    expect(budgetSpent(1, 30 * 24 * 60)).toBeCloseTo(1, 12);
  });
});

describe("spendBudget(budgetLeft, burn)", () => {
  it("subtracts burn/43,200 per minute and never goes below 0", () => {
    expect(spendBudget(0.2, 43.2)).toBeCloseTo(0.199, 12);
    expect(spendBudget(0.0001, 1000)).toBe(0);
    expect(spendBudget(0.5, 0)).toBe(0.5);
  });
});

describe("windowBurn(window)", () => {
  it("is the mean error rate of the last 60 minutes over 0.1 %", () => {
    let window = openWindow(0);
    expect(window).toHaveLength(60);
    expect(windowBurn(window)).toBe(0);
    for (let m = 0; m < 30; m++) window = pushWindow(window, 0.05);
    expect(windowBurn(window)).toBeCloseTo(25, 10);
    for (let m = 0; m < 30; m++) window = pushWindow(window, 0.05);
    expect(windowBurn(window)).toBeCloseTo(50, 10);
  });
  it("starts from the opening minute repeated", () => {
    expect(windowBurn(openWindow(0.002))).toBeCloseTo(2, 12);
  });
  it("does not change the window it is given", () => {
    const window = openWindow(0);
    pushWindow(window, 1);
    expect(window.every((x) => x === 0)).toBe(true);
  });
});
