// What the lab's figures draw for a set of runs, computed without the DOM: histogram bins, CDF
// points, the queue over time, the sweep, the wait beside the service time and the few numbers
// the page states over every record (step 1's server time, step 7's maxima). For an upload the
// worker computes them where it parsed the rows (src/components/lab/uploadJob.ts), so the page
// draws a million records from a few thousand points per line instead of looping over them in
// one task; the lines travel as Float64Arrays (transferred). Pure and deterministic.
import {bin} from "d3-array";
import type {PlanRow, RunRow} from "../../lab/csv.js";
import type {LabRecord} from "../../lab/des.js";
import {intervals, shapes, type Shape} from "../../lab/schedule.js";
import {maxConcurrency, maxOf, mean, sweepColumns} from "../../lab/stats.js";
import {thinnedLine, type Line} from "./lineThinning.js";

/** Step 3's histogram: the shared bins (ms) and each shape's count in each. */
export interface IntervalBins {
  domain: [number, number];
  bins: {x0: number; x1: number}[];
  counts: Record<Shape, number[]>;
}

/** Step 4's bars: a shape's mean service (end − start) and mean wait (start − arrive), in ms. */
export interface WaitPart {
  shape: Shape;
  serviceMs: number;
  waitMs: number;
}

/** Step 7's three maxima of one shape's records (how many): the sweep's peak, maxConcurrency, max(qlen). */
export interface Peaks {
  records: number;
  sweep: number;
  concurrency: number;
  qlen: number;
}

/** Everything the runs' figures and per-record numbers need, per shape. */
export interface LabFigures {
  intervals: IntervalBins;
  latency: Record<Shape, Line>;
  wait: WaitPart[];
  queue: Record<Shape, Line>;
  sweep: Record<"even" | "burst", Line>;
  peaks: Record<"even" | "burst", Peaks>;
  /** Step 1: the mean of end − start over every shape's server records, in ms. */
  serverMs: number;
}

/** One number of each row, as a Float64Array (a plain loop: Float64Array.from with a map function walks an iterator, several times slower over a million rows). */
function column<T>(rows: readonly T[], f: (row: T) => number): Float64Array {
  const values = new Float64Array(rows.length);
  for (let k = 0; k < rows.length; k++) values[k] = f(rows[k]);
  return values;
}

const byShape = <T>(f: (shape: Shape) => T) => Object.fromEntries(shapes.map((s) => [s, f(s)])) as Record<Shape, T>;
const sweptShapes = ["even", "burst"] as const;

/** Step 3: the intervals between consecutive intended times (ms) of all shapes in d3's ~40 nice bins (as Plot's binX), each shape counted in them. */
export function intervalBins(sched: Record<Shape, PlanRow[]>): IntervalBins {
  const gaps = shapes.map((shape) => intervals(sched[shape].map((r) => r.intended)).map((gap) => gap * 1000));
  const edges = bin().thresholds(40)(gaps.flat());
  const domain: [number, number] = edges.length ? [edges[0].x0!, edges.at(-1)!.x1!] : [0, 1];
  const thresholds = edges.slice(1).map((b) => b.x0!);
  const counted = gaps.map((values) => bin().domain(domain).thresholds(thresholds)(values));
  return {
    domain,
    bins: (counted[0] ?? []).map((b) => ({x0: b.x0!, x1: b.x1!})),
    counts: byShape((shape) => counted[shapes.indexOf(shape)].map((b) => b.length))
  };
}

/** Step 4: each shape's empirical CDF of latency (received − sent, code 200; ms → percent of requests), thinned. */
export function latencyLines(run: Record<Shape, RunRow[]>): Record<Shape, Line> {
  return byShape((shape) => {
    const ms = column(
      run[shape].filter((r) => r.code === 200),
      (r) => (r.received - r.sent) * 1000
    ).sort();
    const share = new Float64Array(ms.length);
    for (let k = 0; k < ms.length; k++) share[k] = ((k + 1) / ms.length) * 100;
    return thinnedLine(ms, share);
  });
}

