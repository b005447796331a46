// The day in charts (Plot) over simulated time, with the run's events marked on every chart.
// A chart is drawn over the run's horizon and clipped at the current minute: while the day
// plays, a frame only moves each clip's edge; a chart is redrawn when the run changes (a
// decision), an event is reached, or its y-axis must grow.
import type * as PlotModule from "@observablehq/plot";
import {FAST_BURN, ERROR_BUDGET} from "../../sim/budget.js";
import type {MinuteMetrics} from "../../sim/metrics.js";
import type {RunTrace} from "../../sim/run.js";
import type {Translate} from "../i18n.js";
import {h} from "./dom.js";
import type {RunEvent} from "./session.js";
import type {Frame} from "./store.js";
import {ensureStyle} from "./style.js";

/** One line of a chart. */
interface Series {
  key: string;
  color: string;
  value(m: MinuteMetrics, trace: RunTrace, i: number): number;
}

/** A chart: its title, lines, a reference line, and the smallest y-axis top. */
interface ChartSpec {
  id: string;
  series: Series[];
  reference?: {y: number; key: string};
  minTop: number;
  fixedTop?: number;
  /** How many of the series (from the first) set the y-axis; the others are cut at its top. */
  scaleBy?: number;
}

const blue = "#3b5bdb", orange = "#e8590c", grey = "#868e96", red = "#c92a2a";

/** The charts, in the order. */
export const chartSpecs: readonly ChartSpec[] = [
  {
    id: "requests",
    series: [
      {key: "chart.requests.requests", color: blue, value: (m) => m.requests},
      // The fleet's service rate N/S: the model's workers over its service time this minute.
      {key: "chart.requests.capacity", color: grey, value: (_, trace, i) => trace.details[i].workers / trace.details[i].serviceTimeS}
    ],
    minTop: 2000,
    scaleBy: 1
  },
  {
    id: "instances",
    series: [
      {key: "chart.instances.serving", color: blue, value: (m) => m.serving},
      {key: "chart.instances.starting", color: orange, value: (m) => m.starting}
    ],
    minTop: 20
  },
  {id: "p99", series: [{key: "chart.p99", color: blue, value: (m) => m.p99Ms}], minTop: 2000, fixedTop: 2000},
  {id: "errors", series: [{key: "chart.errors", color: blue, value: (m) => m.errorRate * 100}], reference: {y: ERROR_BUDGET * 100, key: "chart.errors.slo"}, minTop: 0.5},
  {id: "burn", series: [{key: "chart.burn", color: blue, value: (m) => m.burn1h}], reference: {y: FAST_BURN, key: "event.alert"}, minTop: 20},
  {id: "budget", series: [{key: "chart.budget", color: blue, value: (m) => m.budgetLeft * 100}], minTop: 100, fixedTop: 100},
  {id: "db", series: [{key: "chart.db", color: blue, value: (m) => m.dbUtilization * 100}], minTop: 100, fixedTop: 100},
  {id: "hit", series: [{key: "chart.hit", color: blue, value: (m) => m.hitRate * 100}], minTop: 100, fixedTop: 100},
  {id: "cost", series: [{key: "chart.cost", color: blue, value: (m) => m.fleetCostPerHour}], minTop: 10}
];

/** The colour of each kind of event (also the legend's). */
export const eventColors: Record<RunEvent["kind"], string> = {deploy: "#9c36b5", flush: "#0b7285", surge: "#e67700", decision: "#2b8a3e", alert: red};

/** The smallest "nice" top (1, 2, 2.5, 5 × 10^k) at or above `value` × 1.1, at least `floor`. */
export function niceTop(value: number, floor: number): number {
  const target = Math.max(floor, value * 1.1);
  if (!Number.isFinite(target) || target <= 0) return floor;
  const power = 10 ** Math.floor(Math.log10(target));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= target) return step * power;
  return 10 * power;
}

/** The columns of a chart over the whole trace, computed once per trace. */
function columns(spec: ChartSpec, trace: RunTrace): Float64Array[] {
  return spec.series.map((s) => Float64Array.from(trace.metrics, (m, i) => s.value(m, trace, i)));
}

/** The largest value of `cols` in minutes 0 … minute. */
function maxUpTo(cols: Float64Array[], minute: number): number {
  let max = 0;
  for (const col of cols) for (let i = 0; i <= minute && i < col.length; i++) if (col[i] > max) max = col[i];
  return max;
}

/** The charts' element and its update. */
export interface ChartsView {
  node: HTMLElement;
  update(frame: Frame): void;
}

interface Drawn {
  spec: ChartSpec;
  holder: HTMLElement;
  cols: Float64Array[];
  top: number;
  clip: SVGRectElement | null;
  x: ((minute: number) => number) | null;
  left: number;
}

let nextId = 0;

