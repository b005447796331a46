// The written debrief as data: what the runs say, never how it is worded (the page's locale
// does that). From the learner's run, doing nothing and the textbook response on one seed
// (debrief.ts) it finds when the learner first acted relative to the alert and the scenario's
// events, what each decision cost or saved (the run against the same run without it), the whole
// run against doing nothing and against the textbook, the one step the textbook took that the
// learner did not (the one whose absence would cost the textbook most), and which runs coincide.
// Every number is a difference of two of the model's own summaries. Any model (catalog.ts).
import type {Action, SetAction} from "./actions.js";
import {findScenario, modelOf} from "./catalog.js";
import {debrief, type DebriefRun} from "./debrief.js";
import type {MetricsRow, RunSummaryValues} from "./model.js";
import type {Scenario, ScenarioName} from "./scenarios.js";

/** One run's summary minus another's, field by field (the numeric fields both have). */
export type Effect = Record<string, number>;

/** A learner's decision and what it changed: the learner's summary minus `without`, the summary of the same run without it. */
export interface WeighedDecision {
  action: Action;
  effect: Effect;
  without: RunSummaryValues;
}

/** A moment the first decision is set against: the alert (`avoided` when only doing nothing fired it) or a scenario event. */
export interface StoryMark {
  kind: string;
  minute: number;
  avoided?: boolean;
}

/**
 * The textbook's step the learner's run lacks (one control or one press): `learnerMinute` is when
 * the learner made the same change (null: never); `effect` is the textbook's summary minus the
 * textbook run without that step, what the step is worth.
 */
export interface TextbookDifference {
  step: Action;
  learnerMinute: number | null;
  effect: Effect;
  without: RunSummaryValues;
}

/** Which of the three runs are the same minute by minute. */
export interface Coincidence {
  learnerNothing: boolean;
  learnerTextbook: boolean;
  nothingTextbook: boolean;
}

/** The written debrief's data for a run at `minutes`. */
export interface DebriefStory<S = RunSummaryValues, M = MetricsRow> {
  runs: {learner: DebriefRun<S, M>; nothing: DebriefRun<S, M>; textbook: DebriefRun<S, M>};
  minutes: number;
  /** False at minute 0 (one minute run): there is nothing to compare yet. */
  comparable: boolean;
  same: Coincidence;
  /** The minute of the learner's first decision, or null. */
  firstAction: number | null;
  /** The alert and the scenario's events within the run, by minute. */
  marks: StoryMark[];
  /** The learner's decisions, each weighed (the first `maxWeighed`). */
  decisions: WeighedDecision[];
  /** Decisions beyond `maxWeighed`, not weighed. */
  unweighed: number;
  /** The learner's summary minus doing nothing's, and minus the textbook's. */
  vsNothing: Effect;
  vsTextbook: Effect;
  /** The textbook's steps by this minute. */
  textbookSteps: number;
  /** The one textbook step the learner did differently, or null when they did every step (or there were none). */
  textbook: TextbookDifference | null;
}

/** How the story is computed: how many decisions are weighed, and the summary field that ranks the textbook's steps. */
export interface StoryOptions {
  maxWeighed?: number;
  rankBy?: string;
}

/** `a − b` over the numeric fields both summaries have. */
export function effectOf(a: RunSummaryValues, b: RunSummaryValues): Effect {
  const effect: Effect = {};
  for (const [field, value] of Object.entries(a)) {
    const other = b[field];
    if (typeof value === "number" && typeof other === "number") effect[field] = value - other;
  }
  return effect;
}

