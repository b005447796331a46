// What the kit needs of a model: its controls and buttons, its kinds of event, its metric fields,
// a seeded simulate() over a scenario record and a summary of a run for the debrief. The debrief's
// parts are optional: the measures it shows and weighs, the one that ranks the textbook's steps,
// the SLO (burn rate, alert) the header and charts follow, and the causes it can name. A lesson
// about a queue or a cache without an SLO leaves `slo` out. The on-call model (oncall.ts) and the
// retry model (retry.ts) are two; catalog.ts lists them by name.
import type {ActionVocabulary, Action} from "./actions.js";
import type {ControlValues} from "./controls.js";
import type {EventKinds, ResolvedEvent} from "./events.js";
import type {Scenario} from "./scenario.js";

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

/**
 * A number of a run's summary that the debrief shows as a row and weighs in its sentences: the
 * summary's field, which way is better, and how a page writes it (`kind` "percent": a share
 * written ×100 with `digits`; "minutes": a count of minutes; "number": with `unit`). The
 * sentences name a difference only when the two values differ as written.
 * @example {field: "meanHitRate", better: "higher", kind: "percent", digits: 1}
 */
export interface SummaryMeasure {
  field: string;
  better: "higher" | "lower";
  kind: "percent" | "minutes" | "number";
  digits: number;
  unit?: string;
  /** The table row's id and label key `debrief.<id>` (default: the field). */
  id?: string;
  /** False: a row of the table only, never named in the sentences (e.g. a worst minute). */
  story?: boolean;
}

/**
 * The SLO parts of a model, all optional together: the metric that is the 1 h burn rate, the
 * latched alert flag, and the burn at which the alert fires (14.4× for the fast-burn page).
 */
export interface SloSpec {
  burn: string;
  alert: string;
  threshold: number;
}

/** A value a cause names, as the model knows it: the number, its digits and unit. */
export interface CauseValue {
  value: number;
  digits?: number;
  unit?: string;
}

/** Why a minute went as it did, in the model's own values: a kind (worded by `cause.<kind>`) and its values. */
export interface Cause {
  kind: string;
  values: Readonly<Record<string, CauseValue>>;
}

/** The run's worst minute by the model's own measure (e.g. the error rate), and the causes the model knows for it. */
export interface WorstMinute {
  minute: number;
  /** The metric field that was worst, and its value at that minute. */
  field: string;
  value: number;
  causes: Cause[];
}

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
  /** The measures the debrief shows and weighs, in order (none: the debrief compares runs only as a whole). */
  measures?: readonly SummaryMeasure[];
  /** The measure that ranks the textbook's steps (the one the learner most lacks); default the first measure. */
  rankBy?: string;
  /** The model's SLO, burn rate and alert; left out by a model without an objective. */
  slo?: SloSpec;
  /** The worst minute of a run and its causes in the model's values, or null when nothing went wrong. */
  worstMinute?(trace: ModelTrace): WorstMinute | null;
}
