// Timed actions: `{minute, set: {control: value}}` or `{minute, press: "rollback" | "warmup"}`,
// and their validation with messages that name the problem (for the CLI and the URL hash).
import {checkControl, type Controls} from "./controls.js";
import type {Button} from "./step.js";

/** Sets controls at the start of a minute. */
export interface SetAction {
  minute: number;
  set: Partial<Controls>;
}

/** Presses a button at the start of a minute. */
export interface PressAction {
  minute: number;
  press: Button;
}

/** A timed action, as in the CLI's actions file and the notebook's decision log. */
export type Action = SetAction | PressAction;

/** The outcome of validation: the actions (when valid) and every problem found. */
export interface ActionValidation {
  actions: Action[];
  errors: string[];
}

const buttons: readonly string[] = ["rollback", "warmup"];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Checks parsed JSON against the action format: an array of objects, each with an integer
 * `minute` in [0, minutes − 1] and exactly one of `set` (known controls, values in range) or
 * `press` (a known button). Returns the typed actions and a message per problem.
 * @example validateActions([{minute: 3, press: "rollback"}], {minutes: 60}).errors // []
 */
export function validateActions(json: unknown, options: {minutes?: number} = {}): ActionValidation {
  const {minutes = Infinity} = options;
  const errors: string[] = [];
  if (!Array.isArray(json)) return {actions: [], errors: ["actions must be a JSON array of {minute, set} or {minute, press} objects"]};
  json.forEach((item, i) => {
    const at = `action ${i}`;
    if (!isRecord(item)) return void errors.push(`${at} must be an object, got ${JSON.stringify(item)}`);
    for (const key of Object.keys(item)) {
      if (key !== "minute" && key !== "set" && key !== "press") errors.push(`${at}: unknown field "${key}" (expected minute, set or press)`);
    }
    const {minute} = item;
    if (typeof minute !== "number" || !Number.isInteger(minute)) errors.push(`${at}: minute must be an integer, got ${JSON.stringify(minute)}`);
    else if (minute < 0 || minute >= minutes) errors.push(`${at}: minute ${minute} is out of range 0..${minutes - 1}`);
    const hasSet = "set" in item, hasPress = "press" in item;
    if (hasSet === hasPress) errors.push(`${at} must have exactly one of "set" or "press"`);
    if (hasSet) {
      if (!isRecord(item.set)) errors.push(`${at}: set must be an object of controls, got ${JSON.stringify(item.set)}`);
      else for (const [name, value] of Object.entries(item.set)) {
        const problem = checkControl(name, value);
        if (problem) errors.push(`${at}: ${problem}`);
      }
    }
    if (hasPress && !buttons.includes(item.press as string)) {
      errors.push(`${at}: unknown button ${JSON.stringify(item.press)} (buttons: rollback, warmup)`);
    }
  });
  return {actions: errors.length ? [] : (json as Action[]), errors};
}
