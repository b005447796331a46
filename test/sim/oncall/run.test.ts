import {describe, expect, it} from "vitest";
import {isSeed, MAX_SEED} from "../../../src/sim/kit/limits.js";
import {run, simulate} from "../../../src/sim/oncall/run.js";
import {burnRate} from "../../../src/sim/formulas/budget.js";
import {metricFields} from "../../../src/sim/oncall/metrics.js";
import {scenarios} from "../../../src/sim/oncall/scenarios.js";

describe("run(scenario, {seed, minutes, actions})", () => {
  it("reproduces the seeds' opening dashboard at minute 0 of free play", () => {
    const [m] = run("free", {seed: 1, minutes: 1});
    expect(m.minute).toBe(0);
    expect(m.clock).toBe("08:00");
    expect(m.burn1h.toFixed(1)).toBe("0.0");
    expect(Math.round(m.requests)).toBe(1125);
    expect(m.serving).toBe(10);
    expect(m.starting).toBe(0);
    expect(Math.round(100 * m.hitRate)).toBe(77);
    expect(Math.round(100 * m.dbUtilization)).toBe(19);
    expect(Math.round(100 * m.droppedShare)).toBe(0);
    expect(m.fleetCostPerHour.toFixed(2)).toBe("4.00");
    expect(m.costSoFar.toFixed(2)).toBe("0.00");
    expect(Math.round(m.cacheAgeS)).toBe(30);
    expect(Math.round(100 * m.badBuildShare)).toBe(0);
    expect(Math.round(100 * m.recommendationsShare)).toBe(100);
  });
  it("gives the opening dashboard whatever the seed", () => {
    expect(run("free", {seed: 99, minutes: 1})).toEqual(run("free", {seed: 1, minutes: 1}));
  });
  it("pre-fills the 1 h burn window with the opening minute", () => {
    const overloaded = {...scenarios.free, controls: {...scenarios.free.controls, fleetMin: 1}};
    const [m] = run(overloaded, {minutes: 1});
    expect(m.errorRate).toBeGreaterThan(0.5);
    expect(m.burn1h).toBeCloseTo(burnRate(m.errorRate), 10);
  });
  it("returns one object per minute with exactly the metric fields", () => {
    const metrics = run("free", {minutes: 5});
    expect(metrics.map((m) => m.minute)).toEqual([0, 1, 2, 3, 4]);
    for (const m of metrics) expect(Object.keys(m)).toEqual([...metricFields]);
    expect(run("free")).toHaveLength(60);
  });
  it("is deterministic: same seed and actions, byte-identical output", () => {
    const actions = [
      {minute: 3, set: {autoscaling: true}},
      {minute: 7, press: "warmup" as const}
    ];
    const a = JSON.stringify(run("surge", {seed: 7, minutes: 90, actions}));
    const b = JSON.stringify(run("surge", {seed: 7, minutes: 90, actions}));
    expect(a).toBe(b);
    expect(JSON.stringify(run("surge", {seed: 8, minutes: 90, actions}))).not.toBe(a);
  });
  it("draws the same noise whatever the actions", () => {
    const plain = run("free", {seed: 3, minutes: 30});
    const acted = run("free", {seed: 3, minutes: 30, actions: [{minute: 5, set: {fleetMin: 20, heavyFeature: false}}]});
    expect(acted.map((m) => m.requests)).toEqual(plain.map((m) => m.requests));
  });
  it("applies actions at the start of their minute, in the order given", () => {
    const metrics = run("free", {
      minutes: 10,
      actions: [
        {minute: 4, set: {ttlS: 120}},
        {minute: 4, set: {ttlS: 240}}
      ]
    });
    expect(metrics[3].cacheAgeS).toBe(30);
    expect(metrics[4].cacheAgeS).toBe(120);
  });
  it("rejects bad options and actions with a RangeError naming the problem", () => {
    expect(() => run("nope" as "free")).toThrow(/unknown scenario "nope"/);
    expect(() => run("free", {seed: -1})).toThrow(/seed/);
    expect(() => run("free", {minutes: 0})).toThrow(/minutes/);
    expect(() => run("free", {minutes: 10, actions: [{minute: 10, press: "rollback"}]})).toThrow(/minute 10 is out of range 0..9/);
    expect(() => run("free", {actions: [{minute: 1, set: {turbo: 1} as never}]})).toThrow(/unknown control "turbo"/);
  });
});

describe("isSeed(seed)", () => {
  it("accepts the integers run() accepts, 0 … 2^32 − 1, and nothing else", () => {
    expect(MAX_SEED).toBe(2 ** 32 - 1);
    for (const seed of [0, 1, 999_999, MAX_SEED]) expect(isSeed(seed)).toBe(true);
    for (const seed of [-1, 0.5, MAX_SEED + 1, NaN, Infinity, "1", null]) expect(isSeed(seed)).toBe(false);
    expect(() => run("free", {seed: MAX_SEED + 1, minutes: 1})).toThrow(RangeError);
    expect(run("free", {seed: MAX_SEED, minutes: 1})).toHaveLength(1);
  });
});

describe("simulate(scenario, options)", () => {
  it("returns the same metrics as run, with each minute's state, controls and details", () => {
    const trace = simulate("bad-deploy", {seed: 2, minutes: 20, actions: [{minute: 15, press: "rollback"}]});
    expect(trace.metrics).toEqual(run("bad-deploy", {seed: 2, minutes: 20, actions: [{minute: 15, press: "rollback"}]}));
    expect(trace.states).toHaveLength(20);
    expect(trace.states[15].rollbackAt).toBe(20);
    expect(trace.details[0].workers).toBe(160);
    expect(trace.details[0].offeredLoad).toBeCloseTo(trace.details[0].admitted * trace.details[0].serviceTimeS, 10);
    expect(trace.controls[0].fleetMin).toBe(10);
    expect(trace.details[0].waitProbability).toBeGreaterThan(0);
    expect(trace.details[0].waitProbability).toBeLessThan(0.01);
  });
});
