// The textbook response of a scenario as data: steps, each a setting or a button press at a
// minute read from the run itself (an event's minute, the first minute a metric reaches a value),
// never a minute typed in. Any model's scenario can carry one; the debrief plays it.
import type {Action} from "./actions.js";
import type {ControlValues} from "./controls.js";
import type {ResolvedEvent} from "./events.js";
import type {ModelTrace} from "./model.js";
import type {Scenario} from "./scenarios.js";

/** When a textbook step happens. */
export type TextbookAt =
  /** At a fixed minute of the run. */
  | {minute: number}
  /**
   * At the first event of `event`'s kind, `offset` minutes later (negative: earlier), less the
   * value of control `lessControl` (e.g. one boot delay ahead of a surge); never before minute 0.
   * Skipped when the event has not happened within the run.
   */
  | {event: string; offset?: number; lessControl?: string}
  /**
   * At the first minute whose metric (or detail, with `in: "details"`) `first` is true, or at
   * least `atLeast`, after the first `after` event if named, in the run of the steps before it.
   * Skipped when that never happens.
   */
  | {first: string; atLeast?: number; in?: "metrics" | "details"; after?: string};

/** One step: when, and the settings it makes or the button it presses. */
export interface TextbookStep {
  at: TextbookAt;
  set?: ControlValues;
  press?: string;
}

/** Runs a scenario with actions and returns its trace (the model's simulate). */
export type Simulate = (scenario: Scenario, options: {seed: number; minutes: number; actions: readonly Action[]}) => ModelTrace;

/** The minute of the first event of `kind`, or null. */
function eventMinute(events: readonly ResolvedEvent[], kind: string): number | null {
  const event = events.find((e) => e.kind === kind);
  return event ? event.minute : null;
}

/** The first minute after `after` whose `field` is true or reaches `atLeast`, or null. */
function firstMinute(rows: readonly object[], field: string, atLeast: number | undefined, after: number): number | null {
  for (let m = after + 1; m < rows.length; m++) {
    const value = (rows[m] as Record<string, unknown>)[field];
    if (atLeast === undefined ? value === true || (typeof value === "number" && value !== 0) : typeof value === "number" && value >= atLeast) return m;
  }
  return null;
}

/**
 * The textbook's actions for `scenario` on `seed` within `minutes`: each step at the minute its
 * `at` reads from a do-nothing run (events) or from the run of the steps before it (`first`).
 */
export function textbookActionsOf(scenario: Scenario, seed: number, minutes: number, simulate: Simulate): Action[] {
  if (scenario.textbook.length === 0) return [];
  const nothing = simulate(scenario, {seed, minutes, actions: []});
  const actions: Action[] = [];
  for (const step of scenario.textbook) {
    const {at} = step;
    let minute: number | null;
    if ("minute" in at) minute = at.minute < minutes ? at.minute : null;
    else if ("event" in at) {
      const happened = eventMinute(nothing.events, at.event);
      const less = at.lessControl === undefined ? 0 : Number(scenario.controls[at.lessControl] ?? 0);
      minute = happened !== null && happened < minutes ? Math.max(0, happened + (at.offset ?? 0) - less) : null;
    } else {
      const after = at.after === undefined ? -1 : eventMinute(nothing.events, at.after);
      // The do-nothing run answers while no step has acted yet; otherwise the steps so far run.
      const trace = actions.length === 0 ? nothing : simulate(scenario, {seed, minutes, actions});
      minute = after === null ? null : firstMinute(at.in === "details" ? trace.details : trace.metrics, at.first, at.atLeast, after);
    }
    if (minute === null || minute >= minutes) continue;
    if (step.press !== undefined) actions.push({minute, press: step.press});
    if (step.set !== undefined) actions.push({minute, set: {...step.set}});
  }
  return actions;
}
