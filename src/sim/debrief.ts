// The debrief: a run's outcome in a few numbers, and the textbook response of its scenario, so
// the learner's run can be set beside doing nothing and the textbook on the same seed. Any
// scenario record of any model (catalog.ts): the textbook is the scenario's own steps
// (textbook.ts), whose minutes are read from the run, never hard-coded.
import type {Action} from "./kit/actions.js";
import {findScenario, modelOf} from "./catalog.js";
import type {MinuteMetrics} from "./oncall/metrics.js";
import type {ResolvedEvent} from "./kit/events.js";
import type {MetricsRow, WorstMinute} from "./kit/model.js";
import type {Scenario, ScenarioName} from "./kit/scenario.js";
import type {RunSummary} from "./oncall/summary.js";
import {textbookPlanOf, type PlannedStep} from "./kit/textbook.js";

export {summarize, type RunSummary} from "./oncall/summary.js";
export {TEXTBOOK_RECOVERED_WARM, TEXTBOOK_SURGE_TARGET} from "./oncall/scenarios.js";

/** One run of the debrief: its actions, its minutes, their summary (the model's summarize), the scenario's events as drawn, and its worst minute with the causes the model knows (null: none, or a model that names none). */
export interface DebriefRun<S = RunSummary, M = MetricsRow> {
  actions: Action[];
  metrics: M[];
  summary: S;
  events: ResolvedEvent[];
  worst: WorstMinute | null;
}

/** A scenario by name (catalog) or the record itself; a RangeError for an unknown name. */
function scenarioOf(scenario: ScenarioName | Scenario): Scenario {
  if (typeof scenario !== "string") return scenario;
  const found = findScenario(scenario);
  if (!found) throw new RangeError(`unknown scenario "${scenario}"`);
  return found;
}

/**
 * The textbook response to `scenario` on `seed` within `minutes` (default 60): its steps, each
 * at the minute read from the run (the on-call ones: rollback when the fast-burn alert fires;
 * autoscaling at 50 % one boot delay before a surge; at a cache flush the warm-up job, shedding
 * and the heavy feature off, both back once the cache is 95 % warm; free play: nothing).
 */
export function textbookActions(scenario: ScenarioName | Scenario, seed: number, minutes = 60): Action[] {
  return textbookPlan(scenario, seed, minutes).map((p) => p.action);
}

/** The textbook's actions with the steps they came from (textbookActions, with each step's `at`). */
export function textbookPlan(scenario: ScenarioName | Scenario, seed: number, minutes = 60): PlannedStep[] {
  const record = scenarioOf(scenario);
  const model = modelOf(record);
  return textbookPlanOf(record, seed, minutes, (s, options) => model.simulate(s, options), model.eventKinds);
}

/**
 * The debrief of a learner's run: the learner's, doing nothing and the textbook response, on
 * the same scenario, seed and minutes, each summed up by the scenario's model.
 */
export function debrief<S = RunSummary, M = MinuteMetrics>(
  scenario: ScenarioName | Scenario,
  seed: number,
  minutes: number,
  actions: readonly Action[]
): {learner: DebriefRun<S, M>; nothing: DebriefRun<S, M>; textbook: DebriefRun<S, M>} {
  const record = scenarioOf(scenario);
  const one = (list: readonly Action[]) => debriefRun<S, M>(record, seed, minutes, list);
  return {learner: one(actions), nothing: one([]), textbook: one(textbookActions(record, seed, minutes))};
}

/** One run of the debrief: `actions` on `scenario` and `seed` for `minutes`, summed up by its model. */
export function debriefRun<S = RunSummary, M = MinuteMetrics>(
  scenario: ScenarioName | Scenario,
  seed: number,
  minutes: number,
  actions: readonly Action[]
): DebriefRun<S, M> {
  const record = scenarioOf(scenario);
  const model = modelOf(record);
  const trace = model.simulate(record, {seed, minutes, actions});
  const {metrics, events} = trace;
  return {
    actions: [...actions],
    metrics: metrics as unknown as M[],
    summary: model.summarize(metrics) as unknown as S,
    events,
    worst: model.worstMinute?.(trace) ?? null
  };
}
