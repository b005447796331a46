// The lab's charts: timelines, interval histograms, latency CDFs, the server's queue, the wait
// beside the service time, the sweep as a step chart and the closed-loop curve. Each takes
// parsed runs and the page's translate function, and returns an element.
// The four a "Try it" slider redraws (intervals, latency, queue, sweep) are hand-drawn SVG
// (src/components/chart) in Plot's look: Plot spent 2–3 ms on each per input, which alone put
// "every figure redrawn" past one frame; the hand-drawn ones take a fraction of that (see
// bench/labNotebook.bench.ts). The others are drawn once per upload or language, with Plot.
// Each figure over many records draws from its series (figureSeries.ts: bins, thinned lines, means),
// which an upload's worker computes, so drawing a million records is drawing a few thousand points.
// Each chart comes with its text alternatives in the page's language (chartText.ts): the image is
// named by a one-line summary of its series, and a closed "table" view under it lists them.
import * as Plot from "@observablehq/plot";
import {extent} from "d3-array";
import type {ClosedRow, PlanRow, RunRow} from "../../lab/csv.js";
import type {LabRecord} from "../../lab/des.js";
import {closedLoopRate, naiveClosedLoopRate} from "../../lab/little.js";
import {shapes, type Shape} from "../../lab/schedule.js";
import {maxOf} from "../../lab/stats.js";
import {chartFrame, px, rectsPath, stepAfterPath, svgElement, swatches, type ChartFrame, type Linear} from "../chart/index.js";
import {intervalBins, latencyLines, queueLines, waitParts, type IntervalBins, type WaitPart} from "./figureSeries.js";
import {closedLoopText, intervalsText, latencyText, queueText, sweepText, timelinesText, waitText, type ChartText} from "./chartText.js";
import {tableView} from "../../page/chartTable.js";
import {redrawable} from "../../page/redraw.js";
import type {Line} from "./lineThinning.js";
import type {Translate} from "../i18n.js";
import {shapeColorScale} from "../shapePalette.js";

/** Options every chart takes: the translate function and the width to draw at. */
export interface ChartOptions {
  t: Translate;
  width?: number;
}

const colors = shapeColorScale;
const byShape = <T>(data: Record<Shape, T[]>, map: (row: T, k: number, rows: T[]) => object | undefined) =>
  shapes.flatMap((shape) =>
    data[shape]
      .map((row, k, rows) => {
        const value = map(row, k, rows);
        return value && {shape, ...value};
      })
      .filter(Boolean)
  ) as ({shape: Shape} & Record<string, number>)[];

export {stepPoints, thinnedLine, type Line} from "./lineThinning.js";
export {byArrival, sweepLines} from "./figureSeries.js";

/** The narrowest a chart is drawn: its margins and a plot area still fit. */
export const minChartWidth = 240;

/**
 * The width to draw at: the page's, but never below {@link minChartWidth}. A container with no
 * layout (a hidden or printing page; Chromium's full-page screenshot) reports a width of 0, and a
 * chart drawn at 0 has a negative plot area: Plot then writes <rect width="-70">, which Chromium
 * logs as an error per rect (81–99 per load, measured). The figure redraws when the width returns.
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

/** A line's step-after path in pixels. */
function linePath(line: Line, x: Linear, y: Linear): string {
  return stepAfterPath(Array.from(line.x, (v, k) => [x(v), y(line.y[k])] as const));
}

/** The extent of every line's x values (each line sorted by x, so its first and last). */
function xDomain(lines: Line[], more: number[] = []): [number, number] {
  return domainOf([...lines.flatMap((line) => (line.x.length ? [line.x[0], line.x[line.x.length - 1]] : [])), ...more]);
}

/** The largest y of every line, at least 0 (a thinned line keeps its peak). */
function yMax(lines: Line[]): number {
  return lines.reduce((max, line) => Math.max(max, maxOf(line.y)), 0);
}

