import {describe, expect, it} from "vitest";
import {defaultControls} from "../../../src/sim/oncall/controls.js";
import {replayOptions, type RunLink} from "../../../src/sim/link.js";
import {run as runModel} from "../../../src/sim/oncall/run.js";
import {controlsAt, decide, drawSeed, horizonOf, runEvents, simulateRun, DAY_MINUTES} from "../../../src/components/oncall/session.js";

const at = (minute: number, actions: RunLink["actions"] = []): RunLink => ({scenario: "bad-deploy", seed: 3, minute, actions});

describe("decide(run, change)", () => {
  it("records a setting or a press at the run's minute", () => {
    const next = decide(decide(at(12), {set: {fleetMin: 14}}), {press: "rollback"});
    expect(next.actions).toEqual([
      {minute: 12, set: {fleetMin: 14}},
      {minute: 12, press: "rollback"}
    ]);
  });
  it("ignores a setting equal to the controls in force", () => {
    const run = at(5);
    expect(decide(run, {set: {fleetMin: defaultControls.fleetMin}})).toBe(run);
  });
  it("merges a slider moved twice in one minute, and undoes it when moved back", () => {
    const once = decide(at(7), {set: {ttlS: 120}});
    expect(decide(once, {set: {ttlS: 300}}).actions).toEqual([{minute: 7, set: {ttlS: 300}}]);
    expect(decide(once, {set: {ttlS: 60}}).actions).toEqual([]);
  });
  it("drops decisions after the minute: a decision after stepping back starts a new future", () => {
    const run = at(3, [
      {minute: 2, press: "warmup"},
      {minute: 9, press: "rollback"}
    ]);
    expect(decide(run, {set: {autoscaling: true}}).actions).toEqual([
      {minute: 2, press: "warmup"},
      {minute: 3, set: {autoscaling: true}}
    ]);
  });
});

describe("controlsAt(run, minute)", () => {
  it("applies the settings made by the minute, in order", () => {
    const run = at(20, [
      {minute: 4, set: {fleetMin: 12}},
      {minute: 10, set: {fleetMin: 16, autoscaling: true}},
      {minute: 30, set: {fleetMin: 2}}
    ]);
    expect(controlsAt(run, 3).fleetMin).toBe(10);
    expect(controlsAt(run, 4).fleetMin).toBe(12);
    expect(controlsAt(run)).toMatchObject({fleetMin: 16, autoscaling: true});
  });
});

describe("simulateRun(run)", () => {
  it("gives, up to the run's minute, the numbers of the link's replay (queuebook sim --run)", () => {
    const run = at(40, [
      {minute: 29, press: "rollback"},
      {minute: 31, set: {fleetMin: 12}},
      {minute: 80, press: "warmup"}
    ]);
    const trace = simulateRun(run);
    const replay = runModel(run.scenario, replayOptions(run));
    expect(trace.metrics.slice(0, 41)).toEqual(replay);
    expect(trace.metrics.length).toBe(horizonOf(40));
  });
  it("grows the horizon in steps up to the day", () => {
    expect(horizonOf(0)).toBe(120);
    expect(horizonOf(115)).toBe(240);
    expect(horizonOf(DAY_MINUTES - 1)).toBe(DAY_MINUTES);
  });
});

describe("runEvents(run, trace, minute)", () => {
  it("marks the deploy, each decision and the alert, never what has not happened yet", () => {
    const run = at(60, [{minute: 35, press: "rollback"}]);
    const trace = simulateRun(run);
    const alert = trace.metrics.findIndex((m) => m.alert);
    expect(alert).toBeGreaterThan(10);
    expect(runEvents(run, trace).map((e) => [e.kind, e.minute])).toEqual(
      [
        ["deploy", 10],
        ["decision", 35],
        ["alert", alert]
      ].sort((a, b) => (a[1] as number) - (b[1] as number))
    );
    expect(runEvents(run, trace, 9)).toEqual([]);
  });
  it("shows the surge only from its first minute", () => {
    const run: RunLink = {scenario: "surge", seed: 5, minute: 100, actions: []};
    const trace = simulateRun(run);
    const start = trace.states[0].events.surge!.startMinute;
    expect(runEvents(run, trace, start - 1).some((e) => e.kind === "surge")).toBe(false);
    expect(runEvents(run, trace, start).find((e) => e.kind === "surge")?.minute).toBe(start);
  });
});

describe("drawSeed(random)", () => {
  it("draws an integer in [1, 999999]", () => {
    expect(drawSeed(() => 0)).toBe(1);
    expect(drawSeed(() => 0.9999999)).toBe(999_999);
  });
});
