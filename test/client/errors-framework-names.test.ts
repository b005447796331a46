// A cell reading one of Framework's implicit names queuebook lacks (topojson, _, aq, penguins…)
// is told, as its own error, what is missing and what to install or attach, not "input
// `topojson` failed"; through the real runtime, wired as main.ts wires cells and built-ins.
import {Runtime} from "@observablehq/runtime";
import {describe, expect, it, vi} from "vitest";
import {classifyError, describeError, markBody} from "../../src/client/errors.js";
import {frameworkNames} from "../../src/client/frameworkNames.js";

const origin = (id: string) => ({id, path: "maps.md", line: 3, column: 1});

/** What each cell's error box says, once every cell has reported. */
async function errorsOf(cells: [id: string, inputs: string[], body?: (...args: any[]) => unknown][]): Promise<Map<string, string>> {
  const runtime = new Runtime(frameworkNames());
  const main = runtime.module();
  const results = new Map<string, string>();
  for (const [id, inputs, body = (...args: unknown[]) => args.length] of cells) {
    main
      .variable({
        fulfilled: (value: unknown) => results.set(id, `ok ${value}`),
        rejected: (error: unknown) => results.set(id, describeError(classifyError(error, id)))
      })
      .define(id, inputs, markBody(body, origin(id)));
  }
  await vi.waitFor(() => expect(results.size).toBe(cells.length));
  runtime.dispose();
  return results;
}

describe("classifyError(error, cell) for Framework's implicit names", () => {
  it("says what is missing and what to install, as the reading cell's own error, for every library name", async () => {
    const names = ["echarts", "React", "vl", "mermaid", "dot", "mapboxgl"];
    const results = await errorsOf(names.map((name) => [`cell-${name}`, [name]]));
    expect(results.get("cell-echarts")).toBe(
      'RuntimeError: echarts is not defined: Observable Framework imports it implicitly (npm:echarts) and queuebook does not; install it (npm install echarts) and add a cell: import * as echarts from "npm:echarts"'
    );
    for (const name of names) {
      const text = results.get(`cell-${name}`)!;
      expect(text, name).toMatch(
        new RegExp(
          `^RuntimeError: ${name.replace(/[_$]/g, "\\$&")} is not defined: Observable Framework imports it implicitly \\(npm:[^)]+\\) and queuebook does not; install`
        )
      );
      expect(text, name).not.toMatch(/input `/);
    }
  });
  it("says which file to attach for a sample dataset, and stays one error when two names are missing", async () => {
    const results = await errorsOf([
      ["cell-1", ["penguins"]],
      ["cell-2", ["miserables", "echarts"]]
    ]);
    expect(results.get("cell-1")).toBe(
      'RuntimeError: penguins is not defined: it is one of Observable Framework\'s sample datasets, which queuebook does not download; put penguins.csv (from the npm package @observablehq/sample-datasets) beside the notebook and add a cell: const penguins = FileAttachment("penguins.csv").csv({typed: true})'
    );
    expect(results.get("cell-2")).toMatch(/^RuntimeError: (miserables|echarts) is not defined: /);
  });
  it("still reports an input that ran and failed as that input's failure, and a plain missing name as before", async () => {
    const results = await errorsOf([
      [
        "cell-1",
        [],
        () => {
          throw new Error("x is not defined: but thrown by a cell");
        }
      ],
      [
        "x",
        [],
        () => {
          throw new Error("boom");
        }
      ],
      ["cell-3", ["x"]],
      ["cell-4", ["nothing"]]
    ]);
    expect(results.get("cell-1")).toBe("Error: x is not defined: but thrown by a cell");
    expect(results.get("cell-3")).toBe("input `x` failed: boom");
    expect(results.get("cell-4")).toBe("RuntimeError: nothing is not defined");
  });
});
