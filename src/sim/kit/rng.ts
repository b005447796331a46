// Seeded randomness for the simulator. The generator is always passed in: model code never
// calls Math.random, so a seed reproduces a run byte for byte.

/** A source of uniform numbers in [0, 1). */
export type Rng = () => number;

/**
 * mulberry32: a 32-bit generator with one word of state, period 2^32.
 * Source: Tommy Ettinger's mulberry32 (public domain), as used by many seeded JS libraries.
 * @example const rng = mulberry32(1); rng(); // 0.6270739405881613
 */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A fresh generator seeded by one draw of `rng`: x = ⌊2^32·u⌋, then mulberry32(x).
 * Lets a step use any number of draws while consuming exactly one from the main stream.
 */
export function substream(rng: Rng): Rng {
  return mulberry32(Math.floor(rng() * 4294967296));
}

/** Uniform on [min, max): x = min + (max − min)·u. */
export function uniform(rng: Rng, min = 0, max = 1): number {
  return min + (max - min) * rng();
}

/**
 * Exponential with the given mean by the inverse CDF: x = −mean·ln(1 − u).
 * Source: Devroye, Non-Uniform Random Variate Generation (1986), §II.2.
 */
export function exponentialWithMean(rng: Rng, mean: number): number {
  return 0 - mean * Math.log(1 - rng()); // 0 − …, not −…, so u = 0 gives +0
}

/**
 * Normal by Box–Muller: z = √(−2 ln u₁)·cos(2π u₂), x = mean + sd·z (uses two draws).
 * Source: Box & Muller, "A Note on the Generation of Random Normal Deviates" (1958).
 */
export function normal(rng: Rng, mean = 0, sd = 1): number {
  const u1 = 1 - rng(); // in (0, 1], so the logarithm is finite
  const u2 = rng();
  return mean + sd * Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

/**
 * Poisson by Knuth's multiplication method: the count of uniforms whose running product
 * stays above e^(−mean). O(mean) draws; exact for mean ≤ 700 (e^(−mean) stays a normal double).
 * Source: Knuth, The Art of Computer Programming Vol. 2, §3.4.1.
 */
export function poisson(rng: Rng, mean: number): number {
  if (!(mean >= 0 && mean <= 700)) throw new RangeError(`poisson mean must be in [0, 700], got ${mean}`);
  const limit = Math.exp(-mean);
  let k = 0;
  let p = rng();
  while (p > limit) {
    k++;
    p *= rng();
  }
  return k;
}
