// The kit's spec shapes as a lesson writes them, typed from one module (src/components/oncall/
// specs.ts): each literal below must compile (`tsc` runs over the tests) and work in the kit.
import {describe, expect, expectTypeOf, it} from "vitest";
import type {
  ChartSpec,
  DebriefOptions,
  Frame,
  MeasureSpec,
  MetricSpec,
  ModelTrace,
  Series,
  SimModel,
  SummaryMeasure,
  TextbookStep
} from "../../../src/components/oncall/specs.js";
import {chartSpecs} from "../../../src/components/oncall/chartSpecs.js";
import {dashboardMetrics, tileValue, unitFormat} from "../../../src/components/oncall/format.js";
import {oncallMeasures} from "../../../src/sim/oncall/summary.js";
import {retryModel} from "../../../src/sim/retry/model.js";

/** A connection-pool lesson's metrics, as its model would record them. */
type PoolMetrics = {minute: number; clock: string; connections: number; connectionLimit: number; acquireWaitMs: number};
type PoolTrace = ModelTrace<PoolMetrics, {queuedAcquires: number}>;

describe("src/components/oncall/specs.ts", () => {
  it("types the shipped presets", () => {
    expectTypeOf(dashboardMetrics).toMatchTypeOf<readonly MetricSpec[]>();
    expectTypeOf(chartSpecs).toMatchTypeOf<readonly ChartSpec[]>();
    expectTypeOf(oncallMeasures).toMatchTypeOf<readonly SummaryMeasure[]>();
    expectTypeOf(retryModel).toMatchTypeOf<SimModel>();
    expectTypeOf<Frame["metrics"]>().toHaveProperty("burn1h");
  });
  it("types a lesson's own specs: a tile with a limit, a chart over its own metrics and details, measures, a textbook step at an event's end", () => {
    const tile: MetricSpec = {field: "connections", kind: "number", digits: 0, unit: "", limit: "connectionLimit"};
    const series: Series<PoolMetrics, PoolTrace> = {
      key: "chart.pool.queued",
      color: "#888",
      value: (_m, trace, i) => trace.details[i].queuedAcquires
    };
    const chart: ChartSpec<PoolMetrics, PoolTrace> = {
      id: "pool",
      series: [series],
      reference: {y: 150, key: "chart.pool.limit"},
      minTop: 200,
      scaleBy: 1
    };
    const measures: MeasureSpec[] = [
      {field: "meanAcquireWaitMs", better: "lower", kind: "number", digits: 0, unit: "ms"},
      {id: "limitMinutes", cell: (r, f) => f(r.summary.limitMinutes, 0)}
    ];
    const options: DebriefOptions = {
      measures,
      rankBy: "meanAcquireWaitMs",
      chart: {field: "acquireWaitMs", reference: 500, referenceKey: "chart.pool.timeout"}
    };
    const step: TextbookStep = {at: {event: "slowQuery", edge: "end"}, set: {poolSize: 10}};
    const trace: PoolTrace = {
      metrics: [{minute: 0, clock: "10:00", connections: 140, connectionLimit: 150, acquireWaitMs: 3}],
      details: [{queuedAcquires: 7}],
      controls: [{poolSize: 14}],
      events: []
    };
    expect(chart.series[0].value(trace.metrics[0], trace, 0)).toBe(7);
    expect(tileValue(tile, trace.metrics[0], trace.controls[0], unitFormat("en")).text).toBe("140 / 150");
    expect([options.rankBy, step.at]).toEqual(["meanAcquireWaitMs", {event: "slowQuery", edge: "end"}]);
  });
});