/** Step 4: each shape's mean service and mean wait, in ms. */
export function waitParts(srv: Record<Shape, LabRecord[]>): WaitPart[] {
  return shapes.map((shape) => {
    const rows = srv[shape];
    const meanMs = (f: (r: LabRecord) => number) => mean(column(rows, f)) * 1000;
    return {shape, serviceMs: meanMs((r) => r.end - r.start), waitMs: meanMs((r) => r.start - r.arrive)};
  });
}

/** Step 5: each shape's qlen at each arrival over time (arrival order), thinned. */
export function queueLines(srv: Record<Shape, LabRecord[]>): Record<Shape, Line> {
  return byShape((shape) => {
    const rows = byArrival(srv[shape]);
    return thinnedLine(
      column(rows, (r) => r.arrive),
      column(rows, (r) => r.qlen)
    );
  });
}

/** The records in arrival order: as they are when already so (a dump is), else a sorted copy (a threaded server writes them as they end). */
export function byArrival(records: LabRecord[]): LabRecord[] {
  for (let k = 1; k < records.length; k++)
    if (records[k].arrive < records[k - 1].arrive) return records.slice().sort((a, b) => a.arrive - b.arrive);
  return records;
}

/** Step 7: requests in the system after each event of src/lab's sweep (sweepSteps), for even and burst, thinned. */
export function sweepLines(srv: Pick<Record<Shape, LabRecord[]>, "even" | "burst">): Record<"even" | "burst", Line> {
  return sweep(srv).lines;
}

/** Step 7's lines and, over every record (not the thinned lines), the sweep's peak, maxConcurrency and max(qlen) of even and burst. */
export function sweep(srv: Pick<Record<Shape, LabRecord[]>, "even" | "burst">): {
  lines: Record<"even" | "burst", Line>;
  peaks: Record<"even" | "burst", Peaks>;
} {
  const lines = {} as Record<"even" | "burst", Line>,
    peaks = {} as Record<"even" | "burst", Peaks>;
  for (const shape of sweptShapes) {
    const records = srv[shape];
    const {t, n} = sweepColumns(records); // sweepSteps' events, as columns
    lines[shape] = thinnedLine(t, n);
    peaks[shape] = {
      records: records.length,
      sweep: maxOf(n),
      concurrency: maxConcurrency(records),
      qlen: maxOf(column(records, (r) => r.qlen))
    };
  }
  return {lines, peaks};
}

/** Every figure's series and the per-record numbers of one set of runs. */
export function labFigures(runs: {
  sched: Record<Shape, PlanRow[]>;
  run: Record<Shape, RunRow[]>;
  srv: Record<Shape, LabRecord[]>;
}): LabFigures {
  const swept = sweep(runs.srv);
  return {
    intervals: intervalBins(runs.sched),
    latency: latencyLines(runs.run),
    wait: waitParts(runs.srv),
    queue: queueLines(runs.srv),
    sweep: swept.lines,
    peaks: swept.peaks,
    serverMs: serverMs(runs.srv)
  };
}

/** Step 1: the mean of end − start (ms) over every shape's records, summed in the order the page once summed them (shape by shape), so the same number. */
export function serverMs(srv: Record<Shape, LabRecord[]>): number {
  let sum = 0,
    count = 0;
  for (const shape of shapes) for (const r of srv[shape]) (sum += (r.end - r.start) * 1000), count++;
  return count ? sum / count : NaN;
}

/** The buffers of `figures`' lines, to transfer with a postMessage. */
export function figureBuffers(figures: LabFigures): ArrayBuffer[] {
  const lines = [...Object.values(figures.latency), ...Object.values(figures.queue), ...Object.values(figures.sweep)];
  return lines.flatMap((line) => [line.x.buffer as ArrayBuffer, line.y.buffer as ArrayBuffer]);
}
