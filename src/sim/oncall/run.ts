// A whole run: a scenario, a seed and timed actions → one metrics object per minute.
// Same scenario, seed and actions → identical output, byte for byte.
import {oncallVocabulary} from "./buttons.js";
import {validateActions, type Action} from "../kit/actions.js";
import {checkControl, type Controls} from "./controls.js";
import type {MinuteMetrics} from "./metrics.js";
import {isSeed, MAX_MINUTES, MAX_SEED} from "../kit/limits.js";
import {mulberry32} from "../kit/rng.js";
import {isScenarioName, scenarioNames, scenarios} from "./scenarios.js";
import type {Scenario, ScenarioName} from "../kit/scenario.js";
import type {ResolvedEvent} from "../kit/events.js";
import {openRunState, type SimState} from "./state.js";
import {press, step, type Button, type MinuteDetail} from "./step.js";

/** How to run a scenario. */
export interface RunOptions {
  /** Seed of the mulberry32 generator, an integer in [0, 2^32); default 1. */
  seed?: number;
  /** Minutes to simulate, from minute 0; default 60. */
  minutes?: number;
  /** Timed actions, applied at the start of their minute in the order given. */
  actions?: readonly Action[];
}

/** A run with everything it went through, minute by minute. */
export interface RunTrace {
  metrics: MinuteMetrics[];
  /** The state at the start of each minute (states[m] produced metrics[m]). */
  states: SimState[];
  /** The controls in force during each minute. */
  controls: Controls[];
  details: MinuteDetail[];
  /** The scenario's events as this run drew them. */
  events: ResolvedEvent[];
}

/** Resolves a scenario given by name, or throws a RangeError listing the names. */
export function getScenario(scenario: ScenarioName | Scenario | string): Scenario {
  if (typeof scenario !== "string") return scenario;
  if (isScenarioName(scenario)) return scenarios[scenario];
  throw new RangeError(`unknown scenario "${scenario}" (scenarios: ${scenarioNames.join(", ")})`);
}

function checkOptions(options: RunOptions): Required<RunOptions> {
  const {seed = 1, minutes = 60, actions = []} = options;
  if (!isSeed(seed)) throw new RangeError(`seed must be an integer in [0, ${MAX_SEED}], got ${seed}`);
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > MAX_MINUTES)
    throw new RangeError(`minutes must be an integer in [1, ${MAX_MINUTES}], got ${minutes}`);
  const {errors} = validateActions(actions, {minutes, vocabulary: oncallVocabulary});
  if (errors.length) throw new RangeError(errors[0]);
  return {seed, minutes, actions};
}

function runInto(scenario: Scenario, options: RunOptions, trace: RunTrace | null): MinuteMetrics[] {
  const {seed, minutes, actions} = checkOptions(options);
  for (const [name, value] of Object.entries(scenario.controls)) {
    const problem = checkControl(name, value);
    if (problem) throw new RangeError(`scenario ${scenario.name}: ${problem}`);
  }
  // A stable sort keeps actions of the same minute in the order given.
  const pending = [...actions].sort((a, b) => a.minute - b.minute);
  const rng = mulberry32(seed);
  const opened = openRunState(scenario, rng);
  let state = opened.state;
  if (trace) trace.events = opened.resolved;
  let controls = {...scenario.controls} as Controls;
  const metrics: MinuteMetrics[] = [];
  let next = 0;
  for (let m = 0; m < minutes; m++) {
    for (; next < pending.length && pending[next].minute === m; next++) {
      const action = pending[next];
      if ("set" in action) controls = {...controls, ...action.set};
      else state = press(state, action.press as Button);
    }
    const result = step(state, controls, rng);
    if (trace) {
      trace.states.push(state);
      trace.controls.push(controls);
      trace.details.push(result.detail);
    }
    metrics.push(result.metrics);
    state = result.state;
  }
  return metrics;
}

/**
 * Runs `scenario` for `minutes` minutes (default 60) with `seed` (default 1) and `actions`;
 * returns the metrics of each minute. Throws a RangeError on bad options or actions.
 * @example run("free", {seed: 1, minutes: 1})[0].requests // 1125
 */
export function run(scenario: ScenarioName | Scenario, options: RunOptions = {}): MinuteMetrics[] {
  return runInto(getScenario(scenario), options, null);
}

/** Like run, but also returns each minute's state, controls and intermediate values. */
export function simulate(scenario: ScenarioName | Scenario, options: RunOptions = {}): RunTrace {
  const trace: RunTrace = {metrics: [], states: [], controls: [], details: [], events: []};
  trace.metrics = runInto(getScenario(scenario), options, trace);
  return trace;
}
