import fc from "fast-check";
import {readFileSync} from "node:fs";
import {describe, expect, it} from "vitest";
import {parseRecords} from "../../src/lab/csv.js";
import {simulateFifo, simulateFifoColumns, type LabRecord} from "../../src/lab/des.js";
import {mulberry32, exponentialWithRate} from "../../src/lab/random.js";
import {schedule} from "../../src/lab/schedule.js";
import {maxConcurrency, mean} from "../../src/lab/stats.js";

/** Erlang C: the probability that an arrival waits in M/M/c with offered load a = λ/μ. */
function erlangC(c: number, a: number): number {
  let term = 1,
    sum = 1;
  for (let k = 1; k < c; k++) sum += term *= a / k;
  const top = (term * a) / c / (1 - a / c);
  return top / (sum + top);
}

function checkInvariants(records: LabRecord[], workers: number) {
  for (const r of records) {
    expect(r.arrive).toBeLessThanOrEqual(r.start);
    expect(r.start).toBeLessThanOrEqual(r.end);
  }
  for (let i = 1; i < records.length; i++) expect(records[i].start).toBeGreaterThanOrEqual(records[i - 1].start); // FIFO
  const inService = maxConcurrency(records.map((r) => ({arrive: r.start, end: r.end})));
  expect(inService).toBeLessThanOrEqual(workers);
  expect(Math.max(0, ...records.map((r) => r.qlen))).toBe(maxConcurrency(records));
}

describe("simulateFifo(arrivals, {workers, serviceS, service, seed})", () => {
  it("serves a burst of 12 on 4 workers in three waves of 40 ms", () => {
    const records = simulateFifo(schedule("burst", 12, 25, 7), {workers: 4, serviceS: 0.04});
    expect(records.map((r) => r.start)).toEqual([0, 0, 0, 0, 0.04, 0.04, 0.04, 0.04, 0.08, 0.08, 0.08, 0.08]);
    expect(records.map((r) => r.qlen)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it("lets an end go before an arrival at the same instant (even at 25/s, 40 ms: qlen stays 1)", () => {
    const records = simulateFifo(schedule("even", 50, 25, 7), {workers: 1, serviceS: 0.04});
    expect(records.every((r) => r.qlen === 1 && r.start === r.arrive)).toBe(true);
  });

  it("keeps arrive ≤ start ≤ end, FIFO starts, at most c in service and max(qlen) = sweep", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({min: 0, max: 5, noNaN: true}), {maxLength: 200}),
        fc.integer({min: 1, max: 6}),
        fc.constantFrom("deterministic" as const, "exponential" as const),
        fc.integer(),
        (raw, workers, service, seed) => {
          const arrivals = raw.sort((a, b) => a - b);
          const records = simulateFifo(arrivals, {workers, serviceS: 0.05, service, seed});
          expect(records).toHaveLength(arrivals.length);
          checkInvariants(records, workers);
        }
      ),
      {numRuns: 150}
    );
  });

  it("rejects arrivals out of order and fewer than one worker", () => {
    expect(() => simulateFifo([1, 0], {workers: 1, serviceS: 1})).toThrow(RangeError);
    expect(() => simulateFifo([0], {workers: 0, serviceS: 1})).toThrow(RangeError);
  });

  it("matches Erlang C's M/M/c mean wait within a 99% confidence interval over seeded replications", () => {
    // c = 4, λ = 80/s, 1/μ = 40 ms: a = 3.2, ρ = 0.8; Wq = C(c, a) / (cμ − λ)
    const [c, lambda, serviceS] = [4, 80, 0.04];
    const theory = erlangC(c, lambda * serviceS) / (c / serviceS - lambda);
    const waits = Array.from({length: 30}, (_, rep) => {
      const random = mulberry32(1000 + rep);
      let t = 0;
      const arrivals = Array.from({length: 20_000}, () => (t += exponentialWithRate(random, lambda)));
      const records = simulateFifo(arrivals, {workers: c, serviceS, service: "exponential", seed: 2000 + rep});
      return mean(records.slice(2_000).map((r) => r.start - r.arrive)); // drop the warm-up from empty
    });
    const m = mean(waits);
    const se = Math.sqrt(waits.reduce((s, w) => s + (w - m) ** 2, 0) / (waits.length - 1) / waits.length);
    expect(Math.abs(m - theory)).toBeLessThan(2.756 * se); // t(29), 99 %
    expect(theory).toBeCloseTo(0.0298, 4); // C(4, 3.2) ≈ 0.5964, / 20 per second
  });
});

describe("simulateFifo against the recorded real run (notebooks/data/arrival-lab)", () => {
  const folder = new URL("../../notebooks/data/arrival-lab/", import.meta.url);
  const load = (shape: string) => parseRecords(`srv-${shape}.csv`, readFileSync(new URL(`srv-${shape}.csv`, folder), "utf8"));

  for (const shape of ["even", "poisson", "burst"]) {
    it(`reproduces srv-${shape}.csv's queue from its own arrivals (M/D/4, the measured service time)`, () => {
      const real = load(shape);
      const serviceS = mean(real.map((r) => r.end - r.start));
      expect(serviceS).toBeGreaterThanOrEqual(0.04);
      expect(serviceS).toBeLessThan(0.045);
      const sim = simulateFifo(
        real.map((r) => r.arrive),
        {workers: 4, serviceS}
      );
      const realWait = mean(real.map((r) => r.start - r.arrive));
      const simWait = mean(sim.map((r) => r.start - r.arrive));
      expect(Math.abs(realWait - simWait)).toBeLessThan(0.003); // within 3 ms of mean wait
      expect(Math.abs(maxConcurrency(sim) - maxConcurrency(real))).toBeLessThanOrEqual(1);
      const differing = sim.filter((r, i) => Math.abs(r.qlen - real[i].qlen) > 1).length;
      expect(differing / sim.length).toBeLessThan(0.05);
    });

    it(`predicts srv-${shape}.csv's maximum queue from the plan alone (schedule ${shape} 150 25 7)`, () => {
      const real = load(shape);
      const serviceS = mean(real.map((r) => r.end - r.start));
      const sim = simulateFifo(schedule(shape as "even" | "poisson" | "burst", 150, 25, 7), {workers: 4, serviceS});
      expect(sim).toHaveLength(real.length);
      expect(Math.abs(maxConcurrency(sim) - maxConcurrency(real))).toBeLessThanOrEqual(1);
      expect(Math.abs(mean(sim.map((r) => r.start - r.arrive)) - mean(real.map((r) => r.start - r.arrive)))).toBeLessThan(0.005);
    });
  }
});

describe("simulateFifoColumns(arrivals, options)", () => {
  it("holds the same numbers as simulate's records", () => {
    const arrivals = schedule("poisson", 500, 90, 3);
    const records = simulateFifo(arrivals, {workers: 2, serviceS: 0.02, service: "exponential", seed: 9});
    const columns = simulateFifoColumns(arrivals, {workers: 2, serviceS: 0.02, service: "exponential", seed: 9});
    expect(Array.from(columns.start)).toEqual(records.map((r) => r.start));
    expect(Array.from(columns.end)).toEqual(records.map((r) => r.end));
    expect(Array.from(columns.qlen)).toEqual(records.map((r) => r.qlen));
  });
});
