// The retry model: clients that retry on timeout in front of a service with a bounded queue, in
// one-second steps. A failed attempt (timed out, or rejected because the queue is full) comes
// back as a retry after its timeout or rejection and a backoff, until the retry limit; a retry
// budget caps retries as a share of attempts; load shedding keeps the queue short. Retries add
// load exactly when the service is slowest, so a short surge can leave the service in a state
// that outlives the surge: every attempt waits past its timeout, is retried, and keeps the queue
// full (a metastable failure [4][5]). Pure and seeded: same scenario, seed and actions → same run.
// Sources: [1] Google SRE book, "Handling Overload"; [2] Google SRE book, "Addressing Cascading
// Failures"; [3] Marc Brooker, "Timeouts, retries, and backoff with jitter", Amazon Builders'
// Library; [4] Bronson et al., "Metastable Failures in Distributed Systems", HotOS 2021;
// [5] Huang et al., "Metastable Failures in the Wild", OSDI 2022; [6] The Site Reliability
// Workbook, "Alerting on SLOs".
import {validateActions, type Action} from "../kit/actions.js";
import {ERROR_BUDGET, FAST_BURN, burnRate, openWindow, pushWindow, spendBudget, windowBurn} from "../formulas/budget.js";
import {checkControlIn, type ControlSpecs} from "../kit/controls.js";
import {resolveEvents, type EventKinds, type ResolvedEvent} from "../kit/events.js";
import {formatClock, parseClock} from "../kit/clock.js";
import type {Cause, ModelRunOptions, ModelTrace, SimModel, SummaryMeasure, WorstMinute} from "../kit/model.js";
import {mulberry32, normal, substream} from "../kit/rng.js";
import {isSeed, MAX_MINUTES, MAX_SEED} from "../kit/limits.js";
import type {Scenario} from "../kit/scenario.js";
import {arrivalRate, surgeFactor, type Surge} from "../formulas/traffic.js";

/** Mean time the service spends on one attempt, seconds. */
export const SERVICE_TIME_S = 0.1;
/** Worker slots of the service: capacity N/S = 1500 attempts/s at the usual service time. */
export const RETRY_WORKERS = 150;
/** Attempts the service's queue holds (10 s of work at capacity); beyond it, arrivals are rejected. */
export const QUEUE_CAPACITY = 15_000;
/** With load shedding on, the service admits an attempt only while the queue holds less than this much work, seconds [1]. */
export const SHED_WAIT_S = 0.5;
/** The first backoff delay, seconds; exponential backoff doubles it per retry [3]. */
export const BACKOFF_BASE_S = 1;
/** The longest backoff delay, seconds [3]. */
export const BACKOFF_CAP_S = 32;
/** Seconds per step. */
const STEPS_PER_MINUTE = 60;
/** Seconds of future the retry schedule holds (longest timeout + longest backoff + its jitter). */
const HORIZON_S = 64;

/** The backoff policies, as the `backoff` control numbers them. */
export const backoffNames = ["none", "fixed", "exponential"] as const;

/** The retry model's controls. */
export type RetryControls = {
  /** Retries after the first attempt, 0 … 5 (SRE book: at most three attempts in all). */
  retryLimit: number;
  /** 0 none, 1 fixed, 2 exponential. */
  backoff: number;
  /** Full jitter: each delay drawn uniformly from [0, delay] [3]. */
  jitter: boolean;
  /** Most retries may be of all attempts, 0 … 1 (1: no budget) [1][2]. */
  retryBudget: number;
  /** Client timeout, seconds. */
  timeoutS: number;
  /** The service rejects attempts early instead of queueing them past SHED_WAIT_S [1]. */
  shedding: boolean;
};

/** The controls' types and ranges. */
export const retryControlSpecs: ControlSpecs = Object.freeze({
  retryLimit: {type: "integer", min: 0, max: 5},
  backoff: {type: "integer", min: 0, max: 2, choices: backoffNames},
  jitter: {type: "boolean"},
  retryBudget: {type: "number", min: 0, max: 1, share: true},
  timeoutS: {type: "number", min: 0.5, max: 10, unit: "s", digits: 1},
  shedding: {type: "boolean"}
});

