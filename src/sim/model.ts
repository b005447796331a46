// What the kit needs of a model: its controls and buttons, its kinds of event, its metric fields,
// a seeded simulate() over a scenario record and a summary of a run for the debrief. The on-call
// model (run.ts) and the retry model (retry.ts) are two; catalog.ts lists them by name.
import type {ActionVocabulary, Action} from "./actions.js";
import type {ControlValues} from "./controls.js";
import type {EventKinds, ResolvedEvent} from "./events.js";
import type {Scenario} from "./scenarios.js";

/** One minute's metrics of any model: its minute and clock, then numbers and flags by field. */
export type MetricsRow = {minute: number; clock: string; [field: string]: number | string | boolean};

/** A run of any model: per minute its metrics, intermediate values and controls; and its events. */
export interface ModelTrace<M extends MetricsRow = MetricsRow, D extends object = object> {
  metrics: M[];
  details: D[];
  controls: ControlValues[];
  /** The scenario's events as they happened in this run (random parameters drawn). */
  events: ResolvedEvent[];
}

/** How a run is asked for: seed, minutes from 0, and the timed actions. */
export interface ModelRunOptions {
  seed?: number;
  minutes?: number;
  actions?: readonly Action[];
}

/** A run's outcome in a few numbers by name (null: did not happen, e.g. an alert that never fired). */
export type RunSummaryValues = Readonly<Record<string, number | null>>;

/** A model as the kit uses it. */
export interface SimModel extends ActionVocabulary {
  name: string;
  eventKinds: EventKinds;
  /** The metric fields in output order (CSV columns, golden files). */
  fields: readonly string[];
  /** Runs `scenario`; throws a RangeError on bad options or actions. */
  simulate(scenario: Scenario, options: ModelRunOptions): ModelTrace;
  /** The debrief's numbers for a run. */
  summarize(metrics: readonly MetricsRow[]): RunSummaryValues;
}
