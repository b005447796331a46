// Seeded randomness for the lab: the schedules and the simulation never read a global
// generator, so the same seed gives the same plan in Node and in the browser.

/** A uniform generator on [0, 1). */
export type Random = () => number;

/** mulberry32, the simulator's seeded generator (seed folded to 32 bits): one implementation serves both. */
export {mulberry32} from "../sim/kit/rng.js";

/** An exponential sample with the given rate (mean 1/rate) by inverse CDF: −ln(1 − U) / rate. */
export function exponentialWithRate(random: Random, rate: number): number {
  return -Math.log(1 - random()) / rate;
}
