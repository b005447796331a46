// Values from users (an actions file, a link) shown in messages: bounded and on one line, so a
// huge or deeply nested value is never printed back whole (and never stringified recursively).
import {oneLine} from "../../io/oneLine.js";

/** Longest text a message quotes from its input, in characters. */
export const SHOW_MAX = 60;

/**
 * A short, one-line rendering of any value for a message: strings quoted and cut at `max`
 * characters (control characters escaped), numbers as JavaScript writes them (Infinity, not
 * null), arrays and objects by kind only. Constant cost whatever the value's size or depth.
 * @example showValue("x".repeat(100), 3) // '"xxx"…'
 */
export function showValue(value: unknown, max = SHOW_MAX): string {
  switch (typeof value) {
    case "string":
      return value.length > max ? `${JSON.stringify(value.slice(0, max))}…` : JSON.stringify(value);
    case "number":
    case "boolean":
    case "undefined":
      return String(value);
    case "bigint":
      return cutText(`${value}n`, max);
    case "object":
      if (value === null) return "null";
      return Array.isArray(value) ? `an array of ${value.length} item${value.length === 1 ? "" : "s"}` : "an object";
    default:
      return `a ${typeof value}`;
  }
}

/**
 * Text cut to `max` characters (with … when cut) and with control characters escaped, for
 * quoting a name or a literal in a one-line message.
 * @example cutText("a\nb") // "a\\nb"
 */
export function cutText(text: string, max = SHOW_MAX): string {
  const cut = text.length > max ? text.slice(0, max) : text;
  const escaped = oneLine(cut);
  return cut.length < text.length ? `${escaped}…` : escaped;
}
