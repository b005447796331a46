// The debrief: the learner's run beside doing nothing and the textbook response on the same
// scenario, seed and minutes (src/sim/debrief.ts), as a table and one chart overlaying the three.
// The table's rows are measures (a spec: label key, how a run's summary is written); on-call's
// are the preset. The chart follows one metric (the 1 h burn rate by default) with its line.
import type * as PlotModule from "@observablehq/plot";
import {FAST_BURN} from "../../sim/budget.js";
import {modelOf} from "../../sim/catalog.js";
import {debrief, type DebriefRun} from "../../sim/debrief.js";
import {formatClock, parseClock} from "../../sim/metrics.js";
import type {Translate} from "../i18n.js";
import {describeAction, withControlsBefore} from "./describe.js";
import {h} from "./dom.js";
import type {UnitFormat} from "./format.js";
import {decisionsUpTo} from "./session.js";
import type {Frame} from "./store.js";
import {ensureStyle} from "./style.js";

const runs = ["learner", "nothing", "textbook"] as const;
const colors = {learner: "#3b5bdb", nothing: "#868e96", textbook: "#2b8a3e"};

/** One row of the debrief's table: its label key (`debrief.<id>` by default) and how a run's summary is written. */
export interface MeasureSpec {
  /** The row's id (`data-row`); its label is t(`debrief.<id>`) unless `key` is given. */
  id: string;
  key?: string;
  cell(run: DebriefRun<any, any>, format: UnitFormat, t: Translate): string;
}

/** A share in the summary as a percent with `digits`. */
export const percentMeasure = (id: string, digits = 1): MeasureSpec => ({id, cell: (r, f) => f(r.summary[id] * 100, digits, "%")});

/** The on-call debrief's rows: budget, fast-burn minutes, mean and worst errors, p99, cost. */
export const debriefMeasures: readonly MeasureSpec[] = [
  {id: "budgetLeft", cell: (r, f) => f(r.summary.budgetLeft * 100, 1, "%")},
  {id: "fastBurnMinutes", cell: (r, f, t) => t("debrief.minutes", {n: f(r.summary.minutesAboveFastBurn, 0)})},
  {id: "meanErrorRate", cell: (r, f) => f(r.summary.meanErrorRate * 100, 2, "%")},
  {id: "worstErrorRate", cell: (r, f) => f(r.summary.worstErrorRate * 100, 2, "%")},
  {id: "p99", cell: (r, f) => f(r.summary.worstP99Ms, 0, "ms")},
  {id: "cost", cell: (r, f) => f(r.summary.totalCost, 2, "$")}
];

/** What the debrief shows: its rows, and the metric its chart follows with a reference line. */
export interface DebriefOptions {
  measures?: readonly MeasureSpec[];
  /** The metric the chart overlays for the three runs (default burn1h, with the 14.4× line). */
  chart?: {field: string; reference?: number; scale?: number; minTop?: number};
}

/** The debrief panel's element and its update. */
export interface DebriefPanel {
  node: HTMLElement;
  update(frame: Frame, playing: boolean): void;
}

/**
 * The debrief, kept up to date while the day is paused: three runs and a chart cost more than a
 * frame, so they are computed after the page has shown the minute (and not at all while playing).
 */
export function debriefPanel(t: Translate, format: UnitFormat, width: number, Plot: typeof PlotModule, tick: (value: number) => string = String, options: DebriefOptions = {}): DebriefPanel {
  const node = h("div", {class: "oc-debrief-box"}, h("p", {class: "oc-help"}, t("debrief.waiting")));
  let timer: ReturnType<typeof setTimeout> | null = null;
  let latest: Frame | null = null;
  let shown: Frame | null = null;
  return {
    node,
    update(frame, playing) {
      latest = frame;
      if (playing || timer !== null) return;
      timer = setTimeout(() => {
        timer = null;
        if (!latest || (shown && shown.trace === latest.trace && shown.minute === latest.minute)) return;
        shown = latest;
        node.replaceChildren(debriefView(latest, t, format, width, Plot, tick, options));
      }, 30);
    }
  };
}

/** The debrief of the run at `frame`'s minute, in language `t`, `width` pixels wide, drawn with the page's `Plot`. */
export function debriefView(frame: Frame, t: Translate, format: UnitFormat, width: number, Plot: typeof PlotModule, tick: (value: number) => string = String, options: DebriefOptions = {}): HTMLElement {
  ensureStyle();
  const {run, scenario} = frame;
  const {measures = debriefMeasures, chart: follow = {field: "burn1h", reference: FAST_BURN, minTop: 20}} = options;
  const minutes = frame.minute + 1;
  const result = debrief<Record<string, number>, Record<string, number>>(scenario, run.seed, minutes, decisionsUpTo(run));
  const table = h(
    "table",
    {},
    h("thead", {}, h("tr", {}, h("th", {}, ""), ...runs.map((name) => h("th", {}, t(`debrief.${name}`))))),
    h(
      "tbody",
      {},
      ...measures.map((row) =>
        h("tr", {"data-row": row.id}, h("td", {}, t(row.key ?? `debrief.${row.id}`)), ...runs.map((name) => h("td", {"data-run": name}, row.cell(result[name], format, t))))
      )
    )
  );
  const start = parseClock(scenario.startClock);
  const specs = modelOf(scenario).controls;
  const textbook = result.textbook.actions.length
    ? h(
        "ul",
        {},
        ...withControlsBefore(result.textbook.actions, scenario.controls as Frame["controls"]).map(({action, before}) =>
          h("li", {}, `${formatClock(start + action.minute)} (${t("player.minuteOf", {n: format(action.minute, 0)})}): ${describeAction(action, before, t, format, specs)}`)
        )
      )
    : h("p", {class: "oc-help"}, t(scenario.textbook.length === 0 ? "debrief.textbookNone" : "debrief.textbookLater"));
  const scale = follow.scale ?? 1;
  const series = runs.flatMap((name) => result[name].metrics.map((m) => ({run: t(`debrief.${name}`), minute: m.minute, burn: Number(m[follow.field]) * scale})));
  const chart = Plot.plot({
    width: Math.max(280, width),
    height: 200,
    marginLeft: 44,
    style: {fontSize: "10px"},
    x: {label: t("chart.minute"), domain: [0, Math.max(1, minutes - 1)], tickFormat: tick},
    y: {label: null, grid: true, domain: [0, Math.max(follow.minTop ?? 0, ...series.map((d) => d.burn)) * 1.05], tickFormat: tick},
    color: {domain: runs.map((name) => t(`debrief.${name}`)), range: runs.map((name) => colors[name]), legend: true},
    marks: [
      follow.reference === undefined ? null : Plot.ruleY([follow.reference], {stroke: "#c92a2a", strokeDasharray: "4,3"}),
      Plot.lineY(series, {x: "minute", y: "burn", stroke: "run", strokeWidth: 1.5})
    ]
  });
  return h(
    "div",
    {class: "oc-debrief", "data-minute": frame.minute},
    h("p", {}, t("debrief.intro", {minute: format(frame.minute, 0), clock: frame.metrics.clock})),
    h("div", {class: "oc-scroll"}, table),
    h("p", {}, h("strong", {}, t("debrief.textbookActions"))),
    textbook,
    h("h4", {}, t("debrief.chart")),
    chart
  );
}
