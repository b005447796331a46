// The lab's charts: timelines, interval histograms, latency CDFs, the server's queue, the wait
// beside the service time, the sweep as a step chart and the closed-loop curve. Each takes
// parsed runs and the page's translate function, and returns an element.
// The four a "Try it" slider redraws (intervals, latency, queue, sweep) are hand-drawn SVG
// (src/components/chart) in Plot's look: Plot spent 2–3 ms on each per input, which alone put
// "every figure redrawn" past one frame; the hand-drawn ones take a fraction of that (see
// bench/labNotebook.bench.ts). The others are drawn once per upload or language, with Plot.
import * as Plot from "@observablehq/plot";
import {bin, extent} from "d3-array";
import type {ClosedRow, PlanRow, RunRow} from "../../lab/csv.js";
import type {LabRecord} from "../../lab/des.js";
import {closedLoopRate, naiveClosedLoopRate} from "../../lab/little.js";
import {intervals, shapes, type Shape} from "../../lab/schedule.js";
import {mean} from "../../lab/stats.js";
import {chartFrame, px, rectsPath, stepAfterPath, svgElement, swatches, type ChartFrame, type Linear} from "../chart/index.js";
import type {Translate} from "../i18n.js";
import {shapeColorScale} from "../shapePalette.js";

/** Options every chart takes: the translate function and the width to draw at. */
export interface ChartOptions {
  t: Translate;
  width?: number;
}

const colors = shapeColorScale;
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

/** The narrowest a chart is drawn: its margins and a plot area still fit. */
export const minChartWidth = 240;

/**
 * The width to draw at: the page's, but never below {@link minChartWidth}. A container with no
 * layout (a hidden or printing page; Chromium's full-page screenshot) reports a width of 0, and a
 * chart drawn at 0 has a negative plot area: Plot then writes <rect width="-70">, which Chromium
 * logs as an error per rect (issue 19: 81–99 per load). The figure redraws when the width returns.
 */
export function drawable(width: number): number {
  return Number.isFinite(width) && width > minChartWidth ? width : minChartWidth;
}

/** The extent of `values`, or [0, 1] when there are none (an empty axis still draws). */
function domainOf(values: Iterable<number>): [number, number] {
  const [low, high] = extent(values);
  return low === undefined || high === undefined ? [0, 1] : [low, high];
}

/** A line at y = 0 across the frame, as Plot's `ruleY([0])`. */
function zeroRule(frame: ChartFrame, y: Linear): SVGPathElement {
  return svgElement("path", {d: `M${px(frame.x.range[0])},${px(y(0))}H${px(frame.x.range[1])}`, stroke: "currentColor"});
}

/** A chart under its colour key, as Plot draws a figure with `legend: true`. */
function withKey(labels: readonly string[], keyColors: readonly string[], chart: SVGSVGElement): HTMLDivElement {
  const figure = document.createElement("div");
  figure.append(swatches(labels, keyColors), chart);
  return figure;
}

/** Step 2: each shape's intended send times, one dot per request, piled where they coincide. */
export function timelines(sched: Record<Shape, PlanRow[]>, {t, width: asked = 640, windowS = 3}: ChartOptions & {windowS?: number}) {
  const width = drawable(asked);
  const data = byShape(sched, (r) => (r.intended <= windowS ? {intended: r.intended} : undefined));
  return Plot.plot({
    width, height: 230, marginLeft: 60, marginRight: 10,
    x: {label: t("chart.intended"), domain: [0, windowS]},
    fy: {label: null, domain: [...shapes], axis: "left"},
    color: colors,
    marks: [Plot.dotX(data, Plot.dodgeY({x: "intended", fy: "shape", fill: "shape", r: 2, anchor: "bottom", padding: 0.5})), Plot.frame({strokeOpacity: 0.1})]
  });
}

