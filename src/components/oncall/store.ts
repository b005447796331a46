// The page's one run: the link state, the model's trace for it, and listeners. Views read a
// Frame; the controls, the player and the scenario picker change the run through the store.
// Pure (no DOM): the notebook turns the store into a reactive value with Generators.observe.
import {findScenario} from "../../sim/catalog.js";
import type {FindScenario, RunLink} from "../../sim/link.js";
import type {ModelTrace} from "../../sim/kit/model.js";
import type {RunTrace} from "../../sim/oncall/run.js";
import type {Scenario, ScenarioName} from "../../sim/kit/scenario.js";
import {
  alertAtMinute,
  alertMinute,
  alertSpans,
  clampMinute,
  controlsAt,
  decide,
  freshRun,
  horizonOf,
  runEvents,
  scenarioOf,
  simulateRun,
  sloOf,
  type Change,
  type RunEvent
} from "./session.js";

/**
 * Everything a view shows at one minute of the run. Typed by the on-call model's trace by
 * default; a page of another model reads its own model's fields (views read them by spec).
 */
export interface Frame<T extends ModelTrace<any, any> = RunTrace> {
  run: RunLink;
  /** The run's scenario record. */
  scenario: Scenario;
  /** The run simulated to its horizon; replaced (a new object) when the run's decisions change. */
  trace: T;
  minute: number;
  metrics: T["metrics"][number];
  detail: T["details"][number];
  controls: T["controls"][number];
  /** The marked moments up to this minute. */
  events: RunEvent[];
  /** The minute the fast-burn alert fired, if it has by this minute (never, for a model without an SLO). */
  alertAt: number | null;
  /** The alert as the banner shows it: the latest firing by this minute and when it resolved (burn (1 h) back below 14.4×), if it has. */
  alert: {firedAt: number; resolvedAt: number | null} | null;
  /** What changed since the last frame: only the minute, or the run itself. */
  cause: "minute" | "run";
}

/** The run's store. */
export interface Store {
  frame(): Frame;
  subscribe(listener: (frame: Frame) => void): () => void;
  /** Moves to `minute` (clamped to the day), keeping the decisions. */
  setMinute(minute: number): void;
  /** Records a change at the current minute (see session.decide). */
  decide(change: Change): void;
  /** Starts `scenario` over with `seed`. */
  restart(scenario: ScenarioName, seed: number): void;
  /** Replaces the whole run (a link pasted into the address bar of an open page). */
  open(run: RunLink): void;
  /** Keeps the page's language in the run (for the link). */
  setLang(lang: string | undefined): void;
}

/** What a store is opened with besides the run. */
export interface StoreOptions {
  /** The scenarios the page knows, by name (the shipped catalog by default). */
  find?: FindScenario;
}

/** A store opened on `initial` (a decoded link). */
export function createStore(initial: RunLink, options: StoreOptions = {}): Store {
  const {find = findScenario} = options;
  let run: RunLink = {...initial, minute: clampMinute(initial.minute)};
  let trace = simulateRun(run, horizonOf(run.minute), find);
  // The trace's alert minute, found once per trace: a frame (up to 60 a second while playing)
  // only compares it with its minute.
  // The model's SLO (none: no alert, no spans), found again when the run's scenario changes.
  let slo = sloOf(scenarioOf(run, find));
  let traceAlert = alertMinute(trace, slo);
  let spans = alertSpans(trace, traceAlert, slo);
  const listeners = new Set<(frame: Frame) => void>();
  let current = makeFrame("run");

  function makeFrame(cause: Frame["cause"]): Frame {
    const minute = run.minute;
    return {
      run,
      scenario: scenarioOf(run, find),
      trace,
      minute,
      metrics: trace.metrics[minute],
      detail: trace.details[minute],
      controls: controlsAt(run, minute, find),
      events: runEvents(run, trace, minute, traceAlert),
      alertAt: traceAlert !== null && traceAlert <= minute ? traceAlert : null,
      alert: alertAtMinute(spans, minute),
      cause
    };
  }

  function update(next: RunLink, rerun: boolean): void {
    const horizon = horizonOf(next.minute);
    const same = next === run;
    run = next;
    if (rerun || horizon !== trace.metrics.length) {
      trace = simulateRun(run, horizon, find);
      slo = sloOf(scenarioOf(run, find));
      traceAlert = alertMinute(trace, slo);
      spans = alertSpans(trace, traceAlert, slo);
    } else if (same) return;
    current = makeFrame(rerun || horizon !== current.trace.metrics.length ? "run" : "minute");
    for (const listener of listeners) listener(current);
  }

  return {
    frame: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setMinute(minute) {
      const m = clampMinute(minute);
      if (m !== run.minute) update({...run, minute: m}, false);
    },
    decide(change) {
      const next = decide(run, change, find);
      if (next !== run) update(next, true);
    },
    restart(scenario, seed) {
      update(freshRun(scenario, seed, run.lang), true);
    },
    open(next) {
      update({...next, minute: clampMinute(next.minute)}, true);
    },
    setLang(lang) {
      if (lang === run.lang) return;
      const next = {...run};
      if (lang === undefined) delete next.lang;
      else next.lang = lang;
      run = next;
      current = {...current, run};
      for (const listener of listeners) listener(current);
    }
  };
}
