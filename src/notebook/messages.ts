// How the compiler and the site speak of a notebook's problems: the error a build stops with,
// user strings quoted on one line, and paths shown relative, so a published page never names
// the build machine's folders. No imports from the passes, so every pass may use it.
import {isAbsolute, relative, sep} from "node:path";
import {oneLine} from "../io/oneLine.js";

export {oneLine};

/** A notebook that cannot be built: one line naming file, position and problem. */
export class BuildError extends Error {}

/** A user's string quoted for a one-line message: control characters escaped, long values cut. */
export function quote(value: string, max = 120): string {
  const cut = value.length > max ? value.slice(0, max) + "…" : value;
  // JSON escapes C0 controls, quotes and backslashes; oneLine adds what JSON leaves raw (DEL, C1, U+2028/9).
  return oneLine(JSON.stringify(cut));
}

/** A path as messages show it: relative to `base` with / separators, so a published page never names the build machine's folders. */
export function shown(base: string, path: string): string {
  return relative(base, path).split(sep).join("/") || ".";
}

/** True when `inner` is `outer` or lies inside it. */
export function within(inner: string, outer: string): boolean {
  const rel = relative(outer, inner);
  return rel === "" || !(rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel));
}
