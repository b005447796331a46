// One minute of the simulator: (state, controls, rng) → the next state and that minute's
// metrics. The order of a minute: scheduled events, rollback switch, fleet, traffic, cache and
// database, queue, budget, cost; then refill, warm-up and the autoscaler prepare the next minute.
import {autoscale, desiredInstances} from "./autoscaler.js";
import {FAST_BURN, openWindow, pushWindow, burnRate, spendBudget, windowBurn} from "../formulas/budget.js";
import {cacheAge, hitRate, refill, warmupStep, WARMUP_DB_QPS, WARMUP_MIN} from "./cache.js";
import type {Controls} from "./controls.js";
import {appTime, dbLoad, DB_CAPACITY_QPS, queriesPerRequest, queryTime, serviceTime} from "./database.js";
import {badBuildShare, cpuFactor, errorRate, ROLLBACK_MIN} from "./deploy.js";
import {fleetCostPerHour, launch, promote, startingCount, terminate, type Fleet} from "./fleet.js";
import {formatClock} from "../kit/clock.js";
import type {MinuteMetrics} from "./metrics.js";
import {erlangC, p99, timeoutShare, TIMEOUT_S, utilization, WORKERS_PER_INSTANCE} from "../formulas/queue.js";
import {substream, type Rng} from "../kit/rng.js";
import type {SimState} from "./state.js";
import type {Button} from "./buttons.js";
import {arrivalRate, droppedShare, minuteCount, surgeFactor} from "../formulas/traffic.js";

/** The buttons (actions.ts names them). */
export type {Button};

/** The intermediate values of a minute, for a notebook that shows each formula live. */
export interface MinuteDetail {
  /** Time of day t + clock, hours (may pass 24 in a long run). */
  clockHours: number;
  /** The surge's multiplier of λ this minute (1 without one). */
  surgeFactor: number;
  /** Admitted requests, req/s (after shedding). */
  admitted: number;
  queriesPerRequest: number;
  dbLoadQps: number;
  /** Database load over capacity ρ_db, not capped (metrics.dbUtilization is). */
  dbLoadRatio: number;
  queryTimeS: number;
  /** CPU factor of the fleet from the bad build's share. */
  cpuFactor: number;
  appTimeS: number;
  serviceTimeS: number;
  /** Workers N = serving × 16. */
  workers: number;
  /** Offered load a = λ·S, erlangs. */
  offeredLoad: number;
  /** Erlang C: the probability that a request waits, C(a, N). */
  waitProbability: number;
  /** The p99 approximation in seconds, not capped (Infinity at saturation; p99Ms is capped). */
  p99S: number;
  /** The 1 h window of error rates after this minute, oldest first (burn1h is its mean / 0.1 %). */
  errorWindow: readonly number[];
  /** What target tracking wants after this minute, ⌈serving × utilization / target⌉ in [fleetMin, 40]. */
  desiredInstances: number;
  /** Share of hot keys loaded during this minute. */
  warm: number;
  warmupRunning: boolean;
  rollbackPreparing: boolean;
}

/** What one minute produces. */
export interface StepResult {
  state: SimState;
  metrics: MinuteMetrics;
  detail: MinuteDetail;
}

/**
 * A button press at the start of `state.minute`. Rollback prepares a fresh fleet with the last
 * good build and switches traffic 5 minutes later (pressing again restarts the preparation); a
 * bad build that starts rolling out after the press is not affected by it;
 * warm-up runs the cache warm-up job for the next 6 minutes (pressing again restarts it) [6].
 */
export function press(state: SimState, button: Button): SimState {
  if (button === "rollback") return {...state, rollbackAt: state.minute + ROLLBACK_MIN};
  return {...state, warmupUntil: state.minute + WARMUP_MIN};
}

/** Launches up to the fleet minimum; with autoscaling off, also terminates down to it. */
function reconcile(fleet: Fleet, controls: Controls, minute: number): Fleet {
  const total = fleet.serving + startingCount(fleet);
  if (total < controls.fleetMin) return launch(fleet, controls.fleetMin - total, minute + controls.bootDelayMin, minute);
  if (!controls.autoscaling && total > controls.fleetMin) return terminate(fleet, total - controls.fleetMin);
  return fleet;
}

/**
 * One minute: state at the start of minute m, the controls in force, and the run's generator
 * (exactly one draw per minute, whatever the controls, so runs with the same seed see the same
 * noise). Minute 0 is the opening instant and shows the expected count, not a noisy one.
 */
