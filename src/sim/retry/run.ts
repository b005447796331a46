// The retry model's run: one-second fluid steps from a scenario, seed and actions (pure and seeded).
// The sources [n] are listed in model.ts.
import {validateActions, type Action} from "../kit/actions.js";
import {FAST_BURN, burnRate, openWindow, pushWindow, spendBudget, windowBurn} from "../formulas/budget.js";
import {checkControlIn} from "../kit/controls.js";
import {resolveEvents, type ResolvedEvent} from "../kit/events.js";
import {formatClock, parseClock} from "../kit/clock.js";
import type {ModelRunOptions, ModelTrace} from "../kit/model.js";
import {mulberry32, normal, substream} from "../kit/rng.js";
import {isSeed, MAX_MINUTES, MAX_SEED} from "../kit/limits.js";
import type {Scenario} from "../kit/scenario.js";
import {arrivalRate, surgeFactor, type Surge} from "../formulas/traffic.js";
import {
  SERVICE_TIME_S,
  RETRY_WORKERS,
  QUEUE_CAPACITY,
  SHED_WAIT_S,
  type RetryControls,
  retryButtons,
  retryControlSpecs,
  retryEventKinds
} from "./controls.js";
import type {RetryMetrics, RetryDetail} from "./metrics.js";
import {capacity, timeoutShareAt, backoffDelay, retryAllowance} from "./relations.js";

/** Seconds per step. */
const STEPS_PER_MINUTE = 60;
/** Seconds of future the retry schedule holds (longest timeout + longest backoff + its jitter). */
const HORIZON_S = 64;

/** The surge and slowdowns of a run, from its resolved events. */
function triggers(events: readonly ResolvedEvent[]): {surge: Surge | null; slowdowns: ResolvedEvent[]} {
  const s = events.find((e) => e.kind === "surge");
  const surge = s
    ? {startMinute: s.minute, size: s.params.size, rampMin: s.params.rampMin, holdMin: s.params.holdMin, decayMin: s.params.decayMin}
    : null;
  return {surge, slowdowns: events.filter((e) => e.kind === "slowdown")};
}

/** The service time during `minute`: S times every slowdown in force. */
function serviceTimeAt(minute: number, slowdowns: readonly ResolvedEvent[]): number {
  let s = SERVICE_TIME_S;
  for (const e of slowdowns) if (minute >= e.minute && minute < e.minute + e.params.durationMin) s *= e.params.factor;
  return s;
}

/**
 * Adds `amount` retries to `row`, due `detect` seconds after second `t` plus the backoff `wait`;
 * with jitter spread evenly over [detect, detect + wait] (full jitter [3]).
 */
function addRetries(row: Float64Array, t: number, detect: number, wait: number, jitter: boolean, amount: number): void {
  if (amount <= 0) return;
  if (!jitter || wait === 0) {
    row[(t + detect + wait) % HORIZON_S] += amount;
    return;
  }
  const share = amount / (wait + 1);
  for (let j = 0; j <= wait; j++) row[(t + detect + j) % HORIZON_S] += share;
}

function checkRun(scenario: Scenario, options: ModelRunOptions): {seed: number; minutes: number; actions: readonly Action[]} {
  const {seed = 1, minutes = 60, actions = []} = options;
  if (!isSeed(seed)) throw new RangeError(`seed must be an integer in [0, ${MAX_SEED}], got ${seed}`);
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > MAX_MINUTES)
    throw new RangeError(`minutes must be an integer in [1, ${MAX_MINUTES}], got ${minutes}`);
  const {errors} = validateActions(actions, {minutes, vocabulary: {controls: retryControlSpecs, buttons: retryButtons}});
  if (errors.length) throw new RangeError(errors[0]);
  for (const name of Object.keys(retryControlSpecs)) {
    const problem = checkControlIn(retryControlSpecs, name, scenario.controls[name]);
    if (problem) throw new RangeError(`scenario ${scenario.name}: ${problem}`);
  }
  return {seed, minutes, actions};
}

/**
 * Runs a retry-model scenario second by second and returns each minute's metrics, details and
 * controls. One draw of the run's generator per minute seeds that minute's noise (a normal count
 * per second), so runs that differ only in actions see the same traffic.
 */
