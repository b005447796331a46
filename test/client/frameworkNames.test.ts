// Framework's implicit names queuebook does not provide: reading one says what it is and what
// to install or attach; a page's own global of that name is kept.
import {afterEach, describe, expect, it} from "vitest";
import {frameworkNames, missingName} from "../../src/client/frameworkNames.js";
import {clientBuiltins, chunkedBuiltins} from "../../src/notebook/contract.js";

describe("frameworkNames()", () => {
  afterEach(() => void delete (globalThis as any).echarts);
  it("throws, for a recommended library, what Framework imports and the line to write instead", () => {
    expect(() => frameworkNames().echarts()).toThrow(
      'echarts is not defined: Observable Framework imports it implicitly (npm:echarts) and queuebook does not; install it (npm install echarts) and add a cell: import * as echarts from "npm:echarts"'
    );
    for (const name of ["React", "vl", "mermaid", "dot", "mapboxgl"])
      expect(() => frameworkNames()[name](), name).toThrow(
        new RegExp(`^${name.replace("_", "\\_")} is not defined: Observable Framework imports it implicitly \\(npm:`)
      );
  });
  it("throws, for a sample dataset, which file to attach and the cell that reads it", () => {
    expect(() => frameworkNames().penguins()).toThrow(
      'put penguins.csv (from the npm package @observablehq/sample-datasets) beside the notebook and add a cell: const penguins = FileAttachment("penguins.csv").csv({typed: true})'
    );
    expect(() => frameworkNames().miserables()).toThrow('FileAttachment("miserables.json").json()');
  });
  it("names its error RuntimeError, as the runtime's own 'x is not defined'", () => {
    try {
      frameworkNames().aapl();
    } catch (error) {
      expect((error as Error).name).toBe("RuntimeError");
    }
    expect.assertions(1);
  });
  it("gives the page's own global of that name when there is one", () => {
    (globalThis as any).echarts = {init: 1};
    expect(frameworkNames().echarts()).toEqual({init: 1});
  });
  it("shadows no built-in queuebook provides, and says nothing of other names", () => {
    const provided = new Set<string>([...clientBuiltins, ...Object.keys(chunkedBuiltins)]);
    expect(Object.keys(frameworkNames()).filter((name) => provided.has(name))).toEqual([]);
    for (const name of ["d3", "Plot", "rate", "window", "aq", "DuckDBClient", "L"]) expect(missingName(name)).toBeUndefined();
  });
});
