// The simulator's state between minutes: everything the next minute depends on.
import type {Controls} from "./controls.js";
import type {Fleet} from "./fleet.js";
import {parseClock} from "../kit/clock.js";
import type {Rng} from "../kit/rng.js";
import type {ResolvedEvent} from "../kit/events.js";
import {drawOncallEvents, type ScenarioEvents} from "./scenarios.js";
import type {Scenario} from "../kit/scenario.js";

/** The state at the start of `minute`. Plain data: safe to copy, compare and serialise. */
export interface SimState {
  minute: number;
  /** Time of day at minute 0, minutes after midnight. */
  startClockMin: number;
  baseRate: number;
  events: ScenarioEvents;
  fleet: Fleet;
  /** Consecutive minutes in which the autoscaler wanted fewer instances. */
  quietMinutes: number;
  /** Share of hot keys in the cache. */
  warm: number;
  /** The warm-up job runs while minute < warmupUntil. */
  warmupUntil: number;
  /** Minute at which a preparing rollback switches traffic; −1 when none is preparing. */
  rollbackAt: number;
  /** True once a rollback has replaced the bad build. */
  rolledBack: boolean;
  /** True once the 1 h burn rate has reached the fast-burn threshold (14.4×). */
  alertFired: boolean;
  budgetLeft: number;
  costSoFar: number;
  /** Error rates of the last 60 minutes, oldest first; null before the opening minute. */
  errorWindow: readonly number[] | null;
}

/** The state at minute 0 of `scenario`; draws the scenario's random events from `rng`. */
export function openingState(scenario: Scenario, rng: Rng): SimState {
  return openRunState(scenario, rng).state;
}

/** The state at minute 0 and the scenario's events as this run draws them. */
export function openRunState(scenario: Scenario, rng: Rng): {state: SimState; resolved: ResolvedEvent[]} {
  const {resolved, events} = drawOncallEvents(scenario, rng);
  const controls = scenario.controls as Readonly<Controls>;
  const state: SimState = {
    minute: 0,
    startClockMin: parseClock(scenario.startClock),
    baseRate: scenario.baseRate,
    events,
    fleet: {serving: controls.fleetMin, booting: []},
    quietMinutes: 0,
    warm: scenario.warm ?? 1,
    warmupUntil: 0,
    rollbackAt: -1,
    rolledBack: false,
    alertFired: false,
    budgetLeft: scenario.budgetLeft,
    costSoFar: 0,
    errorWindow: null
  };
  return {state, resolved};
}
