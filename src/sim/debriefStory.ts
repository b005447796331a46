// The written debrief as data: what the runs say, never how it is worded (the page's locale
// does that). From the learner's run and doing nothing on one seed (debrief.ts) it finds when the
// learner first acted relative to the alert and the scenario's events, what each decision did
// (the run against the same run without it, over the minutes since the decision), the whole run
// against doing nothing, and the learner's worst minute with the causes the model knows. Only
// when asked (`textbook: true`: at the day's end, or on the learner's request) does it play the
// textbook response: the run against it, and the one step it took that the learner did not (the
// one whose absence would cost the textbook most), set beside what the learner did with the same
// control. Every number is a difference of two of the model's own summaries. Any model.
import type {Action, SetAction} from "./kit/actions.js";
import {findScenario, modelOf} from "./catalog.js";
import {debriefRun, textbookPlan, type DebriefRun} from "./debrief.js";
import type {MetricsRow, RunSummaryValues, SimModel} from "./kit/model.js";
import type {Scenario, ScenarioName} from "./kit/scenario.js";
import type {PlannedStep} from "./kit/textbook.js";

/** One run's summary minus another's, field by field (the numeric fields both have). */
export type Effect = Record<string, number>;

/**
 * A learner's decision and what it did: the learner's run against the same run without it, both
 * summed up over the minutes from the decision on (before it the two runs are the same), so a
 * rate such as the hit rate reads as it was after the decision, not diluted by the minutes before.
 */
export interface WeighedDecision {
  action: Action;
  /** The learner's summary and the summary without the decision, over minutes `action.minute` … the run's last. */
  mine: RunSummaryValues;
  without: RunSummaryValues;
  /** `mine − without`. */
  effect: Effect;
  /** True when the two runs are the same minute by minute: the decision has changed nothing yet. */
  same: boolean;
}

/** A moment the first decision is set against: the alert (`avoided` when only doing nothing fired it) or a scenario event. */
export interface StoryMark {
  kind: string;
  minute: number;
  avoided?: boolean;
}

/** Why a textbook step comes when it does: it leads an event by the value of a control (a boot delay ahead of a surge). */
export interface StepLead {
  control: string;
  value: number;
  event: string;
  eventMinute: number;
}

/**
 * The textbook's step the learner's run lacks (one control or one press), and what the learner did
 * instead: `learnerMinute`, the minute the learner made the same change (null: never);
 * `learnerSetting`, for a control the learner set to other values, the setting in force at the
 * step's minute or else the first after it (null: the learner never touched it). `effect` is the
 * textbook's summary minus the textbook run without that step: what the step is worth.
 */
export interface TextbookDifference {
  step: Action;
  learnerMinute: number | null;
  learnerSetting: {minute: number; value: number | boolean} | null;
  effect: Effect;
  without: RunSummaryValues;
  lead: StepLead | null;
}

/** Which of the three runs are the same minute by minute (pairs with the textbook are false while it is not shown). */
export interface Coincidence {
  learnerNothing: boolean;
  learnerTextbook: boolean;
  nothingTextbook: boolean;
}

/** The written debrief's data for a run at `minutes`. */
export interface DebriefStory<S = RunSummaryValues, M = MetricsRow> {
  /** The learner's run and doing nothing; the textbook's only when asked for. */
  runs: {learner: DebriefRun<S, M>; nothing: DebriefRun<S, M>; textbook?: DebriefRun<S, M>};
  minutes: number;
  /** False at minute 0 (one minute run): there is nothing to compare yet. */
  comparable: boolean;
  /** True when the textbook response was played (asked for). */
  withTextbook: boolean;
  same: Coincidence;
  /** The minute of the learner's first decision, or null. */
  firstAction: number | null;
  /** The alert and the scenario's events within the run, by minute. */
  marks: StoryMark[];
  /** The learner's decisions, each weighed (the first `maxWeighed`). */
  decisions: WeighedDecision[];
  /** Decisions beyond `maxWeighed`, not weighed. */
  unweighed: number;
  /** The learner's summary minus doing nothing's. */
  vsNothing: Effect;
  /** The learner's summary minus the textbook's (empty while the textbook is not shown). */
  vsTextbook: Effect;
  /** The textbook's steps by this minute (0 while it is not shown). */
  textbookSteps: number;
  /** True when the scenario has a textbook response at all. */
  hasTextbook: boolean;
  /** The one textbook step the learner did differently, or null when they did every step (or there were none, or it is not shown). */
  textbook: TextbookDifference | null;
}

