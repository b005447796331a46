// The debrief: the learner's run beside doing nothing and the textbook response on the same
// scenario, seed and minutes (src/sim/debrief.ts), in words (debriefWords.ts over
// src/sim/debriefStory.ts), as a table and one chart overlaying the three, in clock time; runs
// that coincide are one line and said so. At minute 0 it says there is nothing to compare yet.
// The table's rows are measures (a spec: label key, how a run's summary is written); on-call's
// are the preset. The chart follows one metric (the 1 h burn rate by default) with its line.
import type * as PlotModule from "@observablehq/plot";
import {FAST_BURN} from "../../sim/budget.js";
import {modelOf} from "../../sim/catalog.js";
import type {DebriefRun} from "../../sim/debrief.js";
import {debriefStory} from "../../sim/debriefStory.js";
import {formatClock, parseClock} from "../../sim/metrics.js";
import type {Translate} from "../i18n.js";
import {clockTick, clockTicks} from "./clockAxis.js";
import {storyMeasures, storySentences, type StoryMeasure} from "./debriefWords.js";
import {describeAction, withControlsBefore} from "./describe.js";
import {h} from "./dom.js";
import type {UnitFormat} from "./format.js";
import {decisionsUpTo} from "./session.js";
import type {Frame} from "./store.js";
import {ensureStyle} from "./style.js";

const runs = ["learner", "nothing", "textbook"] as const;
const colors = {learner: "var(--qb-c-blue, #3b5bdb)", nothing: "var(--qb-c-grey, #868e96)", textbook: "var(--qb-c-green, #2b8a3e)"};

/** One row of the debrief's table: its label key (`debrief.<id>` by default) and how a run's summary is written. */
export interface MeasureSpec {
  /** The row's id (`data-row`); its label is t(`debrief.<id>`) unless `key` is given. */
  id: string;
  key?: string;
  cell(run: DebriefRun<any, any>, format: UnitFormat, t: Translate): string;
}

/** A share in the summary as a percent with `digits`. */
export const percentMeasure = (id: string, digits = 1): MeasureSpec => ({id, cell: (r, f) => f(r.summary[id] * 100, digits, "%")});

/** The on-call debrief's rows: budget, fast-burn minutes, minutes over the SLO, mean and worst errors, p99, cost. */
export const debriefMeasures: readonly MeasureSpec[] = [
  {id: "budgetLeft", cell: (r, f) => f(r.summary.budgetLeft * 100, 1, "%")},
  {id: "fastBurnMinutes", cell: (r, f, t) => t("debrief.minutes", {n: f(r.summary.minutesAboveFastBurn, 0)})},
  {id: "errorMinutes", cell: (r, f, t) => t("debrief.minutes", {n: f(r.summary.errorMinutes, 0)})},
  {id: "meanErrorRate", cell: (r, f) => f(r.summary.meanErrorRate * 100, 2, "%")},
  {id: "worstErrorRate", cell: (r, f) => f(r.summary.worstErrorRate * 100, 2, "%")},
  {id: "p99", cell: (r, f) => f(r.summary.worstP99Ms, 0, "ms")},
  {id: "cost", cell: (r, f) => f(r.summary.totalCost, 2, "$")}
];

