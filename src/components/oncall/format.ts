// The dashboard's twelve metrics in the specification's order (burn rate first, the headline), with the
// specification's units and digits, and the number formats of the page's language (hu, pt: 0,0; en, ig: 0.0).
import {ERROR_BUDGET, FAST_BURN} from "../../sim/formulas/budget.js";
import {numberFormat, type Translate} from "../i18n.js";
import type {MinuteMetrics} from "../../sim/oncall/metrics.js";

/**
 * How one dashboard tile shows a metric: its JSON field, unit and digits, and optionally the
 * limit it is held against ("DB connections 140 / 150"): a number, or the name of a metric or
 * control whose value at the minute is the limit. A tile at or over its limit turns red.
 * @example {field: "requests", kind: "number", digits: 0, unit: "req/s"}
 * @example {field: "dbConnections", kind: "number", digits: 0, unit: "", limit: "dbConnectionLimit"}
 */
export interface MetricSpec<F extends string = string> {
  /** The JSON field of `queuebook sim` (also the element's data-metric): any model's metric. */
  field: F;
  /** "percent" multiplies the fraction by 100. */
  kind: "number" | "percent";
  digits: number;
  /** The unit written after the number, as the specification writes it. */
  unit: string;
  /** The limit the value is held against: a number, or a metric's or control's name (read at the minute). */
  limit?: number | string;
}

/** A tile as shown at a minute: its text, the raw value, and the limit with whether the value reached it. */
export interface TileValue {
  text: string;
  value: number;
  limit: number | null;
  atLimit: boolean;
}

/** The on-call specification's dashboard, in their order (the first is the headline row): the dashboard's preset. */
export const dashboardMetrics: readonly MetricSpec<keyof MinuteMetrics>[] = [
  {field: "burn1h", kind: "number", digits: 1, unit: "×"},
  {field: "requests", kind: "number", digits: 0, unit: "req/s"},
  {field: "serving", kind: "number", digits: 0, unit: ""},
  {field: "starting", kind: "number", digits: 0, unit: ""},
  {field: "hitRate", kind: "percent", digits: 0, unit: "%"},
  {field: "dbUtilization", kind: "percent", digits: 0, unit: "%"},
  {field: "droppedShare", kind: "percent", digits: 0, unit: "%"},
  {field: "fleetCostPerHour", kind: "number", digits: 2, unit: "$/h"},
  {field: "costSoFar", kind: "number", digits: 2, unit: "$"},
  {field: "cacheAgeS", kind: "number", digits: 0, unit: "s"},
  {field: "badBuildShare", kind: "percent", digits: 0, unit: "%"},
  {field: "recommendationsShare", kind: "percent", digits: 0, unit: "%"}
];

/** Formats numbers of a language with a unit: `format(0.5, 1, "×")` → "0,5 ×" in hu. */
export type UnitFormat = (value: number, digits: number, unit?: string) => string;

/** The unit formatter of `lang`: Intl digits, no grouping, then a space and the unit. */
export function unitFormat(lang: string): UnitFormat {
  const cache = new Map<number, (value: number) => string>();
  return (value, digits, unit = "") => {
    let format = cache.get(digits);
    if (!format) cache.set(digits, (format = numberFormat(lang, digits)));
    const text = format(value);
    return unit ? `${text} ${unit}` : text;
  };
}

/** One metric's text in `lang`'s format, e.g. "0,0 ×", "1125 req/s", "77 %", "4,00 $/h". */
export function formatMetric(spec: MetricSpec, value: number, format: UnitFormat): string {
  return format(spec.kind === "percent" ? value * 100 : value, spec.digits, spec.unit);
}

/**
 * A tile's text at a minute: the metric, and with a limit "value / limit unit" (a limit read from
 * the minute's metrics, else its controls; a name neither has shows the value alone).
 * @example tileValue({field: "dbConnections", kind: "number", digits: 0, unit: "", limit: 150}, {dbConnections: 140}, {}, format) // "140 / 150"
 */
export function tileValue(
  spec: MetricSpec,
  row: Readonly<Record<string, unknown>>,
  controls: Readonly<Record<string, unknown>>,
  format: UnitFormat
): TileValue {
  const value = Number(row[spec.field]);
  const raw = typeof spec.limit === "string" ? (typeof row[spec.limit] === "number" ? row[spec.limit] : controls[spec.limit]) : spec.limit;
  const limit = typeof raw === "number" && Number.isFinite(raw) ? raw : null;
  if (limit === null) return {text: formatMetric(spec, value, format), value, limit: null, atLimit: false};
  const scale = spec.kind === "percent" ? 100 : 1;
  const text = `${format(value * scale, spec.digits)} / ${format(limit * scale, spec.digits, spec.unit)}`;
  return {text, value, limit, atLimit: value >= limit};
}

/** The decimal mark `lang` writes ("," in hu and pt, "." in en and ig), for the formulas' TeX. */
export function decimalMark(lang: string): "." | "," {
  const mark = new Intl.NumberFormat(lang).formatToParts(0.5).find((part) => part.type === "decimal");
  return mark?.value === "," ? "," : ".";
}

/** Axis tick numbers in `lang`: no grouping (as the dashboard), up to two decimals (0,5 in hu and pt). */
export function tickFormat(lang: string): (value: number) => string {
  const format = new Intl.NumberFormat(lang, {maximumFractionDigits: 2, useGrouping: false});
  return (value) => format.format(value);
}

/**
 * The model's figures that the page's sentences name, written in `lang` from the model's own
 * constants (never typed into a translation): {threshold} the fast-burn line (14.4×), {budget}
 * the error budget (0.1 %).
 */
export function modelFigures(lang: string): Record<string, string> {
  const one = numberFormat(lang, 1);
  return {threshold: `${one(FAST_BURN)}×`, budget: `${one(ERROR_BUDGET * 100)} %`};
}

/** `t` with the model's figures available to every sentence. */
export function withFigures(t: Translate, lang: string): Translate {
  const figures = modelFigures(lang);
  return (key, vars) => t(key, vars ? {...figures, ...vars} : figures);
}
