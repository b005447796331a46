// oneLine(text): the one escaper every message of the CLI, the compiler and the models uses.
import {readFileSync} from "node:fs";
import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {oneLine} from "../../src/io/oneLine.js";

/** Every character a terminal or a line-based reader may act on: C0, DEL, C1, the Unicode line and paragraph separators. */
const controls = [...Array.from({length: 0x20}, (_, i) => i), ...Array.from({length: 0x21}, (_, i) => 0x7f + i), 0x2028, 0x2029].map((c) =>
  String.fromCharCode(c)
);

describe("oneLine(text)", () => {
  it("names newline, carriage return and tab, and writes every other control as \\uXXXX", () => {
    expect(oneLine("a\nb\r\tc")).toBe("a\\nb\\r\\tc");
    expect(oneLine("\u0000\u0007\u001b[31m\u007f")).toBe("\\u0000\\u0007\\u001b[31m\\u007f");
    expect(oneLine("\u009b2J\u0085\u2028\u2029")).toBe("\\u009b2J\\u0085\\u2028\\u2029");
  });
  it("escapes each control character of the class, and only those", () => {
    for (const c of controls) expect(oneLine(c), `U+${c.charCodeAt(0).toString(16)}`).toMatch(/^\\(n|r|t|u[0-9a-f]{4})$/);
    for (const c of [" ", "~", "\u00a0", "é", "日", "\u200b", "😀", "\\", '"']) expect(oneLine(c)).toBe(c);
  });
  it("leaves no control character in any string, and changes nothing in a string without one", () => {
    const control = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
    fc.assert(
      fc.property(fc.string({unit: "binary-ascii", maxLength: 40}), fc.string({unit: "grapheme", maxLength: 10}), (ascii, other) => {
        const text = ascii + "\u0085\u2028" + other;
        const line = oneLine(text),
          plain = oneLine(other.replace(new RegExp(control, "g"), ""));
        return !control.test(line) && plain === other.replace(new RegExp(control, "g"), "");
      })
    );
  });
  it("imports nothing, so src/sim may use it in the browser", () => {
    const code = readFileSync(new URL("../../src/io/oneLine.ts", import.meta.url), "utf8");
    expect(code).not.toMatch(/^\s*(import|export .* from)\b/m);
  });
});