/** What the debrief shows: its rows, the differences its sentences name, and the metric its chart follows with a reference line. */
export interface DebriefOptions {
  measures?: readonly MeasureSpec[];
  /** The differences the written debrief names (on-call's: budget, minutes over the SLO, money; fields the summary lacks are left out). */
  story?: readonly StoryMeasure[];
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
  const {measures = debriefMeasures, story: wording = storyMeasures, chart: follow = {field: "burn1h", reference: FAST_BURN, minTop: 20}} = options;
  const minutes = frame.minute + 1;
  const intro = h("p", {}, t("debrief.intro", {minute: format(frame.minute, 0), clock: frame.metrics.clock}));
  // Minute 0: one minute of three equal runs says nothing; no table of equal values, no chart.
  const story = debriefStory<Record<string, number>, Record<string, number>>(scenario, run.seed, minutes, decisionsUpTo(run));
  if (!story.comparable) return h("div", {class: "oc-debrief", "data-minute": frame.minute, "data-debrief": "empty"}, h("p", {"data-story": "nothingYet"}, t("debrief.nothingYet")));
  const result = story.runs;
  const start = parseClock(scenario.startClock);
  const clock = (minute: number) => formatClock(start + minute);
  const specs = modelOf(scenario).controls;
  const sentences = storySentences(story, wording, {clock, start: scenario.controls as Frame["controls"], specs}, t, format);
  const decisions = sentences.filter((s) => s.about === "decision");
  const written = h(
    "div",
    {class: "oc-story"},
    h("h4", {}, t("debrief.story")),
    ...sentences.filter((s) => s.about === "timing").map((s) => h("p", {"data-story": s.about}, s.text)),
    ...(decisions.length ? [h("p", {}, t("story.decisions")), h("ul", {}, ...decisions.map((s) => h("li", {"data-story": s.about}, s.text)))] : []),
    ...sentences.filter((s) => s.about !== "timing" && s.about !== "decision").map((s) => h("p", {"data-story": s.about}, s.text))
  );
  const {same} = story;
  const allSame = same.learnerNothing && same.learnerTextbook;
  // Runs that coincide are drawn as one line and said so: a line under another is invisible.
  const notes = allSame
    ? [t("debrief.allSame")]
    : (["learnerNothing", "learnerTextbook", "nothingTextbook"] as const).filter((pair) => same[pair]).map((pair) => t(`debrief.same.${pair}`));
  const table = allSame
    ? null
    : h(
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
  const textbook = result.textbook.actions.length
    ? h(
        "ul",
        {},
        ...withControlsBefore(result.textbook.actions, scenario.controls as Frame["controls"]).map(({action, before}) =>
          h("li", {}, `${clock(action.minute)} (${t("player.minuteOf", {n: format(action.minute, 0)})}): ${describeAction(action, before, t, format, specs)}`)
        )
      )
    : h("p", {class: "oc-help"}, t(scenario.textbook.length === 0 ? "debrief.textbookNone" : "debrief.textbookLater"));
  const scale = follow.scale ?? 1;
  // One series per distinct run: a run equal to an earlier one joins its line's label.
  const lines: {names: (typeof runs)[number][]}[] = [];
  for (const name of runs) {
    const twin = lines.find((line) => same[pairOf(line.names[0], name)]);
    if (twin) twin.names.push(name);
    else lines.push({names: [name]});
  }
  const labelOf = (names: readonly string[]) => (names.length === runs.length ? t("debrief.allRuns") : names.map((name) => t(`debrief.${name}`)).join(" = "));
  const series = lines.flatMap(({names}) => result[names[0]].metrics.map((m) => ({run: labelOf(names), minute: m.minute, value: Number(m[follow.field]) * scale})));
  const top = Math.max(follow.minTop ?? 0, ...series.map((d) => (Number.isFinite(d.value) ? d.value : 0))) * 1.05 || 1;
  const chart = Plot.plot({
    width: Math.max(280, width),
    height: 210,
    marginLeft: 44,
    marginBottom: 34,
    style: {fontSize: "10px"},
    x: {label: t("chart.clock"), labelAnchor: "right", domain: [0, minutes - 1], ticks: clockTicks(minutes - 1, start), tickFormat: clockTick(start)},
    y: {label: null, grid: true, domain: [0, top], tickFormat: tick},
    color: {domain: lines.map(({names}) => labelOf(names)), range: lines.map(({names}) => colors[names[0]]), legend: true},
    marks: [
      follow.reference === undefined ? null : Plot.ruleY([follow.reference], {stroke: "var(--qb-c-red, #c92a2a)", strokeDasharray: "4,3"}),
      Plot.lineY(series, {x: "minute", y: "value", stroke: "run", strokeWidth: 1.5})
    ]
  });
  return h(
    "div",
    {class: "oc-debrief", "data-minute": frame.minute},
    intro,
    written,
    ...(table ? [h("div", {class: "oc-scroll"}, table)] : []),
    h("p", {}, h("strong", {}, t("debrief.textbookActions"))),
    textbook,
    h("h4", {}, t("debrief.chart")),
    ...notes.map((note) => h("p", {class: "oc-help", "data-same": ""}, note)),
    chart
  );
}

/** The coincidence flag of two runs. */
function pairOf(a: (typeof runs)[number], b: (typeof runs)[number]): "learnerNothing" | "learnerTextbook" | "nothingTextbook" {
  const key = [a, b].sort((x, y) => runs.indexOf(x) - runs.indexOf(y)).join("-");
  return key === "learner-nothing" ? "learnerNothing" : key === "learner-textbook" ? "learnerTextbook" : "nothingTextbook";
}
