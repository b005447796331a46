// The on-call run in a link: scenario, seed, decision log, current minute and language as the
// value of the URL hash part `run=`, e.g. `v1_bad-deploy_s7_m42_hu_29rollback_30fleetMin12~autoscalingOn`.
// Only characters that encodeURIComponent leaves alone, so the value reads the same in the URL.
// Decoding is defensive: whatever the text, it returns validated values or the defaults and a
// short notice of our own words; it never throws and its cost is bounded by a length cap.
import {validateActions, type Action, type ActionVocabulary, type SetAction} from "./kit/actions.js";
import {findScenario, modelOf} from "./catalog.js";
import {checkControlIn} from "./kit/controls.js";
import {isSeed, MAX_MINUTES, MAX_SEED} from "./kit/limits.js";
import type {RunOptions} from "./oncall/run.js";
import type {Scenario, ScenarioName} from "./kit/scenario.js";

/** What a link holds: enough to replay the run to the same numbers. */
export interface RunLink {
  scenario: ScenarioName;
  seed: number;
  /** The decision log, in the order it was made (the Action type of the CLI's actions file). */
  actions: Action[];
  /** The minute shown, 0 … MAX_MINUTES − 1. */
  minute: number;
  /** The page's language code (2–3 lowercase letters), when the link names one. */
  lang?: string;
}

/** Why a link could not be read, for a translated notice. */
export type LinkProblem = "empty" | "too-long" | "syntax" | "version" | "scenario" | "seed" | "minute" | "lang" | "action" | "too-many";

/** The outcome of reading a link: the run, or the defaults with a one-line notice. */
export type LinkResult = {ok: true; run: RunLink} | {ok: false; run: RunLink; problem: LinkProblem; notice: string};

/** Finds a scenario by the name a link carries (the shipped catalog by default, or a page's own). */
export type FindScenario = (name: string) => Scenario | undefined;

/** The controls and buttons a scenario's actions may use: its model's. */
function vocabularyOf(name: string, find: FindScenario): ActionVocabulary | null {
  const scenario = find(name);
  return scenario ? modelOf(scenario) : null;
}

/** The format version, the value's first part. */
export const LINK_VERSION = "v1";
/**
 * Longest value read or written, in characters; a longer one is refused before parsing. Room
 * for the most actions with a few settings each (about 50 characters an action).
 */
export const MAX_LINK_CHARS = 100_000;
/** Most actions a link may carry. */
export const MAX_LINK_ACTIONS = 1_000;

/** The run a link without `run=` opens: free play, seed 1, minute 0, no decisions. */
export function defaultRunLink(): RunLink {
  return {scenario: "free", seed: 1, actions: [], minute: 0};
}

const LANG = /^[a-z]{2,3}$/;
const UINT = /^\d{1,10}$/;
// Canonical JavaScript number text of a non-negative finite number (String(n)).
const NUMBER = /^\d{1,21}(?:\.\d{1,30})?(?:e[+-]\d{1,3})?$/;
// A control setting: its name, then On/Off or a number. The name is letters only.
const SETTING = /^([a-z][A-Za-z]{0,39}?)(On|Off|\d[\d.e+-]{0,40})$/;

/** The number's text in a link (-0 is written as 0). */
function numberText(value: number): string {
  return String(value === 0 ? 0 : value);
}

/** One action as a link part: `29rollback`, `30fleetMin12~autoscalingOn`. */
function actionText(action: Action): string {
  if ("press" in action) return `${action.minute}${action.press}`;
  const settings = Object.entries(action.set).map(([name, value]) =>
    typeof value === "boolean" ? `${name}${value ? "On" : "Off"}` : `${name}${numberText(value as number)}`
  );
  return `${action.minute}${settings.join("~")}`;
}

/**
 * The value of `run=` for `run`. Throws a RangeError on a run that is not valid (a programming
 * error: the page only records validated actions) or too long for a link (over MAX_LINK_ACTIONS
 * actions or MAX_LINK_CHARS characters).
 * @example encodeRunLink({scenario: "bad-deploy", seed: 7, minute: 42, actions: [{minute: 29, press: "rollback"}]}) // "v1_bad-deploy_s7_m42_29rollback"
 */
