// The lab's charts as text, in the page's language: for each chart a one-line summary of what it
// shows, computed from the series it draws (the image's name for a screen reader), and its
// series as the columns and rows of a table view (src/page/chartTable.ts, filled on opening).
// Pure: the same series and translate function give the same words; no DOM.
import type {PlanRow} from "../../lab/csv.js";
import {shapes, type Shape} from "../../lab/schedule.js";
import {maxOf} from "../../lab/stats.js";
import type {Translate} from "../i18n.js";
import type {IntervalBins, WaitPart} from "./figureSeries.js";
import type {Line} from "./lineThinning.js";

/** A chart's text alternatives: its summary line, its table's column names, and the table's rows (asked for when the table opens). */
export interface ChartText {
  summary: string;
  columns: string[];
  rows(): (string | number)[][];
}

/** `value` rounded to `digits` decimals, written without grouping or trailing zeros (en and ja write numbers alike). */
export function short(value: number, digits = 1): string {
  if (!Number.isFinite(value)) return "–";
  return String(Number(value.toFixed(digits)));
}

/** `items` joined as the page's language lists them. */
const list = (items: string[], t: Translate) => items.join(t("summary.join"));

/** A line's points as rows, each led by its shape. */
const lineRows = (shape: string, line: Line, digits: [number, number]): (string | number)[][] =>
  Array.from(line.x, (x, k) => [shape, short(x, digits[0]), short(line.y[k], digits[1])]);

/** The last x of every line (each sorted by x), at least 0. */
const lastX = (lines: Line[]) => lines.reduce((last, line) => (line.x.length ? Math.max(last, line.x[line.x.length - 1]) : last), 0);

/** Step 2: how many requests each shape plans in the first `windowS` seconds; a row per dot. */
export function timelinesText(sched: Record<Shape, PlanRow[]>, windowS: number, t: Translate): ChartText {
  const shown = (shape: Shape) => sched[shape].filter((r) => r.intended <= windowS);
  const counts = Object.fromEntries(shapes.map((shape) => [shape, shown(shape).length]));
  return {
    summary: t("summary.timelines", {windowS, ...counts}),
    columns: [t("table.shape"), t("table.request"), t("chart.intended")],
    rows: () => shapes.flatMap((shape) => shown(shape).map((r) => [shape, r.i, short(r.intended, 4)]))
  };
}

/** Step 3: the bins' span and each shape's fullest bin; a row per bin with each shape's count. */
export function intervalsText(bins: IntervalBins, t: Translate): ChartText {
  const fullest = shapes.map((shape) => {
    const counts = bins.counts[shape];
    const k = counts.reduce((best, count, i) => (count > counts[best] ? i : best), 0);
    const bin = bins.bins[k];
    return bin ? t("summary.bin", {shape, from: short(bin.x0), to: short(bin.x1), count: counts[k]}) : shape;
  });
  return {
    summary: t("summary.intervals", {from: short(bins.domain[0]), to: short(bins.domain[1]), bins: list(fullest, t)}),
    columns: [t("table.from"), t("table.to"), ...shapes],
    rows: () => bins.bins.map((bin, k) => [short(bin.x0), short(bin.x1), ...shapes.map((shape) => bins.counts[shape][k])])
  };
}

/** Step 4: each shape's p50 and p95 (the dots); a row per point of each CDF. */
export function latencyText(lines: Record<Shape, Line>, marks: {shape: Shape; p50: number; p95: number}[], t: Translate): ChartText {
  return {
    summary: t("summary.latency", {
      shapes: list(
        marks.map((m) => t("summary.latencyShape", {shape: m.shape, p50: short(m.p50), p95: short(m.p95)})),
        t
      )
    }),
    columns: [t("table.shape"), t("chart.latency"), t("chart.share")],
    rows: () => shapes.flatMap((shape) => lineRows(shape, lines[shape], [3, 2]))
  };
}

/** Step 4's bars: each shape's mean service and mean wait; a row per shape. */
export function waitText(means: WaitPart[], t: Translate): ChartText {
  return {
    summary: t("summary.wait", {
      shapes: list(
        means.map((m) => t("summary.waitShape", {shape: m.shape, service: short(m.serviceMs), wait: short(m.waitMs)})),
        t
      )
    }),
    columns: [t("table.shape"), t("table.serviceMs"), t("table.waitMs")],
    rows: () => means.map((m) => [m.shape, short(m.serviceMs, 3), short(m.waitMs, 3)])
  };
}

/** Step 5: how long the runs last and each shape's largest qlen (a thinned line keeps its peak); a row per point. */
export function queueText(lines: Record<Shape, Line>, t: Translate): ChartText {
  const largest = shapes.map((shape) => t("summary.value", {shape, value: maxOf(lines[shape].y)}));
  return {
    summary: t("summary.queue", {duration: short(lastX(shapes.map((shape) => lines[shape]))), shapes: list(largest, t)}),
    columns: [t("table.shape"), t("chart.time"), t("chart.qlen")],
    rows: () => shapes.flatMap((shape) => lineRows(shape, lines[shape], [4, 0]))
  };
}

/** Step 7: the sweep's peaks beside the two worker lines; a row per point. */
export function sweepText(
  steps: Record<"even" | "burst", Line>,
  workers: {formulaWorkers: number; workers: number},
  t: Translate
): ChartText {
  return {
    summary: t("summary.sweep", {
      duration: short(lastX([steps.even, steps.burst])),
      even: maxOf(steps.even.y),
      burst: maxOf(steps.burst.y),
      formula: workers.formulaWorkers,
      workers: workers.workers
    }),
    columns: [t("table.shape"), t("chart.time"), t("chart.inSystem")],
    rows: () => (["even", "burst"] as const).flatMap((shape) => lineRows(shape, steps[shape], [4, 0]))
  };
}

/** Step 6: the two curves over N users and the measured point; a row per N. */
export function closedLoopText(
  k: {users: number; thinkS: number; meanRS: number; measuredRate: number},
  curves: {n: number; predicted: number; naive: number}[],
  t: Translate
): ChartText {
  const at = curves.find((c) => c.n === k.users);
  return {
    summary: t("summary.loop", {
      maxUsers: curves.length ? curves[curves.length - 1].n : 0,
      meanR: short(k.meanRS, 4),
      thinkS: short(k.thinkS, 3),
      users: k.users,
      measured: short(k.measuredRate, 3),
      predicted: short(at?.predicted ?? NaN, 3),
      naive: short(at?.naive ?? NaN, 3)
    }),
    columns: [t("chart.users"), "N / (R + Z)", "N / Z"],
    rows: () => curves.map((c) => [c.n, short(c.predicted, 3), short(c.naive, 3)])
  };
}
