// Argument checks shared by the lab subcommands. Each throws a UsageError with a one-line
// message; the lab dispatcher adds the subcommand's usage and name.
import {closeSync, existsSync, openSync, readSync} from "node:fs";
import {resolve} from "node:path";
import {UsageError, type Context} from "../command.js";
import {maxTimerMs} from "../../lab/clock.js";
import {unwritableReason} from "../../io/write.js";
import {recordedKind, type LabOutputKind} from "../../lab/recorded.js";

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

/** The most requests per second a lab tool accepts: 1 µs apart, the resolution of the lab's files. */
export const maxRate = 1_000_000;

const timerLimit = `${maxTimerMs / 1000} s (2^31 − 1 ms, the longest timer: about 24.8 days)`;

/** A duration in milliseconds a timer can hold: 0 (or above 0) up to 2^31 − 1. */
export function timerMsArg(name: string, value: string, allowZero = false): number {
  const ms = positiveArg(name, value, allowZero);
  if (ms > maxTimerMs)
    throw new UsageError(`${name} must be at most ${maxTimerMs} ms (2^31 − 1, the longest timer: about 24.8 days), got ${value}`);
  return ms;
}

/** A duration in seconds a timer can hold: up to (2^31 − 1) / 1000. */
export function timerSecondsArg(name: string, value: string, allowZero = false): number {
  const s = positiveArg(name, value, allowZero);
  if (s * 1000 > maxTimerMs) throw new UsageError(`${name} must be at most ${timerLimit}, got ${value}`);
  return s;
}

/**
 * A rate per second whose interval a timer can hold and the files can tell apart: at most
 * 1,000,000/s (1 µs apart), and `count` requests at it last no longer than one timer holds.
 */
export function rateArg(name: string, value: string, count = 1): number {
  const rate = positiveArg(name, value);
  if (rate > maxRate)
    throw new UsageError(`${name} must be at most ${maxRate} per second (1 µs apart, the files' resolution), got ${value}`);
  const lastingMs = (count / rate) * 1000;
  if (!(lastingMs <= maxTimerMs))
    throw new UsageError(
      `${name} ${value}: ${count === 1 ? "one interval (1/rate)" : `${count} requests`} would last ${(count / rate).toPrecision(3)} s; at most ${timerLimit}`
    );
  return rate;
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

/**
 * An output file path (resolved against the working directory) that can be written as `writes`:
 * a regular file or nothing (src/io/target.ts), and not a recording or decision of another kind
 * (src/lab/recorded.ts: `lab gen` never replaces a server dump or a recorded run with a plan).
 */
export function outputArg(value: string, context: Context, writes: LabOutputKind): string {
  const path = resolve(context.cwd, value);
  const reason = unwritableReason(path, value);
  if (reason) throw new UsageError(reason);
  const held = existsSync(path) ? recordedKind(path, firstLine(path)) : undefined;
  if (held && held !== writes)
    throw new UsageError(`cannot write ${value}: it holds ${held}: refusing to replace it with ${writes}; choose another name`);
  return path;
}

/** The first line of a regular file, from its first 4 KB (a header is short; a huge file is not read). */
function firstLine(path: string): string {
  const bytes = Buffer.alloc(4096);
  const fd = openSync(path, "r");
  try {
    const n = readSync(fd, bytes, 0, bytes.length, 0);
    return bytes.subarray(0, n).toString("utf8").split(/\r?\n/)[0];
  } finally {
    closeSync(fd);
  }
}
