import {describe, expect, it} from "vitest";
import {cutText, showValue, SHOW_MAX} from "../../../src/sim/kit/show.js";

describe("showValue(value)", () => {
  it("writes numbers as JavaScript does (Infinity, not null) and strings quoted", () => {
    expect(showValue(3)).toBe("3");
    expect(showValue(Infinity)).toBe("Infinity");
    expect(showValue(-Infinity)).toBe("-Infinity");
    expect(showValue(Number.NaN)).toBe("NaN");
    expect(showValue("a\nb")).toBe('"a\\nb"');
    expect(showValue(null)).toBe("null");
    expect(showValue(undefined)).toBe("undefined");
    expect(showValue(true)).toBe("true");
    expect(showValue(10n ** 100n)).toBe(`${"1" + "0".repeat(SHOW_MAX - 1)}…`);
  });
  it("cuts a long string and names arrays and objects by kind, whatever their depth", () => {
    expect(showValue("x".repeat(100_000))).toBe(`"${"x".repeat(SHOW_MAX)}"…`);
    let deep: unknown = [];
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(showValue(deep)).toBe("an array of 1 item");
    expect(showValue([1, 2])).toBe("an array of 2 items");
    expect(showValue({a: 1})).toBe("an object");
    expect(showValue(() => 1)).toBe("a function");
  });
});

describe("cutText(text, max)", () => {
  it("escapes control characters so a message stays on one line", () => {
    expect(cutText("a\nb\r\tc\u0001\u2028")).toBe("a\\nb\\r\\tc\\u0001\\u2028");
  });
  it("cuts at max characters and marks the cut", () => {
    expect(cutText("abcdef", 3)).toBe("abc…");
    expect(cutText("abc", 3)).toBe("abc");
  });
});
