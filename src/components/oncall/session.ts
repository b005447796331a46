// The learner's run as data: the link's state (scenario, seed, decision log, minute, language)
// and what the page derives from it. The run is the model re-run from the decision log (a day
// costs about a millisecond), so nothing is stepped incrementally and a link replays exactly.
// Pure: no DOM, no clock; the page's store (store.ts) holds one of these and notifies views.
// Any scenario record of any model: the run's scenario is found by name (the shipped catalog, or
// the scenarios a page passes as `find`), and its model simulates it.
import type {Action, PressAction, SetAction} from "../../sim/kit/actions.js";
import {FAST_BURN} from "../../sim/formulas/budget.js";
import {findScenario, modelOf} from "../../sim/catalog.js";
import type {Controls} from "../../sim/oncall/controls.js";
import type {ControlValues} from "../../sim/kit/controls.js";
import type {RunTrace} from "../../sim/oncall/run.js";
import type {Scenario, ScenarioName} from "../../sim/kit/scenario.js";
import type {FindScenario, RunLink} from "../../sim/link.js";
import type {ModelTrace, SloSpec} from "../../sim/kit/model.js";
import type {Button} from "../../sim/oncall/step.js";

/** A day on call: the player stops at its last minute. */
export const DAY_MINUTES = 1440;

/** The x-axis spans of the charts; the run is simulated to the span that holds the minute. */
export const HORIZONS = [120, 240, 480, 960, DAY_MINUTES] as const;

/** The minutes simulated (and charted) while the minute shown is `minute`. */
export function horizonOf(minute: number): number {
  // A step before the end, so the line never touches the chart's right edge.
  return HORIZONS.find((h) => minute < h - 10) ?? DAY_MINUTES;
}

/** The run's minute kept within the day. */
export function clampMinute(minute: number): number {
  return Math.max(0, Math.min(DAY_MINUTES - 1, Math.floor(minute)));
}

/** The on-call page's controls the learner may change (the boot delay belongs to the scenario): the controls view's preset. */
export const learnerControls = ["fleetMin", "autoscaling", "targetUtilization", "ttlS", "sheddingShare", "heavyFeature"] as const;
/** One of the learner's controls. */
export type LearnerControl = (typeof learnerControls)[number];
/** The on-call page's two buttons, in the on-call specification's order. */
export const buttons: readonly Button[] = ["warmup", "rollback"];

/** The run's scenario record; a RangeError when `find` knows no such name (a link is decoded against the same `find`). */
export function scenarioOf(run: Pick<RunLink, "scenario">, find: FindScenario = findScenario): Scenario {
  const scenario = find(run.scenario);
  if (!scenario) throw new RangeError(`unknown scenario "${run.scenario}"`);
  return scenario;
}

/** The decisions in force at `minute` (made at or before it), in the order made. */
export function decisionsUpTo(run: RunLink, minute = run.minute): Action[] {
  return run.actions.filter((a) => a.minute <= minute);
}

/** The controls in force during `minute`: the scenario's, then each setting made by then (typed as on-call's; any model's at run time). */
export function controlsAt(run: RunLink, minute = run.minute, find: FindScenario = findScenario): Controls {
  const controls = {...scenarioOf(run, find).controls} as Controls;
  for (const action of decisionsUpTo(run, minute)) if ("set" in action) Object.assign(controls, action.set);
  return controls;
}

/** A learner's change: new control values or a button press. */
export type Change = {set: Partial<Controls> | ControlValues} | {press: Button | (string & {})};

/**
 * The run after a change at its current minute. Decisions after the minute (left by stepping
 * back) are dropped: a new decision starts a new future. Settings equal to the controls in force
 * are ignored; a setting of the same controls at the same minute replaces the last one (a slider
 * moved twice in one minute is one decision).
 */
export function decide(run: RunLink, change: Change, find: FindScenario = findScenario): RunLink {
  const minute = run.minute;
  const kept = decisionsUpTo(run);
  if ("press" in change) {
    const action: PressAction = {minute, press: change.press};
    return {...run, actions: [...kept, action]};
  }
  const specs = modelOf(scenarioOf(run, find)).controls;
  const before = controlsAt(run, run.minute, find) as ControlValues;
  const set: ControlValues = {};
  for (const [name, value] of Object.entries(change.set) as [string, number | boolean][]) {
    if (!Object.hasOwn(specs, name) || before[name] === value) continue;
    (set as Record<string, unknown>)[name] = value;
  }
  if (Object.keys(set).length === 0) return kept.length === run.actions.length ? run : {...run, actions: kept};
  const last = kept[kept.length - 1];
  if (last && last.minute === minute && "set" in last && sameKeys(last.set, set)) {
    // Compare with the controls before that decision: moving back to them undoes it.
    const undone = {...run, actions: kept.slice(0, -1)};
    const base = controlsAt(undone, undone.minute, find) as ControlValues;
    const changed = Object.entries(set).filter(([name, value]) => base[name] !== value);
    if (changed.length === 0) return undone;
    return {...undone, actions: [...undone.actions, {minute, set: Object.fromEntries(changed)} as SetAction]};
  }
  return {...run, actions: [...kept, {minute, set}]};
}