/** True when two runs have the same metrics in every field of every minute. */
export function sameRun(a: readonly MetricsRow[], b: readonly MetricsRow[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((row, i) => {
    const other = b[i];
    const keys = Object.keys(row);
    return keys.length === Object.keys(other).length && keys.every((key) => Object.is(row[key], other[key]));
  });
}

/** The first minute whose `alert` is set, or null. */
function alertOf(metrics: readonly MetricsRow[]): number | null {
  const at = metrics.findIndex((m) => m.alert === true);
  return at < 0 ? null : metrics[at].minute;
}

/** A textbook action split into single steps: each press, and each control of a setting. */
export function textbookUnits(actions: readonly Action[]): Action[] {
  return actions.flatMap((action): Action[] =>
    "press" in action ? [action] : Object.entries(action.set).map(([name, value]) => ({minute: action.minute, set: {[name]: value}}) as SetAction)
  );
}

/** `actions` without the single step `unit` (a press, or one control of a setting). */
function without(actions: readonly Action[], unit: Action): Action[] {
  return actions.flatMap((action): Action[] => {
    if (action.minute !== unit.minute) return [action];
    if ("press" in unit) return "press" in action && action.press === unit.press ? [] : [action];
    if (!("set" in action)) return [action];
    const [name] = Object.keys(unit.set);
    if (!Object.hasOwn(action.set, name) || (action.set as Record<string, unknown>)[name] !== (unit.set as Record<string, unknown>)[name]) return [action];
    const rest = Object.fromEntries(Object.entries(action.set).filter(([key]) => key !== name));
    return Object.keys(rest).length ? [{minute: action.minute, set: rest} as SetAction] : [];
  });
}

/** The minutes at which the learner made the same single step (same press, or the same control set to the same value). */
function learnerMinutesOf(unit: Action, learner: readonly Action[]): number[] {
  if ("press" in unit) return learner.filter((a) => "press" in a && a.press === unit.press).map((a) => a.minute);
  const [[name, value]] = Object.entries(unit.set);
  return learner.filter((a) => "set" in a && (a.set as Record<string, unknown>)[name] === value).map((a) => a.minute);
}

/** The learner's control `name` in force during `minute` (the scenario's, then each setting by then). */
function learnerControl(scenario: Scenario, learner: readonly Action[], name: string, minute: number): unknown {
  let value = (scenario.controls as Record<string, unknown>)[name];
  for (const a of learner) if (a.minute <= minute && "set" in a && Object.hasOwn(a.set, name)) value = (a.set as Record<string, unknown>)[name];
  return value;
}

/**
 * The written debrief of `actions` on `scenario` and `seed` over `minutes`: the three runs
 * (debrief.ts) and what they say (see DebriefStory). Each weighed decision and each textbook
 * step costs one more run of the model.
 */
export function debriefStory<S = RunSummaryValues, M = MetricsRow>(
  scenario: ScenarioName | Scenario,
  seed: number,
  minutes: number,
  actions: readonly Action[],
  options: StoryOptions = {}
): DebriefStory<S, M> {
  const record = typeof scenario === "string" ? findScenario(scenario) : scenario;
  if (!record) throw new RangeError(`unknown scenario "${scenario}"`);
  const {maxWeighed = 12, rankBy = "budgetLeft"} = options;
  const model = modelOf(record);
  const learnerActions = actions.filter((a) => a.minute < minutes);
  const runs = debrief<RunSummaryValues, MetricsRow>(record, seed, minutes, learnerActions);
  const summaryOf = (list: readonly Action[]) => model.summarize(model.simulate(record, {seed, minutes, actions: list}).metrics);
  const {learner, nothing, textbook} = runs;

  const decisions = learnerActions.slice(0, maxWeighed).map((action) => {
    const rest = summaryOf(learnerActions.filter((a) => a !== action));
    return {action, effect: effectOf(learner.summary, rest), without: rest};
  });

  const marks: StoryMark[] = learner.events.filter((e) => e.minute < minutes).map((e) => ({kind: e.kind, minute: e.minute}));
  const learnerAlert = alertOf(learner.metrics), nothingAlert = alertOf(nothing.metrics);
  if (learnerAlert !== null) marks.push({kind: "alert", minute: learnerAlert});
  else if (nothingAlert !== null) marks.push({kind: "alert", minute: nothingAlert, avoided: true});
  marks.sort((a, b) => a.minute - b.minute);

  // The textbook's steps the learner did not take at the same minute (and was not already in).
  const differing = textbookUnits(textbook.actions).filter((unit) => {
    const at = learnerMinutesOf(unit, learnerActions);
    if (at.includes(unit.minute)) return false;
    if ("set" in unit) {
      const [[name, value]] = Object.entries(unit.set);
      return learnerControl(record, learnerActions, name, unit.minute) !== value;
    }
    return true;
  });
  let difference: TextbookDifference | null = null;
  for (const unit of differing) {
    const rest = summaryOf(without(textbook.actions, unit));
    const effect = effectOf(textbook.summary, rest);
    if (difference && (effect[rankBy] ?? 0) <= (difference.effect[rankBy] ?? 0)) continue;
    const at = learnerMinutesOf(unit, learnerActions);
    const nearest = at.length ? at.reduce((best, m) => (Math.abs(m - unit.minute) < Math.abs(best - unit.minute) ? m : best)) : null;
    difference = {step: unit, learnerMinute: nearest, effect, without: rest};
  }

  return {
    runs: runs as unknown as DebriefStory<S, M>["runs"],
    minutes,
    comparable: minutes > 1,
    same: {
      learnerNothing: sameRun(learner.metrics, nothing.metrics),
      learnerTextbook: sameRun(learner.metrics, textbook.metrics),
      nothingTextbook: sameRun(nothing.metrics, textbook.metrics)
    },
    firstAction: learnerActions.length ? Math.min(...learnerActions.map((a) => a.minute)) : null,
    marks,
    decisions,
    unweighed: Math.max(0, learnerActions.length - maxWeighed),
    vsNothing: effectOf(learner.summary, nothing.summary),
    vsTextbook: effectOf(learner.summary, textbook.summary),
    textbookSteps: textbook.actions.length,
    textbook: difference
  };
}
