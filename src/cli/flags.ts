// A small flag parser over node:util's parseArgs that turns its errors into UsageErrors, and
// the integer flag check every command uses.
import {parseArgs, type ParseArgsConfig} from "node:util";
import {cutText} from "../sim/kit/show.js";
import {UsageError} from "./command.js";

type Options = NonNullable<ParseArgsConfig["options"]>;

/**
 * parseArgs reads `--minutes -1` as a flag after a flag with no value ("argument is
 * ambiguous"); joining such a pair as `--minutes=-1` lets the flag's own check answer instead.
 * A value with one leading "-" (`-1`, `-x`) is joined, unless it is one of the command's short
 * flags or -h; one with "--" never is (a mistyped long flag stays a missing value, not a folder
 * named `--snapshto`), and nothing after `--` (the end of the flags) is touched.
 */
function joinDashValues(args: string[], options: Options): string[] {
  const byShort = new Map(Object.entries(options).flatMap(([name, o]) => (o.short === undefined ? [] : [[`-${o.short}`, name] as const])));
  const nameOf = (arg: string): string | undefined => (arg.startsWith("--") ? arg.slice(2) : byShort.get(arg as `-${string}`));
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i],
      next = args[i + 1];
    if (arg === "--") return [...out, ...args.slice(i)];
    const name = arg.includes("=") ? undefined : nameOf(arg);
    const takesValue = name !== undefined && Object.hasOwn(options, name) && options[name].type === "string";
    if (takesValue && next !== undefined && /^-[^-]/.test(next) && next !== "-h" && !byShort.has(next as `-${string}`)) {
      out.push(`--${name}=${next}`);
      i++;
    } else out.push(arg);
  }
  return out;
}

/** Parses `args` against `options`; unknown flags and missing values become UsageErrors (parseArgs quotes the flag it did not know: a huge one is cut). */
export function parseFlags<T extends Options>(args: string[], options: T, allowPositionals = false) {
  try {
    return parseArgs({args: joinDashValues(args, options), options, allowPositionals, strict: true});
  } catch (error) {
    // A value-taking flag followed by another flag: parseArgs calls it "ambiguous"; it is a missing value.
    const message = (error as Error).message
      .split("\n")[0]
      .replace(/\. To specify a positional.*$/, "")
      .replace(/^(Option '[^']+') argument is ambiguous\.$/, "$1 argument missing");
    throw new UsageError(cutText(message, 200));
  }
}

/** An integer flag within [min, max], or a UsageError naming the flag, the bound that failed and the value (quoted cut short). */
export function integerFlag(name: string, value: string | undefined, fallback: number, min = -Infinity, max = Infinity): number {
  if (value === undefined) return fallback;
  if (!/^\s*[-+]?\d{1,30}\s*$/.test(value)) throw new UsageError(`${name} must be an integer, got "${cutText(value)}"`);
  const n = Number(value);
  if (n < min) throw new UsageError(`${name} must be at least ${min}, got ${cutText(value.trim())}`);
  if (n > max) throw new UsageError(`${name} must be at most ${max}, got ${cutText(value.trim())}`);
  return n;
}