/**
 * `chart` (its image already named by `text.summary`) above the table view of `text`'s series;
 * inert markup and the table view, so a slider's redraw is patched into the figure on the page
 * (src/page/redraw.ts).
 */
function withTable(chart: Element, text: ChartText, t: Translate): HTMLDivElement {
  const figure = document.createElement("div");
  figure.append(chart, tableView({summary: t("chart.table"), columns: text.columns, rows: text.rows}));
  return redrawable(figure);
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
  const text = timelinesText(sched, windowS, t);
  return withTable(
    Plot.plot({
      width,
      height: 230,
      marginLeft: 60,
      marginRight: 10,
      ariaLabel: text.summary,
      x: {label: t("chart.intended"), domain: [0, windowS]},
      fy: {label: null, domain: [...shapes], axis: "left"},
      color: colors,
      marks: [
        Plot.dotX(data, Plot.dodgeY({x: "intended", fy: "shape", fill: "shape", r: 2, anchor: "bottom", padding: 0.5})),
        Plot.frame({strokeOpacity: 0.1})
      ]
    }),
    text,
    t
  );
}

/** Step 3: the intervals between consecutive intended times, one histogram per shape (ms), in the same 40 or so bins. */
export function intervalHistograms(sched: Record<Shape, PlanRow[]>, options: ChartOptions) {
  return intervalChart(intervalBins(sched), options);
}

/** Step 3's histograms from their bins (figureSeries' intervalBins). */
export function intervalChart(bins: IntervalBins, {t, width: asked = 640}: ChartOptions) {
  const width = drawable(asked);
  const counts = shapes.map((shape) => bins.counts[shape]);
  const text = intervalsText(bins, t);
  const frame = chartFrame({
    width,
    height: 260,
    marginLeft: 50,
    marginRight: 60,
    label: text.summary,
    x: {domain: bins.domain, label: t("chart.interval"), grid: true},
    y: {domain: [0, domainOf([1, ...counts.flat()])[1]], label: t("chart.count")},
    facets: shapes
  });
  const {x} = frame;
  frame.panels.forEach(({y}, i) => {
    const bars = bins.bins.flatMap((b, k) =>
      counts[i][k] > 0 ? [{x0: x(b.x0) + 0.5, x1: Math.max(x(b.x0) + 0.5, x(b.x1) - 0.5), y0: y(0), y1: y(counts[i][k])}] : []
    );
    frame.marks.append(svgElement("path", {d: rectsPath(bars), fill: colors.range[i]}), zeroRule(frame, y));
  });
  return withTable(frame.svg, text, t);
}

/** Step 4: the empirical CDF of latency (received − sent, code 200) per shape, with p50 and p95 marked. */
export function latencyCdf(run: Record<Shape, RunRow[]>, marks: {shape: Shape; p50: number; p95: number}[], options: ChartOptions) {
  return latencyChart(latencyLines(run), marks, options);
}

/** Step 4's CDFs from their lines (figureSeries' latencyLines: ms → percent), p50 and p95 marked. */
export function latencyChart(
  lines: Record<Shape, Line>,
  marks: {shape: Shape; p50: number; p95: number}[],
  {t, width: asked = 640}: ChartOptions
) {
  const width = drawable(asked);
  const drawn = shapes.map((shape) => lines[shape]);
  const text = latencyText(lines, marks, t);
  const frame = chartFrame({
    width,
    height: 260,
    marginLeft: 50,
    label: text.summary,
    x: {
      domain: xDomain(
        drawn,
        marks.flatMap((m) => [m.p50, m.p95])
      ),
      label: t("chart.latency"),
      grid: true
    },
    y: {domain: [0, 100], label: t("chart.share"), grid: true}
  });
  const {
    x,
    panels: [{y}]
  } = frame;
  frame.marks.append(
    svgElement("path", {
      d: [50, 95].map((p) => `M${px(x.range[0])},${px(y(p))}H${px(x.range[1])}`).join(""),
      stroke: "currentColor",
      "stroke-opacity": 0.5,
      "stroke-dasharray": "3,3"
    }),
    ...drawn.map((line, i) => svgElement("path", {d: linePath(line, x, y), fill: "none", stroke: colors.range[i], "stroke-width": 1.5})),
    ...marks.flatMap((m) =>
      [
        [m.p50, 50],
        [m.p95, 95]
      ].map(([ms, p]) => svgElement("circle", {cx: px(x(ms)), cy: px(y(p)), r: 4, fill: colors.range[shapes.indexOf(m.shape)]}))
    )
  );
  return withTable(withKey(shapes, colors.range, frame.svg), text, t);
}

