// The database behind the cache: its load, query time, and the service time it adds.

/** Queries per second the database sustains [6]. */
export const DB_CAPACITY_QPS = 4_000;
/** Query time of an idle database, seconds, and its cap [6]. */
export const QUERY_TIME_S = 0.005;
export const QUERY_TIME_CAP_S = 0.25;
/** Application time per request, seconds; the heavy feature adds 20 ms and one query [6]. */
export const APP_TIME_S = 0.05;
export const HEAVY_APP_TIME_S = 0.02;
export const QUERIES_PER_REQUEST = 2;

/** Queries per request q: 2, or 3 with the heavy feature (recommendations) on [6]. */
export function queriesPerRequest(heavyFeature: boolean): number {
  return QUERIES_PER_REQUEST + (heavyFeature ? 1 : 0);
}

/**
 * Application (CPU) time per request: S_app = (50 ms + 20 ms if heavy) × cpuFactor, where the
 * bad build multiplies CPU by 1.25 on its share of traffic [6].
 */
export function appTime(heavyFeature: boolean, cpuFactor = 1): number {
  return (APP_TIME_S + (heavyFeature ? HEAVY_APP_TIME_S : 0)) * cpuFactor;
}

/**
 * DB load = λ·q·(1 − hit) queries/s, plus any extra (the warm-up job's 600 q/s) [6].
 * @example dbLoad(1125, 3, 0.7714) // ≈ 771
 */
export function dbLoad(lambda: number, q: number, hit: number, extraQps = 0): number {
  return lambda * q * (1 - hit) + extraQps;
}

/**
 * Query time = 5 ms/(1 − ρ_db), capped at 250 ms (also at and above saturation, ρ_db ≥ 1) [6].
 * @example queryTime(0.5) // 0.01
 */
export function queryTime(rhoDb: number): number {
  if (rhoDb >= 1) return QUERY_TIME_CAP_S;
  return Math.min(QUERY_TIME_CAP_S, QUERY_TIME_S / (1 - rhoDb));
}

/** Service time S = S_app + (1 − hit)·q·query time, seconds [6]. */
export function serviceTime(appS: number, hit: number, q: number, queryS: number): number {
  return appS + (1 - hit) * q * queryS;
}
