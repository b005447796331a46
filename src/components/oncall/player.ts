// Play, pause, one-minute step and speed: simulated minutes per real second. The clock and the
// frame scheduler are passed in (requestAnimationFrame and performance.now on the page, fakes in
// tests), so the player is plain logic over a Store.
import {DAY_MINUTES} from "./session.js";
import type {Store} from "./store.js";

/** Simulated minutes per real second. */
export const speeds = [1, 10, 60] as const;
export type Speed = (typeof speeds)[number];

/** What the player's buttons show. */
export interface PlayerState {
  playing: boolean;
  speed: Speed;
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
  subscribe(listener: (state: PlayerState) => void): () => void;
  /** Stops the frame loop for good (the cell's invalidation). */
  dispose(): void;
}

/** A player that advances `store` by `speed` minutes per second of `ticker` time. */
export function createPlayer(store: Store, ticker: Ticker, speed: Speed = 10): Player {
  let state: PlayerState = {playing: false, speed};
  let handle: number | null = null;
  let last = 0;
  let carry = 0; // fractional minutes not yet shown
  const listeners = new Set<(state: PlayerState) => void>();

  const set = (next: Partial<PlayerState>) => {
    state = {...state, ...next};
    for (const listener of listeners) listener(state);
  };

  function frame(time: number): void {
    handle = null;
    if (!state.playing) return;
    carry += ((time - last) / 1000) * state.speed;
    last = time;
    // A hair of tolerance: sixty frames of 1/60 s at ×60 add up to 59.999… minutes.
    const whole = Math.floor(carry + 1e-6);
    if (whole > 0) {
      carry -= whole;
      const target = Math.min(DAY_MINUTES - 1, store.frame().minute + whole);
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
      set({playing: true});
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
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      stopLoop();
      listeners.clear();
    }
  };
  return player;
}
