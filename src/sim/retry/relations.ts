// The retry model's relations, each a pure function a notebook shows live: capacity, the timeout
// share, backoff, the retry budget's allowance, amplification and the load that keeps a storm going.
// The sources [n] are listed in model.ts.
import {BACKOFF_BASE_S, BACKOFF_CAP_S} from "./controls.js";

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
