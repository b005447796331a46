import {describe, expect, it} from "vitest";
import {hasTopLevelAwait} from "../../../src/notebook/javascript/awaits.js";
import {parseCell} from "../../../src/notebook/javascript/syntax.js";

const awaits = (source: string) => hasTopLevelAwait(parseCell(source).node);

describe("hasTopLevelAwait(node)", () => {
  it("is true for an await expression cell", () => expect(awaits("await x")).toBe(true));
  it("is true for a top-level await in a declaration", () => expect(awaits("const a = await fetch(url);")).toBe(true));
  it("is true for an await nested in an expression", () => expect(awaits("display([1, (await p).length]);")).toBe(true));
  it("is true for an await inside a top-level block, if, or loop", () => {
    expect(awaits("if (x) { for (;;) { await tick; } }")).toBe(true);
  });
  it("is true for `for await` at the top level", () => expect(awaits("for await (const chunk of stream) display(chunk);")).toBe(true));
  it("is false for a plain `for of`", () => expect(awaits("for (const a of as) display(a);")).toBe(false));
  it("is false without await", () => expect(awaits("const a = 1; a + 1;")).toBe(false));
  it("is false for a dynamic import without await", () => expect(awaits('import("m")')).toBe(false));

  describe("awaits inside nested functions are ignored", () => {
    it("in an async arrow function", () => expect(awaits("const f = async () => await x;")).toBe(false));
    it("in an async function declaration", () => expect(awaits("async function f() { await x; }")).toBe(false));
    it("in an async function expression", () => expect(awaits("const f = async function () { await x; };")).toBe(false));
    it("in an async method", () => expect(awaits("class A { async m() { await x; } }")).toBe(false));
    it("in an async object method", () => expect(awaits("({async m() { await x; }})")).toBe(false));
    it("`for await` inside an async function", () => {
      expect(awaits("async function f() { for await (const a of s) {} }")).toBe(false);
    });
    it("but a top-level await next to a nested function is found", () => {
      expect(awaits("const f = async () => await x; await f();")).toBe(true);
    });
    it("and an await in an async function's default argument position at top level is found", () => {
      expect(awaits("f(async () => 1, await y)")).toBe(true);
    });
  });
});
