// Acceptance for issue 11 (build side): mutated copies of the shipped notebooks, built
// in-process, keep every promise of `queuebook build`. A few seeded cases here (a few seconds);
// `npm run bench -- build` runs hundreds. A failure names the seed that reproduces it.
import {describe, expect, it} from "vitest";
import {fuzzBuild} from "./notebooks.js";

const runs = Number(process.env.QB_FUZZ_RUNS ?? 8);
const seed = Number(process.env.QB_FUZZ_SEED ?? 20261130);

describe("queuebook build on mutated notebooks (seeded fuzz)", () => {
  it(`keeps its promises for ${runs} mutants from seed ${seed}: exit 0/1/2, one-line errors, no stack trace, no partial output, nothing from outside the root`, async () => {
    const report = await fuzzBuild({seed, runs});
    expect(report.failures).toEqual([]);
    expect(report.cases).toBe(runs);
    expect(Object.keys(report.exitCodes).every((code) => ["0", "1", "2"].includes(code))).toBe(true);
  }, 240_000);
});
