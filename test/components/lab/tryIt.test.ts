// "Try it" simulates each half once and writes the files from those records: the files and
// answers must be the ones simulateLabFiles and analyzeLab give for the same sliders, byte for byte.
import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {analyzeLab} from "../../../src/lab/analyze.js";
import {simulateLabFiles} from "../../../src/lab/simLab.js";
import {drawnFor, labOptions, simulatedClosed, simulatedOpen, simulatedRuns, type TryItParams} from "../../../src/components/lab/tryIt.js";

const params = fc.record<TryItParams>({
  rate: fc.integer({min: 5, max: 95}),
  count: fc.integer({min: 41, max: 300}),
  burstSize: fc.integer({min: 2, max: 40}),
  serviceMs: fc.integer({min: 5, max: 200}),
  workers: fc.integer({min: 1, max: 16}),
  seed: fc.integer({min: 1, max: 100}),
  users: fc.integer({min: 1, max: 32}),
  thinkS: fc.integer({min: 1, max: 100}).map((n) => n / 100)
});

describe("simulatedRuns", () => {
  it("writes simulateLabFiles' files and analyzeLab's answers for the same sliders", () => {
    fc.assert(
      fc.property(params, (p) => {
        const files = simulateLabFiles(labOptions(p));
        const analysis = analyzeLab((name) => files.get(name), {chosenRate: p.rate, workers: p.workers, users: p.users, thinkS: p.thinkS});
        const runs = simulatedRuns(p);
        expect([...runs.files].sort()).toEqual([...files].sort());
        expect([...runs.answers]).toEqual(analysis.files);
        expect(runs.numbers).toEqual(analysis.values);
      }),
      {numRuns: 25}
    );
  });

  it("keeps the closed loop apart: think.txt depends on no open-loop slider", () => {
    const p = {rate: 25, count: 150, burstSize: 12, serviceMs: 40, workers: 4, seed: 7, users: 8, thinkS: 0.2};
    const open = simulatedOpen(p);
    expect(open.answers.has("think.txt")).toBe(false);
    expect(open.answers.has("capacity.txt")).toBe(true);
    expect(simulatedClosed(p).answers.get("think.txt")).toBe(
      simulatedRuns({...p, rate: 60, count: 300, burstSize: 3}).answers.get("think.txt")
    );
  });

  it("marks a figure with the parameters it was drawn for", () => {
    const node = {
      attributes: new Map<string, string>(),
      setAttribute(name: string, value: string) {
        this.attributes.set(name, value);
      }
    };
    drawnFor(node as unknown as Element, {rate: 25, thinkS: 0.2});
    expect(node.attributes.get("data-sim")).toBe("rate=25,thinkS=0.2");
  });
});
