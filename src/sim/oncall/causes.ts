// Why the on-call model's worst minute went as it did, from the model's own values at that
// minute: a saturated or nearly saturated database (its load against its capacity, the query time), a full
// fleet (offered load against its workers), instances still booting (the boot delay), the bad
// build's share. The debrief names them (cause.<kind> in the page's language), never guesses.
import {ERROR_BUDGET} from "../formulas/budget.js";
import {DB_CAPACITY_QPS, QUERY_TIME_S} from "./database.js";
import type {MinuteMetrics} from "./metrics.js";
import type {Cause, ModelTrace, WorstMinute} from "../kit/model.js";
import type {MinuteDetail} from "./step.js";

/** How many times its idle query time a query takes before the database's load is named as a cause. */
export const SLOW_QUERY_FACTOR = 10;

/** The causes the on-call model knows at `minute` of `trace`, in the order they act: database, fleet, booting, bad build. */
export function oncallCauses(trace: ModelTrace<MinuteMetrics, MinuteDetail>, minute: number): Cause[] {
  const m = trace.metrics[minute],
    d = trace.details[minute],
    controls = trace.controls[minute];
  const causes: Cause[] = [];
  // A database near its capacity is slow before it is saturated: query time 5 ms/(1 − ρ) is 10×
  // its idle time from ρ = 0.9 on, so its load is named from there.
  if (d.dbLoadRatio >= 1 || d.queryTimeS >= SLOW_QUERY_FACTOR * QUERY_TIME_S) {
    causes.push({
      kind: d.dbLoadRatio >= 1 ? "dbSaturated" : "dbBusy",
      values: {
        load: {value: d.dbLoadQps, unit: "q/s"},
        capacity: {value: DB_CAPACITY_QPS, unit: "q/s"},
        query: {value: d.queryTimeS * 1000, unit: "ms"},
        hit: {value: m.hitRate * 100, unit: "%"}
      }
    });
  }
  // Offered load a = λS at or above the N workers: the queue grows without bound within the minute.
  if (d.offeredLoad >= d.workers)
    causes.push({kind: "fleetSaturated", values: {load: {value: d.offeredLoad}, workers: {value: d.workers}, serving: {value: m.serving}}});
  if (m.starting > 0)
    causes.push({kind: "booting", values: {starting: {value: m.starting}, boot: {value: Number(controls.bootDelayMin), unit: "min"}}});
  if (m.badBuildShare > 0) causes.push({kind: "badBuild", values: {share: {value: m.badBuildShare * 100, unit: "%"}}});
  return causes;
}

/** The minute of the worst error rate, when it was above the SLO's 0.1 %, with its causes; null otherwise. */
export function oncallWorstMinute(trace: ModelTrace<MinuteMetrics, MinuteDetail>): WorstMinute | null {
  let worst = -1;
  trace.metrics.forEach((m, i) => {
    if (worst < 0 || m.errorRate > trace.metrics[worst].errorRate) worst = i;
  });
  if (worst < 0 || !(trace.metrics[worst].errorRate > ERROR_BUDGET)) return null;
  return {minute: worst, field: "errorRate", value: trace.metrics[worst].errorRate, causes: oncallCauses(trace, worst)};
}