/** Step 3: the intervals between consecutive intended times, one histogram per shape (ms), in the same 40 or so bins. */
export function intervalHistograms(sched: Record<Shape, PlanRow[]>, {t, width: asked = 640}: ChartOptions) {
  const width = drawable(asked);
  const gaps = shapes.map((shape) => intervals(sched[shape].map((r) => r.intended)).map((gap) => gap * 1000));
  // The bins of all three together (d3's nice thresholds, as Plot's binX draws them), then each shape counted in those bins.
  const edges = bin().thresholds(40)(gaps.flat());
  const domain: [number, number] = edges.length ? [edges[0].x0!, edges.at(-1)!.x1!] : [0, 1];
  const counted = gaps.map((values) => bin().domain(domain).thresholds(edges.slice(1).map((b) => b.x0!))(values));
  const frame = chartFrame({
    width, height: 260, marginLeft: 50, marginRight: 60,
    x: {domain, label: t("chart.interval"), grid: true},
    y: {domain: [0, domainOf([1, ...counted.flatMap((bins) => bins.map((b) => b.length))])[1]], label: t("chart.count")},
    facets: shapes
  });
  const {x} = frame;
  frame.panels.forEach(({y}, i) => {
    const bars = counted[i].filter((b) => b.length > 0).map((b) => ({x0: x(b.x0!) + 0.5, x1: Math.max(x(b.x0!) + 0.5, x(b.x1!) - 0.5), y0: y(0), y1: y(b.length)}));
    frame.marks.append(svgElement("path", {d: rectsPath(bars), fill: colors.range[i]}), zeroRule(frame, y));
  });
  return frame.svg;
}

/** Step 4: the empirical CDF of latency (received − sent, code 200) per shape, with p50 and p95 marked. */
export function latencyCdf(run: Record<Shape, RunRow[]>, marks: {shape: Shape; p50: number; p95: number}[], {t, width: asked = 640}: ChartOptions) {
  const width = drawable(asked);
  const lines = shapes.map((shape) => {
    const ms = run[shape].filter((r) => r.code === 200).map((r) => (r.received - r.sent) * 1000).sort((a, b) => a - b);
    return stepPoints(ms.map((value, k) => [value, ((k + 1) / ms.length) * 100] as const), (d) => d[0], (d) => d[1]);
  });
  const xs = [...lines.flatMap((line) => line.map((d) => d[0])), ...marks.flatMap((m) => [m.p50, m.p95])];
  const frame = chartFrame({
    width, height: 260, marginLeft: 50,
    x: {domain: domainOf(xs), label: t("chart.latency"), grid: true},
    y: {domain: [0, 100], label: t("chart.share"), grid: true}
  });
  const {x, panels: [{y}]} = frame;
  frame.marks.append(
    svgElement("path", {d: [50, 95].map((p) => `M${px(x.range[0])},${px(y(p))}H${px(x.range[1])}`).join(""), stroke: "currentColor", "stroke-opacity": 0.5, "stroke-dasharray": "3,3"}),
    ...lines.map((line, i) => svgElement("path", {d: stepAfterPath(line.map(([ms, p]) => [x(ms), y(p)])), fill: "none", stroke: colors.range[i], "stroke-width": 1.5})),
    ...marks.flatMap((m) => [[m.p50, 50], [m.p95, 95]].map(([ms, p]) => svgElement("circle", {cx: px(x(ms)), cy: px(y(p)), r: 4, fill: colors.range[shapes.indexOf(m.shape)]})))
  );
  return withKey(shapes, colors.range, frame.svg);
}

