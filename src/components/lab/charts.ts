// The lab's charts (Plot): timelines, interval histograms, latency CDFs, the server's queue,
// the wait beside the service time, the sweep as a step chart and the closed-loop curve.
// Each takes parsed runs and the page's translate function, and returns an element.
import * as Plot from "@observablehq/plot";
import type {ClosedRow, PlanRow, RunRow} from "../../lab/csv.js";
import type {LabRecord} from "../../lab/des.js";
import {closedLoopRate, naiveClosedLoopRate} from "../../lab/little.js";
import {intervals, shapes, type Shape} from "../../lab/schedule.js";
import {mean} from "../../lab/stats.js";
import type {Translate} from "../i18n.js";

/** Options every chart takes: the translate function and the width to draw at. */
export interface ChartOptions {
  t: Translate;
  width?: number;
}

const colors = {domain: [...shapes], range: ["#4269d0", "#efb118", "#ff725c"]};
const byShape = <T>(data: Record<Shape, T[]>, map: (row: T, k: number, rows: T[]) => object | undefined) =>
  shapes.flatMap((shape) => data[shape].map((row, k, rows) => {
    const value = map(row, k, rows);
    return value && {shape, ...value};
  }).filter(Boolean)) as ({shape: Shape} & Record<string, number>)[];

/**
 * The points of a step-after line (when sorted by x) that change its picture: where the level
 * changes, and at an x holding several points only the lowest, the highest and the last (the
 * vertical stroke there spans the same range). The first and last points are kept. Thousands of
 * simulated points where a level repeats or a burst lands at one instant draw the same path from
 * far fewer.
 */
export function stepPoints<T>(rows: T[], x: (row: T) => number, y: (row: T) => number): T[] {
  if (rows.length <= 2) return rows;
  for (let i = 1; i < rows.length; i++) if (x(rows[i]) < x(rows[i - 1])) return rows; // out of order: the path goes back, drawn as it is
  const kept: T[] = [];
  let level = y(rows[0]);
  for (let i = 0; i < rows.length; ) {
    let j = i + 1;
    const at = x(rows[i]);
    while (j < rows.length && x(rows[j]) === at) j++;
    let low = rows[i], high = rows[i];
    for (let k = i + 1; k < j; k++) {
      if (y(rows[k]) < y(low)) low = rows[k];
      if (y(rows[k]) > y(high)) high = rows[k];
    }
    const last = rows[j - 1];
    if (i === 0 || j === rows.length || y(low) !== level || y(high) !== level) {
      // The last row ends the stroke, so it goes last even when it is also the lowest or highest.
      for (const row of new Set([...(i === 0 ? [rows[0]] : []), low, high].filter((r) => r !== last))) kept.push(row);
      kept.push(last);
      level = y(last);
    }
    i = j;
  }
  return kept;
}

/** Step 2: each shape's intended send times, one dot per request, piled where they coincide. */
export function timelines(sched: Record<Shape, PlanRow[]>, {t, width = 640, windowS = 3}: ChartOptions & {windowS?: number}) {
  const data = byShape(sched, (r) => (r.intended <= windowS ? {intended: r.intended} : undefined));
  return Plot.plot({
    width, height: 230, marginLeft: 60, marginRight: 10,
    x: {label: t("chart.intended"), domain: [0, windowS]},
    fy: {label: null, domain: [...shapes], axis: "left"},
    color: colors,
    marks: [Plot.dotX(data, Plot.dodgeY({x: "intended", fy: "shape", fill: "shape", r: 2, anchor: "bottom", padding: 0.5})), Plot.frame({strokeOpacity: 0.1})]
  });
}

/** Step 3: the intervals between consecutive intended times, one histogram per shape (ms). */
export function intervalHistograms(sched: Record<Shape, PlanRow[]>, {t, width = 640}: ChartOptions) {
  const data = shapes.flatMap((shape) => intervals(sched[shape].map((r) => r.intended)).map((gap) => ({shape, ms: gap * 1000})));
  return Plot.plot({
    width, height: 260, marginLeft: 50, marginRight: 60,
    x: {label: t("chart.interval"), grid: true},
    y: {label: t("chart.count")},
    fy: {label: null, domain: [...shapes]},
    facet: {data, y: "shape"},
    color: colors,
    marks: [Plot.rectY(data, Plot.binX<Plot.RectYOptions>({y: "count"}, {x: "ms", fill: "shape", thresholds: 40})), Plot.ruleY([0])]
  });
}

/** Step 4: the empirical CDF of latency (received − sent, code 200) per shape, with p50 and p95 marked. */
export function latencyCdf(run: Record<Shape, RunRow[]>, marks: {shape: Shape; p50: number; p95: number}[], {t, width = 640}: ChartOptions) {
  const data = shapes.flatMap((shape) => {
    const ms = run[shape].filter((r) => r.code === 200).map((r) => (r.received - r.sent) * 1000).sort((a, b) => a - b);
    return stepPoints(ms.map((value, k) => ({shape, ms: value, p: (k + 1) / ms.length})), (d) => d.ms, (d) => d.p);
  });
  const ticks = marks.flatMap((m) => [{shape: m.shape, ms: m.p50, p: 0.5}, {shape: m.shape, ms: m.p95, p: 0.95}]);
  return Plot.plot({
    width, height: 260, marginLeft: 50,
    x: {label: t("chart.latency"), grid: true},
    y: {label: t("chart.share"), domain: [0, 100], grid: true, percent: true},
    color: {...colors, legend: true},
    marks: [Plot.ruleY([0.5, 0.95], {strokeDasharray: "3,3", strokeOpacity: 0.5}), Plot.lineY(data, {x: "ms", y: "p", stroke: "shape", curve: "step-after"}), Plot.dot(ticks, {x: "ms", y: "p", fill: "shape", r: 4})]
  });
}

