// The on-call learner's controls: one typed object, its defaults, and the ranges each value may take.
import {MAX_INSTANCES, MIN_INSTANCES} from "./autoscaler.js";
import {checkControlIn, type ControlSpec} from "../kit/controls.js";

/** Everything the learner can set, minute by minute (a type, not an interface, so it is a ControlValues). */
export type Controls = {
  /** Floor of the fleet, 1 … 40; raising it launches instances at once. */
  fleetMin: number;
  /** Target tracking on; off = exactly fleetMin instances. */
  autoscaling: boolean;
  /** Autoscaler target utilization, 0.1 … 1. */
  targetUtilization: number;
  /** Cache TTL in seconds, 0 … 3600. */
  ttlS: number;
  /** Share of the 30 % low-priority traffic the load balancer rejects, 0 … 1. */
  sheddingShare: number;
  /** Recommendations on (+20 ms CPU, +1 query per request); off = graceful degradation. */
  heavyFeature: boolean;
  /** Minutes a new instance boots before serving, 0 … 30. */
  bootDelayMin: number;
};

/**
 * Free play's controls, which give the specification's opening dashboard. Decisions: autoscaling starts
 * off (the fleet is exactly its minimum, 10); its target is 60 %; instances boot in 3 minutes.
 */
export const defaultControls: Readonly<Controls> = Object.freeze({
  fleetMin: 10,
  autoscaling: false,
  targetUtilization: 0.6,
  ttlS: 60,
  sheddingShare: 0,
  heavyFeature: true,
  bootDelayMin: 3
});

/** Each control's type and range, for validation and for building sliders. */
export const controlSpecs: Readonly<Record<keyof Controls, ControlSpec>> = Object.freeze({
  fleetMin: {type: "integer", min: MIN_INSTANCES, max: MAX_INSTANCES},
  autoscaling: {type: "boolean"},
  targetUtilization: {type: "number", min: 0.1, max: 1, share: true},
  ttlS: {type: "number", min: 0, max: 3600, unit: "s"},
  sheddingShare: {type: "number", min: 0, max: 1, share: true},
  heavyFeature: {type: "boolean"},
  bootDelayMin: {type: "integer", min: 0, max: 30, unit: "min"}
});

/** The control names, in a stable order. */
export const controlNames = Object.keys(controlSpecs) as (keyof Controls)[];

/** Checks one on-call control value; returns a message naming the problem, or null when it is valid. */
export function checkControl(name: string, value: unknown): string | null {
  return checkControlIn(controlSpecs, name, value);
}
