// The figures' series, computed where the runs are read (an upload's worker): thinned lines keep
// every extreme of the full line exactly, and the numbers the page states over every record
// (step 7's maxima, step 1's server time) are the full computation's, whatever the size.
import fc from "fast-check";
import {bin} from "d3-array";
import {describe, expect, it} from "vitest";
import {byArrival, labFigures, queueLines, sweepLines} from "../../../src/components/lab/figureSeries.js";
import {stepPoints, thinnedLine} from "../../../src/components/lab/lineThinning.js";
import {simulateFifo} from "../../../src/lab/des.js";
import {intervals, schedule, shapes, type Shape} from "../../../src/lab/schedule.js";
import {maxConcurrency, maxOf, mean, minOf, sweepColumns, sweepSteps} from "../../../src/lab/stats.js";

/** A sorted step line: x never goes back (ties allowed), y small integers. */
const line = (maxLength: number) =>
  fc
    .array(fc.record({dx: fc.constantFrom(0, 0, 0.001, 0.5, 3), y: fc.integer({min: -3, max: 40})}), {minLength: 1, maxLength})
    .map((steps) => {
      let x = 0;
      return {x: steps.map(({dx}) => (x += dx)), y: steps.map(({y}) => y)};
    });

/** Per span of x as thinnedLine cuts it, the lowest and highest y of the points in it. */
function spanRanges(x: number[], y: number[], buckets: number): Map<number, [number, number]> {
  const from = x[0],
    width = x.at(-1)! - from;
  const ranges = new Map<number, [number, number]>();
  x.forEach((v, k) => {
    const at = width > 0 ? Math.min(buckets - 1, Math.floor(((v - from) / width) * buckets)) : 0;
    const [low, high] = ranges.get(at) ?? [Infinity, -Infinity];
    ranges.set(at, [Math.min(low, y[k]), Math.max(high, y[k])]);
  });
  return ranges;
}

describe("thinnedLine(x, y, buckets)", () => {
  it("keeps the peak, the lowest level, both ends and each span's range, from points of the line, at most 4 per span", () => {
    fc.assert(
      fc.property(line(400), fc.integer({min: 1, max: 16}), ({x, y}, buckets) => {
        const thin = thinnedLine(x, y, buckets);
        expect(maxOf(thin.y)).toBe(maxOf(y));
        expect(minOf(thin.y)).toBe(minOf(y));
        expect([thin.x[0], thin.y[0]]).toEqual([x[0], y[0]]);
        expect([thin.x.at(-1), thin.y.at(-1)]).toEqual([x.at(-1), y.at(-1)]);
        expect(thin.x.length).toBeLessThanOrEqual(
          Math.max(
            4 * buckets,
            stepPoints(
              x.map((_, k) => k),
              (k) => x[k],
              (k) => y[k]
            ).length
          )
        );
        // Every kept point is one of the line's, and x never goes back (at one x the order of the
        // points between the first and the last does not change the vertical stroke drawn).
        const points = new Set(x.map((v, k) => `${v}:${y[k]}`));
        for (let i = 0; i < thin.x.length; i++) {
          expect(points.has(`${thin.x[i]}:${thin.y[i]}`), `point ${i}`).toBe(true);
          if (i > 0) expect(thin.x[i]).toBeGreaterThanOrEqual(thin.x[i - 1]);
        }
        // Thinned by spans, each span still spans the levels the full line visits in it.
        if (x.length > 4 * buckets) expect(spanRanges([...thin.x], [...thin.y], buckets)).toEqual(spanRanges(x, y, buckets));
      }),
      {numRuns: 400}
    );
  });

  it("keeps a line that fits as stepPoints keeps it (the same picture, point for point)", () => {
    fc.assert(
      fc.property(line(60), ({x, y}) => {
        const kept = stepPoints(
          x.map((_, k) => k),
          (k) => x[k],
          (k) => y[k]
        );
        const thin = thinnedLine(x, y);
        expect([...thin.x]).toEqual(kept.map((k) => x[k]));
        expect([...thin.y]).toEqual(kept.map((k) => y[k]));
      })
    );
  });

  it("keeps a line that goes back in x whole, and an empty line empty", () => {
    const x = Array.from({length: 50}, (_, k) => (k % 7) * 0.1),
      y = x.map((_, k) => k % 5);
    expect([...thinnedLine(x, y, 2).x]).toEqual(x);
    expect(thinnedLine([], [])).toEqual({x: new Float64Array(0), y: new Float64Array(0)});
  });

  it("draws a million-point line from a few thousand points", () => {
    const n = 1_000_000;
    const x = Float64Array.from({length: n}, (_, k) => k / 25),
      y = Float64Array.from({length: n}, (_, k) => (k * 7919) % 13);
    y[654_321] = 99;
    const thin = thinnedLine(x, y);
    expect(thin.x.length).toBeLessThanOrEqual(4096);
    expect(maxOf(thin.y)).toBe(99);
    expect(thin.x[Array.prototype.indexOf.call(thin.y, 99)]).toBe(x[654_321]);
  });
});

