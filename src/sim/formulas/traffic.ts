// Arrivals: the diurnal rate, the surge, the per-minute noisy count, and load shedding.
import {normal, poisson, type Rng} from "../kit/rng.js";

/** Share of traffic that is low priority (prefetch, batch, crawlers) and may be shed [6]. */
export const LOW_PRIORITY_SHARE = 0.3;

/** A traffic wave: ramps linearly to `size`× over `rampMin`, holds `holdMin`, then decays. */
export interface Surge {
  /** Minute of the run at which the wave starts. */
  startMinute: number;
  /** Peak multiplier of the arrival rate (2 = twice the usual traffic). */
  size: number;
  rampMin: number;
  holdMin: number;
  /** Time constant of the exponential decay back to 1×, in minutes. */
  decayMin: number;
}

/**
 * Diurnal factor: 1 + 0.25·sin(2π(h − 6)/24) for clock hour h (peak 1.25 at 12:00) [6].
 * @example diurnalFactor(8) // 1.125
 */
export function diurnalFactor(clockHours: number): number {
  return 1 + DIURNAL_AMPLITUDE * Math.sin((2 * Math.PI * (clockHours - DIURNAL_PHASE_H)) / 24);
}

/** Amplitude of the daily wave, and the hour at which it crosses 1 going up (peak at 12:00) [6]. */
export const DIURNAL_AMPLITUDE = 0.25;
export const DIURNAL_PHASE_H = 6;

/**
 * Surge factor at `minute`: 1 before the start, then a linear ramp to `size`, a plateau, and
 * 1 + (size − 1)·e^(−Δt/decay) afterwards. Decision (the spec leaves the shape open) [6].
 */
export function surgeFactor(minute: number, surge: Surge | null): number {
  if (!surge || minute < surge.startMinute) return 1;
  const t = minute - surge.startMinute;
  const extra = surge.size - 1;
  if (t < surge.rampMin) return 1 + (extra * (t + 1)) / surge.rampMin;
  const after = t - surge.rampMin - surge.holdMin;
  if (after < 0) return surge.size;
  return 1 + extra * Math.exp(-after / surge.decayMin);
}

/**
 * Arrival rate λ(t) = base × (1 + 0.25·sin(2π(t + clock − 6 h)/24 h)) × surge(t), in req/s [6].
 * `clockHours` is the time of day t + clock.
 * @example arrivalRate(1000, 8) // 1125
 */
export function arrivalRate(base: number, clockHours: number, surge = 1): number {
  return base * diurnalFactor(clockHours) * surge;
}

/**
 * Requests counted in one minute at rate λ: N(60λ, √(60λ)) × (1 + N(0, 0.02)), never negative [6].
 * Below a mean of 500 per minute the normal approximation is replaced by an exact Poisson draw
 * (Knuth); the 2 % multiplicative noise applies in both cases.
 */
export function minuteCount(rng: Rng, lambda: number): number {
  const mean = 60 * lambda;
  const count = mean < 500 ? poisson(rng, mean) : normal(rng, mean, Math.sqrt(mean));
  return Math.max(0, count * (1 + normal(rng, 0, 0.02)));
}

/**
 * Share of all traffic the load balancer rejects: dropped = 30 % × sheddingShare [6].
 * @example droppedShare(1) // 0.3
 */
export function droppedShare(sheddingShare: number): number {
  return LOW_PRIORITY_SHARE * sheddingShare;
}
