// The kit's scenario record (any model's): which model runs it, its opening state, its timed
// events, its textbook response and its strings. Plain data, so a lecturer can write one in a
// notebook or a JSON file (checked by checkScenario in catalog.ts). The on-call scenarios
// (scenarios.ts) and the retry storm's (retry.ts) are such records; textbook.ts plays the
// textbook response. This file imports no model.
import type {ControlValues} from "./controls.js";
import type {EventSpec} from "./events.js";

/** A scenario's name, as on the command line (`--scenario`) and in a link (`run=v1_<name>_…`). */
export type ScenarioName = string;

/** The strings of a scenario in one language. */
export interface ScenarioStrings {
  title: string;
  /** What the learner is told when the scenario opens. */
  brief: string;
}

/** A scenario: which model runs it, its opening state, what happens, and what helps. */
export interface Scenario<C extends ControlValues = ControlValues> {
  /** Lowercase letters, digits and dashes (it travels in links). */
  name: ScenarioName;
  /** The model that runs it (catalog.ts `models`); on-call when left out. */
  model?: string;
  title: string;
  /** Time of day at minute 0, "HH:MM". */
  startClock: string;
  /** Base arrival rate before the diurnal factor, req/s. */
  baseRate: number;
  /** Share of the 30-day error budget left at the start. */
  budgetLeft: number;
  /** Share of hot keys in the cache at the start (on-call; 1 when left out). */
  warm?: number;
  /** Every control of the model at the start. */
  controls: Readonly<C>;
  /** The timed events, resolved in order when a run opens (random parameters draw then). */
  events: readonly EventSpec[];
  /** The textbook response, step by step; the debrief plays it beside the learner's run. */
  textbook: readonly TextbookStep[];
  /** The controls and buttons the learner may use, in the order shown; all the model's when left out. */
  offers?: {controls: readonly string[]; buttons: readonly string[]};
  /** Title and brief by language code; views fall back to English, then to `title`. */
  strings?: Readonly<Record<string, ScenarioStrings>>;
  /** The notebook page that plays it, for links (`queuebook sim --link`); on-call.html when left out. */
  page?: string;
}

/** When a textbook step happens. */
export type TextbookAt =
  /** At a fixed minute of the run. */
  | {minute: number}
  /**
   * At the first event of `event`'s kind, `offset` minutes later (negative: earlier), less the
   * value of control `lessControl` (e.g. one boot delay ahead of a surge); never before minute 0.
   * `edge: "end"` counts from the minute the event is over (its kind's `ends`, events.ts)
   * instead of the minute it starts. Skipped when the event (or its end) is not within the run.
   * @example {event: "surge", lessControl: "bootDelayMin"} // a boot delay before the surge
   * @example {event: "slowdown", edge: "end"}                // when the slowdown is over
   */
  | {event: string; offset?: number; lessControl?: string; edge?: "start" | "end"}
  /**
   * At the first minute whose metric (or detail, with `in: "details"`: the model's intermediate
   * values, e.g. on-call's `warm`) `first` is true, or at least `atLeast`, after the first `after`
   * event if named, in the run of the steps before it. Skipped when that never happens.
   * @example {first: "warm", atLeast: 0.95, in: "details", after: "flush"}
   */
  | {first: string; atLeast?: number; in?: "metrics" | "details"; after?: string};

/** One step: when, and the settings it makes or the button it presses. */
export interface TextbookStep {
  at: TextbookAt;
  set?: ControlValues;
  press?: string;
}
