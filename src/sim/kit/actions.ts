// Timed actions of any model: `{minute, set: {control: value}}` or `{minute, press: button}`,
// and their validation against a model's vocabulary with messages that name the problem (for
// the CLI and the URL hash).
import {checkControlIn, type ControlSpecs, type ControlValues} from "./controls.js";
import {cutText, showValue} from "./show.js";

/** Sets a model's controls, by name, at the start of a minute. */
export interface SetAction {
  minute: number;
  set: ControlValues;
}

/** Presses one of a model's buttons (the on-call model's rollback and warmup) at the start of a minute. */
export interface PressAction {
  minute: number;
  press: string;
}

/** A timed action, as in the CLI's actions file and the notebook's decision log. */
export type Action = SetAction | PressAction;

/** The outcome of validation: the actions (when valid) and every problem found. */
export interface ActionValidation {
  actions: Action[];
  errors: string[];
}

/** Which controls and buttons actions may use: a model's. */
export interface ActionVocabulary {
  controls: ControlSpecs;
  buttons: readonly string[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Checks parsed JSON against the action format: an array of objects, each with an integer
 * `minute` in [0, minutes − 1] and exactly one of `set` (known controls, values in range) or
 * `press` (a known button). Returns the typed actions and a message per problem.
 * @example validateActions([{minute: 3, press: "rollback"}], {minutes: 60, vocabulary: oncallVocabulary}).errors // []
 */
export function validateActions(json: unknown, options: {minutes?: number; vocabulary: ActionVocabulary}): ActionValidation {
  const {minutes = Infinity, vocabulary} = options;
  const errors: string[] = [];
  if (!Array.isArray(json)) return {actions: [], errors: ["actions must be a JSON array of {minute, set} or {minute, press} objects"]};
  json.forEach((item, i) => {
    const at = `action ${i}`;
    if (!isRecord(item)) return void errors.push(`${at} must be an object, got ${showValue(item)}`);
    for (const key of Object.keys(item)) {
      if (key !== "minute" && key !== "set" && key !== "press")
        errors.push(`${at}: unknown field "${cutText(key)}" (expected minute, set or press)`);
    }
    const {minute} = item;
    if (typeof minute !== "number" || !Number.isInteger(minute)) errors.push(`${at}: minute must be an integer, got ${showValue(minute)}`);
    else if (minute < 0 || minute >= minutes) errors.push(`${at}: minute ${minute} is out of range 0..${minutes - 1}`);
    const hasSet = "set" in item,
      hasPress = "press" in item;
    if (hasSet === hasPress) errors.push(`${at} must have exactly one of "set" or "press"`);
    if (hasSet) {
      if (!isRecord(item.set)) errors.push(`${at}: set must be an object of controls, got ${showValue(item.set)}`);
      else
        for (const [name, value] of Object.entries(item.set)) {
          const problem = checkControlIn(vocabulary.controls, name, value);
          if (problem) errors.push(`${at}: ${problem}`);
        }
    }
    if (hasPress && !vocabulary.buttons.includes(item.press as string)) {
      errors.push(`${at}: unknown button ${showValue(item.press)} (buttons: ${vocabulary.buttons.join(", ") || "none"})`);
    }
  });
  return {actions: errors.length ? [] : (json as Action[]), errors};
}

/** The most bytes an actions file may hold (4 MB): a decision log is a few kilobytes. */
export const MAX_ACTIONS_BYTES = 4 * 1024 * 1024;

/** Parsed JSON, or one line saying why the text is not usable JSON. */
export type JsonResult = {ok: true; json: unknown} | {ok: false; error: string};

/**
 * Parses the text of an actions file: a leading byte-order mark is skipped; a syntax error is
 * one line cut to a readable length; a number literal too large for a double (`1e400`, which
 * JSON.parse would turn into Infinity and JSON.stringify into null) is named as written, with
 * its line and column. Linear in the text; never throws.
 * @example parseActionsJson('[{"minute": 1e400}]') // {ok: false, error: "the number 1e400 (line 1, column 13) is too large"}
 */
export function parseActionsJson(text: string): JsonResult {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (error) {
    return {ok: false, error: `not valid JSON: ${cutText(String((error as Error).message).replace(/\s+/g, " "), 120)}`};
  }
  const huge = overflowingNumber(body);
  if (huge) return {ok: false, error: `the number ${cutText(huge.literal)} (line ${huge.line}, column ${huge.column}) is too large`};
  return {ok: true, json};
}

/** The first number literal outside strings whose value overflows to ±Infinity, if any. */
function overflowingNumber(text: string): {literal: string; line: number; column: number} | null {
  let line = 1,
    lineStart = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      line++;
      lineStart = i + 1;
    } else if (c === 34) {
      // Skip a string (its escapes included); JSON strings hold no raw newlines.
      for (i++; i < text.length && text.charCodeAt(i) !== 34; i++) if (text.charCodeAt(i) === 92) i++;
    } else if (c === 45 || (c >= 48 && c <= 57)) {
      const start = i;
      while (i + 1 < text.length && /[-+.\deE]/.test(text[i + 1])) i++;
      const literal = text.slice(start, i + 1);
      const value = Number(literal);
      if (value === Infinity || value === -Infinity) return {literal, line, column: start - lineStart + 1};
    }
  }
  return null;
}
