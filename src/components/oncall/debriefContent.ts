// What the debrief shows at a frame, as data (no DOM, so the property tests run in Node): the
// intro, the written sentences (debriefWords.ts over src/sim/debriefStory.ts), the table, the
// textbook's steps, the notes on coinciding runs and the chart's lines and span. While the day
// runs it shows only what has happened: the learner's run beside doing nothing. The textbook
// response (its column, line, steps and the sentences about it) comes at the day's end, or when
// the learner asks (`textbook: true`). The chart spans the incident (its events, decisions and
// worst minute, with a margin) unless the whole run is asked for; the learner's line is drawn last.
import {modelOf} from "../../sim/catalog.js";
import type {DebriefRun} from "../../sim/debrief.js";
import {debriefStory, type DebriefStory} from "../../sim/debriefStory.js";
import {formatClock, parseClock} from "../../sim/kit/clock.js";
import type {SummaryMeasure} from "../../sim/kit/model.js";
import type {Translate} from "../i18n.js";
import {measureText, storySentences, type StoryMeasure, type StorySentence} from "./debriefWords.js";
import {describeAction, withControlsBefore} from "./describe.js";
import type {UnitFormat} from "./format.js";
import {DAY_MINUTES, decisionsUpTo} from "./session.js";
import type {Frame} from "./store.js";

/** The three runs, in the table's order. */
export const runNames = ["learner", "nothing", "textbook"] as const;
/** One of the runs. */
export type RunName = (typeof runNames)[number];

/** A row of the table written by a function of the run (a lesson's own row): its id (`data-row`), label key (`debrief.<id>` by default) and cell. */
export interface MeasureRow {
  id: string;
  key?: string;
  cell(run: DebriefRun<any, any>, format: UnitFormat, t: Translate): string;
}

/** A row of the debrief's table: a model's summary measure (written by its kind, digits and unit), or a row of its own. */
export type MeasureSpec = MeasureRow | (SummaryMeasure & {key?: string});

/** A share in the summary as a percent with `digits`. */
export const percentMeasure = (id: string, digits = 1): MeasureRow => ({id, cell: (r, f) => f(r.summary[id] * 100, digits, "%")});

/** The metric the chart follows for each run: a field of the minutes, a reference line, a factor, the smallest axis top. */
export interface DebriefChartSpec {
  field: string;
  reference?: number;
  /** The reference line's label key (default `chart.burn.fast`, the alert threshold's). */
  referenceKey?: string;
  scale?: number;
  minTop?: number;
}

/**
 * What the debrief shows: its table rows (default the model's measures), the differences its
 * sentences weigh (default the model's measures not marked `story: false`), the measure that ranks
 * the textbook's steps (default the model's `rankBy`), and the metric its chart follows (default
 * the model's SLO burn rate with its alert threshold; a model without an SLO and no `chart` has none).
 */
export interface DebriefOptions {
  measures?: readonly MeasureSpec[];
  story?: readonly StoryMeasure[];
  rankBy?: string;
  chart?: DebriefChartSpec | null;
}

/** Which parts the learner asked for: the textbook comparison before the day's end, the whole run in the chart. */
export interface DebriefAsk {
  textbook?: boolean;
  whole?: boolean;
}

/** One line of the chart: the runs it stands for (runs that coincide are one line), its label, look and points. */
export interface ChartLine {
  runs: RunName[];
  label: string;
  color: string;
  width: number;
  dash?: string;
  points: {minute: number; value: number}[];
}

/** The chart: its lines in drawing order (the learner's last, on top), the span shown, the incident's and the whole run's, the y top and a reference line. */
export interface DebriefChart {
  title: string;
  /** The reference line's label (the alert threshold's), when it has one. */
  referenceLabel?: string;
  lines: ChartLine[];
  span: readonly [number, number];
  incident: readonly [number, number] | null;
  whole: readonly [number, number];
  top: number;
  reference?: number;
}

/** The debrief at one minute, as data. */
export interface DebriefContent {
  minute: number;
  /** Minute 0: nothing to compare yet (only `intro` holds the sentence). */
  empty: boolean;
  withTextbook: boolean;
  /** True while the textbook could be asked for (the scenario has one and it is not shown). */
  canAsk: boolean;
  intro: string;
  sentences: StorySentence[];
  table: {runs: RunName[]; rows: {id: string; label: string; cells: Partial<Record<RunName, string>>}[]} | null;
  textbookSteps: string[] | null;
  textbookNote: string | null;
  notes: string[];
  chart: DebriefChart | null;
}

