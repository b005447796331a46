// The four scenarios: free play and three incidents, each a starting state and timed events.
// Every choice the seeds leave open is marked "Decision" and collected in README.md.
import {defaultControls, type Controls} from "./controls.js";
import {exponential, uniform, type Rng} from "./rng.js";
import type {Surge} from "./traffic.js";

/** The scenario names, as on the command line (`--scenario`). */
export type ScenarioName = "free" | "bad-deploy" | "surge" | "cache-flush";

/** What happens by itself during a run; minutes count from the start of the run. */
export interface ScenarioEvents {
  /** The bad build starts rolling out at this minute. */
  deployMinute: number | null;
  /** The whole cache is emptied at this minute. */
  flushMinute: number | null;
  surge: Surge | null;
}

/** A scenario: the opening state and the events that follow. */
export interface Scenario {
  name: ScenarioName;
  title: string;
  /** Time of day at minute 0, "HH:MM". */
  startClock: string;
  /** Base arrival rate before the diurnal factor, req/s. */
  baseRate: number;
  /** Share of the 30-day error budget left at the start. */
  budgetLeft: number;
  /** Share of hot keys in the cache at the start. */
  warm: number;
  /** Controls at the start; the fleet starts as fleetMin serving instances. */
  controls: Readonly<Controls>;
  /** The timed events; draws from `rng` whatever the seed decides. */
  events(rng: Rng): ScenarioEvents;
}

const noEvents: ScenarioEvents = Object.freeze({deployMinute: null, flushMinute: null, surge: null});

/**
 * Free play: 08:00, 1000 req/s base (1125 req/s now), 10 instances, TTL 60 s, warm cache,
 * recommendations on, the whole budget left, nothing scheduled. Its minute 0 is the seeds'
 * opening dashboard.
 */
export const free: Scenario = {
  name: "free",
  title: "Free play",
  startClock: "08:00",
  baseRate: 1000,
  budgetLeft: 1,
  warm: 1,
  controls: defaultControls,
  events: () => noEvents
};

/**
 * Bad deploy: starts at 09:00 with 20 % of the budget left; a build with +5 % errors and ×1.25
 * CPU rolls out from 09:10 (minute 10), a fifth of the fleet per minute. Decision: the ten quiet
 * minutes before the deploy give the learner a baseline.
 */
export const badDeploy: Scenario = {
  name: "bad-deploy",
  title: "Bad deploy",
  startClock: "09:00",
  baseRate: 1000,
  budgetLeft: 0.2,
  warm: 1,
  controls: defaultControls,
  events: () => ({deployMinute: 10, flushMinute: null, surge: null})
};

/**
 * Traffic surge: starts at 08:00, instances boot in 8 minutes. Decision: the wave starts at a
 * uniform minute in [10, 50) (08:10–08:50, inside the default hour) and peaks at 2 + Exp(mean
 * 0.5) times the usual rate, at most 3.5× (so it always overloads the fixed fleet of 10); it
 * ramps up over 5 minutes, holds 30 and decays with a 20-minute time constant.
 */
export const surge: Scenario = {
  name: "surge",
  title: "Traffic surge",
  startClock: "08:00",
  baseRate: 1000,
  budgetLeft: 1,
  warm: 1,
  controls: {...defaultControls, bootDelayMin: 8},
  events(rng) {
    const startMinute = Math.floor(uniform(rng, 10, 50));
    const size = 2 + Math.min(1.5, exponential(rng, 0.5));
    return {deployMinute: null, flushMinute: null, surge: {startMinute, size, rampMin: 5, holdMin: 30, decayMin: 20}};
  }
};

/**
 * Cache flush: starts at 11:45 with a larger service (base 1600 req/s, 2000 req/s at noon) on
 * 16 instances, whose database is sized for the usual 85 % hit rate (TTL 60 s gives 85.7 %);
 * at 12:00 (minute 15) a maintenance script empties the cache. Decision: base rate and fleet are
 * chosen so that every request going to the database (6000 queries/s) saturates it.
 */
export const cacheFlush: Scenario = {
  name: "cache-flush",
  title: "Cache flush",
  startClock: "11:45",
  baseRate: 1600,
  budgetLeft: 1,
  warm: 1,
  controls: {...defaultControls, fleetMin: 16},
  events: () => ({deployMinute: null, flushMinute: 15, surge: null})
};

/** The scenarios by name. */
export const scenarios: Readonly<Record<ScenarioName, Scenario>> = Object.freeze({
  free,
  "bad-deploy": badDeploy,
  surge,
  "cache-flush": cacheFlush
});

/** The scenario names, free play first. */
export const scenarioNames = Object.keys(scenarios) as ScenarioName[];

/** True when `name` names a scenario. */
export function isScenarioName(name: string): name is ScenarioName {
  return Object.hasOwn(scenarios, name);
}