/** The charts in language `t`, `width` pixels wide in all, drawn with the page's `Plot`. */
export function chartsView(t: Translate, width: number, Plot: typeof PlotModule): ChartsView {
  ensureStyle();
  const legend = h(
    "div",
    {class: "oc-legend"},
    ...(Object.keys(eventColors) as RunEvent["kind"][]).map((kind) =>
      h("span", {style: `--c: ${eventColors[kind]}`, class: kind === "decision" ? "oc-dashed" : undefined}, t(`event.${kind}`))
    )
  );
  const holders = chartSpecs.map((spec) => h("div", {class: "oc-chart", "data-chart": spec.id}));
  const titles = chartSpecs.map((spec) => h("h4", {}, t(`chart.${spec.id}`)));
  const node = h("div", {}, legend, h("div", {class: "oc-charts"}, ...chartSpecs.map((_, i) => h("div", {}, titles[i], holders[i]))));
  const chartWidth = Math.max(260, Math.floor(width >= 640 ? (width - 16) / 2 : width));
  const id = `oc${++nextId}`;
  let trace: RunTrace | null = null;
  let eventCount = -1;
  let drawn: Drawn[] = [];

  function draw(d: Drawn, frame: Frame, index: number): void {
    const {spec} = d;
    const xs = Array.from({length: frame.trace.metrics.length}, (_, i) => i);
    const events = frame.events;
    const marks: PlotModule.Markish[] = [];
    if (spec.reference) marks.push(Plot.ruleY([spec.reference.y], {stroke: red, strokeDasharray: "4,3"}));
    spec.series.forEach((s, i) => marks.push(Plot.lineY(xs, {x: xs, y: Array.from(d.cols[i]), stroke: s.color, strokeWidth: 1.5, clip: "frame", className: "oc-clip"})));
    for (const decisions of [false, true]) {
      marks.push(
        Plot.ruleX(events.filter((e) => (e.kind === "decision") === decisions), {
          x: "minute",
          stroke: (e: RunEvent) => eventColors[e.kind],
          strokeDasharray: decisions ? "3,2" : undefined,
          strokeWidth: 1.5,
          title: (e: RunEvent) => t(`event.${e.kind}`),
          className: "oc-clip"
        })
      );
    }
    if (index === 0) {
      marks.push(
        Plot.text(events.filter((e) => e.kind !== "decision"), {x: "minute", frameAnchor: "top", text: (e: RunEvent) => t(`event.${e.kind}`), fill: (e: RunEvent) => eventColors[e.kind], textAnchor: "start", dx: 3, dy: 2, fontSize: 10, className: "oc-clip"})
      );
    }
    const svg = Plot.plot({
      width: chartWidth,
      height: 150,
      marginLeft: 44,
      marginRight: 8,
      marginTop: 8,
      style: {fontSize: "10px", overflow: "visible"},
      x: {domain: [0, frame.trace.metrics.length - 1], label: null, ticks: 6},
      y: {domain: [0, d.top], grid: true, label: null, ticks: 4},
      marks
    }) as SVGSVGElement & {scale(name: string): {apply(v: number): number}};
    const x = svg.scale("x");
    d.x = (m) => x.apply(m);
    d.left = x.apply(0);
    // Everything but the axes and the reference line is cut at the current minute.
    const ns = "http://www.w3.org/2000/svg";
    const clipPath = document.createElementNS(ns, "clipPath");
    const clipId = `${id}-${spec.id}`;
    clipPath.id = clipId;
    const rect = document.createElementNS(ns, "rect");
    rect.setAttribute("x", String(d.left - 2));
    rect.setAttribute("y", "-20");
    rect.setAttribute("height", "400");
    clipPath.append(rect);
    svg.prepend(clipPath);
    // A wrapper carries the minute's clip, so a mark's own clip (to the frame) still applies.
    const tops = new Set<Element>();
    for (const g of svg.querySelectorAll("g.oc-clip")) {
      let top: Element = g;
      while (top.parentElement && top.parentElement !== (svg as Element)) top = top.parentElement;
      tops.add(top);
    }
    for (const g of tops) {
      const wrap = document.createElementNS(ns, "g");
      wrap.setAttribute("clip-path", `url(#${clipId})`);
      g.replaceWith(wrap);
      wrap.append(g);
    }
    d.clip = rect;
    d.holder.replaceChildren(svg);
  }

  function moveClip(d: Drawn, minute: number): void {
    if (!d.clip || !d.x) return;
    d.clip.setAttribute("width", String(Math.max(0, d.x(minute + 0.5) - d.left + 2)));
  }

  return {
    node,
    update(frame) {
      const runChanged = frame.trace !== trace;
      const eventsChanged = frame.events.length !== eventCount;
      if (runChanged) {
        trace = frame.trace;
        drawn = chartSpecs.map((spec, i) => ({spec, holder: holders[i], cols: columns(spec, frame.trace), top: 0, clip: null, x: null, left: 0}));
      }
      eventCount = frame.events.length;
      drawn.forEach((d, i) => {
        const top = d.spec.fixedTop ?? niceTop(maxUpTo(d.cols.slice(0, d.spec.scaleBy ?? d.cols.length), frame.minute), d.spec.minTop);
        if (runChanged || eventsChanged || top !== d.top) {
          d.top = top;
          draw(d, frame, i);
        }
        moveClip(d, frame.minute);
      });
    }
  };
}
