// One chart of the charts view drawn with Plot over the run's horizon and clipped at the current
// minute: a frame only moves the clip's edge and, when the run's events change, their marks.
import type * as PlotModule from "@observablehq/plot";
import {parseClock} from "../../sim/kit/clock.js";
import type {Translate} from "../i18n.js";
import {red} from "./chartColors.js";
import type {AxisPeaks} from "./chartAxis.js";
import type {ChartSpec} from "./chartSpec.js";
import {clockTick, clockTicks} from "./clockAxis.js";
import {layoutLabels} from "./eventLabels.js";
import type {RunEvent} from "./session.js";
import type {Frame} from "./store.js";

/** One chart as drawn: its columns and axis over a trace, and the drawing's clip and event marks. */
export interface Drawn {
  spec: ChartSpec;
  holder: HTMLElement;
  cols: Float64Array[];
  /** The running maxima of cols that set the y-axis (axisPeaks). */
  peaks: AxisPeaks;
  top: number;
  /** Drawn from an older trace or y-axis: waits for its turn to be redrawn. */
  stale: boolean;
  clip: SVGRectElement | null;
  events: SVGGElement | null;
  shownEvents: RunEvent[] | null;
  x: ((minute: number) => number) | null;
  y0: number;
  y1: number;
  left: number;
}

/** What every chart of one view draws with: the page's Plot, language and numbers, and sizes. */
export interface DrawContext {
  Plot: typeof PlotModule;
  t: Translate;
  tick: (value: number) => string;
  /** The view's width in all, and one chart's. */
  width: number;
  chartWidth: number;
  /** The view's own prefix for clip-path ids, unique in the page. */
  id: string;
  colorOf(kind: string): string;
}

const ns = "http://www.w3.org/2000/svg";

/** About how many ticks a chart's y-axis has (its description rounds as they do: chartWords.ts). */
export const Y_TICKS = 4;

/** Draws one chart with Plot: its lines and reference over the horizon, cut at the minute. */
export function drawChart(d: Drawn, frame: Frame, ctx: DrawContext): void {
  const {spec} = d;
  const {Plot, t, tick, width, chartWidth, id} = ctx;
  const xs = Array.from({length: frame.trace.metrics.length}, (_, i) => i);
  const marks: PlotModule.Markish[] = [];
  if (spec.reference) marks.push(Plot.ruleY([spec.reference.y], {stroke: red, strokeDasharray: "4,3"}));
  spec.series.forEach((s, i) =>
    marks.push(
      Plot.lineY(xs, {
        x: xs,
        y: Array.from(d.cols[i]),
        stroke: s.color,
        strokeDasharray: s.dash,
        strokeWidth: 1.5,
        clip: "frame",
        className: "oc-clip"
      })
    )
  );
  // The x axis in clock time (the dashboard's clock), labelled; the y axis in the page's numbers.
  const start = parseClock(frame.scenario.startClock);
  const last = frame.trace.metrics.length - 1;
  const svg = Plot.plot({
    width: chartWidth,
    height: 160,
    marginLeft: 44,
    marginRight: 8,
    marginTop: 8,
    marginBottom: 32,
    style: {fontSize: "10px", overflow: "visible"},
    x: {
      domain: [0, last],
      label: t("chart.clock"),
      labelAnchor: "right",
      ticks: clockTicks(last, start, width >= 640 ? 6 : 4),
      tickFormat: clockTick(start)
    },
    y: {domain: [0, d.top], grid: true, label: null, ticks: Y_TICKS, tickFormat: tick},
    marks
  }) as SVGSVGElement & {scale(name: string): {apply(v: number): number}};
  const x = svg.scale("x"),
    y = svg.scale("y");
  d.x = (m) => x.apply(m);
  d.left = x.apply(0);
  d.y0 = y.apply(0);
  d.y1 = y.apply(d.top);
  // Everything but the axes and the reference line is cut at the current minute; a wrapper
  // carries that clip, so a mark's own clip (to the frame) still applies.
  const clipPath = document.createElementNS(ns, "clipPath");
  const clipId = `${id}-${spec.id}`;
  clipPath.id = clipId;
  const rect = document.createElementNS(ns, "rect");
  rect.setAttribute("x", String(d.left - 2));
  rect.setAttribute("y", "-20");
  rect.setAttribute("height", "400");
  clipPath.append(rect);
  svg.prepend(clipPath);
  const wrap = document.createElementNS(ns, "g");
  wrap.setAttribute("clip-path", `url(#${clipId})`);
  for (const g of svg.querySelectorAll("g.oc-clip")) {
    let top: Element = g;
    while (top.parentElement && top.parentElement !== (svg as Element)) top = top.parentElement;
    wrap.append(top);
  }
  d.events = document.createElementNS(ns, "g");
  d.events.setAttribute("class", "oc-events");
  wrap.append(d.events);
  svg.append(wrap);
  d.clip = rect;
  d.shownEvents = null;
  d.stale = false;
  d.holder.replaceChildren(svg);
}

/** The event marks of one chart: a line per event (dashed for decisions), labels on the first chart. */
export function drawEvents(d: Drawn, events: RunEvent[], labels: boolean, ctx: DrawContext): void {
  if (!d.events || !d.x || d.shownEvents === events) return;
  const {t, chartWidth, colorOf} = ctx;
  d.shownEvents = events;
  const children: SVGElement[] = [];
  // Labels (not for decisions: they are many and dashed) placed so that none covers another.
  const labelled = labels ? events.filter((e) => e.kind !== "decision") : [];
  const x = d.x;
  const placed = layoutLabels(
    labelled.map((e) => ({x: x(e.minute) + 0.5, text: t(`event.${e.kind}`)})),
    d.left,
    chartWidth - 8
  );
  labelled.forEach((event, i) => {
    const text = document.createElementNS(ns, "text");
    const spot = placed[i];
    for (const [name, value] of [
      ["x", String(spot.x)],
      ["y", String(d.y1 + 10 + spot.row * 13)],
      ["fill", colorOf(event.kind)],
      ["font-size", "10"],
      ["text-anchor", spot.anchor],
      ["data-label", event.kind]
    ])
      text.setAttribute(name, value);
    text.textContent = t(`event.${event.kind}`);
    children.push(text);
  });
  for (const event of events) {
    const x = String(d.x(event.minute) + 0.5);
    const line = document.createElementNS(ns, "line");
    for (const [name, value] of [
      ["x1", x],
      ["x2", x],
      ["y1", String(d.y1)],
      ["y2", String(d.y0)],
      ["stroke", colorOf(event.kind)],
      ["stroke-width", "1.5"]
    ])
      line.setAttribute(name, value);
    if (event.kind === "decision") line.setAttribute("stroke-dasharray", "3,2");
    line.setAttribute("data-event", event.kind);
    const title = document.createElementNS(ns, "title");
    title.textContent = t(`event.${event.kind}`);
    line.append(title);
    children.push(line);
  }
  d.events.replaceChildren(...children);
}

/** Moves a chart's clip to the end of `minute`. */
export function moveClip(d: Drawn, minute: number): void {
  if (!d.clip || !d.x) return;
  d.clip.setAttribute("width", String(Math.max(0, d.x(minute + 0.5) - d.left + 2)));
}
