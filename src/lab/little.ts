// Little's law, L = λW (Little, 1961), and its closed-loop form for virtual users.

/** Little's law: the mean number in a system, L = λ × W (rate per second × time in seconds). */
export function littleL(rate: number, timeS: number): number {
  return rate * timeS;
}

/**
 * The request rate of a closed loop: N users each waiting R for the answer and thinking Z
 * make N / (R + Z) requests per second (Little's law over one user's round trip).
 */
export function closedLoopRate(users: number, responseS: number, thinkS: number): number {
  return users / (responseS + thinkS);
}

/** The closed-loop rate if answers took no time, N / Z: what a test plan naively promises. */
export function naiveClosedLoopRate(users: number, thinkS: number): number {
  return users / thinkS;
}

/** The most requests per second `workers` can serve at `serviceS` each: workers / serviceS. */
export function maxRate(workers: number, serviceS: number): number {
  return workers / serviceS;
}

/** The workers an even-arrival estimate asks for: ceil(rate × serviceS). */
export function formulaWorkers(rate: number, serviceS: number): number {
  return Math.ceil(rate * serviceS - 1e-9); // 25 × 0.04 must be 1, not 2 from rounding noise
}