function sameKeys(a: object, b: object): boolean {
  const ka = Object.keys(a),
    kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k));
}

/**
 * The model's run for the link: minutes 0 … the horizon of its minute, all its decisions up to
 * then, by the scenario's own model (typed as on-call's trace; any model's at run time).
 */
export function simulateRun(run: RunLink, minutes = horizonOf(run.minute), find: FindScenario = findScenario): RunTrace {
  const scenario = scenarioOf(run, find);
  return modelOf(scenario).simulate(scenario, {
    seed: run.seed,
    minutes,
    actions: run.actions.filter((a) => a.minute < minutes)
  }) as RunTrace;
}

/** What is marked on every chart: the scenario's event kinds (deploy, flush, surge, …), decisions and the alert. */
export type EventKind = string;

/** One marked moment of the run; `action` is set for decisions. */
export interface RunEvent {
  minute: number;
  kind: EventKind;
  action?: Action;
}

/**
 * The moments marked on the charts, up to `minute` (a surge is not shown before it arrives):
 * the scenario's events (deploy, flush, surge, … as the run drew them), each decision, and the minute the fast-burn alert fired
 * (`alertAt`, firstAlertMinute of the trace: passed in by a caller that already has it).
 */
export function runEvents(run: RunLink, trace: ModelTrace, minute = run.minute, alertAt = alertMinute(trace)): RunEvent[] {
  const events: RunEvent[] = trace.events.map((e) => ({minute: e.minute, kind: e.kind}));
  for (const action of run.actions) events.push({minute: action.minute, kind: "decision", action});
  if (alertAt !== null) events.push({minute: alertAt, kind: "alert"});
  return events.filter((e) => e.minute <= minute).sort((a, b) => a.minute - b.minute);
}

/** The SLO of `scenario`'s model (its burn rate, alert flag and threshold), or null for a model without one. */
export function sloOf(scenario: Scenario): SloSpec | null {
  return modelOf(scenario).slo ?? null;
}

/** The on-call model's SLO: what these functions read when no SLO is passed. */
const oncallSlo: SloSpec = {burn: "burn1h", alert: "alert", threshold: FAST_BURN};

/** The first minute whose alert flag (the SLO's, `alert` on-call) is set, or null (also for a model without an SLO, `slo` null). */
export function alertMinute(trace: ModelTrace, slo: SloSpec | null = oncallSlo): number | null {
  if (!slo) return null;
  const at = trace.metrics.findIndex((m) => m[slo.alert] === true);
  return at < 0 ? null : trace.metrics[at].minute;
}

/** One firing of the fast-burn alert: from the minute it fired to the minute burn (1 h) fell back below 14.4× (null: not by the end of the trace). */
export interface AlertSpan {
  from: number;
  to: number | null;
}

/**
 * The alert's spans in a trace: it fires at the model's alert minute (`first`), is resolved at
 * the first later minute whose burn rate (the SLO's field) is below its threshold, and fires again
 * when the burn is back at it. A model without that field has one span that never resolves; one
 * without an SLO (`slo` null) has none.
 */
export function alertSpans(trace: ModelTrace, first = alertMinute(trace), slo: SloSpec | null = oncallSlo): AlertSpan[] {
  if (first === null || !slo) return [];
  const spans: AlertSpan[] = [];
  let from: number | null = first;
  for (let i = first + 1; i < trace.metrics.length; i++) {
    const burn = trace.metrics[i][slo.burn];
    if (typeof burn !== "number") break;
    if (from !== null && burn < slo.threshold) {
      spans.push({from, to: i});
      from = null;
    } else if (from === null && burn >= slo.threshold) from = i;
  }
  if (from !== null) spans.push({from, to: null});
  return spans;
}

/** The alert as shown at `minute`: the latest span fired by then, resolved only if by then; null before the first alert. */
export function alertAtMinute(spans: readonly AlertSpan[], minute: number): {firedAt: number; resolvedAt: number | null} | null {
  let shown: {firedAt: number; resolvedAt: number | null} | null = null;
  for (const span of spans) {
    if (span.from > minute) break;
    shown = {firedAt: span.from, resolvedAt: span.to !== null && span.to <= minute ? span.to : null};
  }
  return shown;
}

/** A new run of `scenario` with `seed`, at minute 0, no decisions (the language is kept). */
export function freshRun(scenario: ScenarioName, seed: number, lang?: string): RunLink {
  return lang === undefined ? {scenario, seed, actions: [], minute: 0} : {scenario, seed, actions: [], minute: 0, lang};
}

/** A seed drawn from `random` (a function returning [0, 1)), in [1, 999,999] so it is easy to read aloud. */
export function drawSeed(random: () => number): number {
  return 1 + Math.floor(random() * 999_999);
}