/** Step 4's common mistake: mean wait (start − arrive) beside mean service (end − start) per shape (ms). */
export function waitBesideService(srv: Record<Shape, LabRecord[]>, {t, width: asked = 640}: ChartOptions) {
  const width = drawable(asked);
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
export function queueOverTime(srv: Record<Shape, LabRecord[]>, {t, width: asked = 640}: ChartOptions) {
  const width = drawable(asked);
  const lines = shapes.map((shape) => stepPoints(byArrival(srv[shape]), (r) => r.arrive, (r) => r.qlen));
  const frame = chartFrame({
    width, height: 280, marginLeft: 40, marginRight: 60,
    x: {domain: domainOf(lines.flatMap((line) => line.map((r) => r.arrive))), label: t("chart.time")},
    y: {domain: [0, domainOf([0, ...lines.flatMap((line) => line.map((r) => r.qlen))])[1]], label: t("chart.qlen"), grid: true},
    facets: shapes
  });
  const {x} = frame;
  frame.panels.forEach(({y}, i) => {
    frame.marks.append(svgElement("path", {d: stepAfterPath(lines[i].map((r) => [x(r.arrive), y(r.qlen)])), fill: "none", stroke: colors.range[i], "stroke-width": 1.5}), zeroRule(frame, y));
  });
  return frame.svg;
}

/** The records in arrival order: as they are when already so (a dump is), else a sorted copy (a threaded server writes them as they end). */
export function byArrival(records: LabRecord[]): LabRecord[] {
  for (let k = 1; k < records.length; k++) if (records[k].arrive < records[k - 1].arrive) return records.slice().sort((a, b) => a.arrive - b.arrive);
  return records;
}

/** Step 7: requests in the system after each event of the sweep (src/lab's sweepSteps) for even and burst, with the worker lines. */
export function sweepChart(steps: Record<"even" | "burst", {t: number; n: number}[]>, lines: {formulaWorkers: number; workers: number}, {t, width: asked = 640}: ChartOptions) {
  const width = drawable(asked);
  const rules = [{y: lines.formulaWorkers, label: t("chart.formulaLine", {n: lines.formulaWorkers}), color: "#d62728"}, {y: lines.workers, label: t("chart.workersLine", {n: lines.workers}), color: "#555"}];
  const drawn = (["even", "burst"] as const).map((shape) => stepPoints(steps[shape], (s) => s.t, (s) => s.n));
  const frame = chartFrame({
    width, height: 240, marginLeft: 50,
    x: {domain: domainOf(drawn.flatMap((line) => line.map((s) => s.t))), label: t("chart.time")},
    y: {domain: domainOf([0, ...drawn.flatMap((line) => line.map((s) => s.n)), ...rules.map((r) => r.y)]), label: t("chart.inSystem"), grid: true}
  });
  const {x, panels: [{y}]} = frame;
  const lineColors = [colors.range[0], colors.range[2]];
  frame.marks.append(
    ...drawn.map((line, i) => svgElement("path", {d: stepAfterPath(line.map((s) => [x(s.t), y(s.n)])), fill: "none", stroke: lineColors[i], "stroke-width": 1.5})),
    ...rules.map((r) => svgElement("path", {d: `M${px(x.range[0])},${px(y(r.y))}H${px(x.range[1])}`, stroke: r.color, "stroke-dasharray": "5,4"})),
    ...rules.map((r) => svgElement("text", {x: px(x.range[1]), y: px(y(r.y) - 6), dy: "0.32em", "text-anchor": "end", fill: r.color, stroke: "white", "stroke-width": 3, "paint-order": "stroke"}, r.label))
  );
  return withKey(["even", "burst"], lineColors, frame.svg);
}

/** Step 6: the closed-loop rate N / (R + Z) over users, the naive N / Z, and the measured point. */
export function closedLoopCurve(k: {users: number; thinkS: number; meanRS: number; measuredRate: number}, {t, width: asked = 640}: ChartOptions) {
  const width = drawable(asked);
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
export function closedTimeline(rows: ClosedRow[], {t, width: asked = 640}: ChartOptions) {
  const width = drawable(asked);
  return Plot.plot({
    width, height: 180, marginLeft: 50,
    x: {label: t("chart.time"), domain: [0, 2]},
    y: {label: t("chart.user"), type: "band"},
    marks: [Plot.barX(rows.filter((r) => r.sent < 2), {x1: "sent", x2: "received", y: "user", fill: "#4269d0"})]
  });
}