const colors: Record<RunName, string> = {
  learner: "var(--qb-c-blue, #3b5bdb)",
  nothing: "var(--qb-c-grey, #868e96)",
  textbook: "var(--qb-c-green, #2b8a3e)"
};
const dashes: Partial<Record<RunName, string>> = {nothing: "6,3", textbook: "2,3"};

/** A summary measure as a table row: its cell as measureText writes it. */
export function rowOf(measure: MeasureSpec): MeasureRow {
  if ("cell" in measure) return measure;
  return {id: measure.id ?? measure.field, key: measure.key, cell: (r, f, t) => measureText(measure, r.summary[measure.field], t, f)};
}

/** The minute the day ends: the comparison with the textbook comes then without being asked. */
export const LAST_MINUTE = DAY_MINUTES - 1;

/**
 * The minutes the incident spans in a story: its marks (events, the alert), the learner's
 * decisions, the textbook's steps when shown and the worst minute (decisions alone are none), with 10 minutes before and 20
 * after, at least 30 in all, and on to 10 minutes after `above` (the last minute a line is at its
 * reference, e.g. burn at the alert threshold); null when there is nothing to zoom to or it is
 * most of the run.
 */
export function incidentSpan(story: DebriefStory<any, any>, last: number, above: number | null = null): [number, number] | null {
  // Decisions alone are no incident (free play): an event, the alert or a worst minute makes one.
  const minutes = story.marks.map((m) => m.minute);
  if (story.runs.learner.worst) minutes.push(story.runs.learner.worst.minute);
  if (minutes.length === 0) return null;
  minutes.push(...story.runs.learner.actions.map((a) => a.minute), ...(story.runs.textbook?.actions.map((a) => a.minute) ?? []));
  let from = Math.max(0, Math.min(...minutes) - 10),
    to = Math.min(last, Math.max(...minutes, above === null ? 0 : above - 10) + 20);
  if (to - from < 30) (to = Math.min(last, from + 30)), (from = Math.max(0, to - 30));
  return to - from >= 0.8 * last ? null : [from, to];
}

/** The debrief of the run at `frame`'s minute in language `t`: see DebriefContent. */
export function debriefContent(
  frame: Frame,
  t: Translate,
  format: UnitFormat,
  options: DebriefOptions = {},
  ask: DebriefAsk = {}
): DebriefContent {
  const {run, scenario} = frame;
  const model = modelOf(scenario);
  const minutes = frame.minute + 1;
  const withTextbook = ask.textbook === true || frame.minute >= LAST_MINUTE;
  const story = debriefStory<Record<string, number>, Record<string, number>>(scenario, run.seed, minutes, decisionsUpTo(run), {
    textbook: withTextbook,
    rankBy: options.rankBy
  });
  const base = {minute: frame.minute, withTextbook, canAsk: story.hasTextbook && !withTextbook};
  if (!story.comparable)
    return {
      ...base,
      empty: true,
      intro: t("debrief.nothingYet"),
      sentences: [],
      table: null,
      textbookSteps: null,
      textbookNote: null,
      notes: [],
      chart: null
    };
  const start = parseClock(scenario.startClock);
  const clock = (minute: number) => formatClock(start + minute);
  const specs = model.controls;
  const measures = options.measures ?? model.measures ?? [];
  const wording = options.story ?? (model.measures ?? []).filter((m) => m.story !== false);
  const sentences = storySentences(story, wording, {clock, start: scenario.controls as Frame["controls"], specs}, t, format);
  const shown: RunName[] = withTextbook ? [...runNames] : ["learner", "nothing"];
  const runs = story.runs as Partial<Record<RunName, DebriefRun<any, any>>>;
  const {same} = story;
  const allSame = withTextbook ? same.learnerNothing && same.learnerTextbook : same.learnerNothing;
  const notes =
    allSame && withTextbook
      ? [t("debrief.allSame")]
      : (["learnerNothing", "learnerTextbook", "nothingTextbook"] as const)
          .filter((pair) => same[pair])
          .map((pair) => t(`debrief.same.${pair}`));
  const table =
    allSame && withTextbook
      ? null
      : {
          runs: shown,
          rows: measures.map(rowOf).map((row) => ({
            id: row.id,
            label: t(row.key ?? `debrief.${row.id}`),
            cells: Object.fromEntries(shown.map((name) => [name, row.cell(runs[name]!, format, t)]))
          }))
        };
  let textbookSteps: string[] | null = null,
    textbookNote: string | null = null;
  if (withTextbook) {
    const actions = runs.textbook!.actions;
    if (actions.length) {
      textbookSteps = withControlsBefore(actions, scenario.controls as Frame["controls"]).map(
        ({action, before}) =>
          `${clock(action.minute)} (${t("player.minuteOf", {n: format(action.minute, 0)})}): ${describeAction(action, before, t, format, specs)}`
      );
    } else textbookNote = t(scenario.textbook.length === 0 ? "debrief.textbookNone" : "debrief.textbookLater");
  }
  return {
    ...base,
    empty: false,
    intro: t(withTextbook ? "debrief.intro" : "debrief.introSoFar", {minute: format(frame.minute, 0), clock: frame.metrics.clock}),
    sentences,
    table,
    textbookSteps,
    textbookNote,
    notes,
    chart: chartOf(story, shown, options, model.slo, t, ask.whole === true)
  };
}