/** Step 4's common mistake: mean wait (start − arrive) beside mean service (end − start) per shape (ms). */
export function waitBesideService(srv: Record<Shape, LabRecord[]>, {t, width = 640}: ChartOptions) {
  const parts = shapes.flatMap((shape) => {
    const rows = srv[shape];
    const meanMs = (f: (r: LabRecord) => number) => mean(rows.map(f)) * 1000;
    return [{shape, part: t("chart.service"), ms: meanMs((r) => r.end - r.start)}, {shape, part: t("chart.wait"), ms: meanMs((r) => r.start - r.arrive)}];
  });
  return Plot.plot({
    width, height: 150, marginLeft: 60,
    x: {label: t("chart.meanMs"), grid: true},
    y: {label: null, domain: [...shapes]},
    color: {domain: [t("chart.service"), t("chart.wait")], range: ["#9aa5b1", "#ff725c"], legend: true},
    marks: [Plot.barX(parts, Plot.stackX({x: "ms", y: "shape", fill: "part"})), Plot.ruleX([0])]
  });
}

/** Step 5: the server's qlen at each arrival over time, one panel per shape. */
export function queueOverTime(srv: Record<Shape, LabRecord[]>, {t, width = 640}: ChartOptions) {
  const data = shapes.flatMap((shape) => stepPoints(srv[shape].map((r) => ({shape, arrive: r.arrive, qlen: r.qlen})), (d) => d.arrive, (d) => d.qlen));
  return Plot.plot({
    width, height: 280, marginLeft: 40, marginRight: 60,
    x: {label: t("chart.time")},
    y: {label: t("chart.qlen"), grid: true},
    fy: {label: null, domain: [...shapes]},
    color: colors,
    marks: [Plot.lineY(data, {x: "arrive", y: "qlen", fy: "shape", stroke: "shape", curve: "step-after"}), Plot.ruleY([0])]
  });
}

/** Step 7: requests in the system after each event of the sweep, with the worker lines. */
export function sweepChart(steps: {shape: Shape; t: number; n: number}[], lines: {formulaWorkers: number; workers: number}, {t, width = 640}: ChartOptions) {
  const rules = [{y: lines.formulaWorkers, label: t("chart.formulaLine", {n: lines.formulaWorkers}), color: "#d62728"}, {y: lines.workers, label: t("chart.workersLine", {n: lines.workers}), color: "#555"}];
  return Plot.plot({
    width, height: 240, marginLeft: 50,
    x: {label: t("chart.time")},
    y: {label: t("chart.inSystem"), grid: true},
    color: {domain: ["even", "burst"], range: [colors.range[0], colors.range[2]], legend: true},
    marks: [
      Plot.lineY(["even", "burst"].flatMap((shape) => stepPoints(steps.filter((s) => s.shape === shape), (s) => s.t, (s) => s.n)), {x: "t", y: "n", stroke: "shape", curve: "step-after"}),
      Plot.ruleY(rules, {y: "y", stroke: "color", strokeDasharray: "5,4"}),
      Plot.text(rules, {y: "y", text: "label", frameAnchor: "right", dy: -6, fill: "color", stroke: "white", strokeWidth: 3, textAnchor: "end"})
    ]
  });
}

/** Step 6: the closed-loop rate N / (R + Z) over users, the naive N / Z, and the measured point. */
export function closedLoopCurve(k: {users: number; thinkS: number; meanRS: number; measuredRate: number}, {t, width = 640}: ChartOptions) {
  const users = Array.from({length: Math.max(16, k.users * 2)}, (_, i) => i + 1);
  const curve = users.map((n) => ({n, rate: closedLoopRate(n, k.meanRS, k.thinkS), line: "N / (R + Z)"}));
  const naive = users.map((n) => ({n, rate: naiveClosedLoopRate(n, k.thinkS), line: "N / Z"}));
  return Plot.plot({
    width, height: 260, marginLeft: 50,
    x: {label: t("chart.users")},
    y: {label: t("chart.rate"), grid: true},
    color: {domain: ["N / (R + Z)", "N / Z"], range: ["#4269d0", "#9aa5b1"], legend: true},
    marks: [
      Plot.lineY(naive, {x: "n", y: "rate", stroke: "line", strokeDasharray: "4,3"}),
      Plot.lineY(curve, {x: "n", y: "rate", stroke: "line"}),
      Plot.dot([{n: k.users, rate: k.measuredRate}], {x: "n", y: "rate", r: 5, fill: "#ff725c"}),
      Plot.text([{n: k.users, rate: k.measuredRate}], {x: "n", y: "rate", text: () => t("chart.measured"), dx: 8, textAnchor: "start", fill: "#ff725c"})
    ]
  });
}

/** Step 6: each closed-loop user's requests over time (a bar from sent to received). */
export function closedTimeline(rows: ClosedRow[], {t, width = 640}: ChartOptions) {
  return Plot.plot({
    width, height: 180, marginLeft: 50,
    x: {label: t("chart.time"), domain: [0, 2]},
    y: {label: t("chart.user"), type: "band"},
    marks: [Plot.barX(rows.filter((r) => r.sent < 2), {x1: "sent", x2: "received", y: "user", fill: "#4269d0"})]
  });
}
