import {describe, expect, it} from "vitest";
import {analyzeLab, outputNames} from "../../src/lab/analyze.js";
import {simulateLabFiles} from "../../src/lab/simLab.js";

describe("simulateLabFiles(options)", () => {
  it("gives analyzeLab every input, and the ideal server's answers", () => {
    const files = simulateLabFiles();
    const {files: out, skipped} = analyzeLab((name) => files.get(name));
    expect(skipped).toEqual([]);
    expect(out.map(([name]) => name)).toEqual(outputNames);
    const text = Object.fromEntries(out);
    expect(text["01-target.txt"]).toBe("service_ms=40\nworkers=4\nmax_rate=100\nchosen_rate=25\nutilization=0.25\n");
    expect(text["capacity.txt"]).toBe("formula_workers=1\nobserved_even=1\nobserved_burst=12\nunderestimate_factor=12.0\nverdict=under\n");
    expect(text["think.txt"]).toMatch(
      /^users=8\nthink_s=0\.200\nmean_r_s=0\.04\d\d\npredicted_rate=3\d\.\d{3}\nmeasured_rate=3\d\.\d{3}\nnaive_rate=40\.000\n$/
    );
  });

  it("adds the network time to answers and probes", () => {
    const files = simulateLabFiles({networkS: 0.003, service: "exponential", seed: 5});
    expect(files.get("01-probe.txt")!.split("\n")).toHaveLength(7);
    const text = Object.fromEntries(analyzeLab((name) => files.get(name)).files);
    expect(text["think.txt"]).toMatch(/think_s=0\.200/);
  });
});
