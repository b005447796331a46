// src/notebook/contract.ts: the one table of chunks, checked against the asset build that
// writes them (build/client.js is plain JavaScript and keeps its own list of entry points).
import {describe, expect, it} from "vitest";
import {assets} from "../../build/client.js";
import {chunkedBuiltins, isBuiltin} from "../../src/notebook/contract.js";
import {chunksFor, chunksWithLibraries} from "../../src/notebook/globals.js";

describe("chunkedBuiltins", () => {
  it("names only chunks the asset build writes, with their CSS", () => {
    for (const {chunk, css} of Object.values(chunkedBuiltins)) {
      expect(assets).toContain(`${chunk}.js`);
      if (css) expect(assets).toContain(css);
    }
    expect(assets).toContain("plot-d3.js"); // the combined chunk chunksFor picks
  });
  it("marks every chunked name as a built-in", () => {
    for (const name of Object.keys(chunkedBuiltins)) expect(isBuiltin(name)).toBe(true);
    expect(isBuiltin("toString")).toBe(false);
  });
});

describe("chunksFor(names) and chunksWithLibraries(chunks, libraries)", () => {
  it("puts Plot with d3 in one chunk", () => {
    expect(chunksFor(["Plot", "d3", "tex"])).toEqual(["katex", "plot-d3"]);
    expect(chunksWithLibraries(["plot"], ["d3"])).toEqual(["plot-d3"]);
    expect(chunksWithLibraries(["plot-d3", "marked"], [])).toEqual(["marked", "plot-d3"]);
  });
});