/** The retry model's defaults: what many clients do out of the box (three retries, at once, no budget). */
export const defaultRetryControls: Readonly<RetryControls> = Object.freeze({
  retryLimit: 3,
  backoff: 0,
  jitter: false,
  retryBudget: 1,
  timeoutS: 2,
  shedding: false
});

/** The one button: restart the service, which drops its queue (those attempts fail). */
export const retryButtons = ["restart"] as const;

/** Its kinds of event: a surge of traffic, and a slowdown of the service (e.g. a slow dependency). */
export const retryEventKinds: EventKinds = Object.freeze({
  surge: {
    params: {size: {min: 1, max: 10}, rampMin: {min: 1, max: 600}, holdMin: {min: 0, max: 1440}, decayMin: {min: 0.1, max: 600}},
    ends: ["rampMin", "holdMin"]
  },
  slowdown: {params: {factor: {min: 1, max: 20}, durationMin: {min: 1, max: 1440}}, ends: ["durationMin"]}
});

/** One minute of the retry model. Rates are per second, averaged over the minute. */
export type RetryMetrics = {
  minute: number;
  clock: string;
  /** New requests from users, req/s. */
  fresh: number;
  /** Attempts sent: fresh requests and retries, attempts/s. */
  offered: number;
  /** Retries sent, attempts/s. */
  retries: number;
  /** Retries over attempts sent. */
  retryShare: number;
  /** Attempts the service took into its queue, attempts/s. */
  admitted: number;
  /** Attempts rejected (queue full or shed) over attempts sent. */
  shedShare: number;
  /** Admitted attempts that finish within their client's timeout, req/s. */
  goodput: number;
  /** What the service completes at full use, N/S attempts/s. */
  capacity: number;
  /** Work done over capacity. */
  utilization: number;
  /** Share of admitted attempts whose client timed out. */
  timeoutShare: number;
  /** Wait of an attempt admitted at the minute's end, seconds. */
  queueWaitS: number;
  /** The busiest second's attempts. */
  peakOffered: number;
  /** Requests that failed for the user (retries exhausted or refused by the budget) over fresh requests. */
  errorRate: number;
  /** Burn rate over the last hour (× budget rate) [6]. */
  burn1h: number;
  /** The fast-burn page has fired (latched from the first minute burn1h ≥ 14.4×) [6]. */
  alert: boolean;
  /** Share of the 30-day error budget left before this minute. */
  budgetLeft: number;
};

/** The metric fields in output order. */
export const retryFields = [
  "minute",
  "clock",
  "fresh",
  "offered",
  "retries",
  "retryShare",
  "admitted",
  "shedShare",
  "goodput",
  "capacity",
  "utilization",
  "timeoutShare",
  "queueWaitS",
  "peakOffered",
  "errorRate",
  "burn1h",
  "alert",
  "budgetLeft"
] as const satisfies readonly (keyof RetryMetrics)[];

/** The values at the end of a minute, for a notebook that shows each relation live. */
export interface RetryDetail {
  /** Mean service time this minute, seconds (the slowdown raises it). */
  serviceTimeS: number;
  /** Attempts waiting at the minute's end. */
  queue: number;
  /** Share of attempts sent this minute that failed (rejected or timed out). */
  attemptFailure: number;
  /** Attempts per fresh request this minute (offered / fresh). */
  amplification: number;
  /** Retries the budget allowed per second at the minute's fresh rate (Infinity: no budget). */
  retryAllowance: number;
  /** Retries scheduled for later (in flight at the minute's end). */
  pendingRetries: number;
  /** The 1 h window of error rates after this minute, oldest first. */
  errorWindow: readonly number[];
}

/**
 * Service capacity μ = N/S: what N workers complete per second at mean service time S.
 * @example capacity(150, 0.1) // 1500
 */
export function capacity(workers: number, serviceS: number): number {
  return workers / serviceS;
}

/**
 * Share of admitted attempts whose client times out: 1 when the wait W reaches the timeout T,
 * else e^(−(T − W)/S), the chance an exponential service of mean S outlasts what is left [3].
 * @example timeoutShareAt(0, 2, 0.1) // e^−20
 */
export function timeoutShareAt(waitS: number, timeoutS: number, serviceS: number): number {
  return waitS >= timeoutS ? 1 : Math.exp(-(timeoutS - waitS) / serviceS);
}