export function simulateRetry(scenario: Scenario, options: ModelRunOptions = {}): ModelTrace<RetryMetrics, RetryDetail> {
  const {seed, minutes, actions} = checkRun(scenario, options);
  const rng = mulberry32(seed);
  const events = resolveEvents(scenario.events, retryEventKinds, rng);
  const {surge, slowdowns} = triggers(events);
  const pending = [...actions].sort((a, b) => a.minute - b.minute);
  let controls = {...scenario.controls} as RetryControls;
  const startClock = parseClock(scenario.startClock);
  // schedule[k][slot]: attempts of retry number k (1 … 5) due at second slot (mod HORIZON_S).
  const schedule = Array.from({length: 6}, () => new Float64Array(HORIZON_S));
  let queue = 0;
  let window: number[] | null = null;
  let budgetLeft = scenario.budgetLeft;
  let alertFired = false;
  const trace: ModelTrace<RetryMetrics, RetryDetail> = {metrics: [], details: [], controls: [], events};
  let next = 0;
  for (let m = 0; m < minutes; m++) {
    for (; next < pending.length && pending[next].minute === m; next++) {
      const action = pending[next];
      if ("set" in action) controls = {...controls, ...action.set} as RetryControls;
      else queue = 0; // restart: the queued attempts are lost; their clients time out as usual
    }
    const draws = substream(rng);
    const serviceS = serviceTimeAt(m, slowdowns);
    const mu = capacity(RETRY_WORKERS, serviceS);
    const lambda = arrivalRate(scenario.baseRate, (startClock + m) / 60, surgeFactor(m, surge));
    const limit = controls.shedding ? Math.min(QUEUE_CAPACITY, mu * SHED_WAIT_S) : QUEUE_CAPACITY;
    let fresh = 0,
      offered = 0,
      retries = 0,
      admitted = 0,
      rejected = 0,
      goodput = 0,
      served = 0,
      timedOut = 0,
      failed = 0,
      errors = 0,
      peak = 0;
    let tau = 0;
    const timeoutSteps = Math.max(1, Math.ceil(controls.timeoutS));
    for (let s = 0; s < STEPS_PER_MINUTE; s++) {
      const t = m * STEPS_PER_MINUTE + s;
      const slot = t % HORIZON_S;
      const newRequests = Math.max(0, normal(draws, lambda, Math.sqrt(lambda)));
      // Retries due now; the budget lets through at most its share, the rest fail for the user.
      let due = 0;
      for (let k = 1; k <= 5; k++) due += schedule[k][slot];
      const allowed = Math.min(due, retryAllowance(controls.retryBudget, newRequests));
      const pass = due > 0 ? allowed / due : 0;
      errors += due - allowed;
      const sent = newRequests + allowed;
      // Admission: what fits in the queue (shorter with shedding) plus what is served this second.
      const room = Math.max(0, limit - queue) + mu;
      const taken = Math.min(sent, room);
      const admitShare = sent > 0 ? taken / sent : 1;
      const done = Math.min(queue + taken, mu);
      queue = queue + taken - done;
      // An attempt admitted now waits for the work ahead of it.
      tau = timeoutShareAt(queue / mu, controls.timeoutS, serviceS);
      const fail = 1 - admitShare * (1 - tau);
      // Each attempt number's failures: the last allowed one fails for the user, the others retry
      // after their timeout (or at once when rejected) and the backoff, jittered if asked.
      for (let k = 0; k <= 5; k++) {
        const attempts = k === 0 ? newRequests : schedule[k][slot] * pass;
        if (k > 0) schedule[k][slot] = 0;
        if (attempts === 0) continue;
        const lost = attempts * fail;
        if (k >= controls.retryLimit) {
          errors += lost;
          continue;
        }
        const wait = Math.round(backoffDelay(k + 1, controls.backoff));
        const timedOutPart = attempts * admitShare * tau;
        // A timed-out attempt is known after the timeout, a rejected one after a second.
        addRetries(schedule[k + 1], t, timeoutSteps, wait, controls.jitter, timedOutPart);
        addRetries(schedule[k + 1], t, 1, wait, controls.jitter, lost - timedOutPart);
      }
      fresh += newRequests;
      offered += sent;
      retries += allowed;
      admitted += taken;
      rejected += sent - taken;
      timedOut += taken * tau;
      goodput += taken * (1 - tau);
      served += done;
      failed += sent * fail;
      peak = Math.max(peak, sent);
    }
    const errorRate = fresh > 0 ? Math.min(1, errors / fresh) : 0;
    window = window ? pushWindow(window, errorRate) : openWindow(errorRate);
    const burn1h = windowBurn(window);
    alertFired = alertFired || burn1h >= FAST_BURN;
    let inFlight = 0;
    for (let k = 1; k <= 5; k++) for (const x of schedule[k]) inFlight += x;
    const perSecond = (x: number) => x / STEPS_PER_MINUTE;
    trace.metrics.push({
      minute: m,
      clock: formatClock(startClock + m),
      fresh: perSecond(fresh),
      offered: perSecond(offered),
      retries: perSecond(retries),
      retryShare: offered > 0 ? retries / offered : 0,
      admitted: perSecond(admitted),
      shedShare: offered > 0 ? rejected / offered : 0,
      goodput: perSecond(goodput),
      capacity: mu,
      utilization: served / (mu * STEPS_PER_MINUTE),
      timeoutShare: admitted > 0 ? timedOut / admitted : 0,
      queueWaitS: queue / mu,
      peakOffered: peak,
      errorRate,
      burn1h,
      alert: alertFired,
      budgetLeft
    });
    trace.details.push({
      serviceTimeS: serviceS,
      queue,
      attemptFailure: offered > 0 ? failed / offered : 0,
      amplification: fresh > 0 ? offered / fresh : 1,
      retryAllowance: retryAllowance(controls.retryBudget, perSecond(fresh)),
      pendingRetries: inFlight,
      errorWindow: window
    });
    trace.controls.push(controls);
    budgetLeft = spendBudget(budgetLeft, burnRate(errorRate));
  }
  return trace;
}
