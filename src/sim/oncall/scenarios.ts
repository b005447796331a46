// A scenario is one open record: its model, clock and base rate, the controls it starts with and
// offers, its timed events as typed effects (events.ts), its textbook response (textbook.ts) and
// its strings. Plain data, so a lecturer can write one in a notebook or a JSON file
// (`queuebook sim --scenario my.json`, checked by checkScenario in catalog.ts). The four on-call
// scenarios below are such records. Every choice the specification leaves open is marked "Decision" and
// collected in README.md.
import {defaultControls, type Controls} from "./controls.js";
import {resolveEvents, type EventKinds, type ResolvedEvent} from "../kit/events.js";
import type {Rng} from "../kit/rng.js";
import type {Scenario} from "../kit/scenario.js";
import type {Surge} from "../formulas/traffic.js";

/** The four on-call scenarios' names. */
export type OncallScenarioName = "free" | "bad-deploy" | "surge" | "cache-flush";

/** What happens by itself during an on-call run; minutes count from the start of the run. */
export interface ScenarioEvents {
  /** The bad build starts rolling out at this minute. */
  deployMinute: number | null;
  /** The whole cache is emptied at this minute. */
  flushMinute: number | null;
  surge: Surge | null;
}

/** The on-call model's kinds of event (the model hook): a bad deploy, a cache flush, a traffic surge. */
export const oncallEventKinds: EventKinds = Object.freeze({
  deploy: {params: {}},
  flush: {params: {}},
  surge: {
    params: {
      size: {min: 1, max: 10},
      rampMin: {min: 1, max: 600},
      holdMin: {min: 0, max: 1440},
      decayMin: {min: 1, max: 600}
    },
    // The surge ends when its hold does; the decay back to the usual rate follows.
    ends: ["rampMin", "holdMin"]
  }
});

/** The on-call step's view of resolved events: the first of each kind. */
export function oncallEvents(resolved: readonly ResolvedEvent[]): ScenarioEvents {
  const first = (kind: string) => resolved.find((e) => e.kind === kind);
  const deploy = first("deploy"),
    flush = first("flush"),
    surge = first("surge");
  return {
    deployMinute: deploy ? deploy.minute : null,
    flushMinute: flush ? flush.minute : null,
    surge: surge
      ? {
          startMinute: surge.minute,
          size: surge.params.size,
          rampMin: surge.params.rampMin,
          holdMin: surge.params.holdMin,
          decayMin: surge.params.decayMin
        }
      : null
  };
}

/** The on-call events of `scenario` for one run, drawing its random parameters from `rng`. */
export function drawOncallEvents(scenario: Scenario, rng: Rng): {resolved: ResolvedEvent[]; events: ScenarioEvents} {
  const resolved = resolveEvents(scenario.events, oncallEventKinds, rng);
  return {resolved, events: oncallEvents(resolved)};
}

/**
 * Free play: 08:00, 1000 req/s base (1125 req/s now), 10 instances, TTL 60 s, warm cache,
 * recommendations on, the whole budget left, nothing scheduled. Its minute 0 is the specification's
 * opening dashboard.
 */
export const free: Scenario<Controls> = {
  name: "free",
  title: "Free play",
  startClock: "08:00",
  baseRate: 1000,
  budgetLeft: 1,
  warm: 1,
  controls: defaultControls,
  events: [],
  textbook: []
};

/**
 * Bad deploy: starts at 09:00 with 20 % of the budget left; a build with +5 % errors and ×1.25
 * CPU rolls out from 09:10 (minute 10), a fifth of the fleet per minute. Decision: the ten quiet
 * minutes before the deploy give the learner a baseline. Textbook: roll back when the fast-burn
 * alert fires.
 */
export const badDeploy: Scenario<Controls> = {
  name: "bad-deploy",
  title: "Bad deploy",
  startClock: "09:00",
  baseRate: 1000,
  budgetLeft: 0.2,
  warm: 1,
  controls: defaultControls,
  events: [{kind: "deploy", minute: 10}],
  textbook: [{at: {first: "alert"}, press: "rollback"}]
};

/** The target the textbook gives the autoscaler ahead of a surge (the default is 60 %). */
export const TEXTBOOK_SURGE_TARGET = 0.5;
/** Share of hot keys at which the textbook turns shedding and the heavy feature back on. */
export const TEXTBOOK_RECOVERED_WARM = 0.95;

/**
 * Traffic surge: starts at 08:00, instances boot in 8 minutes. Decision: the wave starts at a
 * uniform minute in [10, 50) (08:10–08:50, inside the default hour) and peaks at 2 + Exp(mean
 * 0.5) times the usual rate, at most 3.5× (so it always overloads the fixed fleet of 10); it
 * ramps up over 5 minutes, holds 30 and decays with a 20-minute time constant. Textbook:
 * autoscaling on with a 50 % target one boot delay before the wave.
 */
export const surge: Scenario<Controls> = {
  name: "surge",
  title: "Traffic surge",
  startClock: "08:00",
  baseRate: 1000,
  budgetLeft: 1,
  warm: 1,
  controls: {...defaultControls, bootDelayMin: 8},
  events: [
    {
      kind: "surge",
      minute: {uniform: [10, 50], integer: true},
      size: {exponential: 0.5, plus: 2, atMost: 3.5},
      rampMin: 5,
      holdMin: 30,
      decayMin: 20
    }
  ],
  textbook: [{at: {event: "surge", lessControl: "bootDelayMin"}, set: {autoscaling: true, targetUtilization: TEXTBOOK_SURGE_TARGET}}]
};

/**
 * Cache flush: starts at 11:45 with a larger service (base 1600 req/s, 2000 req/s at noon) on
 * 16 instances, whose database is sized for the usual 85 % hit rate (TTL 60 s gives 85.7 %);
 * at 12:00 (minute 15) a maintenance script empties the cache. Decision: base rate and fleet are
 * chosen so that every request going to the database (6000 queries/s) saturates it. Textbook: at
 * the flush the warm-up job, all low-priority traffic shed and the heavy feature off; both back
 * on once the cache is 95 % warm again.
 */
export const cacheFlush: Scenario<Controls> = {
  name: "cache-flush",
  title: "Cache flush",
  startClock: "11:45",
  baseRate: 1600,
  budgetLeft: 1,
  warm: 1,
  controls: {...defaultControls, fleetMin: 16},
  events: [{kind: "flush", minute: 15}],
  textbook: [
    {at: {event: "flush"}, press: "warmup"},
    {at: {event: "flush"}, set: {sheddingShare: 1, heavyFeature: false}},
    {at: {first: "warm", atLeast: TEXTBOOK_RECOVERED_WARM, in: "details", after: "flush"}, set: {sheddingShare: 0, heavyFeature: true}}
  ]
};

/** The on-call scenarios by name. */
export const scenarios: Readonly<Record<OncallScenarioName, Scenario<Controls>>> = Object.freeze({
  free,
  "bad-deploy": badDeploy,
  surge,
  "cache-flush": cacheFlush
});

/** The on-call scenario names, free play first. */
export const scenarioNames = Object.keys(scenarios) as OncallScenarioName[];

/** True when `name` names an on-call scenario. */
export function isScenarioName(name: string): name is OncallScenarioName {
  return Object.hasOwn(scenarios, name);
}