// Records past what thinnedLine keeps whole, for each shape, with bursts that raise the queue.
const big = Object.fromEntries(
  shapes.map((shape) => [shape, simulateFifo(schedule(shape, 30_000, 25, 3, {burstSize: 12}), {workers: 4, serviceS: 0.04, seed: 3})])
) as Record<Shape, ReturnType<typeof simulateFifo>>;
const sched = Object.fromEntries(shapes.map((shape) => [shape, big[shape].map((r, i) => ({i, intended: r.arrive}))])) as Record<
  Shape,
  {i: number; intended: number}[]
>;
const run = Object.fromEntries(
  shapes.map((shape) => [
    shape,
    big[shape].map((r, i) => ({i, intended: r.arrive, sent: r.arrive, received: r.end, code: i % 97 ? 200 : 0, error: ""}))
  ])
) as Record<Shape, {i: number; intended: number; sent: number; received: number; code: number; error: string}[]>;

describe("labFigures(runs)", () => {
  const figures = labFigures({sched, run, srv: big});

  it("states step 7's maxima and step 1's server time over every record, as the page computed them", () => {
    for (const shape of ["even", "burst"] as const) {
      expect(figures.peaks[shape]).toEqual({
        records: big[shape].length,
        sweep: maxOf(sweepSteps(big[shape]).map((s) => s.n)),
        concurrency: maxConcurrency(big[shape]),
        qlen: maxOf(big[shape].map((r) => r.qlen))
      });
      expect(figures.peaks[shape].sweep).toBe(figures.peaks[shape].concurrency);
    }
    expect(figures.peaks.burst.concurrency).toBeGreaterThan(figures.peaks.even.concurrency); // the bursts do raise it: a case where a lost peak would show
    expect(figures.serverMs).toBe(mean(shapes.flatMap((shape) => big[shape].map((r) => (r.end - r.start) * 1000))));
  });

  it("draws each line from a few thousand points that keep its peak and its ends", () => {
    for (const shape of shapes) {
      const queue = figures.queue[shape];
      expect(queue.x.length).toBeLessThanOrEqual(4096);
      expect(maxOf(queue.y)).toBe(maxOf(big[shape].map((r) => r.qlen)));
      expect([queue.x[0], queue.x.at(-1)]).toEqual([big[shape][0].arrive, big[shape].at(-1)!.arrive]);
      const cdf = figures.latency[shape];
      const ms = run[shape].filter((r) => r.code === 200).map((r) => (r.received - r.sent) * 1000);
      expect([cdf.x[0], cdf.x.at(-1), cdf.y.at(-1)]).toEqual([minOf(ms), maxOf(ms), 100]);
      expect(cdf.x.length).toBeLessThanOrEqual(4096);
    }
    for (const shape of ["even", "burst"] as const) {
      const sweep = figures.sweep[shape];
      expect(sweep.x.length).toBeLessThanOrEqual(4096);
      expect(maxOf(sweep.y)).toBe(maxConcurrency(big[shape]));
      expect(sweep.y.at(-1)).toBe(0); // everyone left in the end
    }
  });

  it("counts each shape's intervals in the shared bins, as d3's bin does", () => {
    const gaps = shapes.map((shape) => intervals(sched[shape].map((r) => r.intended)).map((g) => g * 1000));
    const edges = bin().thresholds(40)(gaps.flat());
    expect(figures.intervals.domain).toEqual([edges[0].x0, edges.at(-1)!.x1]);
    shapes.forEach((shape, i) => {
      expect(figures.intervals.counts[shape].reduce((a, b) => a + b, 0)).toBe(gaps[i].length);
      expect(figures.intervals.counts[shape]).toEqual(
        bin()
          .domain(figures.intervals.domain)
          .thresholds(edges.slice(1).map((b) => b.x0!))(gaps[i])
          .map((b) => b.length)
      );
    });
  });

  it("computes the wait beside the service as means over every record", () => {
    expect(figures.wait.map((w) => w.shape)).toEqual([...shapes]);
    for (const w of figures.wait) {
      expect(w.serviceMs).toBe(mean(big[w.shape].map((r) => r.end - r.start)) * 1000);
      expect(w.waitMs).toBe(mean(big[w.shape].map((r) => r.start - r.arrive)) * 1000);
    }
  });
});

describe("queueLines(srv) / sweepLines(srv)", () => {
  it("draws records written as they end (a threaded server's order) in arrival order, the same line", () => {
    const byEnd = Object.fromEntries(shapes.map((shape) => [shape, big[shape].slice().sort((a, b) => a.end - b.end)])) as typeof big;
    expect(byArrival(byEnd.burst).map((r) => r.arrive)).toEqual(big.burst.map((r) => r.arrive));
    expect(queueLines(byEnd)).toEqual(queueLines(big));
    expect(sweepLines(byEnd)).toEqual(sweepLines(big));
  });
});

describe("sweepColumns(visits)", () => {
  it("is sweepSteps as two columns, ties and all", () => {
    const visit = fc
      .record({arrive: fc.integer({min: 0, max: 20}), stay: fc.integer({min: 0, max: 5})})
      .map(({arrive, stay}) => ({arrive: arrive / 10, end: (arrive + stay) / 10}));
    fc.assert(
      fc.property(fc.array(visit, {maxLength: 40}), (visits) => {
        const {t, n} = sweepColumns(visits);
        expect(Array.from(t, (time, k) => ({t: time, n: n[k]}))).toEqual(sweepSteps(visits));
        expect(maxOf(n)).toBe(visits.length ? maxConcurrency(visits) : -Infinity);
      })
    );
  });
});
