import {describe, expect, it} from "vitest";
import {run as runModel} from "../../../src/sim/oncall/run.js";
import {createStore, type Frame} from "../../../src/components/oncall/store.js";
import {createPlayer} from "../../../src/components/oncall/player.js";
import {fakeTicker} from "../../support/ticker.js";

describe("createStore(run)", () => {
  it("shows the minute of the link, then follows decisions and minutes", () => {
    const store = createStore({scenario: "free", seed: 1, minute: 0, actions: []});
    const seen: Frame[] = [];
    store.subscribe((frame) => seen.push(frame));
    expect(store.frame().metrics.requests).toBe(1125);
    store.setMinute(5);
    expect(seen.at(-1)!.cause).toBe("minute");
    store.decide({set: {fleetMin: 14}});
    expect(seen.at(-1)!.cause).toBe("run");
    store.setMinute(9);
    const expected = runModel("free", {seed: 1, minutes: 10, actions: [{minute: 5, set: {fleetMin: 14}}]});
    expect(store.frame().metrics).toEqual(expected[9]);
    expect(store.frame().controls.fleetMin).toBe(14);
    expect(store.frame().events.map((e) => e.kind)).toEqual(["decision"]);
  });
  it("keeps the trace while only the minute moves, and starts over on restart", () => {
    const store = createStore({scenario: "surge", seed: 2, minute: 3, actions: [{minute: 1, press: "warmup"}]});
    const trace = store.frame().trace;
    store.setMinute(50);
    expect(store.frame().trace).toBe(trace);
    store.restart("cache-flush", 9);
    expect(store.frame().run).toEqual({scenario: "cache-flush", seed: 9, minute: 0, actions: []});
  });
  it("clamps minutes to the day and keeps the language for the link", () => {
    const store = createStore({scenario: "free", seed: 1, minute: 5000, actions: []});
    expect(store.frame().minute).toBe(1439);
    store.setLang("hu");
    expect(store.frame().run.lang).toBe("hu");
  });
});

describe("createPlayer(store, ticker, speed)", () => {
  it("plays `speed` simulated minutes per second of ticker time, the first at once", () => {
    const store = createStore({scenario: "free", seed: 1, minute: 0, actions: []});
    const clock = fakeTicker();
    const player = createPlayer(store, clock.ticker, 60);
    player.play();
    expect(store.frame().minute).toBe(1);
    for (let i = 0; i < 60; i++) clock.advance(1000 / 60);
    expect(store.frame().minute).toBe(61);
    player.setSpeed(1);
    clock.advance(3000);
    expect(store.frame().minute).toBe(64);
    player.pause();
    expect(clock.waiting).toBe(false);
    player.step();
    expect(store.frame().minute).toBe(65);
    expect(player.state()).toEqual({playing: false, speed: 1, pauseOnEvents: true, pausedAt: null});
  });
  it("stops at the end of the day", () => {
    const store = createStore({scenario: "free", seed: 1, minute: 1430, actions: []});
    const clock = fakeTicker();
    const player = createPlayer(store, clock.ticker, 10);
    player.play();
    clock.advance(5000);
    expect(store.frame().minute).toBe(1439);
    expect(player.state().playing).toBe(false);
    player.play();
    expect(player.state().playing).toBe(false);
  });
});