/**
 * Backoff before retry number `retry` (1 is the first): none 0, fixed b, exponential
 * min(cap, b·2^(retry−1)); with full jitter the client sleeps a uniform draw from [0, delay] [3].
 * @example backoffDelay(3, 2) // 4
 */
export function backoffDelay(retry: number, backoff: number): number {
  if (backoff === 0) return 0;
  if (backoff === 1) return BACKOFF_BASE_S;
  return Math.min(BACKOFF_CAP_S, BACKOFF_BASE_S * 2 ** (retry - 1));
}

/**
 * Retries a budget allows per second: retries/(fresh + retries) ≤ b gives retries ≤ b/(1 − b)·fresh
 * (Infinity for b = 1, no budget) [1][2].
 * @example retryAllowance(0.1, 900) // 100
 */
export function retryAllowance(budget: number, fresh: number): number {
  return budget >= 1 ? Infinity : (budget / (1 - budget)) * fresh;
}

/**
 * Attempts per request when each attempt fails with probability p and a client retries up to L
 * times: 1 + p + p² + … + p^L [2][3].
 * @example amplification(1, 3) // 4
 */
export function amplification(p: number, limit: number): number {
  let sum = 0;
  for (let k = 0; k <= limit; k++) sum += p ** k;
  return sum;
}

/**
 * Load offered in the failed state, where every attempt fails: fresh·min(1 + L, 1/(1 − b)). The
 * failure sustains itself when it exceeds capacity (the sustaining effect of [4][5]).
 * @example stuckLoad(1000, 3, 1) // 4000
 */
export function stuckLoad(fresh: number, limit: number, budget: number): number {
  return fresh * Math.min(1 + limit, budget >= 1 ? Infinity : 1 / (1 - budget));
}

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
  const {errors} = validateActions(actions, {minutes, vocabulary: retryModel});
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

/** A retry run in the debrief's numbers. */
export type RetrySummary = {
  minutes: number;
  /** Share of the 30-day error budget left at the last minute (spent before it), as on the dashboard. */
  budgetLeft: number;
  /** Minutes in which at least half of the users' requests failed. */
  minutesDown: number;
  /** Failed over fresh requests over the whole run. */
  meanErrorRate: number;
  /** Goodput over fresh requests over the whole run (1: every request served in time once). */
  goodputShare: number;
  /** The highest minute's retry share. */
  worstRetryShare: number;
  /** The busiest second's attempts. */
  peakOffered: number;
};

/** Sums up a retry run; an empty run gives zeros. */
export function summarizeRetry(metrics: readonly RetryMetrics[]): RetrySummary {
  const last = metrics.at(-1);
  let down = 0,
    fresh = 0,
    failed = 0,
    good = 0,
    worstShare = 0,
    peak = 0;
  for (const m of metrics) {
    if (m.errorRate >= 0.5) down++;
    fresh += m.fresh;
    failed += m.errorRate * m.fresh;
    good += m.goodput;
    worstShare = Math.max(worstShare, m.retryShare);
    peak = Math.max(peak, m.peakOffered);
  }
  return {
    minutes: metrics.length,
    budgetLeft: last ? last.budgetLeft : 0,
    minutesDown: down,
    meanErrorRate: fresh > 0 ? failed / fresh : 0,
    goodputShare: fresh > 0 ? Math.min(1, good / fresh) : 0,
    worstRetryShare: worstShare,
    peakOffered: peak
  };
}

/** The retry debrief's measures: budget, minutes down, errors, goodput, then the worst retry share and busiest second (table only). */
export const retryMeasures: readonly SummaryMeasure[] = [
  {field: "budgetLeft", better: "higher", kind: "percent", digits: 1},
  {field: "minutesDown", better: "lower", kind: "minutes", digits: 0},
  {field: "meanErrorRate", better: "lower", kind: "percent", digits: 1},
  {field: "goodputShare", better: "higher", kind: "percent", digits: 1},
  {field: "worstRetryShare", better: "lower", kind: "percent", digits: 0, story: false},
  {field: "peakOffered", better: "lower", kind: "number", digits: 0, unit: "/s", story: false}
];

