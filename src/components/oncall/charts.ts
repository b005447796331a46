// The day in charts (Plot) over simulated time, with the run's events marked on every chart.
// A chart is drawn over the run's horizon and clipped at the current minute: while the day
// plays, a frame only moves each clip's edge; a chart is redrawn when the run changes (a
// decision), an event is reached, or its y-axis must grow.
import type * as PlotModule from "@observablehq/plot";
import type {RunTrace} from "../../sim/oncall/run.js";
import type {Translate} from "../i18n.js";
import {tableView} from "../../page/chartTable.js";
import {SLIDE_PART} from "../../page/slideParts.js";
import {axisMax, axisPeaks, columns, niceTop} from "./chartAxis.js";
import {eventColors, otherEvent, red} from "./chartColors.js";
import {drawChart, drawEvents, moveClip, Y_TICKS, type DrawContext, type Drawn} from "./chartDraw.js";
import type {ChartSpec} from "./chartSpec.js";
import {chartSpecs} from "./chartSpecs.js";
import {kitWord, roundAsAxis, seriesValues} from "./chartWords.js";
import {h, setAttr} from "./dom.js";
import type {Frame} from "./store.js";
import {ensureStyle} from "./style.js";

export type {ChartSpec, Series} from "./chartSpec.js";
export {chartSpecs} from "./chartSpecs.js";
export {eventColors} from "./chartColors.js";
export {niceTop} from "./chartAxis.js";

/** The charts' element and its update. */
export interface ChartsView {
  node: HTMLElement;
  update(frame: Frame): void;
}

let nextId = 0;

/** Milliseconds of chart drawing per animation frame, so that playing never stalls on a redraw. */
const FRAME_BUDGET_MS = 6;

/** Which charts, and which kinds of event with their colours (legend order); on-call's by default. */
export interface ChartsOptions {
  charts?: readonly ChartSpec[];
  events?: Readonly<Record<string, string>>;
}

/**
 * The charts in language `t`, `width` pixels wide in all, drawn with the page's `Plot`; `tick`
 * writes the axes' numbers in the page's language.
 */
export function chartsView(
  t: Translate,
  width: number,
  Plot: typeof PlotModule,
  tick: (value: number) => string = String,
  options: ChartsOptions = {}
): ChartsView {
  ensureStyle();
  const {charts = chartSpecs, events: colors = eventColors} = options;
  const colorOf = (kind: string) => colors[kind] ?? otherEvent;
  const legend = h(
    "div",
    {class: "oc-legend"},
    ...Object.keys(colors).map((kind) =>
      h("span", {style: `--c: ${colorOf(kind)}`, class: kind === "decision" ? "oc-dashed" : undefined}, t(`event.${kind}`))
    )
  );
  const holders = charts.map((spec) => h("div", {class: "oc-chart", "data-chart": spec.id}));
  const titles = charts.map((spec) => {
    // A key under the title when a chart has more than one line or a reference line.
    const items =
      spec.series.length > 1
        ? spec.series.map((s) => h("span", {style: `--c: ${s.color}`, class: s.dash ? "oc-dashed" : undefined}, t(s.key)))
        : [];
    if (spec.reference) items.push(h("span", {style: `--c: ${red}`, class: "oc-dashed"}, t(spec.reference.key)));
    return h("div", {}, h("h4", {}, t(`chart.${spec.id}`)), h("div", {class: "oc-legend oc-key"}, ...items));
  });
  // Each chart's text alternatives: a one-line summary of this minute's values (the image's
  // name, see describe()) and its series as a table, every quarter hour up to this minute.
  const tables = charts.map((spec) =>
    tableView({
      summary: kitWord(t, "chart.table"),
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
  // Two charts a row on a page, three on a presentation's stage (the only place this wide), one on a phone.
  const perRow = width >= 1100 ? 3 : width >= 640 ? 2 : 1;
  const node = h(
    "div",
    {},
    legend,
    // on a slide (three a row) six charts at a time: src/page/slideParts.ts
    h(
      "div",
      {class: "oc-charts", style: `--oc-columns: ${perRow}`},
      ...charts.map((_, i) => h("div", {[SLIDE_PART]: String(Math.floor(i / 6) + 1)}, titles[i], holders[i], tables[i]))
    )
  );
  const chartWidth = Math.max(260, Math.floor((width - 16 * (perRow - 1)) / perRow));
  const id = `oc${++nextId}`;
  let trace: RunTrace | null = null;
  let latest: Frame | null = null;
  let drawn: Drawn[] = [];
  let scheduled = false;
  const ctx: DrawContext = {Plot, t, tick, width, chartWidth, id, colorOf};

  /**
   * "Requests and capacity (req/s), 08:12: requests 1234, capacity 2000": the chart's name as an
   * image, in the page's language, its numbers rounded as its y-axis writes them, each series once.
   */
  function describe(d: Drawn, frame: Frame, i: number): void {
    const svg = d.holder.firstElementChild;
    if (!svg) return;
    const title = titles[i].querySelector("h4")!.textContent ?? "";
    const values = d.spec.series.map((s, k) => ({
      name: t(s.key),
      value: tick(roundAsAxis(d.cols[k][frame.minute] ?? NaN, d.top, Y_TICKS))
    }));
    setAttr(svg, "aria-label", `${title}, ${frame.trace.metrics[frame.minute]?.clock ?? ""}: ${seriesValues(title, values)}`);
  }

  /** Shows `frame` on every chart that is up to date. */
  function show(frame: Frame): void {
    drawn.forEach((d, i) => {
      if (d.stale) return;
      drawEvents(d, frame.events, i === 0, ctx);
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
      drawChart(d, frame, ctx);
    }
    show(frame);
    if (drawn.some((d) => d.stale)) schedule();
    else busy(false);
  }

  /** Marks the view as still drawing (`data-qb-busy`), so a snapshot or a print waits for every chart (src/site/snapshot.ts settle). */
  function busy(drawing: boolean): void {
    if (node.hasAttribute("data-qb-busy") !== drawing) node.toggleAttribute("data-qb-busy", drawing);
  }

  function schedule(): void {
    busy(true);
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
        drawn = charts.map((spec, i) => {
          const cols = columns(spec, frame.trace);
          return {
            spec,
            holder: holders[i],
            cols,
            peaks: axisPeaks(spec, cols),
            top: 0,
            stale: true,
            clip: null,
            events: null,
            shownEvents: null,
            x: null,
            y0: 0,
            y1: 0,
            left: 0
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
