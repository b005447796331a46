// The player stops at each event of the run at ×10 and ×60 (the deploy, the alert, the flush,
// the surge's arrival), with the event it stopped at; a toggle turns it off; the run and its
// link are unchanged by a pause. Fake frame clock: the test says when each frame runs.
import {describe, expect, it} from "vitest";
import {run} from "../../../src/sim/oncall/run.js";
import {simulateRetry, retryStorm} from "../../../src/sim/retry/model.js";
import {createStore} from "../../../src/components/oncall/store.js";
import {createPlayer, eventStops, type Speed} from "../../../src/components/oncall/player.js";
import {fakeTicker} from "../../support/ticker.js";
import {alertAtMinute, alertSpans, freshRun} from "../../../src/components/oncall/session.js";
import type {RunLink} from "../../../src/sim/link.js";

/** Plays `link` at `speed` in frames of 1/60 s until the player stops (or `frames` run out); the minutes it stopped at. */
function playUntilStopped(link: RunLink, speed: Speed, pauseOnEvents = true, frames = 2000) {
  const store = createStore(link);
  const clock = fakeTicker();
  const player = createPlayer(store, clock.ticker, speed);
  player.setPauseOnEvents(pauseOnEvents);
  player.play();
  for (let i = 0; i < frames && player.state().playing; i++) clock.advance(1000 / 60);
  return {store, player, clock};
}

const alertOf = (scenario: "bad-deploy" | "surge" | "cache-flush", seed: number) =>
  run(scenario, {seed, minutes: 240}).findIndex((m) => m.alert);

describe("createPlayer: stopping at events", () => {
  for (const speed of [10, 60] as const) {
    it(`at ×${speed} stops at the deploy, then at the alert, each with its event, the run unchanged`, () => {
      for (const seed of [1, 2, 3]) {
        const {store, player, clock} = playUntilStopped(freshRun("bad-deploy", seed), speed);
        expect(store.frame().minute).toBe(10);
        expect(player.state()).toMatchObject({playing: false, pausedAt: {kind: "deploy", minute: 10}});
        player.play();
        expect(player.state().pausedAt).toBeNull();
        for (let i = 0; i < 2000 && player.state().playing; i++) clock.advance(1000 / 60);
        expect(store.frame().minute).toBe(alertOf("bad-deploy", seed));
        expect(player.state().pausedAt).toEqual({kind: "alert", minute: alertOf("bad-deploy", seed)});
        // A pause is not a decision: no action in the run, so the link is the plain run at that minute.
        expect(store.frame().run).toEqual({...freshRun("bad-deploy", seed), minute: alertOf("bad-deploy", seed)});
      }
    });
  }

  it("stops at the flush and at the surge's arrival (its drawn minute), and at the retry storm's surge", () => {
    const flush = playUntilStopped(freshRun("cache-flush", 1), 60);
    expect(flush.player.state().pausedAt).toEqual({kind: "flush", minute: 15});
    for (const seed of [1, 2, 3, 4]) {
      const surge = playUntilStopped(freshRun("surge", seed), 60);
      const arrival = createStore(freshRun("surge", seed)).frame().trace.events[0].minute;
      expect(surge.player.state().pausedAt).toEqual({kind: "surge", minute: arrival});
    }
    const storm = playUntilStopped({scenario: "retry-storm", seed: 1, minute: 0, actions: []}, 10);
    expect(storm.player.state().pausedAt).toEqual({
      kind: "surge",
      minute: simulateRetry(retryStorm, {seed: 1, minutes: 60}).events[0].minute
    });
  });

  it("does not stop at ×1, nor when the toggle is off, nor at the minute it starts from", () => {
    const slow = playUntilStopped(freshRun("bad-deploy", 1), 1, true, 60 * 15);
    expect(slow.player.state()).toMatchObject({playing: true, pausedAt: null});
    expect(slow.store.frame().minute).toBe(16); // the first minute at once, then one a second: past the deploy
    const off = playUntilStopped(freshRun("bad-deploy", 1), 60, false, 60);
    expect(off.player.state()).toMatchObject({playing: true, pausedAt: null});
    expect(off.store.frame().minute).toBe(61);
    // Opened at the deploy's minute: the next stop is the alert, not the deploy again.
    const at = playUntilStopped({...freshRun("bad-deploy", 1), minute: 10}, 60);
    expect(at.player.state().pausedAt?.kind).toBe("alert");
  });

  it("forgets the note when the minute moves (a step, the slider), and free play has nothing to stop at", () => {
    const {store, player} = playUntilStopped(freshRun("bad-deploy", 1), 60);
    expect(player.state().pausedAt).not.toBeNull();
    player.step();
    expect(player.state().pausedAt).toBeNull();
    expect(store.frame().minute).toBe(11);
    const free = playUntilStopped(freshRun("free", 1), 60, true, 120);
    expect(free.player.state().playing).toBe(true);
    expect(eventStops(free.store.frame())).toEqual([]);
  });

  it("stops where a decision moved the alert: a run whose rollback came early has no alert to stop at", () => {
    const link: RunLink = {...freshRun("bad-deploy", 1), minute: 11, actions: [{minute: 11, press: "rollback"}]};
    const stops = eventStops(createStore(link).frame());
    expect(stops).toEqual([{kind: "deploy", minute: 10}]);
  });
});

describe("alertSpans(trace) and alertAtMinute(spans, minute)", () => {
  it("resolves the alert at the first minute burn (1 h) is back below 14.4×, as the model's numbers say", () => {
    for (const scenario of ["surge", "cache-flush"] as const) {
      for (const seed of [1, 2, 3]) {
        const store = createStore({...freshRun(scenario, seed), minute: 300});
        const metrics = store.frame().trace.metrics;
        const fired = metrics.findIndex((m) => m.alert);
        const resolved = metrics.findIndex((m, i) => i > fired && m.burn1h < 14.4);
        expect(resolved).toBeGreaterThan(fired);
        expect(alertSpans(store.frame().trace)[0]).toEqual({from: fired, to: resolved});
        expect(store.frame().alert).toEqual({firedAt: fired, resolvedAt: resolved});
        store.setMinute(resolved - 1);
        expect(store.frame().alert).toEqual({firedAt: fired, resolvedAt: null});
        store.setMinute(fired - 1);
        expect(store.frame().alert).toBeNull();
      }
    }
  });
  it("an alert still burning at the end has no resolution; one that returns fires again", () => {
    const store = createStore({...freshRun("bad-deploy", 1), minute: 100});
    expect(alertSpans(store.frame().trace)).toEqual([{from: alertOf("bad-deploy", 1), to: null}]);
    const metrics = (burns: number[]) => ({
      metrics: burns.map((burn1h, minute) => ({minute, clock: "", burn1h, alert: burn1h >= 14.4 || minute > 1})),
      details: [],
      controls: [],
      events: []
    });
    const spans = alertSpans(metrics([0, 15, 20, 10, 9, 16, 15, 3]));
    expect(spans).toEqual([
      {from: 1, to: 3},
      {from: 5, to: 7}
    ]);
    expect(alertAtMinute(spans, 0)).toBeNull();
    expect(alertAtMinute(spans, 4)).toEqual({firedAt: 1, resolvedAt: 3});
    expect(alertAtMinute(spans, 6)).toEqual({firedAt: 5, resolvedAt: null});
    expect(alertAtMinute(spans, 7)).toEqual({firedAt: 5, resolvedAt: 7});
  });
});
