// A scenario's timed events as typed effects: plain data (JSON-safe) that a run resolves when it
// opens. A parameter is a number or a draw (uniform or exponential); the draws are taken from the
// run's generator in the order the events and their parameters are listed, so a seed fixes them.
// Which kinds exist is the model's hook: each model lists its kinds and their parameters.
import {exponentialWithMean, uniform, type Rng} from "./rng.js";
import {showValue} from "./show.js";

/** A number, or one drawn when the run opens. */
export type Param =
  | number
  /** Uniform in [min, max); `integer` rounds down (a minute). */
  | {uniform: readonly [number, number]; integer?: boolean}
  /** `plus` + an exponential draw of mean `exponential`, at most `atMost` in all. */
  | {exponential: number; plus?: number; atMost?: number};

/** One timed event of a scenario: its kind, its minute and the kind's parameters. */
export interface EventSpec {
  kind: string;
  minute: Param;
  [param: string]: Param | string;
}

/** An event as it happens in one run: every parameter a number. */
export interface ResolvedEvent {
  kind: string;
  minute: number;
  params: Readonly<Record<string, number>>;
}

/**
 * What a model says about one kind of event: its parameters (in draw order) and their ranges, and
 * how long it lasts: `ends` names the parameters whose sum (minutes, rounded up) is its length
 * (a slowdown's `durationMin`; a surge's ramp and hold). A kind without `ends` has no end.
 */
export interface EventKind {
  params: Readonly<Record<string, {min: number; max: number}>>;
  ends?: readonly string[];
}

/** A model's event kinds by name. */
export type EventKinds = Readonly<Record<string, EventKind>>;

/** The first minute after `event` is over (its minute plus the length `ends` gives), or null for a kind without an end. */
export function eventEnd(event: ResolvedEvent, kinds: EventKinds): number | null {
  const ends = kinds[event.kind]?.ends;
  if (!ends) return null;
  return event.minute + Math.ceil(ends.reduce((sum, name) => sum + (event.params[name] ?? 0), 0));
}

/** The latest minute an event may be set at (a week of minutes). */
const LAST_MINUTE = 7 * 1440 - 1;

/** Draws (or reads) one parameter; the same draws as the hand-written scenarios made. */
export function resolveParam(param: Param, rng: Rng): number {
  if (typeof param === "number") return param;
  if ("uniform" in param) {
    const value = uniform(rng, param.uniform[0], param.uniform[1]);
    return param.integer ? Math.floor(value) : value;
  }
  const plus = param.plus ?? 0;
  const drawn = exponentialWithMean(rng, param.exponential);
  // plus + min(atMost − plus, draw): the surge's 2 + min(1.5, Exp(0.5)), to the last bit.
  return param.atMost === undefined ? plus + drawn : plus + Math.min(param.atMost - plus, drawn);
}

/** The events of one run, in the order listed: the minute first, then each parameter of the kind. */
export function resolveEvents(specs: readonly EventSpec[], kinds: EventKinds, rng: Rng): ResolvedEvent[] {
  return specs.map((spec) => {
    const minute = resolveParam(spec.minute, rng);
    const params: Record<string, number> = {};
    for (const name of Object.keys(kinds[spec.kind]?.params ?? {})) params[name] = resolveParam(spec[name] as Param, rng);
    return {kind: spec.kind, minute, params};
  });
}

/** The smallest and largest value a parameter can take. */
function paramRange(param: Param): [number, number] {
  if (typeof param === "number") return [param, param];
  if ("uniform" in param) return [param.uniform[0], param.uniform[1]];
  const plus = param.plus ?? 0;
  return [plus, param.atMost ?? Infinity];
}

/** Checks one parameter's shape and range; a message naming it, or null. */
function checkParam(value: unknown, at: string, min: number, max: number, integer = false): string | null {
  if (typeof value === "number") {
    if (!Number.isFinite(value) || value < min || value > max)
      return `${at} must be a number from ${min} to ${max}, got ${showValue(value)}`;
    if (integer && !Number.isInteger(value)) return `${at} must be a whole minute, got ${value}`;
    return null;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return `${at} must be a number, {"uniform": [min, max]} or {"exponential": mean}, got ${showValue(value)}`;
  const draw = value as Record<string, unknown>;
  const keys = Object.keys(draw);
  if ("uniform" in draw) {
    const range = draw.uniform;
    if (
      !Array.isArray(range) ||
      range.length !== 2 ||
      !range.every((x) => typeof x === "number" && Number.isFinite(x)) ||
      range[0] > range[1]
    )
      return `${at}: uniform must be [min, max] with min ≤ max`;
    if (keys.some((k) => k !== "uniform" && k !== "integer")) return `${at}: a uniform draw takes only "uniform" and "integer"`;
    if (draw.integer !== undefined && typeof draw.integer !== "boolean") return `${at}: integer must be true or false`;
    if (integer && draw.integer !== true) return `${at}: a minute's uniform draw needs "integer": true`;
  } else if ("exponential" in draw) {
    if (keys.some((k) => k !== "exponential" && k !== "plus" && k !== "atMost"))
      return `${at}: an exponential draw takes only "exponential", "plus" and "atMost"`;
    for (const k of keys) if (typeof draw[k] !== "number" || !Number.isFinite(draw[k] as number)) return `${at}: ${k} must be a number`;
    if ((draw.exponential as number) <= 0) return `${at}: the exponential's mean must be above 0`;
    if (integer) return `${at}: a minute is a number or a uniform draw`;
    if (draw.atMost === undefined) return `${at}: an exponential draw needs "atMost" (a bound for its range)`;
    if ((draw.atMost as number) < ((draw.plus as number) ?? 0)) return `${at}: atMost must be at least plus`;
  } else return `${at} must be a number, {"uniform": [min, max]} or {"exponential": mean}`;
  const [low, high] = paramRange(draw as Param);
  if (low < min || high > max) return `${at} may take values from ${low} to ${high}, outside ${min} to ${max}`;
  return null;
}

/**
 * Checks a scenario's `events` (parsed JSON) against a model's kinds: a list of objects, each a
 * known kind with a minute and exactly that kind's parameters, every value within its range.
 * Returns one message per problem (empty when valid).
 */
export function checkEvents(events: unknown, kinds: EventKinds): string[] {
  if (!Array.isArray(events)) return [`events must be a list, got ${showValue(events)}`];
  const errors: string[] = [];
  events.forEach((event, i) => {
    const at = `event ${i}`;
    if (typeof event !== "object" || event === null || Array.isArray(event))
      return void errors.push(`${at} must be an object, got ${showValue(event)}`);
    const spec = event as Record<string, unknown>;
    const kind = typeof spec.kind === "string" && Object.hasOwn(kinds, spec.kind) ? kinds[spec.kind] : null;
    if (!kind) return void errors.push(`${at}: unknown kind ${showValue(spec.kind)} (kinds: ${Object.keys(kinds).join(", ")})`);
    const problem = checkParam(spec.minute, `${at}: minute`, 0, LAST_MINUTE, true);
    if (problem) errors.push(problem);
    for (const [name, range] of Object.entries(kind.params)) {
      if (!(name in spec)) errors.push(`${at}: ${spec.kind} needs ${name}`);
      else {
        const bad = checkParam(spec[name], `${at}: ${name}`, range.min, range.max);
        if (bad) errors.push(bad);
      }
    }
    for (const key of Object.keys(spec)) {
      if (key !== "kind" && key !== "minute" && !Object.hasOwn(kind.params, key))
        errors.push(`${at}: unknown field ${showValue(key)} for ${spec.kind}`);
    }
  });
  return errors;
}
