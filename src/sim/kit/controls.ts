// A model's controls as the kit knows them: values by name, each one's type and range, and
// the check of one value against them (a message naming the problem).
import {cutText, showValue} from "./show.js";

/** Any model's control values by name: what a scenario starts with and an action sets. */
export type ControlValues = Record<string, number | boolean>;

/**
 * The allowed values of one control. An integer control may name its values (`choices`, e.g.
 * backoff 0 none, 1 fixed, 2 exponential): views show the names, links and files the number.
 */
export type ControlSpec =
  | {type: "boolean"}
  | {
      type: "integer" | "number";
      min: number;
      max: number;
      choices?: readonly string[];
      /** A share in [0, 1], shown in percent. */
      share?: boolean;
      /** The unit shown after the value, and its digits (default 0). */
      unit?: string;
      digits?: number;
    };

/** A model's controls: each one's type and range. */
export type ControlSpecs = Readonly<Record<string, ControlSpec>>;

/** Checks one value against a model's `specs`: a message naming the problem, or null. */
export function checkControlIn(specs: ControlSpecs, name: string, value: unknown): string | null {
  if (!Object.hasOwn(specs, name)) return `unknown control "${cutText(name)}" (controls: ${Object.keys(specs).join(", ")})`;
  const spec = specs[name];
  if (spec.type === "boolean") return typeof value === "boolean" ? null : `${name} must be true or false, got ${showValue(value)}`;
  if (typeof value !== "number" || !Number.isFinite(value)) return `${name} must be a number, got ${showValue(value)}`;
  if (spec.type === "integer" && !Number.isInteger(value)) return `${name} must be an integer, got ${value}`;
  if (value < spec.min || value > spec.max) return `${name} must be between ${spec.min} and ${spec.max}, got ${value}`;
  return null;
}