export function encodeRunLink(run: RunLink, find: FindScenario = findScenario): string {
  const vocabulary = vocabularyOf(run.scenario, find);
  if (!vocabulary) throw new RangeError(`unknown scenario ${run.scenario}`);
  if (!isSeed(run.seed)) throw new RangeError(`bad seed ${run.seed}`);
  if (!Number.isInteger(run.minute) || run.minute < 0 || run.minute >= MAX_MINUTES) throw new RangeError(`bad minute ${run.minute}`);
  if (run.lang !== undefined && !LANG.test(run.lang)) throw new RangeError(`bad language code`);
  if (run.actions.length > MAX_LINK_ACTIONS) throw new RangeError(`more than ${MAX_LINK_ACTIONS} actions`);
  const {errors} = validateActions(run.actions, {minutes: MAX_MINUTES, vocabulary});
  if (errors.length) throw new RangeError(errors[0]);
  const head = [LINK_VERSION, run.scenario, `s${run.seed}`, `m${run.minute}`];
  if (run.lang !== undefined) head.push(run.lang);
  const value = [...head, ...run.actions.map(actionText)].join("_");
  // Never write what decodeRunLink would refuse.
  if (value.length > MAX_LINK_CHARS) throw new RangeError(`the run is longer than ${MAX_LINK_CHARS} characters as a link`);
  return value;
}

class LinkError extends Error {
  constructor(
    readonly problem: LinkProblem,
    message: string
  ) {
    super(message);
  }
}

/** Reads an unsigned integer part after its letter, within [0, max]. */
function readUint(text: string, max: number, problem: LinkProblem, what: string): number {
  if (!UINT.test(text) || Number(text) > max) throw new LinkError(problem, `${what} must be an integer from 0 to ${max}`);
  return Number(text);
}

/** Reads one action part; `index` numbers it in notices. */
function readAction(text: string, index: number, vocabulary: ActionVocabulary): Action {
  const at = `action ${index + 1}`;
  const match = /^(\d{1,6})(.*)$/.exec(text);
  if (!match) throw new LinkError("action", `${at} does not start with its minute`);
  const minute = Number(match[1]);
  if (minute >= MAX_MINUTES) throw new LinkError("action", `${at}: minute must be below ${MAX_MINUTES}`);
  const rest = match[2];
  if (vocabulary.buttons.includes(rest)) return {minute, press: rest};
  const set: Record<string, number | boolean> = {};
  if (rest === "") return {minute, set};
  for (const setting of rest.split("~")) {
    const parts = SETTING.exec(setting);
    if (!parts) throw new LinkError("action", `${at} is neither a button nor control settings`);
    const [, name, valueText] = parts;
    if (!Object.hasOwn(vocabulary.controls, name)) throw new LinkError("action", `${at}: unknown control or button`);
    if (Object.hasOwn(set, name)) throw new LinkError("action", `${at}: ${name} is set twice`);
    const spec = vocabulary.controls[name];
    let value: number | boolean;
    if (spec.type === "boolean") {
      if (valueText !== "On" && valueText !== "Off") throw new LinkError("action", `${at}: ${name} must be On or Off`);
      value = valueText === "On";
    } else {
      if (!NUMBER.test(valueText)) throw new LinkError("action", `${at}: ${name} must be a number`);
      value = Number(valueText);
    }
    // The name is a known control and the value a parsed number or boolean: the message is ours.
    const problem = checkControlIn(vocabulary.controls, name, value);
    if (problem) throw new LinkError("action", `${at}: ${problem}`);
    set[name] = value;
  }
  return {minute, set: set as SetAction["set"]};
}