/** The chart's lines (one per distinct run, the learner's last) over the incident or the whole run. */
function chartOf(
  story: DebriefStory<any, any>,
  shown: RunName[],
  options: DebriefOptions,
  slo: {burn: string; threshold: number} | undefined,
  t: Translate,
  whole: boolean
): DebriefChart | null {
  const follow = options.chart === undefined ? (slo ? {field: slo.burn, reference: slo.threshold, minTop: 20} : null) : options.chart;
  if (!follow) return null;
  const last = story.minutes - 1;
  const runs = story.runs as Partial<Record<RunName, DebriefRun<any, any>>>;
  const groups: RunName[][] = [];
  for (const name of shown) {
    const twin = groups.find((g) => sameOf(story, g[0], name));
    if (twin) twin.push(name);
    else groups.push([name]);
  }
  const label = (names: RunName[]) =>
    names.length === runNames.length ? t("debrief.allRuns") : names.map((name) => t(`debrief.${name}`)).join(" = ");
  const scale = follow.scale ?? 1;
  const incident = incidentSpan(story, last, follow.reference === undefined ? null : lastAbove(story, shown, follow, follow.reference));
  const span: [number, number] = !whole && incident ? incident : [0, last];
  const lines: ChartLine[] = groups
    .map((names) => ({
      runs: names,
      label: label(names),
      color: colors[names[0]],
      width: names.includes("learner") ? 2.5 : 1.5,
      ...(names.includes("learner") || !dashes[names[0]] ? {} : {dash: dashes[names[0]]}),
      points: runs[names[0]]!.metrics.map((m: Record<string, number>) => ({minute: m.minute, value: Number(m[follow.field]) * scale}))
    }))
    // The learner's line is drawn last, over the others.
    .sort((a, b) => Number(a.runs.includes("learner")) - Number(b.runs.includes("learner")));
  const visible = lines.flatMap((l) =>
    l.points.filter((p) => p.minute >= span[0] && p.minute <= span[1] && Number.isFinite(p.value)).map((p) => p.value)
  );
  const top = Math.max(follow.minTop ?? 0, ...visible) * 1.05 || 1;
  const reference =
    follow.reference === undefined ? {} : {reference: follow.reference, referenceLabel: t(follow.referenceKey ?? "chart.burn.fast")};
  return {title: t("debrief.chart"), lines, span, incident, whole: [0, last], top, ...reference};
}

/** The last minute any shown run's followed metric is at or above `reference`, or null. */
function lastAbove(story: DebriefStory<any, any>, shown: RunName[], follow: DebriefChartSpec, reference: number): number | null {
  const runs = story.runs as Partial<Record<RunName, DebriefRun<any, any>>>;
  let at: number | null = null;
  for (const name of shown)
    runs[name]!.metrics.forEach((m: Record<string, number>, i: number) => {
      if (Number(m[follow.field]) * (follow.scale ?? 1) >= reference && (at === null || i > at)) at = i;
    });
  return at;
}

/** Whether two runs coincide minute by minute. */
function sameOf(story: DebriefStory<any, any>, a: RunName, b: RunName): boolean {
  const key = [a, b].sort((x, y) => runNames.indexOf(x) - runNames.indexOf(y)).join("-");
  const {same} = story;
  return key === "learner-nothing" ? same.learnerNothing : key === "learner-textbook" ? same.learnerTextbook : same.nothingTextbook;
}
