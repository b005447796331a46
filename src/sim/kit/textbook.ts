// The textbook response of a scenario as data: steps, each a setting or a button press at a
// minute read from the run itself (an event's start or end, the first minute a metric reaches a
// value), never a minute typed in. Any model's scenario can carry one; the debrief plays it.
import type {Action} from "./actions.js";
import {eventEnd, type EventKinds, type ResolvedEvent} from "./events.js";
import type {ModelTrace} from "./model.js";
import type {Scenario, TextbookStep} from "./scenario.js";

export type {TextbookAt, TextbookStep} from "./scenario.js";

/** A textbook action with the step it came from (what the debrief says about its timing, e.g. a lead of one boot delay). */
export interface PlannedStep {
  action: Action;
  step: TextbookStep;
}

/** Runs a scenario with actions and returns its trace (the model's simulate). */
export type Simulate = (scenario: Scenario, options: {seed: number; minutes: number; actions: readonly Action[]}) => ModelTrace;

/** The first event of `kind`, or undefined. */
function eventOf(events: readonly ResolvedEvent[], kind: string): ResolvedEvent | undefined {
  return events.find((e) => e.kind === kind);
}

/** The first minute after `after` whose `field` is true or reaches `atLeast`, or null. */
function firstMinute(rows: readonly object[], field: string, atLeast: number | undefined, after: number): number | null {
  for (let m = after + 1; m < rows.length; m++) {
    const value = (rows[m] as Record<string, unknown>)[field];
    if (
      atLeast === undefined ? value === true || (typeof value === "number" && value !== 0) : typeof value === "number" && value >= atLeast
    )
      return m;
  }
  return null;
}

/**
 * The textbook's steps for `scenario` on `seed` within `minutes`, each with its action: at the
 * minute its `at` reads from a do-nothing run (events, their ends by the model's `kinds`) or from
 * the run of the steps before it (`first`).
 */
export function textbookPlanOf(
  scenario: Scenario,
  seed: number,
  minutes: number,
  simulate: Simulate,
  kinds: EventKinds = {}
): PlannedStep[] {
  if (scenario.textbook.length === 0) return [];
  const nothing = simulate(scenario, {seed, minutes, actions: []});
  const plan: PlannedStep[] = [];
  const actions = () => plan.map((p) => p.action);
  for (const step of scenario.textbook) {
    const {at} = step;
    let minute: number | null;
    if ("minute" in at) minute = at.minute < minutes ? at.minute : null;
    else if ("event" in at) {
      const event = eventOf(nothing.events, at.event);
      const from = !event ? null : at.edge === "end" ? eventEnd(event, kinds) : event.minute;
      const less = at.lessControl === undefined ? 0 : Number(scenario.controls[at.lessControl] ?? 0);
      minute = from !== null && from < minutes ? Math.max(0, from + (at.offset ?? 0) - less) : null;
    } else {
      const after = at.after === undefined ? -1 : (eventOf(nothing.events, at.after)?.minute ?? null);
      // The do-nothing run answers while no step has acted yet; otherwise the steps so far run.
      const trace = plan.length === 0 ? nothing : simulate(scenario, {seed, minutes, actions: actions()});
      minute = after === null ? null : firstMinute(at.in === "details" ? trace.details : trace.metrics, at.first, at.atLeast, after);
    }
    if (minute === null || minute >= minutes) continue;
    if (step.press !== undefined) plan.push({action: {minute, press: step.press}, step});
    if (step.set !== undefined) plan.push({action: {minute, set: {...step.set}}, step});
  }
  return plan;
}

/** The textbook's actions for `scenario` on `seed` within `minutes` (textbookPlanOf without the steps). */
export function textbookActionsOf(scenario: Scenario, seed: number, minutes: number, simulate: Simulate, kinds: EventKinds = {}): Action[] {
  return textbookPlanOf(scenario, seed, minutes, simulate, kinds).map((p) => p.action);
}
