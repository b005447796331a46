// What a chart of the charts view is: its lines, a reference line and how its y-axis grows.
import type {MinuteMetrics} from "../../sim/metrics.js";
import type {RunTrace} from "../../sim/run.js";

/** One line of a chart: its label key, colour and value at minute i of the trace (any model's). */
export interface Series {
  key: string;
  color: string;
  /** A dash pattern, so a second line differs from the first by more than its colour. */
  dash?: string;
  value(m: MinuteMetrics, trace: RunTrace, i: number): number;
}

/** A chart: its id (title t(`chart.<id>`)), lines, a reference line, and the smallest y-axis top. */
export interface ChartSpec {
  id: string;
  series: Series[];
  reference?: {y: number; key: string};
  minTop: number;
  fixedTop?: number;
  /**
   * How many of the series (from the first) set the y-axis; the others count up to twice their
   * maximum (so capacity stays in view beside requests without flattening them) and are cut above.
   */
  scaleBy?: number;
}
