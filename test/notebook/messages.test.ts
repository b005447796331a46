// The compiler's and the site's words for problems: quote, oneLine, shown, within, BuildError.
import {join, sep} from "node:path";
import {describe, expect, it} from "vitest";
import {BuildError, oneLine, quote, shown, within} from "../../src/notebook/messages.js";
import {oneLine as sharedOneLine} from "../../src/io/oneLine.js";

describe("quote(value, max)", () => {
  it("quotes as JSON does: quotes, backslashes and C0 controls escaped", () => {
    expect(quote("a\nb")).toBe('"a\\nb"');
    expect(quote('say "hi" \\ \u0008\u000c\u001b')).toBe('"say \\"hi\\" \\\\ \\b\\f\\u001b"');
  });
  it("also escapes what JSON leaves raw: DEL, C1 controls and the line separators", () => {
    expect(quote("\u007f\u0085\u009b\u2028\u2029")).toBe('"\\u007f\\u0085\\u009b\\u2028\\u2029"');
  });
  it("cuts a long value at max characters with …", () => {
    expect(quote("x".repeat(200))).toBe(`"${"x".repeat(120)}…"`);
    expect(quote("abcdef", 3)).toBe('"abc…"');
    expect(quote("abc", 3)).toBe('"abc"');
  });
});

describe("oneLine(text)", () => {
  it("is the shared escaper (src/io/oneLine.ts)", () => {
    expect(oneLine).toBe(sharedOneLine);
    expect(oneLine("a\nb\r\tc\u0007\u2028")).toBe("a\\nb\\r\\tc\\u0007\\u2028");
  });
});

describe("shown(base, path)", () => {
  it("writes a path relative to base with / separators, . for base itself", () => {
    const base = join(sep, "home", "me", "nb");
    expect(shown(base, join(base, "data", "a.csv"))).toBe("data/a.csv");
    expect(shown(base, base)).toBe(".");
    expect(shown(base, join(base, "..", "secret.txt"))).toBe("../secret.txt");
  });
});

describe("within(inner, outer)", () => {
  const outer = join(sep, "srv", "nb");
  it("holds for the folder itself and anything under it", () => {
    expect(within(outer, outer)).toBe(true);
    expect(within(join(outer, "a", "b.csv"), outer)).toBe(true);
    expect(within(join(outer, "..nb", "x"), outer)).toBe(true); // a name starting with "..", still inside
  });
  it("fails for the parent, a sibling with the same prefix and anything above", () => {
    expect(within(join(sep, "srv"), outer)).toBe(false);
    expect(within(join(sep, "srv", "nb2", "x"), outer)).toBe(false);
    expect(within(join(outer, "..", "secret"), outer)).toBe(false);
  });
});

describe("BuildError", () => {
  it("is an Error with its one-line message", () => {
    const error = new BuildError("nb.md:1:1: broken");
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe("nb.md:1:1: broken");
  });
});