/** Step 4's common mistake: mean wait (start − arrive) beside mean service (end − start) per shape (ms). */
export function waitBesideService(srv: Record<Shape, LabRecord[]>, options: ChartOptions) {
  return waitChart(waitParts(srv), options);
}

/** Step 4's bars from their means (figureSeries' waitParts). */
export function waitChart(means: WaitPart[], {t, width: asked = 640}: ChartOptions) {
  const width = drawable(asked);
  const parts = means.flatMap((m) => [
    {shape: m.shape, part: t("chart.service"), ms: m.serviceMs},
    {shape: m.shape, part: t("chart.wait"), ms: m.waitMs}
  ]);
  const text = waitText(means, t);
  return withTable(
    Plot.plot({
      width,
      height: 150,
      marginLeft: 60,
      ariaLabel: text.summary,
      x: {label: t("chart.meanMs"), grid: true},
      y: {label: null, domain: [...shapes]},
      color: {
        domain: [t("chart.service"), t("chart.wait")],
        range: ["var(--qb-c-slate, #6b7683)", "var(--qb-c-rust, #c2410c)"],
        legend: true
      },
      marks: [Plot.barX(parts, Plot.stackX({x: "ms", y: "shape", fill: "part"})), Plot.ruleX([0])]
    }),
    text,
    t
  );
}

/** Step 5: the server's qlen at each arrival over time, one panel per shape. */
export function queueOverTime(srv: Record<Shape, LabRecord[]>, options: ChartOptions) {
  return queueChart(queueLines(srv), options);
}

/** Step 5's panels from their lines (figureSeries' queueLines: arrival time → qlen). */
export function queueChart(lines: Record<Shape, Line>, {t, width: asked = 640}: ChartOptions) {
  const width = drawable(asked);
  const drawn = shapes.map((shape) => lines[shape]);
  const text = queueText(lines, t);
  const frame = chartFrame({
    width,
    height: 280,
    marginLeft: 40,
    marginRight: 60,
    label: text.summary,
    x: {domain: xDomain(drawn), label: t("chart.time")},
    y: {domain: [0, yMax(drawn)], label: t("chart.qlen"), grid: true},
    facets: shapes
  });
  const {x} = frame;
  frame.panels.forEach(({y}, i) => {
    frame.marks.append(
      svgElement("path", {d: linePath(drawn[i], x, y), fill: "none", stroke: colors.range[i], "stroke-width": 1.5}),
      zeroRule(frame, y)
    );
  });
  return withTable(frame.svg, text, t);
}