/**
 * How the story is computed: how many decisions are weighed, whether the textbook response is
 * played (default true; a page passes false while the day runs, so nothing tells the learner what
 * to do next), and the summary field that ranks the textbook's steps (default the model's `rankBy`).
 */
export interface StoryOptions {
  maxWeighed?: number;
  textbook?: boolean;
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

/** The first minute whose alert flag (the model's SLO's, `alert` by default) is set, or null. */
function alertOf(metrics: readonly MetricsRow[], field: string): number | null {
  const at = metrics.findIndex((m) => m[field] === true);
  return at < 0 ? null : metrics[at].minute;
}

/** A textbook action split into single steps: each press, and each control of a setting. */
export function textbookUnits(actions: readonly Action[]): Action[] {
  return actions.flatMap((action): Action[] =>
    "press" in action
      ? [action]
      : Object.entries(action.set).map(([name, value]) => ({minute: action.minute, set: {[name]: value}}) as SetAction)
  );
}

/** `actions` without the single step `unit` (a press, or one control of a setting). */
function without(actions: readonly Action[], unit: Action): Action[] {
  return actions.flatMap((action): Action[] => {
    if (action.minute !== unit.minute) return [action];
    if ("press" in unit) return "press" in action && action.press === unit.press ? [] : [action];
    if (!("set" in action)) return [action];
    const [name] = Object.keys(unit.set);
    if (!Object.hasOwn(action.set, name) || (action.set as Record<string, unknown>)[name] !== (unit.set as Record<string, unknown>)[name])
      return [action];
    const rest = Object.fromEntries(Object.entries(action.set).filter(([key]) => key !== name));
    return Object.keys(rest).length ? [{minute: action.minute, set: rest} as SetAction] : [];
  });
}

/** The minutes at which the learner made the same single step (same press, or the same control set to the same value). */
function learnerMinutesOf(unit: Action, learner: readonly Action[]): number[] {
  if ("press" in unit) return learner.filter((a) => "press" in a && a.press === unit.press).map((a) => a.minute);
  const [[name, value]] = Object.entries(unit.set);
  return learner
    .filter((a) => "set" in a && Object.hasOwn(a.set, name) && (a.set as Record<string, unknown>)[name] === value)
    .map((a) => a.minute);
}

/** The learner's settings of control `name`, in the order made. */
function settingsOf(name: string, learner: readonly Action[]): {minute: number; value: number | boolean}[] {
  return learner.flatMap((a) =>
    "set" in a && Object.hasOwn(a.set, name) ? [{minute: a.minute, value: (a.set as Record<string, number | boolean>)[name]}] : []
  );
}

/** The learner's control `name` in force during `minute` (the scenario's, then each setting by then). */
function learnerControl(scenario: Scenario, learner: readonly Action[], name: string, minute: number): unknown {
  let value = (scenario.controls as Record<string, unknown>)[name];
  for (const s of settingsOf(name, learner)) if (s.minute <= minute) value = s.value;
  return value;
}

/** What the learner did with a textbook step's control: the setting in force at the step's minute, else the first one after it. */
function learnerSettingOf(unit: Action, learner: readonly Action[]): TextbookDifference["learnerSetting"] {
  if (!("set" in unit)) return null;
  const [name] = Object.keys(unit.set);
  const settings = settingsOf(name, learner);
  return settings.filter((s) => s.minute <= unit.minute).at(-1) ?? settings.find((s) => s.minute > unit.minute) ?? null;
}

/** The lead of the plan's step that made `unit`: a step timed a control's value ahead of an event. */
function leadOf(
  unit: Action,
  plan: readonly PlannedStep[],
  scenario: Scenario,
  run: DebriefRun<RunSummaryValues, MetricsRow>
): StepLead | null {
  const made = plan.find(({action}) => {
    if (action.minute !== unit.minute) return false;
    if ("press" in unit) return "press" in action && action.press === unit.press;
    const set = "set" in action ? action.set : {};
    return Object.keys(unit.set).every((k) => Object.hasOwn(set, k));
  });
  const at = made?.step.at;
  if (!at || !("event" in at) || at.lessControl === undefined) return null;
  const event = run.events.find((e) => e.kind === at.event);
  if (!event) return null;
  return {control: at.lessControl, value: Number(scenario.controls[at.lessControl] ?? 0), event: at.event, eventMinute: event.minute};
}

/** The ranking of a step by `field`: its effect in the better direction of the model's measure (higher unless the measure says lower). */
function rankOf(model: SimModel, field: string): (effect: Effect) => number {
  const lower = model.measures?.find((m) => m.field === field)?.better === "lower";
  return (effect) => (lower ? -1 : 1) * (effect[field] ?? 0);
}

/**
 * The written debrief of `actions` on `scenario` and `seed` over `minutes`: the learner's run and
 * doing nothing (and, unless `textbook: false`, the textbook response) and what they say (see
 * DebriefStory). Each weighed decision and each differing textbook step costs one more run.
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
  const model = modelOf(record);
  const {maxWeighed = 12, textbook: withTextbook = true, rankBy = model.rankBy ?? model.measures?.[0]?.field ?? "budgetLeft"} = options;
  const learnerActions = actions.filter((a) => a.minute < minutes);
  const runOf = (list: readonly Action[]) => debriefRun<RunSummaryValues, MetricsRow>(record, seed, minutes, list);
  const learner = runOf(learnerActions),
    nothing = runOf([]);
  const summaryFrom = (metrics: readonly MetricsRow[], from: number) => model.summarize(metrics.slice(from));

  const decisions = learnerActions.slice(0, maxWeighed).map((action): WeighedDecision => {
    const rest = model.simulate(record, {seed, minutes, actions: learnerActions.filter((a) => a !== action)}).metrics;
    const mine = summaryFrom(learner.metrics, action.minute),
      other = summaryFrom(rest, action.minute);
    return {action, mine, without: other, effect: effectOf(mine, other), same: sameRun(learner.metrics, rest)};
  });

  const alertField = model.slo?.alert ?? "alert";
  const marks: StoryMark[] = learner.events.filter((e) => e.minute < minutes).map((e) => ({kind: e.kind, minute: e.minute}));
  const learnerAlert = alertOf(learner.metrics, alertField),
    nothingAlert = alertOf(nothing.metrics, alertField);
  if (learnerAlert !== null) marks.push({kind: "alert", minute: learnerAlert});
  else if (nothingAlert !== null) marks.push({kind: "alert", minute: nothingAlert, avoided: true});
  marks.sort((a, b) => a.minute - b.minute);

  let textbook: DebriefRun<RunSummaryValues, MetricsRow> | undefined;
  let difference: TextbookDifference | null = null;
  if (withTextbook) {
    const plan = textbookPlan(record, seed, minutes);
    textbook = runOf(plan.map((p) => p.action));
    const steps = textbook.actions;
    // The textbook's steps the learner did not take at the same minute (and was not already in).
    const differing = textbookUnits(steps).filter((unit) => {
      if (learnerMinutesOf(unit, learnerActions).includes(unit.minute)) return false;
      if ("set" in unit) {
        const [[name, value]] = Object.entries(unit.set);
        return learnerControl(record, learnerActions, name, unit.minute) !== value;
      }
      return true;
    });
    const rank = rankOf(model, rankBy);
    for (const unit of differing) {
      const rest = model.summarize(model.simulate(record, {seed, minutes, actions: without(steps, unit)}).metrics);
      const effect = effectOf(textbook.summary, rest);
      if (difference && rank(effect) <= rank(difference.effect)) continue;
      const at = learnerMinutesOf(unit, learnerActions);
      const nearest = at.length ? at.reduce((best, m) => (Math.abs(m - unit.minute) < Math.abs(best - unit.minute) ? m : best)) : null;
      difference = {
        step: unit,
        learnerMinute: nearest,
        learnerSetting: learnerSettingOf(unit, learnerActions),
        effect,
        without: rest,
        lead: leadOf(unit, plan, record, nothing)
      };
    }
  }

  return {
    runs: {learner, nothing, ...(textbook ? {textbook} : {})} as unknown as DebriefStory<S, M>["runs"],
    minutes,
    comparable: minutes > 1,
    withTextbook,
    same: {
      learnerNothing: sameRun(learner.metrics, nothing.metrics),
      learnerTextbook: textbook ? sameRun(learner.metrics, textbook.metrics) : false,
      nothingTextbook: textbook ? sameRun(nothing.metrics, textbook.metrics) : false
    },
    firstAction: learnerActions.length ? Math.min(...learnerActions.map((a) => a.minute)) : null,
    marks,
    decisions,
    unweighed: Math.max(0, learnerActions.length - maxWeighed),
    vsNothing: effectOf(learner.summary, nothing.summary),
    vsTextbook: textbook ? effectOf(learner.summary, textbook.summary) : {},
    textbookSteps: textbook ? textbook.actions.length : 0,
    hasTextbook: record.textbook.length > 0,
    textbook: difference
  };
}
