import {Runtime} from "@observablehq/runtime";
import {describe, expect, it, vi} from "vitest";
import {classifyError, describeError, markBody, markError, originOf, position} from "../../src/client/errors.js";

const origin = (id: string) => ({id, path: "foo.md", line: 3, column: 1});

describe("markBody", () => {
  it("marks what a body throws with its origin, without enumerable properties", () => {
    const body = markBody(() => {
      throw new TypeError("bad");
    }, origin("cell-1"));
    let error: any;
    try {
      body();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(TypeError);
    expect(originOf(error)?.id).toBe("cell-1");
    expect(Object.keys(error)).toEqual([]);
  });

  it("marks rejections of async bodies and turns thrown primitives into errors", async () => {
    const body = markBody(async () => {
      throw "oops";
    }, origin("cell-2"));
    const error: any = await body().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe("oops");
    expect(originOf(error)?.id).toBe("cell-2");
  });

  it("passes arguments, this and results through", () => {
    const body = markBody(function (this: any, a: number, b: number) {
      return this.k + a + b;
    }, origin("c"));
    expect(body.call({k: 1}, 2, 3)).toBe(6);
  });

  it("leaves generators alone", () => {
    const g = markBody(function* () {
      yield 1;
    }, origin("c"))();
    expect(g.next().value).toBe(1);
  });
});

describe("classifyError", () => {
  it("tells own errors from input failures", () => {
    const own = markError(new Error("boom"), origin("cell-1"));
    expect(classifyError(own, "cell-1")).toEqual({kind: "own", name: "Error", message: "boom"});
    const failed = Object.assign(new Error("boom"), {name: "RuntimeError", input: "x"});
    expect(classifyError(failed, "cell-2")).toEqual({kind: "input", input: "x", message: "boom"});
    expect(describeError(classifyError(failed, "cell-2"))).toBe("input `x` failed: boom");
  });

  it("shows the runtime's own messages as the cell's error", () => {
    const undef = Object.assign(new Error("x is not defined"), {name: "RuntimeError", input: "x"});
    expect(describeError(classifyError(undef, "c"))).toBe("RuntimeError: x is not defined");
    const dup = Object.assign(new Error("x is defined more than once"), {name: "RuntimeError", input: "x"});
    expect(classifyError(dup, "c").kind).toBe("own");
    const circular = Object.assign(new Error("circular definition"), {name: "RuntimeError"});
    expect(describeError(classifyError(circular, "c"))).toBe("RuntimeError: circular definition");
    expect(describeError(classifyError("plain", "c"))).toBe("Error: plain");
  });

  it("formats positions", () => {
    expect(position({path: "a/b.md", line: 4, column: 2})).toBe("a/b.md:4:2");
  });
});

// The real runtime (it runs in Node, scheduling with setImmediate) with cells wired the way
// main.ts wires them: an anonymous or id-named variable per cell, one variable per output.
describe("errors through the runtime", () => {
  /** Resolves once every cell has reported (the runtime computes in later turns of the event loop). */
  function settled(results: Map<string, string>, cells: number) {
    return vi.waitFor(() => expect(results.size).toBe(cells));
  }
  function observe(results: Map<string, string>, id: string) {
    return {
      fulfilled: (value: unknown) => results.set(id, `ok ${value}`),
      rejected: (error: unknown) => results.set(id, describeError(classifyError(error, id)))
    };
  }

  it("reports thrown errors at the cell and input failures at dependents", async () => {
    const runtime = new Runtime();
    const main = runtime.module();
    const results = new Map<string, string>();
    main.variable(observe(results, "cell-1")).define(
      "cell-1",
      [],
      markBody(() => {
        throw new Error("boom");
      }, origin("cell-1"))
    );
    main.define("x", ["cell-1"], (exports: any) => exports?.x);
    main.variable(observe(results, "cell-2")).define(
      "cell-2",
      ["x"],
      markBody((x: number) => ({y: x + 1}), origin("cell-2"))
    );
    main.define("y", ["cell-2"], (exports: any) => exports?.y);
    main.variable(observe(results, "cell-3")).define(
      null,
      ["y"],
      markBody((y: number) => y, origin("cell-3"))
    );
    main.variable(observe(results, "cell-4")).define(
      null,
      ["nope"],
      markBody((n: unknown) => n, origin("cell-4"))
    );
    main.variable(observe(results, "cell-5")).define(
      "a",
      ["b"],
      markBody((b: number) => b, origin("cell-5"))
    );
    main.variable(observe(results, "cell-6")).define(
      "b",
      ["a"],
      markBody((a: number) => a, origin("cell-6"))
    );
    main.variable(observe(results, "cell-7")).define(
      null,
      ["a"],
      markBody((a: number) => a, origin("cell-7"))
    );
    await settled(results, 7);
    expect(results.get("cell-1")).toBe("Error: boom");
    expect(results.get("cell-2")).toBe("input `x` failed: boom");
    expect(results.get("cell-3")).toBe("input `y` failed: boom");
    expect(results.get("cell-4")).toBe("RuntimeError: nope is not defined");
    expect(results.get("cell-5")).toBe("RuntimeError: circular definition");
    expect(results.get("cell-6")).toBe("RuntimeError: circular definition");
    expect(results.get("cell-7")).toBe("input `a` failed: circular definition");
    runtime.dispose();
  });
});
