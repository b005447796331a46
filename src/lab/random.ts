// Seeded randomness for the lab: the schedules and the simulation never read a global
// generator, so the same seed gives the same plan in Node and in the browser.

/** A uniform generator on [0, 1). */
export type Random = () => number;

/**
 * mulberry32 (Tommy Ettinger, public domain): a 32-bit state generator, fast and good enough
 * for inter-arrival times. The seed is folded to 32 bits (seed mod 2^32).
 */
export function mulberry32(seed: number): Random {
  let state = Number(BigInt.asUintN(32, BigInt(Math.trunc(seed))));
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An exponential sample with the given rate (mean 1/rate) by inverse CDF: −ln(1 − U) / rate. */
export function exponential(random: Random, rate: number): number {
  return -Math.log(1 - random()) / rate;
}
