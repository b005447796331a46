// The fleet as an M/M/N queue: Erlang B and C, the waiting-time tail, timeouts, saturation,
// the p99 approximation and utilization. Times are in seconds, rates in requests per second.

/** Worker slots per instance [6]. */
export const WORKERS_PER_INSTANCE = 16;
/** Requests waiting longer than this in the queue time out [6]. */
export const TIMEOUT_S = 2;
/** The share of requests above the p99 (1 − 0.99): with C at or below it, p99 has no waiting term [3]. */
export const P99_TAIL = 0.01;

/**
 * Erlang B blocking probability for offered load a (erlangs) on n servers, by the recursion
 * B(0) = 1, B(k) = a·B(k−1) / (k + a·B(k−1)), run on its reciprocal I(k) = 1/B(k) =
 * 1 + (k/a)·I(k−1). Every step adds positive terms, so rounding never amplifies: it stays exact
 * (to a few ulps) and finite for n in the thousands (no factorials, no powers of a). When B is
 * below the smallest double, I overflows to Infinity and B is 0.
 * Source: Erlang (1917); recursion as in Kleinrock, Queueing Systems Vol. 1 [3].
 * @example erlangB(5.842, 11) // ≈ 0.02
 */
export function erlangB(a: number, n: number): number {
  // The reciprocal form puts no division on the loop's dependency chain, and taking two steps at
  // once, I(k+1) = (1 + c₂) + c₂c₁·I(k−1) with cᵢ = k/a, leaves one multiply-add per two workers
  // (about 6× faster than the division form at N = 640). a = 0 gives c = Infinity and so B = 0
  // for n ≥ 1, as it should; an overflow to Infinity stays Infinity (B = 0), never NaN.
  const perErlang = 1 / a;
  let inverse = 1;
  let k = 1;
  for (; k < n; k += 2) {
    const c1 = k * perErlang;
    const c2 = (k + 1) * perErlang;
    inverse = 1 + c2 + c2 * c1 * inverse;
  }
  if (k === n) inverse = 1 + k * perErlang * inverse;
  return 1 / inverse;
}

/**
 * Erlang C, the probability that an arrival waits: C(a, N) = B / (1 − (a/N)(1 − B)) for a < N,
 * with B = erlangB(a, N); 1 when a ≥ N (the queue never empties).
 * Source: Kleinrock, Queueing Systems Vol. 1, M/M/c [3].
 * @example erlangC(1, 2) // 1/3
 */
export function erlangC(a: number, n: number): number {
  if (a >= n) return 1;
  const b = erlangB(a, n);
  return b / (1 - (a / n) * (1 - b));
}

/**
 * P(W > t) = C·e^(−(N/S − λ)·t): the chance a request waits longer than t seconds,
 * for N workers, mean service time S and arrival rate λ (a = λS < N) [3].
 */
export function waitExceeds(t: number, c: number, n: number, serviceS: number, lambda: number): number {
  return Math.min(1, c * Math.exp(-(n / serviceS - lambda) * t));
}

/**
 * Saturation: when the offered load reaches the workers (a ≥ N) the fleet completes N/S per
 * second and the rest fails: failed share = 1 − N/a (0 below saturation) [3].
 * @example saturationFailedShare(200, 160) // 0.2
 */
export function saturationFailedShare(a: number, n: number): number {
  return a > n ? 1 - n / a : 0;
}

/**
 * Share of requests that time out: P(W > 2 s) below saturation, the failed share 1 − N/a at or
 * above it (those requests wait until they time out) [3]. Pass `c` when Erlang C is known.
 */
export function timeoutShare(lambda: number, serviceS: number, n: number, c = erlangC(lambda * serviceS, n)): number {
  const a = lambda * serviceS;
  if (n <= 0) return lambda > 0 ? 1 : 0;
  if (a >= n) return saturationFailedShare(a, n);
  return waitExceeds(TIMEOUT_S, c, n, serviceS, lambda);
}

/**
 * p99 latency ≈ S·ln 100 + ln(C/0.01)/(N/S − λ), in seconds: the service-time quantile of an
 * exponential plus the waiting-time quantile of M/M/N. The waiting term is 0 when C ≤ 1 % (99 %
 * of requests never wait); Infinity at saturation. An approximation: adding two quantiles is not
 * the exact quantile of the sum. Pass `c` when Erlang C is known [3][6].
 */
export function p99(lambda: number, serviceS: number, n: number, c = erlangC(lambda * serviceS, n)): number {
  const a = lambda * serviceS;
  if (a >= n) return Infinity;
  const wait = c > P99_TAIL ? Math.log(c / P99_TAIL) / (n / serviceS - lambda) : 0;
  return serviceS * Math.log(100) + wait;
}

/**
 * Utilization = λ·S / N: busy workers L = λ·S by Little's law, over N workers; as measured it
 * cannot exceed 1 [4].
 * @example utilization(1000, 0.08, 160) // 0.5
 */
export function utilization(lambda: number, serviceS: number, n: number): number {
  if (n <= 0) return 1;
  return Math.min(1, (lambda * serviceS) / n);
}

/**
 * The fleet's capacity N/S in requests per second: what N workers with mean service time S
 * complete at 100 % utilization (the most a saturated fleet serves) [3][4].
 * @example serviceRate(160, 0.08) // 2000
 */
export function serviceRate(n: number, serviceS: number): number {
  return n / serviceS;
}
