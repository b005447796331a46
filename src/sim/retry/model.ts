// The retry model: clients that retry on timeout in front of a service with a bounded queue, in
// one-second steps. A failed attempt (timed out, or rejected because the queue is full) comes
// back as a retry after its timeout or rejection and a backoff, until the retry limit; a retry
// budget caps retries as a share of attempts; load shedding keeps the queue short. Retries add
// load exactly when the service is slowest, so a short surge can leave the service in a state
// that outlives the surge: every attempt waits past its timeout, is retried, and keeps the queue
// full (a metastable failure [4][5]). Pure and seeded: same scenario, seed and actions → same run.
// Sources: [1] Google SRE book, "Handling Overload"; [2] Google SRE book, "Addressing Cascading
// Failures"; [3] Marc Brooker, "Timeouts, retries, and backoff with jitter", Amazon Builders'
// Library; [4] Bronson et al., "Metastable Failures in Distributed Systems", HotOS 2021;
// [5] Huang et al., "Metastable Failures in the Wild", OSDI 2022; [6] The Site Reliability
// Workbook, "Alerting on SLOs".
//
// This file composes the model for the kit (retryModel) and names its public parts; each part is a
// file of this folder: controls, metrics, relations, run, summary, causes, scenarios.
import {FAST_BURN} from "../formulas/budget.js";
import type {ModelTrace, SimModel} from "../kit/model.js";
import {retryControlSpecs, retryButtons, retryEventKinds} from "./controls.js";
import {type RetryMetrics, retryFields, type RetryDetail} from "./metrics.js";
import {simulateRetry} from "./run.js";
import {summarizeRetry, retryMeasures} from "./summary.js";
import {retryWorstMinute} from "./causes.js";

/** The retry model as the kit sees it. */
export const retryModel: SimModel = {
  name: "retry",
  controls: retryControlSpecs,
  buttons: retryButtons,
  eventKinds: retryEventKinds,
  fields: retryFields,
  simulate: (scenario, options) => simulateRetry(scenario, options) as unknown as ModelTrace,
  summarize: (metrics) => summarizeRetry(metrics as unknown as RetryMetrics[]),
  measures: retryMeasures,
  rankBy: "budgetLeft",
  slo: {burn: "burn1h", alert: "alert", threshold: FAST_BURN},
  worstMinute: (trace) => retryWorstMinute(trace as unknown as ModelTrace<RetryMetrics, RetryDetail>)
};

export * from "./controls.js";
export * from "./metrics.js";
export * from "./relations.js";
export * from "./run.js";
export * from "./summary.js";
export * from "./causes.js";
export * from "./scenarios.js";
