// What a chart of the charts view is: its lines, a reference line and how its y-axis grows.
import type {MinuteMetrics} from "../../sim/oncall/metrics.js";
import type {ModelTrace} from "../../sim/kit/model.js";
import type {RunTrace} from "../../sim/oncall/run.js";

/**
 * One line of a chart: its label key, colour and value at each minute of the run (any model's).
 * `value(m, trace, i)`: `m` is minute i's metrics, `trace` the whole run, so `trace.details[i]`
 * and `trace.controls[i]` are the minute's intermediate values and controls in force.
 * @example {key: "chart.wait.timeout", color: grey, value: (m, trace, i) => trace.controls[i].timeoutS}
 */
export interface Series<M = MinuteMetrics, T extends ModelTrace<any, any> = RunTrace> {
  /** The line's label key, t(key) in the chart's key. */
  key: string;
  color: string;
  /** A dash pattern, so a second line differs from the first by more than its colour. */
  dash?: string;
  value(m: M, trace: T, i: number): number;
}

/**
 * A chart: its id (title t(`chart.<id>`), `data-chart`), lines, a reference line, and how its
 * y-axis is sized.
 * @example {id: "budget", series: [{key: "chart.budget", color: blue, value: (m) => m.budgetLeft * 100}], minTop: 100, fixedTop: 100}
 */
export interface ChartSpec<M = MinuteMetrics, T extends ModelTrace<any, any> = RunTrace> {
  id: string;
  series: Series<M, T>[];
  /** A horizontal line at `y` labelled t(key) (the SLO, the fast-burn threshold). */
  reference?: {y: number; key: string};
  /** The smallest y-axis top: the axis grows above it with the data (rounded to a nice number). */
  minTop: number;
  /** The y-axis top, fixed whatever the data (a share in percent: 100). */
  fixedTop?: number;
  /**
   * How many of the series (from the first) set the y-axis; the others count up to twice their
   * maximum (so capacity stays in view beside requests without flattening them) and are cut above.
   */
  scaleBy?: number;
}
