// The TTL cache in front of the database: hit rate, age of answers, refill and warm-up.

/** Hot objects the cache holds [6]. */
export const HOT_OBJECTS = 20_000;
/** Time constant of the natural refill after a flush, minutes [6]. */
export const REFILL_TAU_MIN = 30;
/** The warm-up job: +12 % of the cache per minute for 6 minutes, at +600 DB queries/s [6]. */
export const WARMUP_PER_MIN = 0.12;
export const WARMUP_MIN = 6;
export const WARMUP_DB_QPS = 600;

/**
 * Cache hit rate: hit = warm × rT/(1 + rT), with r = λ/20,000 (requests per second per hot
 * object) and TTL T in seconds; `warm` is the share of hot keys loaded.
 * Source: Jung, Berger & Balakrishnan, "Modeling TTL-based Internet caches" (2003) [5].
 * @example hitRate(1125, 60, 1) // 0.7714…
 */
export function hitRate(lambda: number, ttlS: number, warm: number): number {
  const rT = (lambda / HOT_OBJECTS) * ttlS;
  return warm * (rT / (1 + rT));
}

/** Mean age of a cached answer ≈ T/2 seconds [5]. */
export function cacheAge(ttlS: number): number {
  return ttlS / 2;
}

/**
 * One minute of natural refill: warm' = warm + (1 − warm)(1 − e^(−1/τ)), τ = 30 min × max(1,
 * ρ_db): while the database is saturated (ρ_db > 1) it completes only 1/ρ_db of the misses, so
 * the refill slows in proportion. Decision on "slower while the DB is saturated" [6].
 */
export function refill(warm: number, dbLoadRatio: number): number {
  const tau = REFILL_TAU_MIN * Math.max(1, dbLoadRatio);
  return warm + (1 - warm) * (1 - Math.exp(-1 / tau));
}

/** One minute of the warm-up job: warm' = min(1, warm + 0.12) [6]. */
export function warmupStep(warm: number): number {
  return Math.min(1, warm + WARMUP_PER_MIN);
}
