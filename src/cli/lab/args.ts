// Argument checks shared by the lab subcommands. Each throws a UsageError with a one-line
// message; the lab dispatcher adds the subcommand's usage and name.
import {resolve} from "node:path";
import {UsageError, type Context} from "../command.js";
import {unwritableReason} from "../../lab/files.js";

/** One lab subcommand: `lab <name> …`. */
export interface Subcommand {
  name: string;
  summary: string;
  usage: string;
  run(args: string[], context: Context): Promise<number>;
}

/** Throws unless there are between `min` and `max` positional arguments (no flags here). */
export function expectArgs(args: string[], min: number, max = min): void {
  const flag = args.find((a) => /^--?[a-zA-Z]/.test(a));
  if (flag) throw new UsageError(`unknown option ${flag}`);
  if (args.length < min) throw new UsageError(`expected ${min === max ? min : `${min} to ${max}`} arguments, got ${args.length}`);
  if (args.length > max) throw new UsageError(`too many arguments (${args.length}; at most ${max})`);
}

/** An integer in [min, max]. */
export function integerArg(name: string, value: string, min = -Infinity, max = Infinity): number {
  const n = /^[-+]?\d+$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n)) throw new UsageError(`${name} must be an integer, got "${value}"`);
  if (n < min) throw new UsageError(`${name} must be at least ${min}, got ${n}`);
  if (n > max) throw new UsageError(`${name} must be at most ${max}, got ${n}`);
  return n;
}

/** A finite number above 0 (or at least 0 when `allowZero`). */
export function positiveArg(name: string, value: string, allowZero = false): number {
  const n = value.trim() === "" ? NaN : Number(value);
  if (!Number.isFinite(n)) throw new UsageError(`${name} must be a number, got "${value}"`);
  if (allowZero ? n < 0 : n <= 0) throw new UsageError(`${name} must be ${allowZero ? "at least 0" : "above 0"}, got ${n}`);
  return n;
}

/** An http:// URL. */
export function urlArg(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`malformed URL "${value}"`);
  }
  if (url.protocol !== "http:") throw new UsageError(`URL must start with http://, got "${value}"`);
  return url.href;
}

/** An output file path (resolved against the working directory) that can be written. */
export function outputArg(value: string, context: Context): string {
  const reason = unwritableReason(resolve(context.cwd, value));
  if (reason) throw new UsageError(reason.replace(resolve(context.cwd, value), value));
  return resolve(context.cwd, value);
}
