// Play, pause, one-minute step and speed: simulated minutes per real second. The clock and the
// frame scheduler are passed in (requestAnimationFrame and performance.now on the page, fakes in
// tests), so the player is plain logic over a Store. At ×10 and ×60 a person's second of
// reaction is 10 to 60 simulated minutes, so there the player stops at each event of the run
// (the scenario's events and each firing of the alert) and says which; a pause is not a
// decision: the run and its link are unchanged.
import {alertMinute, alertSpans, DAY_MINUTES, sloOf} from "./session.js";
import type {Frame, Store} from "./store.js";

/** Simulated minutes per real second. */
export const speeds = [1, 10, 60] as const;
export type Speed = (typeof speeds)[number];

/** The speeds at which the player stops at events. */
export const pausingSpeeds: readonly Speed[] = [10, 60];

/** A moment the player stops at: a scenario event (deploy, flush, surge, …) or the alert firing. */
export interface EventStop {
  kind: string;
  minute: number;
}

/** What the player's buttons show. */
export interface PlayerState {
  playing: boolean;
  speed: Speed;
  /** Whether playing at ×10 and ×60 stops at events (the learner's toggle; on by default). */
  pauseOnEvents: boolean;
  /** The event the player stopped at, while the run stays at its minute; null otherwise. */
  pausedAt: EventStop | null;
}

/** The events of a frame's run the player stops at, by minute: its scenario events as drawn, then each firing of the alert. */
export function eventStops(frame: Frame): EventStop[] {
  const stops: EventStop[] = frame.trace.events.map((e) => ({kind: e.kind, minute: e.minute}));
  const slo = sloOf(frame.scenario);
  for (const span of alertSpans(frame.trace, alertMinute(frame.trace, slo), slo)) stops.push({kind: "alert", minute: span.from});
  return stops.sort((a, b) => a.minute - b.minute);
}

/** The page's time source. */
export interface Ticker {
  now(): number;
  requestFrame(callback: (time: number) => void): number;
  cancelFrame(handle: number): void;
}

/** The player over a store. */
export interface Player {
  state(): PlayerState;
  play(): void;
  pause(): void;
  toggle(): void;
  /** One simulated minute forward (pauses). */
  step(): void;
  setSpeed(speed: Speed): void;
  /** Turns stopping at events on or off. */
  setPauseOnEvents(on: boolean): void;
  subscribe(listener: (state: PlayerState) => void): () => void;
  /** Stops the frame loop for good (the cell's invalidation). */
  dispose(): void;
}

/** A player that advances `store` by `speed` minutes per second of `ticker` time. */
export function createPlayer(store: Store, ticker: Ticker, speed: Speed = 10): Player {
  let state: PlayerState = {playing: false, speed, pauseOnEvents: true, pausedAt: null};
  let handle: number | null = null;
  let last = 0;
  let carry = 0; // fractional minutes not yet shown
  const listeners = new Set<(state: PlayerState) => void>();

  const set = (next: Partial<PlayerState>) => {
    state = {...state, ...next};
    for (const listener of listeners) listener(state);
  };
  // The stops of the current trace, found once per trace (a frame only compares minutes).
  let stopsTrace: Frame["trace"] | null = null;
  let stops: EventStop[] = [];
  const stopsOf = (frame: Frame) => {
    if (frame.trace !== stopsTrace) {
      stopsTrace = frame.trace;
      stops = eventStops(frame);
    }
    return stops;
  };
  // The note belongs to its minute: moving anywhere else (a step, the slider, a link) ends it.
  const unsubscribe = store.subscribe((frame) => {
    if (state.pausedAt && frame.minute !== state.pausedAt.minute) set({pausedAt: null});
  });

  function frame(time: number): void {
    handle = null;
    if (!state.playing) return;
    carry += ((time - last) / 1000) * state.speed;
    last = time;
    // A hair of tolerance: sixty frames of 1/60 s at ×60 add up to 59.999… minutes.
    const whole = Math.floor(carry + 1e-6);
    if (whole > 0) {
      carry -= whole;
      const current = store.frame();
      const target = Math.min(DAY_MINUTES - 1, current.minute + whole);
      const stop =
        state.pauseOnEvents && pausingSpeeds.includes(state.speed)
          ? stopsOf(current).find((s) => s.minute > current.minute && s.minute <= target)
          : undefined;
      if (stop) {
        store.setMinute(stop.minute);
        carry = 0;
        return set({playing: false, pausedAt: stop});
      }
      store.setMinute(target);
      if (target >= DAY_MINUTES - 1) return set({playing: false});
    }
    handle = ticker.requestFrame(frame);
  }

  function stopLoop(): void {
    if (handle !== null) ticker.cancelFrame(handle);
    handle = null;
  }

  const player: Player = {
    state: () => state,
    play() {
      if (state.playing) return;
      if (store.frame().minute >= DAY_MINUTES - 1) return;
      last = ticker.now();
      // The first minute comes at once, so a press on play is answered without waiting.
      carry = 1;
      set({playing: true, pausedAt: null});
      frame(last);
    },
    pause() {
      stopLoop();
      carry = 0;
      if (state.playing) set({playing: false});
    },
    toggle: () => (state.playing ? player.pause() : player.play()),
    step() {
      player.pause();
      store.setMinute(store.frame().minute + 1);
    },
    setSpeed(speed) {
      if (speed !== state.speed) set({speed});
    },
    setPauseOnEvents(on) {
      if (on !== state.pauseOnEvents) set({pauseOnEvents: on});
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      stopLoop();
      unsubscribe();
      listeners.clear();
    }
  };
  return player;
}
