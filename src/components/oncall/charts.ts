// The day in charts (Plot) over simulated time, with the run's events marked on every chart.
// A chart is drawn over the run's horizon and clipped at the current minute: while the day
// plays, a frame only moves each clip's edge; a chart is redrawn when the run changes (a
// decision), an event is reached, or its y-axis must grow.
import type * as PlotModule from "@observablehq/plot";
import {FAST_BURN, ERROR_BUDGET} from "../../sim/budget.js";
import type {MinuteMetrics} from "../../sim/metrics.js";
import {serviceRate} from "../../sim/queue.js";
import type {RunTrace} from "../../sim/run.js";
import type {Translate} from "../i18n.js";
import {h, setAttr} from "./dom.js";
import type {RunEvent} from "./session.js";
import type {Frame} from "./store.js";
import {ensureStyle} from "./style.js";
import {clockTick, clockTicks} from "./clockAxis.js";
import {layoutLabels} from "./eventLabels.js";
import {parseClock} from "../../sim/metrics.js";
import {tableView} from "../../client/chartTable.js";

/** One line of a chart: its label key, colour and value at minute i of the trace (any model's). */
export interface Series {
  key: string;
  color: string;
  /** A dash pattern, so a second line differs from the first by more than its colour. */
  dash?: string;
  value(m: MinuteMetrics, trace: RunTrace, i: number): number;
}

/** A chart: its id (title t(`chart.<id>`)), lines, a reference line, and the smallest y-axis top. */
export interface ChartSpec {
  id: string;
  series: Series[];
  reference?: {y: number; key: string};
  minTop: number;
  fixedTop?: number;
  /**
   * How many of the series (from the first) set the y-axis; the others count up to twice their
   * maximum (so capacity stays in view beside requests without flattening them) and are cut above.
   */
  scaleBy?: number;
}

const blue = "#3b5bdb", orange = "#e8590c", grey = "#868e96", red = "#c92a2a";

/** The on-call charts, in the order: the charts view's preset. */
export const chartSpecs: readonly ChartSpec[] = [
  {
    id: "requests",
    series: [
      {key: "chart.requests.requests", color: blue, value: (m) => m.requests},
      // The fleet's service rate N/S from the model's workers and service time this minute.
      {key: "chart.requests.capacity", color: grey, dash: "6,3", value: (_, trace, i) => serviceRate(trace.details[i].workers, trace.details[i].serviceTimeS)}
    ],
    minTop: 2000,
    scaleBy: 1
  },
  {
    id: "instances",
    series: [
      {key: "chart.instances.serving", color: blue, value: (m) => m.serving},
      {key: "chart.instances.starting", color: orange, dash: "6,3", value: (m) => m.starting}
    ],
    minTop: 20
  },
  {id: "p99", series: [{key: "chart.p99", color: blue, value: (m) => m.p99Ms}], minTop: 2000, fixedTop: 2000},
  {id: "errors", series: [{key: "chart.errors", color: blue, value: (m) => m.errorRate * 100}], reference: {y: ERROR_BUDGET * 100, key: "chart.errors.slo"}, minTop: 0.5},
  {id: "burn", series: [{key: "chart.burn", color: blue, value: (m) => m.burn1h}], reference: {y: FAST_BURN, key: "chart.burn.fast"}, minTop: 20},
  {id: "budget", series: [{key: "chart.budget", color: blue, value: (m) => m.budgetLeft * 100}], minTop: 100, fixedTop: 100},
  {id: "db", series: [{key: "chart.db", color: blue, value: (m) => m.dbUtilization * 100}], minTop: 100, fixedTop: 100},
  {id: "hit", series: [{key: "chart.hit", color: blue, value: (m) => m.hitRate * 100}], minTop: 100, fixedTop: 100},
  {id: "cost", series: [{key: "chart.cost", color: blue, value: (m) => m.fleetCostPerHour}], minTop: 10}
];

/** The colour of each kind of event on the on-call page (also the legend's): the preset. */
export const eventColors: Readonly<Record<string, string>> = {deploy: "#9c36b5", flush: "#0b7285", surge: "#b35900", decision: "#2b8a3e", alert: red};

const onCallCharts = (): readonly ChartSpec[] => chartSpecs;

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

/**
 * Running maxima of `cols` (columns of one trace, so of one length), from 0: entry i is the
 * largest value in minutes 0 … i. Computed once per trace, so a frame reads its axis top
 * instead of scanning every minute up to it again.
 */
function runningMax(cols: Float64Array[]): Float64Array {
  const length = cols.length ? cols[0].length : 0;
  const peaks = new Float64Array(length);
  let max = 0;
  for (let i = 0; i < length; i++) {
    for (const col of cols) if (col[i] > max) max = col[i];
    peaks[i] = max;
  }
  return peaks;
}

/** The largest value in minutes 0 … minute, from runningMax. */
function maxUpTo(peaks: Float64Array, minute: number): number {
  return peaks.length ? peaks[Math.min(minute, peaks.length - 1)] : 0;
}

