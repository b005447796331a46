// The debrief: the learner's run beside doing nothing (and, at the day's end or when the learner
// asks, the textbook response) on the same scenario, seed and minutes, in words, as a table and
// one chart over the incident in clock time. What it shows is debriefContent.ts (pure data); this
// file draws it: two buttons ask for the textbook comparison and for the chart's whole run, and
// the chart keeps the learner's line on top, in type readable at a phone's 390 px.
import type * as PlotModule from "@observablehq/plot";
import type {Translate} from "../i18n.js";
import {tableView} from "../../page/chartTable.js";
import {red} from "./chartColors.js";
import {kitWord, pageWord, roundAsAxis} from "./chartWords.js";
import {clockTick, clockTicks} from "./clockAxis.js";
import {debriefContent, type DebriefAsk, type DebriefChart, type DebriefOptions} from "./debriefContent.js";
import {h} from "./dom.js";
import type {UnitFormat} from "./format.js";
import {parseClock} from "../../sim/kit/clock.js";
import type {Frame} from "./store.js";
import {ensureStyle} from "./style.js";

export {
  debriefContent,
  percentMeasure,
  rowOf,
  runNames,
  type DebriefAsk,
  type DebriefChartSpec,
  type DebriefContent,
  type DebriefOptions,
  type MeasureRow,
  type MeasureSpec
} from "./debriefContent.js";
/** The on-call debrief's rows: the on-call model's measures (src/sim/oncall/summary.ts), as table rows. */
export {oncallMeasures as debriefMeasures} from "../../sim/oncall/summary.js";

/** The debrief panel's element and its update. */
export interface DebriefPanel {
  node: HTMLElement;
  update(frame: Frame, playing: boolean): void;
}

/**
 * The debrief, kept up to date while the day is paused: several runs and a chart cost more than
 * a frame, so they are computed after the page has shown the minute (and not at all while
 * playing). What the learner asked for (the textbook now, the whole run) holds until the
 * scenario or seed changes.
 */
export function debriefPanel(
  t: Translate,
  format: UnitFormat,
  width: number,
  Plot: typeof PlotModule,
  tick: (value: number) => string = String,
  options: DebriefOptions = {}
): DebriefPanel {
  const node = h("div", {class: "oc-debrief-box"}, h("p", {class: "oc-help"}, t("debrief.waiting")));
  let timer: ReturnType<typeof setTimeout> | null = null;
  let latest: Frame | null = null;
  let shown: Frame | null = null;
  let ask: DebriefAsk = {};
  let askedFor = "";
  const draw = () => {
    if (!latest) return;
    shown = latest;
    node.replaceChildren(
      debriefView(latest, t, format, width, Plot, tick, options, ask, (next) => {
        ask = {...ask, ...next};
        draw();
      })
    );
  };
  return {
    node,
    update(frame, playing) {
      latest = frame;
      const which = `${frame.run.scenario} ${frame.run.seed}`;
      if (which !== askedFor) (ask = {}), (askedFor = which);
      if (playing || timer !== null) return;
      timer = setTimeout(() => {
        timer = null;
        if (!latest || (shown && shown.trace === latest.trace && shown.minute === latest.minute)) return;
        draw();
      }, 30);
    }
  };
}

/**
 * The debrief of the run at `frame`'s minute, in language `t`, `width` pixels wide, drawn with the
 * page's `Plot`; `ask` says what the learner asked for and `onAsk` is called with a new request.
 */
export function debriefView(
  frame: Frame,
  t: Translate,
  format: UnitFormat,
  width: number,
  Plot: typeof PlotModule,
  tick: (value: number) => string = String,
  options: DebriefOptions = {},
  ask: DebriefAsk = {},
  onAsk: (ask: DebriefAsk) => void = () => {}
): HTMLElement {
  ensureStyle();
  const content = debriefContent(frame, t, format, options, ask);
  // Minute 0: one minute of equal runs says nothing; no table of equal values, no chart.
  if (content.empty)
    return h(
      "div",
      {class: "oc-debrief", "data-minute": frame.minute, "data-debrief": "empty"},
      h("p", {"data-story": "nothingYet"}, content.intro)
    );
  const {sentences} = content;
  const decisions = sentences.filter((s) => s.about === "decision");
  const written = h(
    "div",
    {class: "oc-story"},
    h("h4", {}, t("debrief.story")),
    ...sentences.filter((s) => s.about === "timing").map((s) => h("p", {"data-story": s.about}, s.text)),
    ...(decisions.length
      ? [h("p", {}, t("story.decisions")), h("ul", {}, ...decisions.map((s) => h("li", {"data-story": s.about}, s.text)))]
      : []),
    ...sentences.filter((s) => s.about !== "timing" && s.about !== "decision").map((s) => h("p", {"data-story": s.about}, s.text))
  );
  const button = (action: string, label: string, next: DebriefAsk) => {
    const b = h("button", {type: "button", "data-action": action}, label);
    b.addEventListener("click", () => onAsk(next));
    return b;
  };
  const table = content.table
    ? h(
        "div",
        {class: "oc-scroll"},
        h(
          "table",
          {},
          h("thead", {}, h("tr", {}, h("th", {}, ""), ...content.table.runs.map((name) => h("th", {}, t(`debrief.${name}`))))),
          h(
            "tbody",
            {},
            ...content.table.rows.map((row) =>
              h(
                "tr",
                {"data-row": row.id},
                h("td", {}, row.label),
                ...content.table!.runs.map((name) => h("td", {"data-run": name}, row.cells[name] ?? ""))
              )
            )
          )
        )
      )
    : null;
  const textbook = content.withTextbook
    ? [
        h("p", {}, h("strong", {}, t("debrief.textbookActions"))),
        content.textbookSteps
          ? h("ul", {"data-textbook": ""}, ...content.textbookSteps.map((text) => h("li", {}, text)))
          : h("p", {class: "oc-help"}, content.textbookNote ?? "")
      ]
    : content.canAsk
      ? [h("p", {}, button("debrief-textbook", t("debrief.showTextbook"), {textbook: true}))]
      : [];
  const notes = content.notes.map((note) => h("p", {class: "oc-help", "data-same": ""}, note));
  const chart = content.chart ? chartView(content.chart, notes, frame, t, width, Plot, tick, ask, button) : notes;
  return h(
    "div",
    {class: "oc-debrief", "data-minute": frame.minute, "data-textbook-shown": String(content.withTextbook)},
    h("p", {}, content.intro),
    written,
    ...(table ? [table] : []),
    ...textbook,
    ...chart
  );
}

