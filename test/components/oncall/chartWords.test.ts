// A chart's numbers as a screen reader hears them: rounded as the y-axis writes them, each series once.
import {describe, expect, it} from "vitest";
import {roundAsAxis, seriesValues, tickStep} from "../../../src/components/oncall/chartWords.js";

describe("tickStep(top, ticks)", () => {
  it("is d3's nice step: 1, 2 or 5 × 10^k", () => {
    expect(tickStep(2000, 4)).toBe(500);
    expect(tickStep(5, 4)).toBe(1);
    expect(tickStep(2.5, 4)).toBe(0.5);
    expect(tickStep(100, 6)).toBe(20);
  });
});

describe("roundAsAxis(value, top, ticks)", () => {
  it("rounds to the axis' digits: requests 1193.32 on a 0–2000 axis is 1193", () => {
    expect(roundAsAxis(1193.32, 2000, 4)).toBe(1193);
    expect(roundAsAxis(14.37, 20, 4)).toBe(14);
    expect(roundAsAxis(1.234, 2.5, 4)).toBe(1.2);
  });
  it("keeps two significant digits, one digit past the axis at most: 0.3 on a whole-number axis stays 0.3", () => {
    expect(roundAsAxis(0.3, 5, 4)).toBe(0.3);
    expect(roundAsAxis(0.0123, 5, 4)).toBe(0);
    expect(roundAsAxis(0, 5, 4)).toBe(0);
    expect(roundAsAxis(NaN, 5, 4)).toBeNaN();
  });
});

describe("seriesValues(title, series)", () => {
  it("names each series before its value", () => {
    expect(
      seriesValues("Requests and capacity (req/s)", [
        {name: "requests", value: "1193"},
        {name: "capacity", value: "2000"}
      ])
    ).toBe("requests 1193, capacity 2000");
  });
  it("says a chart's one series named as the chart once: its value alone", () => {
    expect(seriesValues("Error rate against the SLO (%)", [{name: "Error rate against the SLO (%)", value: "5"}])).toBe("5");
    expect(seriesValues("Queue wait (s)", [{name: "wait", value: "2"}])).toBe("wait 2");
  });
});
