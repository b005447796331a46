// Issue 11's acceptance, lab part: a seeded fuzz of `lab analyze` over corrupted copies of the
// committed lab files, bounded to a few seconds here (bench/lab.bench.ts runs it longer).
import {rmSync} from "node:fs";
import fc from "fast-check";
import {afterAll, describe, it} from "vitest";
import {analyzeProperty, fuzzRoot} from "../lab/support/labFuzz.js";

const root = fuzzRoot();
afterAll(() => rmSync(root, {recursive: true, force: true}));

describe("queuebook lab analyze on corrupted lab folders (seeded fuzz)", () => {
  it("exits 0, 1 or 2; fails in one line without a stack trace; writes all answers or none; never NaN or Infinity", {
    timeout: 60_000
  }, async () => {
    await fc.assert(analyzeProperty(root), {seed: 20261130, numRuns: Number(process.env.LAB_FUZZ_RUNS ?? 150), endOnFailure: true});
  });
});