/** Parses a value that is at most MAX_LINK_CHARS long, or throws a LinkError. */
function parse(value: string, find: FindScenario): RunLink {
  // Split lazily bounded: a part count above what a valid link can hold is refused first.
  const parts = value.split("_", MAX_LINK_ACTIONS + 6);
  if (parts.length > MAX_LINK_ACTIONS + 5) throw new LinkError("too-many", `more than ${MAX_LINK_ACTIONS} actions`);
  const [version, scenario, seed, minute] = parts;
  if (!/^v\d{1,3}$/.test(version ?? "")) throw new LinkError("syntax", "not a run link (it should start with v1_)");
  if (version !== LINK_VERSION)
    throw new LinkError("version", `link version ${version} is not supported (this page reads ${LINK_VERSION})`);
  const vocabulary = scenario === undefined || !/^[a-z][a-z0-9-]{0,39}$/.test(scenario) ? null : vocabularyOf(scenario, find);
  if (scenario === undefined || !vocabulary) throw new LinkError("scenario", "unknown scenario");
  if (seed === undefined || seed[0] !== "s") throw new LinkError("seed", "the seed (s…) is missing");
  if (minute === undefined || minute[0] !== "m") throw new LinkError("minute", "the minute (m…) is missing");
  const run: RunLink = {
    scenario,
    seed: readUint(seed.slice(1), MAX_SEED, "seed", "the seed"),
    actions: [],
    minute: readUint(minute.slice(1), MAX_MINUTES - 1, "minute", "the minute")
  };
  let next = 4;
  if (parts.length > 4 && !/^\d/.test(parts[4])) {
    if (!LANG.test(parts[4])) throw new LinkError("lang", "the language code must be 2 or 3 lowercase letters");
    run.lang = parts[4];
    next = 5;
  }
  // The one action limit, counted after the language part: the split above only bounds the
  // work (its part count cannot tell a language part from an action).
  if (parts.length - next > MAX_LINK_ACTIONS) throw new LinkError("too-many", `more than ${MAX_LINK_ACTIONS} actions`);
  for (let i = next; i < parts.length; i++) run.actions.push(readAction(parts[i], i - next, vocabulary));
  // The same validation as the CLI's actions file, as a last guard.
  const {errors} = validateActions(run.actions, {minutes: MAX_MINUTES, vocabulary});
  if (errors.length) throw new LinkError("action", "an action is not valid");
  return run;
}

/**
 * Reads the value of `run=`. Never throws: on any problem it returns the defaults, a problem
 * code and a one-line notice that quotes nothing from the link (only our words and numbers).
 * @example decodeRunLink("v1_surge_s3_m10").run.seed // 3
 */
export function decodeRunLink(value: unknown, find: FindScenario = findScenario): LinkResult {
  const fail = (problem: LinkProblem, notice: string): LinkResult => ({ok: false, run: defaultRunLink(), problem, notice});
  if (typeof value !== "string" || value === "") return fail("empty", "the link holds no run");
  if (value.length > MAX_LINK_CHARS) return fail("too-long", `the link is longer than ${MAX_LINK_CHARS} characters`);
  try {
    return {ok: true, run: parse(value, find)};
  } catch (error) {
    if (error instanceof LinkError) return fail(error.problem, error.message);
    return fail("syntax", "the link could not be read");
  }
}

/**
 * The value of `run=` in a whole link (`…on-call.html#run=…&/3`), a hash (`#run=…`), a part
 * (`run=…`) or the bare value; percent-decoded. Undefined when a link or hash has no `run=` part
 * or its escapes are broken. The text is cut at MAX_LINK_CHARS × 3 first (a %XX escape is 3).
 */
export function runValueOf(text: string): string | undefined {
  if (text.length > MAX_LINK_CHARS * 3 + 4096) return text; // decodeRunLink reports it as too long
  const hashAt = text.indexOf("#");
  const hash = hashAt >= 0 ? text.slice(hashAt + 1) : text;
  const parts = hash.split("&");
  const part = parts.find((p) => p.startsWith("run="));
  if (part === undefined) return hashAt >= 0 || text.includes("=") ? undefined : hash;
  try {
    return decodeURIComponent(part.slice(4));
  } catch {
    return undefined;
  }
}

/** The notebook link of a run: `on-call.html#run=…`, relative to the site's root. */
export function runLinkUrl(run: RunLink, page = "on-call.html", find: FindScenario = findScenario): string {
  return `${page}#run=${encodeURIComponent(encodeRunLink(run, find))}`;
}

/**
 * The run(…) options that replay a link to its minute: minutes 0 … minute, with the decisions
 * made up to that minute (a log may hold later ones if the learner stepped back).
 */
export function replayOptions(run: RunLink): Required<RunOptions> {
  return {seed: run.seed, minutes: run.minute + 1, actions: run.actions.filter((a) => a.minute <= run.minute)};
}