export function step(state: SimState, controls: Controls, rng: Rng): StepResult {
  const m = state.minute;
  const draws = substream(rng);
  const {events} = state;

  // Scheduled events and the rollback switch happen first, so the minute shows their effect.
  const warm = events.flushMinute === m ? 0 : state.warm;
  let {rollbackAt, rolledBack} = state;
  if (rollbackAt >= 0 && m >= rollbackAt) {
    // The fresh fleet runs the build that was live when rollback was pressed (ROLLBACK_MIN
    // minutes ago): it removes the bad build only if that build had started rolling out by then.
    // Pressed earlier, it redeploys the good build, and the scheduled deploy still goes out.
    if (events.deployMinute !== null && rollbackAt - ROLLBACK_MIN >= events.deployMinute) rolledBack = true;
    rollbackAt = -1;
  }
  const rollbackPreparing = rollbackAt >= 0;
  const bad = badBuildShare(m, events.deployMinute, rolledBack);

  let fleet = reconcile(promote(state.fleet, m), controls, m);
  const starting = startingCount(fleet);

  const clockMin = state.startClockMin + m;
  const surge = surgeFactor(m, events.surge);
  const lambda = arrivalRate(state.baseRate, clockMin / 60, surge);
  const requests = m === 0 ? lambda : minuteCount(draws, lambda) / 60;
  const dropped = droppedShare(controls.sheddingShare);
  const admitted = requests * (1 - dropped);

  const hit = hitRate(admitted, controls.ttlS, warm);
  const q = queriesPerRequest(controls.heavyFeature);
  const warmupRunning = m < state.warmupUntil;
  const load = dbLoad(admitted, q, hit, warmupRunning ? WARMUP_DB_QPS : 0);
  const rhoDb = load / DB_CAPACITY_QPS;
  const queryS = queryTime(rhoDb);
  const cpu = cpuFactor(bad);
  const appS = appTime(controls.heavyFeature, cpu);
  const serviceS = serviceTime(appS, hit, q, queryS);

  const workers = fleet.serving * WORKERS_PER_INSTANCE;
  const util = utilization(admitted, serviceS, workers);
  const c = erlangC(admitted * serviceS, workers);
  const p99S = p99(admitted, serviceS, workers, c);
  const timeouts = timeoutShare(admitted, serviceS, workers, c);
  const errors = errorRate(timeouts, bad);
  const window = state.errorWindow ? pushWindow(state.errorWindow, errors) : openWindow(errors);
  const cost = fleetCostPerHour(fleet.serving + starting, rollbackPreparing);
  const burn1h = windowBurn(window);
  // Latched: once the fast-burn page has fired it stays fired (the page's banner and chart mark).
  const alert = state.alertFired || burn1h >= FAST_BURN;

  const metrics: MinuteMetrics = {
    minute: m,
    clock: formatClock(clockMin),
    lambda,
    requests,
    serving: fleet.serving,
    starting,
    utilization: util,
    hitRate: hit,
    dbUtilization: Math.min(1, rhoDb),
    droppedShare: dropped,
    errorRate: errors,
    timeoutShare: timeouts,
    // A request is cut off at the timeout, so no latency shown exceeds it.
    p99Ms: 1000 * Math.min(TIMEOUT_S, p99S),
    burn1h,
    alert,
    budgetLeft: state.budgetLeft,
    fleetCostPerHour: cost,
    costSoFar: state.costSoFar,
    cacheAgeS: cacheAge(controls.ttlS),
    badBuildShare: bad,
    recommendationsShare: controls.heavyFeature ? 1 : 0
  };

  // Prepare the next minute: the cache refills, and the autoscaler acts on this minute's load.
  let nextWarm = refill(warm, rhoDb);
  if (warmupRunning) nextWarm = warmupStep(nextWarm);
  let quietMinutes = 0;
  // Computed with autoscaling off too: the page shows what the autoscaler would want.
  const desired = desiredInstances(fleet.serving, util, controls.targetUtilization, controls.fleetMin);
  if (controls.autoscaling) {
    const decision = autoscale(fleet.serving, starting, desired, state.quietMinutes);
    fleet = launch(fleet, decision.launch, m + 1 + controls.bootDelayMin, m + 1);
    if (decision.terminate > 0) fleet = {serving: fleet.serving - decision.terminate, booting: fleet.booting};
    quietMinutes = decision.quietMinutes;
  }

  // Spelled out rather than spread: the spread's object clone was a third of a minute's time.
  const next: SimState = {
    minute: m + 1,
    startClockMin: state.startClockMin,
    baseRate: state.baseRate,
    events,
    fleet,
    quietMinutes,
    warm: Math.min(1, nextWarm),
    warmupUntil: state.warmupUntil,
    rollbackAt,
    rolledBack,
    alertFired: alert,
    budgetLeft: spendBudget(state.budgetLeft, burnRate(errors)),
    costSoFar: state.costSoFar + cost / 60,
    errorWindow: window
  };
  const detail: MinuteDetail = {
    clockHours: clockMin / 60,
    surgeFactor: surge,
    admitted,
    queriesPerRequest: q,
    dbLoadQps: load,
    dbLoadRatio: rhoDb,
    queryTimeS: queryS,
    cpuFactor: cpu,
    appTimeS: appS,
    serviceTimeS: serviceS,
    workers,
    offeredLoad: admitted * serviceS,
    waitProbability: c,
    p99S,
    errorWindow: window,
    desiredInstances: desired,
    warm,
    warmupRunning,
    rollbackPreparing
  };
  return {state: next, metrics, detail};
}
