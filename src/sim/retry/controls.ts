// The retry model's controls, constants, button and kinds of event. The sources [n] are listed in model.ts.
import type {ControlSpecs} from "../kit/controls.js";
import type {EventKinds} from "../kit/events.js";

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
