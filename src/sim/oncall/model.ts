// The on-call model as the kit sees it (model.ts): its controls, buttons, event kinds, metric
// fields, simulate(), the debrief's summary and measures, its SLO and the causes it names. The
// model itself is run.ts and step.ts.
import {buttonNames} from "./buttons.js";
import {FAST_BURN} from "../formulas/budget.js";
import {oncallWorstMinute} from "./causes.js";
import {controlSpecs} from "./controls.js";
import {metricFields, type MinuteMetrics} from "./metrics.js";
import type {ModelTrace, SimModel} from "../kit/model.js";
import {simulate} from "./run.js";
import {oncallEventKinds} from "./scenarios.js";
import type {MinuteDetail} from "./step.js";
import {oncallMeasures, summarize} from "./summary.js";

/** The on-call model: a fleet behind a load balancer, a cache, a database, a 99.9 % SLO. */
export const oncallModel: SimModel = {
  name: "oncall",
  controls: controlSpecs,
  buttons: buttonNames,
  eventKinds: oncallEventKinds,
  fields: metricFields,
  simulate: (scenario, options) => simulate(scenario, options),
  summarize: (metrics) => summarize(metrics as readonly MinuteMetrics[]),
  measures: oncallMeasures,
  rankBy: "budgetLeft",
  slo: {burn: "burn1h", alert: "alert", threshold: FAST_BURN},
  worstMinute: (trace) => oncallWorstMinute(trace as unknown as ModelTrace<MinuteMetrics, MinuteDetail>)
};
