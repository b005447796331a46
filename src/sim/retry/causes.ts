// What the retry model names as a minute's causes, and its worst minute.
import {ERROR_BUDGET} from "../formulas/budget.js";
import type {Cause, ModelTrace, WorstMinute} from "../kit/model.js";
import {SERVICE_TIME_S, type RetryControls} from "./controls.js";
import type {RetryMetrics, RetryDetail} from "./metrics.js";

/**
 * The causes the retry model knows at a minute: a slowdown in force (service time over its
 * usual), retries keeping the offered load above capacity, a queue whose wait reaches the timeout.
 */
export function retryCauses(trace: ModelTrace<RetryMetrics, RetryDetail>, minute: number): Cause[] {
  const m = trace.metrics[minute],
    d = trace.details[minute],
    controls = trace.controls[minute] as RetryControls;
  const causes: Cause[] = [];
  if (d.serviceTimeS > SERVICE_TIME_S)
    causes.push({kind: "slowdown", values: {factor: {value: d.serviceTimeS / SERVICE_TIME_S, digits: 1, unit: "×"}}});
  if (m.offered > m.capacity && m.retries > 0) {
    causes.push({
      kind: "retriesOverCapacity",
      values: {
        offered: {value: m.offered, unit: "/s"},
        capacity: {value: m.capacity, unit: "/s"},
        share: {value: m.retryShare * 100, unit: "%"}
      }
    });
  }
  if (m.queueWaitS >= controls.timeoutS)
    causes.push({
      kind: "waitPastTimeout",
      values: {wait: {value: m.queueWaitS, digits: 1, unit: "s"}, timeout: {value: controls.timeoutS, digits: 1, unit: "s"}}
    });
  return causes;
}

/** The minute the most users' requests failed, when above the SLO's 0.1 %, with its causes; null otherwise. */
export function retryWorstMinute(trace: ModelTrace<RetryMetrics, RetryDetail>): WorstMinute | null {
  let worst = -1;
  trace.metrics.forEach((m, i) => {
    if (worst < 0 || m.errorRate > trace.metrics[worst].errorRate) worst = i;
  });
  if (worst < 0 || !(trace.metrics[worst].errorRate > ERROR_BUDGET)) return null;
  return {minute: worst, field: "errorRate", value: trace.metrics[worst].errorRate, causes: retryCauses(trace, worst)};
}
