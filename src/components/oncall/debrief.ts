// The debrief: the learner's run beside doing nothing and the textbook response on the same
// scenario, seed and minutes (src/sim/debrief.ts), as a table and one chart overlaying the three.
import type * as PlotModule from "@observablehq/plot";
import {FAST_BURN} from "../../sim/budget.js";
import {debrief, type DebriefRun} from "../../sim/debrief.js";
import {formatClock, parseClock} from "../../sim/metrics.js";
import {scenarios} from "../../sim/scenarios.js";
import type {Translate} from "../i18n.js";
import {describeAction, withControlsBefore} from "./describe.js";
import {h} from "./dom.js";
import type {UnitFormat} from "./format.js";
import {decisionsUpTo} from "./session.js";
import type {Frame} from "./store.js";
import {ensureStyle} from "./style.js";

const runs = ["learner", "nothing", "textbook"] as const;
const colors = {learner: "#3b5bdb", nothing: "#868e96", textbook: "#2b8a3e"};

/** The table's rows: a label key and how a run's summary is written. */
const rows: {key: string; cell(run: DebriefRun, format: UnitFormat, t: Translate): string}[] = [
  {key: "debrief.budgetLeft", cell: (r, f) => f(r.summary.budgetLeft * 100, 1, "%")},
  {key: "debrief.fastBurnMinutes", cell: (r, f, t) => t("debrief.minutes", {n: f(r.summary.minutesAboveFastBurn, 0)})},
  {key: "debrief.meanErrorRate", cell: (r, f) => f(r.summary.meanErrorRate * 100, 2, "%")},
  {key: "debrief.worstErrorRate", cell: (r, f) => f(r.summary.worstErrorRate * 100, 2, "%")},
  {key: "debrief.p99", cell: (r, f) => f(r.summary.worstP99Ms, 0, "ms")},
  {key: "debrief.cost", cell: (r, f) => f(r.summary.totalCost, 2, "$")}
];

/** The debrief panel's element and its update. */
export interface DebriefPanel {
  node: HTMLElement;
  update(frame: Frame, playing: boolean): void;
}

/**
 * The debrief, kept up to date while the day is paused: three runs and a chart cost more than a
 * frame, so they are computed after the page has shown the minute (and not at all while playing).
 */
export function debriefPanel(t: Translate, format: UnitFormat, width: number, Plot: typeof PlotModule, tick: (value: number) => string = String): DebriefPanel {
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
        node.replaceChildren(debriefView(latest, t, format, width, Plot, tick));
      }, 30);
    }
  };
}

/** The debrief of the run at `frame`'s minute, in language `t`, `width` pixels wide, drawn with the page's `Plot`. */
export function debriefView(frame: Frame, t: Translate, format: UnitFormat, width: number, Plot: typeof PlotModule, tick: (value: number) => string = String): HTMLElement {
  ensureStyle();
  const {run} = frame;
  const minutes = frame.minute + 1;
  const result = debrief(run.scenario, run.seed, minutes, decisionsUpTo(run));
  const table = h(
    "table",
    {},
    h("thead", {}, h("tr", {}, h("th", {}, ""), ...runs.map((name) => h("th", {}, t(`debrief.${name}`))))),
    h(
      "tbody",
      {},
      ...rows.map((row) =>
        h("tr", {"data-row": row.key.slice(8)}, h("td", {}, t(row.key)), ...runs.map((name) => h("td", {"data-run": name}, row.cell(result[name], format, t))))
      )
    )
  );
  const scenario = scenarios[run.scenario];
  const start = parseClock(scenario.startClock);
  const textbook = result.textbook.actions.length
    ? h(
        "ul",
        {},
        ...withControlsBefore(result.textbook.actions, scenario.controls).map(({action, before}) =>
          h("li", {}, `${formatClock(start + action.minute)} (${t("player.minuteOf", {n: format(action.minute, 0)})}): ${describeAction(action, before, t, format)}`)
        )
      )
    : h("p", {class: "oc-help"}, t(run.scenario === "free" ? "debrief.textbookNone" : "debrief.textbookLater"));
  const series = runs.flatMap((name) => result[name].metrics.map((m) => ({run: t(`debrief.${name}`), minute: m.minute, burn: m.burn1h})));
  const chart = Plot.plot({
    width: Math.max(280, width),
    height: 200,
    marginLeft: 44,
    style: {fontSize: "10px"},
    x: {label: t("chart.minute"), domain: [0, Math.max(1, minutes - 1)], tickFormat: tick},
    y: {label: null, grid: true, domain: [0, Math.max(20, ...series.map((d) => d.burn)) * 1.05], tickFormat: tick},
    color: {domain: runs.map((name) => t(`debrief.${name}`)), range: runs.map((name) => colors[name]), legend: true},
    marks: [Plot.ruleY([FAST_BURN], {stroke: "#c92a2a", strokeDasharray: "4,3"}), Plot.lineY(series, {x: "minute", y: "burn", stroke: "run", strokeWidth: 1.5})]
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