/** Step 7: requests in the system after each event of the sweep (figureSeries' sweepLines, src/lab's sweepSteps) for even and burst, with the worker lines. */
export function sweepChart(
  steps: Record<"even" | "burst", Line>,
  lines: {formulaWorkers: number; workers: number},
  {t, width: asked = 640}: ChartOptions
) {
  const width = drawable(asked);
  const rules = [
    {y: lines.formulaWorkers, label: t("chart.formulaLine", {n: lines.formulaWorkers}), color: "var(--qb-c-red, #d62728)"},
    {y: lines.workers, label: t("chart.workersLine", {n: lines.workers}), color: "var(--qb-muted, #555)"}
  ];
  const drawn = [steps.even, steps.burst];
  const text = sweepText(steps, lines, t);
  const frame = chartFrame({
    width,
    height: 240,
    marginLeft: 50,
    label: text.summary,
    x: {domain: xDomain(drawn), label: t("chart.time")},
    y: {domain: domainOf([0, yMax(drawn), ...rules.map((r) => r.y)]), label: t("chart.inSystem"), grid: true}
  });
  const {
    x,
    panels: [{y}]
  } = frame;
  const lineColors = [colors.range[0], colors.range[2]];
  frame.marks.append(
    ...drawn.map((line, i) => svgElement("path", {d: linePath(line, x, y), fill: "none", stroke: lineColors[i], "stroke-width": 1.5})),
    ...rules.map((r) =>
      svgElement("path", {d: `M${px(x.range[0])},${px(y(r.y))}H${px(x.range[1])}`, stroke: r.color, "stroke-dasharray": "5,4"})
    ),
    ...rules.map((r) =>
      svgElement(
        "text",
        {
          x: px(x.range[1]),
          y: px(y(r.y) - 6),
          dy: "0.32em",
          "text-anchor": "end",
          fill: r.color,
          stroke: "var(--qb-bg, white)",
          "stroke-width": 3,
          "paint-order": "stroke"
        },
        r.label
      )
    )
  );
  return withTable(withKey(["even", "burst"], lineColors, frame.svg), text, t);
}

/** Step 6: the closed-loop rate N / (R + Z) over users, the naive N / Z, and the measured point. */
export function closedLoopCurve(
  k: {users: number; thinkS: number; meanRS: number; measuredRate: number},
  {t, width: asked = 640}: ChartOptions
) {
  const width = drawable(asked);
  const users = Array.from({length: Math.max(16, k.users * 2)}, (_, i) => i + 1);
  const curve = users.map((n) => ({n, rate: closedLoopRate(n, k.meanRS, k.thinkS), line: "N / (R + Z)"}));
  const naive = users.map((n) => ({n, rate: naiveClosedLoopRate(n, k.thinkS), line: "N / Z"}));
  const text = closedLoopText(
    k,
    users.map((n, i) => ({n, predicted: curve[i].rate, naive: naive[i].rate})),
    t
  );
  return withTable(
    Plot.plot({
      width,
      height: 260,
      marginLeft: 50,
      ariaLabel: text.summary,
      x: {label: t("chart.users")},
      y: {label: t("chart.rate"), grid: true},
      color: {domain: ["N / (R + Z)", "N / Z"], range: ["var(--qb-shape-even, #4269d0)", "var(--qb-c-grey, #868e96)"], legend: true},
      marks: [
        Plot.lineY(naive, {x: "n", y: "rate", stroke: "line", strokeDasharray: "4,3"}),
        Plot.lineY(curve, {x: "n", y: "rate", stroke: "line"}),
        Plot.dot([{n: k.users, rate: k.measuredRate}], {x: "n", y: "rate", r: 5, fill: "var(--qb-c-rust, #c2410c)"}),
        Plot.text([{n: k.users, rate: k.measuredRate}], {
          x: "n",
          y: "rate",
          text: () => t("chart.measured"),
          dx: 8,
          textAnchor: "start",
          fill: "var(--qb-c-rust, #c2410c)"
        })
      ]
    }),
    text,
    t
  );
}

/** Step 6: each closed-loop user's requests over time (a bar from sent to received). */
export function closedTimeline(rows: ClosedRow[], {t, width: asked = 640}: ChartOptions) {
  const width = drawable(asked);
  return Plot.plot({
    width,
    height: 180,
    marginLeft: 50,
    x: {label: t("chart.time"), domain: [0, 2]},
    y: {label: t("chart.user"), type: "band"},
    marks: [
      Plot.barX(
        rows.filter((r) => r.sent < 2),
        {x1: "sent", x2: "received", y: "user", fill: "var(--qb-shape-even, #4269d0)"}
      )
    ]
  });
}
