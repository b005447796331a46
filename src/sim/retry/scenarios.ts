// The retry model's scenario, and the textbook's retry budget. The sources [n] are listed in model.ts.
import type {Scenario} from "../kit/scenario.js";
import {defaultRetryControls} from "./controls.js";

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