/**
 * The causes the retry model knows at a minute: a slowdown in force (service time over its
 * usual), retries keeping the offered load above capacity, a queue whose wait reaches the timeout.
 */
export function retryCauses(trace: ModelTrace<RetryMetrics, RetryDetail>, minute: number): Cause[] {
  const m = trace.metrics[minute],
    d = trace.details[minute],
    controls = trace.controls[minute] as RetryControls;
  const causes: Cause[] = [];
  if (d.serviceTimeS > SERVICE_TIME_S)
    causes.push({kind: "slowdown", values: {factor: {value: d.serviceTimeS / SERVICE_TIME_S, digits: 1, unit: "×"}}});
  if (m.offered > m.capacity && m.retries > 0) {
    causes.push({
      kind: "retriesOverCapacity",
      values: {
        offered: {value: m.offered, unit: "/s"},
        capacity: {value: m.capacity, unit: "/s"},
        share: {value: m.retryShare * 100, unit: "%"}
      }
    });
  }
  if (m.queueWaitS >= controls.timeoutS)
    causes.push({
      kind: "waitPastTimeout",
      values: {wait: {value: m.queueWaitS, digits: 1, unit: "s"}, timeout: {value: controls.timeoutS, digits: 1, unit: "s"}}
    });
  return causes;
}

/** The minute the most users' requests failed, when above the SLO's 0.1 %, with its causes; null otherwise. */
export function retryWorstMinute(trace: ModelTrace<RetryMetrics, RetryDetail>): WorstMinute | null {
  let worst = -1;
  trace.metrics.forEach((m, i) => {
    if (worst < 0 || m.errorRate > trace.metrics[worst].errorRate) worst = i;
  });
  if (worst < 0 || !(trace.metrics[worst].errorRate > ERROR_BUDGET)) return null;
  return {minute: worst, field: "errorRate", value: trace.metrics[worst].errorRate, causes: retryCauses(trace, worst)};
}

/** The retry model as the kit sees it. */
export const retryModel: SimModel = {
  name: "retry",
  controls: retryControlSpecs,
  buttons: retryButtons,
  eventKinds: retryEventKinds,
  fields: retryFields,
  simulate: (scenario, options) => simulateRetry(scenario, options) as unknown as ModelTrace,
  summarize: (metrics) => summarizeRetry(metrics as unknown as RetryMetrics[]),
  measures: retryMeasures,
  rankBy: "budgetLeft",
  slo: {burn: "burn1h", alert: "alert", threshold: FAST_BURN},
  worstMinute: (trace) => retryWorstMinute(trace as unknown as ModelTrace<RetryMetrics, RetryDetail>)
};

/** The textbook's retry budget: retries at most 10 % of attempts [1][2]. */
export const TEXTBOOK_RETRY_BUDGET = 0.1;

/**
 * Retry storm: 09:00, 1000 req/s base (about 1180 req/s, 78 % of capacity), clients with three
 * immediate retries and no budget. Decision: a short surge at a uniform minute in [10, 20),
 * 1.6 + Exp(mean 0.3) times the usual rate (at most 2.5×), one minute up, two held, a minute's
 * decay: enough to fill the queue, after which the retries alone keep it full. Textbook: a retry
 * budget of 10 % with exponential backoff and jitter from the start.
 */
export const retryStorm: Scenario = {
  name: "retry-storm",
  model: "retry",
  title: "Retry storm",
  startClock: "09:00",
  baseRate: 1000,
  budgetLeft: 1,
  controls: defaultRetryControls,
  events: [
    {
      kind: "surge",
      minute: {uniform: [10, 20], integer: true},
      size: {exponential: 0.3, plus: 1.6, atMost: 2.5},
      rampMin: 1,
      holdMin: 2,
      decayMin: 1
    }
  ],
  textbook: [{at: {minute: 0}, set: {retryBudget: TEXTBOOK_RETRY_BUDGET, backoff: 2, jitter: true}}],
  page: "retry-storm.html",
  offers: {controls: ["retryLimit", "backoff", "jitter", "retryBudget", "timeoutS", "shedding"], buttons: ["restart"]},
  strings: {
    en: {
      title: "Retry storm",
      brief:
        "A short surge is coming. Your clients retry three times at once when a request times out. Will the service recover when the surge is over?"
    }
  }
};
