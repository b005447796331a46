// The on-call model as the kit sees it (model.ts): its controls, buttons, event kinds, metric
// fields, simulate() and the debrief's summary. The model itself is run.ts and step.ts.
import {buttonNames} from "./actions.js";
import {controlSpecs} from "./controls.js";
import {metricFields, type MinuteMetrics} from "./metrics.js";
import type {SimModel} from "./model.js";
import {simulate} from "./run.js";
import {oncallEventKinds} from "./scenarios.js";
import {summarize} from "./summary.js";

/** The on-call model: a fleet behind a load balancer, a cache, a database, a 99.9 % SLO. */
export const oncallModel: SimModel = {
  name: "oncall",
  controls: controlSpecs,
  buttons: buttonNames,
  eventKinds: oncallEventKinds,
  fields: metricFields,
  simulate: (scenario, options) => simulate(scenario, options),
  summarize: (metrics) => summarize(metrics as readonly MinuteMetrics[])
};
