import {describe, expect, it} from "vitest";
import {defaultControls, type Controls} from "../../../src/sim/oncall/controls.js";
import {mulberry32} from "../../../src/sim/kit/rng.js";
import {free} from "../../../src/sim/oncall/scenarios.js";
import {openingState, type SimState} from "../../../src/sim/oncall/state.js";
import {press, step} from "../../../src/sim/oncall/step.js";

function minutes(state: SimState, controls: Controls, n: number, seed = 1) {
  const rng = mulberry32(seed);
  const out = [];
  for (let i = 0; i < n; i++) {
    const result = step(state, controls, rng);
    out.push(result);
    state = result.state;
  }
  return out;
}

describe("step(state, controls, rng)", () => {
  const opening = openingState(free, mulberry32(1));

  it("advances one minute and does not change the state it is given", () => {
    const copy = structuredClone(opening);
    const {state} = step(opening, defaultControls, mulberry32(1));
    expect(state.minute).toBe(1);
    expect(opening).toEqual(copy);
  });
  it("consumes exactly one draw of the generator", () => {
    const a = mulberry32(5),
      b = mulberry32(5);
    step(opening, defaultControls, a);
    b();
    expect(a()).toBe(b());
  });
  it("launches instances at once when fleetMin rises; they serve after the boot delay", () => {
    const out = minutes(opening, {...defaultControls, fleetMin: 14, bootDelayMin: 3}, 5);
    expect(out.map((r) => [r.metrics.serving, r.metrics.starting])).toEqual([
      [10, 4],
      [10, 4],
      [10, 4],
      [14, 0],
      [14, 0]
    ]);
    expect(out[0].metrics.fleetCostPerHour).toBeCloseTo(14 * 0.4, 12);
  });
  it("terminates down to fleetMin with autoscaling off", () => {
    const out = minutes(opening, {...defaultControls, fleetMin: 6}, 1);
    expect(out[0].metrics.serving).toBe(6);
  });
  it("turns the heavy feature off: fewer queries, less CPU, no recommendations", () => {
    const on = step(opening, defaultControls, mulberry32(1));
    const off = step(opening, {...defaultControls, heavyFeature: false}, mulberry32(1));
    expect(off.metrics.recommendationsShare).toBe(0);
    expect(off.detail.queriesPerRequest).toBe(2);
    expect(off.metrics.dbUtilization).toBeLessThan(on.metrics.dbUtilization);
    expect(off.metrics.utilization).toBeLessThan(on.metrics.utilization);
  });
  it("sheds the chosen share of the 30 % low-priority traffic", () => {
    const {metrics, detail} = step(opening, {...defaultControls, sheddingShare: 0.5}, mulberry32(1));
    expect(metrics.droppedShare).toBeCloseTo(0.15, 14);
    expect(detail.admitted).toBeCloseTo(metrics.requests * 0.85, 10);
  });
  it("fires the fast-burn alert at 14.4× and keeps it fired after the burn falls", () => {
    const quiet = step(opening, defaultControls, mulberry32(1));
    expect(quiet.metrics.alert).toBe(false);
    // A window one failing minute short of 14.4 × 0.1 %: this minute's ~0 errors keep it below.
    const below = {...quiet.state, errorWindow: Array(60).fill(0.0144 * (60 / 59))};
    expect(step(below, defaultControls, mulberry32(1)).metrics.alert).toBe(false);
    const burning = {...quiet.state, errorWindow: Array(60).fill(0.02)};
    const fired = step(burning, defaultControls, mulberry32(1));
    expect(fired.metrics.burn1h).toBeGreaterThanOrEqual(14.4);
    expect(fired.metrics.alert).toBe(true);
    const calm = step({...fired.state, errorWindow: Array(60).fill(0)}, defaultControls, mulberry32(1));
    expect(calm.metrics.burn1h).toBeLessThan(1);
    expect(calm.metrics.alert).toBe(true);
  });
  it("scales in by at most 20 % after 10 quiet minutes with autoscaling on", () => {
    const out = minutes(opening, {...defaultControls, autoscaling: true, fleetMin: 1, targetUtilization: 0.9}, 24);
    const serving = out.map((r) => r.metrics.serving);
    // Minutes 0–9 are the 10 quiet minutes; at 52 % of a 90 % target 6 would do, but only
    // ⌊20 % of 10⌋ = 2 go, then 10 more quiet minutes before the next (1 of 8) goes.
    expect(serving.slice(0, 10).every((n) => n === 10)).toBe(true);
    expect(serving.slice(10, 20).every((n) => n === 8)).toBe(true);
    expect(serving[20]).toBe(7);
  });
});

describe("press(state, button)", () => {
  const opening = openingState(free, mulberry32(1));

  it("rollback bills a fresh fleet for 5 minutes, then only costs money with no bad build live", () => {
    const out = minutes(press(opening, "rollback"), defaultControls, 7);
    expect(out.map((r) => r.metrics.fleetCostPerHour)).toEqual([8, 8, 8, 8, 8, 4, 4]);
    expect(out.every((r) => r.metrics.badBuildShare === 0)).toBe(true);
  });
  it("pressing rollback again restarts the preparation", () => {
    const rng = mulberry32(1);
    let state = press(opening, "rollback");
    for (let i = 0; i < 3; i++) state = step(state, defaultControls, rng).state;
    state = press(state, "rollback");
    expect(state.rollbackAt).toBe(8);
  });
  it("warm-up adds 600 queries/s for 6 minutes and refills an empty cache", () => {
    const empty = {...opening, warm: 0};
    const out = minutes(press(empty, "warmup"), defaultControls, 8);
    expect(out.map((r) => r.detail.warmupRunning)).toEqual([true, true, true, true, true, true, false, false]);
    expect(out[0].detail.dbLoadQps).toBeCloseTo(1125 * 3 + 600, 6);
    const idle = minutes(empty, defaultControls, 8);
    expect(out[6].detail.warm).toBeGreaterThan(0.72);
    expect(out[6].detail.warm).toBeGreaterThan(idle[6].detail.warm + 0.6);
  });
});
