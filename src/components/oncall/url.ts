// The run in the page's URL: read once when the page opens (a broken or hostile link opens the
// defaults with a notice), written back as the learner plays. Writes are spaced out because
// browsers throttle history.replaceState (Chromium: about 200 calls in 10 s), and ×60 play
// changes the minute 60 times a second.
import {hashParts, readHashPart} from "../../page/hash.js";
import {findScenario} from "../../sim/catalog.js";
import {decodeRunLink, defaultRunLink, encodeRunLink, type FindScenario, type LinkProblem, type RunLink} from "../../sim/link.js";
import {clampMinute} from "./session.js";

/** The run a page opens, and the problem when the link could not be read. */
export interface OpenedRun {
  run: RunLink;
  problem: LinkProblem | null;
}

/** The scenarios a page reads links of, and the one it opens without a (readable) link. */
export interface LinkScenarios {
  find?: FindScenario;
  /** The default scenario's name (free play when left out). */
  fallback?: string;
}

/**
 * The run of the hash part `run=`: undefined when there is none (the defaults, no notice), or
 * when its escapes are broken (`present`: the defaults with a notice). Never throws.
 */
export function openRun(value: string | undefined, present = value !== undefined, options: LinkScenarios = {}): OpenedRun {
  const {find = findScenario, fallback} = options;
  const defaults = (): RunLink => (fallback === undefined ? defaultRunLink() : {...defaultRunLink(), scenario: fallback});
  if (value === undefined) return {run: defaults(), problem: present ? "syntax" : null};
  const result = decodeRunLink(value, find);
  if (!result.ok) return {run: defaults(), problem: result.problem};
  return {run: {...result.run, minute: clampMinute(result.run.minute)}, problem: null};
}

/**
 * The run of a URL hash (`#run=…&/3`), read with the page's hash helpers (src/page/hash.ts):
 * no `run=` part opens the defaults quietly, a broken one with a notice.
 */
export function runOfHash(hash: string, options: LinkScenarios = {}): OpenedRun {
  return openRun(
    readHashPart("run", hash),
    hashParts(hash).some((part) => part.startsWith("run=")),
    options
  );
}

/** Writes a run's link value at most every `spacing` ms; the last value is always written. */
export function linkWriter(
  write: (value: string) => void,
  clock: {now(): number; later(fn: () => void, ms: number): unknown},
  spacing = 400,
  find: FindScenario = findScenario
): (run: RunLink, now?: boolean) => void {
  let last = -Infinity;
  let pending: string | null = null;
  let written: string | null = null;
  let timer = false;
  const flush = () => {
    timer = false;
    if (pending === null || pending === written) return;
    written = pending;
    last = clock.now();
    write(pending);
  };
  return (run, immediate = false) => {
    pending = encodeRunLink(run, find);
    if (immediate || clock.now() - last >= spacing) return flush();
    if (!timer) {
      timer = true;
      clock.later(flush, spacing - (clock.now() - last));
    }
  };
}

/**
 * The run a hash change brings (a link pasted into the address bar of the open page), or null
 * when the change left `run=` as it was (another part changed, e.g. a slide number).
 */
export function runOfHashChange(oldUrl: string, newUrl: string, options: LinkScenarios = {}): OpenedRun | null {
  const hashOf = (url: string) => (url.includes("#") ? url.slice(url.indexOf("#")) : "");
  if (readHashPart("run", hashOf(oldUrl)) === readHashPart("run", hashOf(newUrl))) return null;
  return runOfHash(hashOf(newUrl), options);
}