/** The running maxima a chart's y-axis follows: its main series and the others (see ChartSpec.scaleBy). */
function axisPeaks(spec: ChartSpec, cols: Float64Array[]): {main: Float64Array; rest: Float64Array | null} {
  const main = spec.scaleBy ?? cols.length;
  return {main: runningMax(cols.slice(0, main)), rest: main < cols.length ? runningMax(cols.slice(main)) : null};
}

/** The largest value the y-axis must show at `minute` (see ChartSpec.scaleBy). */
function axisMax(peaks: {main: Float64Array; rest: Float64Array | null}, minute: number): number {
  const primary = maxUpTo(peaks.main, minute);
  if (!peaks.rest) return primary;
  return Math.max(primary, Math.min(2 * primary, maxUpTo(peaks.rest, minute)));
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
  /** The running maxima of cols that set the y-axis (axisPeaks). */
  peaks: {main: Float64Array; rest: Float64Array | null};
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

const ns = "http://www.w3.org/2000/svg";
let nextId = 0;

/** Milliseconds of chart drawing per animation frame, so that playing never stalls on a redraw. */
const FRAME_BUDGET_MS = 6;

/** Which charts, and which kinds of event with their colours (legend order); on-call's by default. */
export interface ChartsOptions {
  charts?: readonly ChartSpec[];
  events?: Readonly<Record<string, string>>;
}

/** A colour for an event kind the options leave out. */
const otherEvent = "#5f3dc4";

/**
 * The charts in language `t`, `width` pixels wide in all, drawn with the page's `Plot`; `tick`
 * writes the axes' numbers in the page's language.
 */
export function chartsView(t: Translate, width: number, Plot: typeof PlotModule, tick: (value: number) => string = String, options: ChartsOptions = {}): ChartsView {
  ensureStyle();
  const {charts: chartSpecs = onCallCharts(), events: colors = eventColors} = options;
  const colorOf = (kind: string) => colors[kind] ?? otherEvent;
  const legend = h(
    "div",
    {class: "oc-legend"},
    ...Object.keys(colors).map((kind) =>
      h("span", {style: `--c: ${colorOf(kind)}`, class: kind === "decision" ? "oc-dashed" : undefined}, t(`event.${kind}`))
    )
  );
  const holders = chartSpecs.map((spec) => h("div", {class: "oc-chart", "data-chart": spec.id}));
  const titles = chartSpecs.map((spec) => {
    // A key under the title when a chart has more than one line or a reference line.
    const items = spec.series.length > 1 ? spec.series.map((s) => h("span", {style: `--c: ${s.color}`, class: s.dash ? "oc-dashed" : undefined}, t(s.key))) : [];
    if (spec.reference) items.push(h("span", {style: `--c: ${red}`, class: "oc-dashed"}, t(spec.reference.key)));
    return h("div", {}, h("h4", {}, t(`chart.${spec.id}`)), h("div", {class: "oc-legend oc-key"}, ...items));
  });
  // Each chart's text alternatives: a one-line summary of this minute's values (the image's
  // name, see describe()) and its series as a table, every quarter hour up to this minute.
  const tables = chartSpecs.map((spec) =>
    tableView({
      summary: t("chart.table"),
      columns: [t("log.clock"), t("chart.minute"), ...spec.series.map((s) => t(s.key))],
      rows: () => {
        const frame = latest;
        if (!frame) return [];
        const cols = columns(spec, frame.trace);
        const minutes = Array.from({length: Math.floor(frame.minute / 15) + 1}, (_, k) => k * 15);
        if (minutes.at(-1) !== frame.minute) minutes.push(frame.minute);
        return minutes.map((m) => [frame.trace.metrics[m].clock, m, ...cols.map((c) => tick(c[m]))]);
      }
    })
  );
  const node = h("div", {}, legend, h("div", {class: "oc-charts"}, ...chartSpecs.map((_, i) => h("div", {}, titles[i], holders[i], tables[i]))));
  const chartWidth = Math.max(260, Math.floor(width >= 640 ? (width - 16) / 2 : width));
  const id = `oc${++nextId}`;
  let trace: RunTrace | null = null;
  let latest: Frame | null = null;
  let drawn: Drawn[] = [];
  let scheduled = false;

  /** Draws one chart with Plot: its lines and reference over the horizon, cut at the minute. */
  function draw(d: Drawn, frame: Frame): void {
    const {spec} = d;
    const xs = Array.from({length: frame.trace.metrics.length}, (_, i) => i);
    const marks: PlotModule.Markish[] = [];
    if (spec.reference) marks.push(Plot.ruleY([spec.reference.y], {stroke: red, strokeDasharray: "4,3"}));
    spec.series.forEach((s, i) => marks.push(Plot.lineY(xs, {x: xs, y: Array.from(d.cols[i]), stroke: s.color, strokeDasharray: s.dash, strokeWidth: 1.5, clip: "frame", className: "oc-clip"})));
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
      x: {domain: [0, last], label: t("chart.clock"), labelAnchor: "right", ticks: clockTicks(last, start, width >= 640 ? 6 : 4), tickFormat: clockTick(start)},
      y: {domain: [0, d.top], grid: true, label: null, ticks: 4, tickFormat: tick},
      marks
    }) as SVGSVGElement & {scale(name: string): {apply(v: number): number}};
    const x = svg.scale("x"), y = svg.scale("y");
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
  function drawEvents(d: Drawn, events: RunEvent[], labels: boolean): void {
    if (!d.events || !d.x || d.shownEvents === events) return;
    d.shownEvents = events;
    const children: SVGElement[] = [];
    // Labels (not for decisions: they are many and dashed) placed so that none covers another.
    const labelled = labels ? events.filter((e) => e.kind !== "decision") : [];
    const x = d.x;
    const placed = layoutLabels(labelled.map((e) => ({x: x(e.minute) + 0.5, text: t(`event.${e.kind}`)})), d.left, chartWidth - 8);
    labelled.forEach((event, i) => {
      const text = document.createElementNS(ns, "text");
      const spot = placed[i];
      for (const [name, value] of [["x", String(spot.x)], ["y", String(d.y1 + 10 + spot.row * 13)], ["fill", colorOf(event.kind)], ["font-size", "10"], ["text-anchor", spot.anchor], ["data-label", event.kind]]) text.setAttribute(name, value);
      text.textContent = t(`event.${event.kind}`);
      children.push(text);
    });
    for (const event of events) {
      const x = String(d.x(event.minute) + 0.5);
      const line = document.createElementNS(ns, "line");
      for (const [name, value] of [["x1", x], ["x2", x], ["y1", String(d.y1)], ["y2", String(d.y0)], ["stroke", colorOf(event.kind)], ["stroke-width", "1.5"]]) line.setAttribute(name, value);
      if (event.kind === "decision") line.setAttribute("stroke-dasharray", "3,2");
      line.setAttribute("data-event", event.kind);
      const title = document.createElementNS(ns, "title");
      title.textContent = t(`event.${event.kind}`);
      line.append(title);
      children.push(line);
    }
    d.events.replaceChildren(...children);
  }

  function moveClip(d: Drawn, minute: number): void {
    if (!d.clip || !d.x) return;
    d.clip.setAttribute("width", String(Math.max(0, d.x(minute + 0.5) - d.left + 2)));
  }

  /** "Requests and capacity (req/s), 08:12: requests 1234, capacity 2000": the chart's name as an image, in the page's language. */
  function describe(d: Drawn, frame: Frame, i: number): void {
    const svg = d.holder.firstElementChild;
    if (!svg) return;
    const values = d.spec.series.map((s, k) => `${t(s.key)} ${tick(d.cols[k][frame.minute] ?? NaN)}`);
    setAttr(svg, "aria-label", `${titles[i].querySelector("h4")!.textContent}, ${frame.trace.metrics[frame.minute]?.clock ?? ""}: ${values.join(", ")}`);
  }

  /** Shows `frame` on every chart that is up to date. */
  function show(frame: Frame): void {
    drawn.forEach((d, i) => {
      if (d.stale) return;
      drawEvents(d, frame.events, i === 0);
      moveClip(d, frame.minute);
      describe(d, frame, i);
    });
  }

  /** Redraws stale charts, a few per animation frame, then shows the latest frame on them. */
  function drain(): void {
    scheduled = false;
    const frame = latest;
    if (!frame) return;
    const start = performance.now();
    for (const d of drawn) {
      if (!d.stale) continue;
      if (performance.now() - start > FRAME_BUDGET_MS) break;
      draw(d, frame);
    }
    show(frame);
    if (drawn.some((d) => d.stale)) schedule();
  }

  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    if (typeof requestAnimationFrame === "function") requestAnimationFrame(drain);
    else setTimeout(drain, 0);
  }

  return {
    node,
    update(frame) {
      latest = frame;
      if (frame.trace !== trace) {
        trace = frame.trace;
        // The old drawings stay (cut at their minute) until their turn to be redrawn comes.
        drawn = chartSpecs.map((spec, i) => {
          const cols = columns(spec, frame.trace);
          return {
            spec, holder: holders[i], cols, peaks: axisPeaks(spec, cols), top: 0, stale: true,
            clip: null, events: null, shownEvents: null, x: null, y0: 0, y1: 0, left: 0
          };
        });
      }
      for (const d of drawn) {
        const top = d.spec.fixedTop ?? niceTop(axisMax(d.peaks, frame.minute), d.spec.minTop);
        if (top !== d.top) {
          d.top = top;
          d.stale = true;
        }
      }
      show(frame);
      if (drawn.some((d) => d.stale)) schedule();
    }
  };
}