/**
 * The chart's text alternatives: its name as an image ("Error rate (%), 09:00 to 11:00: your run
 * 0 to 5.2; doing nothing 0 to 5.3", numbers rounded as its y-axis writes them) and its lines as a
 * table, a row a minute of the span shown (sampled to chartTable's bound), built when opened.
 */
function chartText(
  chart: DebriefChart,
  frame: Frame,
  t: Translate,
  tick: (value: number) => string,
  ticks: number
): {label: string; table: HTMLElement} {
  const [from, to] = chart.span;
  const clock = (m: number) => frame.trace.metrics[m]?.clock ?? String(m);
  const round = (v: number) => tick(roundAsAxis(v, chart.top, ticks));
  const lines = chart.lines.map((line) => {
    const values = line.points.filter((p) => p.minute >= from && p.minute <= to).map((p) => p.value);
    const range = values.length ? pageWord("chart.range", {from: round(Math.min(...values)), to: round(Math.max(...values))}) : "–";
    return `${line.label} ${range}`;
  });
  const label = `${chart.title}, ${pageWord("chart.range", {from: clock(from), to: clock(to)})}: ${lines.join("; ")}`;
  const table = tableView({
    summary: kitWord(t, "chart.table"),
    columns: [t("log.clock"), t("chart.minute"), ...chart.lines.map((line) => line.label)],
    rows: () => {
      const byMinute = chart.lines.map((line) => new Map(line.points.map((p) => [p.minute, p.value])));
      const rows: (string | number)[][] = [];
      for (let m = from; m <= to; m++) rows.push([clock(m), m, ...byMinute.map((values) => (values.has(m) ? tick(values.get(m)!) : ""))]);
      return rows;
    }
  });
  return {label, table};
}

/** The chart: its title, the notes on coinciding runs, a legend, the zoom button, the Plot figure and its table. */
function chartView(
  chart: DebriefChart,
  notes: HTMLElement[],
  frame: Frame,
  t: Translate,
  width: number,
  Plot: typeof PlotModule,
  tick: (value: number) => string,
  ask: DebriefAsk,
  button: (action: string, label: string, next: DebriefAsk) => HTMLElement
): HTMLElement[] {
  const start = parseClock(frame.scenario.startClock);
  const [from, to] = chart.span;
  const w = Math.max(280, width);
  // Larger type on a narrow screen (the figure is not scaled down), and fewer ticks.
  const narrow = w < 480;
  const legend = h(
    "div",
    {class: "oc-legend oc-debrief-legend"},
    // The legend lists the lines top first, as the eye finds them: the learner's.
    ...[...chart.lines]
      .reverse()
      .map((line) =>
        h("span", {style: `--c: ${line.color}`, class: line.dash ? "oc-dashed" : undefined, "data-line": line.runs.join(" ")}, line.label)
      ),
    ...(chart.referenceLabel ? [h("span", {style: `--c: ${red}`, class: "oc-dashed"}, chart.referenceLabel)] : [])
  );
  const zoom = chart.incident
    ? button("debrief-zoom", t(ask.whole ? "debrief.zoomIncident" : "debrief.zoomWhole"), {whole: !ask.whole})
    : null;
  const inSpan = (p: {minute: number}) => p.minute >= from && p.minute <= to;
  const ticks = narrow ? 4 : 6;
  const text = chartText(chart, frame, t, tick, ticks);
  const figure = Plot.plot({
    ariaLabel: text.label,
    width: w,
    height: narrow ? 240 : 220,
    marginLeft: narrow ? 40 : 44,
    marginRight: narrow ? 22 : 16,
    marginBottom: 36,
    style: {fontSize: narrow ? "12px" : "11px"},
    x: {
      label: t("chart.clock"),
      labelAnchor: "right",
      domain: [from, to],
      ticks: clockTicks(to - from, start + from, narrow ? 4 : 7).map((m) => m + from),
      tickFormat: clockTick(start)
    },
    y: {label: null, grid: true, domain: [0, chart.top], ticks, tickFormat: tick},
    marks: [
      chart.reference === undefined ? null : Plot.ruleY([chart.reference], {stroke: red, strokeDasharray: "4,3"}),
      ...chart.lines.map((line) =>
        Plot.lineY(line.points.filter(inSpan), {
          x: "minute",
          y: "value",
          stroke: line.color,
          strokeWidth: line.width,
          strokeDasharray: line.dash,
          ariaDescription: line.label
        })
      )
    ]
  });
  figure.setAttribute("data-span", `${from}-${to}`);
  return [
    h("h4", {}, chart.title),
    ...notes,
    legend,
    ...(zoom ? [h("p", {class: "oc-zoom"}, zoom)] : []),
    figure as HTMLElement,
    text.table
  ];
}
