// A small flag parser over node:util's parseArgs that turns its errors into UsageErrors.
import {parseArgs, type ParseArgsConfig} from "node:util";
import {UsageError} from "./command.js";

type Options = NonNullable<ParseArgsConfig["options"]>;

/** Parses `args` against `options`; unknown flags and missing values become UsageErrors. */
export function parseFlags<T extends Options>(args: string[], options: T, allowPositionals = false) {
  try {
    return parseArgs({args, options, allowPositionals, strict: true});
  } catch (error) {
    const message = (error as Error).message.split("\n")[0].replace(/\. To specify a positional.*$/, "");
    throw new UsageError(message);
  }
}

/** Parses an integer flag value within [min, max], or throws a UsageError naming the flag. */
export function integerFlag(name: string, value: string | undefined, fallback: number, min = -Infinity, max = Infinity): number {
  if (value === undefined) return fallback;
  if (!/^-?\d+$/.test(value.trim())) throw new UsageError(`${name} must be an integer, got "${value}"`);
  const n = Number(value);
  if (n < min || n > max) throw new UsageError(`${name} must be between ${min} and ${max}, got ${n}`);
  return n;
}
