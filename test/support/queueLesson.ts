// A lesson's own model for the kit's tests: a queue without an SLO (no burn rate, no alert), one
// control (servers), a rush of arrivals that starts and ends, and a textbook that adds servers
// when the rush starts and takes them away when it ends. Registered once (registerModel).
import {registerModel} from "../../src/sim/catalog.js";
import {formatClock, parseClock} from "../../src/sim/kit/clock.js";
import type {MetricsRow, ModelTrace, SimModel} from "../../src/sim/kit/model.js";
import {resolveEvents} from "../../src/sim/kit/events.js";
import {mulberry32} from "../../src/sim/kit/rng.js";
import type {Scenario} from "../../src/sim/kit/scenario.js";

/** Mean wait of an M/M/1-like queue per server, ms (capped): 100 ms service, `load` per server. */
const waitMs = (load: number) => (load >= 0.99 ? 10_000 : (100 * load) / (1 - load));

export const queueModel: SimModel = {
  name: "toy-queue",
  controls: {servers: {type: "integer", min: 1, max: 10}},
  buttons: [],
  eventKinds: {rush: {params: {size: {min: 1, max: 5}, durationMin: {min: 1, max: 120}}, ends: ["durationMin"]}},
  fields: ["minute", "clock", "arrivals", "waitMs"],
  simulate(scenario, {seed = 1, minutes = 60, actions = []} = {}): ModelTrace {
    const events = resolveEvents(scenario.events, queueModel.eventKinds, mulberry32(seed));
    let controls = {...scenario.controls};
    const trace: ModelTrace = {metrics: [], details: [], controls: [], events};
    for (let m = 0; m < minutes; m++) {
      for (const a of actions) if (a.minute === m && "set" in a) controls = {...controls, ...a.set};
      const rush = events.find((e) => m >= e.minute && m < e.minute + e.params.durationMin);
      const arrivals = scenario.baseRate * (rush ? rush.params.size : 1);
      trace.metrics.push({
        minute: m,
        clock: formatClock(parseClock(scenario.startClock) + m),
        arrivals,
        waitMs: waitMs(arrivals / 10 / Number(controls.servers))
      });
      trace.details.push({});
      trace.controls.push(controls);
    }
    return trace;
  },
  summarize: (metrics: readonly MetricsRow[]) => ({
    minutes: metrics.length,
    meanWaitMs: metrics.length ? metrics.reduce((s, m) => s + Number(m.waitMs), 0) / metrics.length : 0
  }),
  measures: [{field: "meanWaitMs", better: "lower", kind: "number", digits: 0, unit: "ms"}]
};

registerModel(queueModel);

export const queueRush: Scenario = {
  name: "queue-rush",
  model: "toy-queue",
  title: "A rush at the counter",
  startClock: "10:00",
  baseRate: 12,
  budgetLeft: 1,
  controls: {servers: 2},
  events: [{kind: "rush", minute: 10, size: 3, durationMin: 15}],
  textbook: [
    {at: {event: "rush"}, set: {servers: 5}},
    {at: {event: "rush", edge: "end"}, set: {servers: 2}}
  ]
};
