import {describe, expect, it} from "vitest";
import {editsKey, pageScope, setAsideKey} from "../../../src/client/edits/scope.js";

describe("pageScope(path, where)", () => {
  it("keys a page by its path without .html or a trailing index, and its notebook", () => {
    expect(pageScope("t.md", {pathname: "/course/t.html", protocol: "http:"})).toBe("/course/t|t.md");
    expect(pageScope("t.md", {pathname: "/course/index.html", protocol: "file:"})).toBe("/course/|t.md");
  });

  it("keys a page shown from a blob: URL (JupyterLab's HTML viewer, a new URL each open) by its notebook alone", () => {
    const first = pageScope("erlang-c.md", {pathname: "http://127.0.0.1:8888/2f6c1d9e-0c7b-4bb0-9d8e-7f1a", protocol: "blob:"});
    const again = pageScope("erlang-c.md", {pathname: "http://127.0.0.1:8888/91aa03c4-5b2e-4f5d-a1e0-33c2", protocol: "blob:"});
    expect(first).toBe(again);
    expect(first).not.toBe(pageScope("on-call.md", {pathname: "http://127.0.0.1:8888/2f6c1d9e-0c7b-4bb0-9d8e-7f1a", protocol: "blob:"}));
    expect(editsKey(first)).toBe("queuebook:edits:blob:|erlang-c.md");
    expect(setAsideKey(first)).toBe("queuebook:edits-set-aside:blob:|erlang-c.md");
  });
});
