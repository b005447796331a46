// The causes the models name for a worst minute, each read from the model's own values at it.
import {describe, expect, it} from "vitest";
import {oncallCauses, oncallWorstMinute} from "../../../src/sim/oncall/causes.js";
import {DB_CAPACITY_QPS} from "../../../src/sim/oncall/database.js";
import {eventEnd} from "../../../src/sim/kit/events.js";
import {retryEventKinds, retryModel, retryStorm, retryWorstMinute, simulateRetry} from "../../../src/sim/retry/model.js";
import {simulate} from "../../../src/sim/oncall/run.js";
import {oncallEventKinds} from "../../../src/sim/oncall/scenarios.js";

describe("oncallWorstMinute(trace)", () => {
  it("cache flush: the database saturated at the worst minute, with its load, capacity and capped query time", () => {
    const trace = simulate("cache-flush", {seed: 1, minutes: 60});
    const worst = oncallWorstMinute(trace)!;
    expect(worst.value).toBe(Math.max(...trace.metrics.map((m) => m.errorRate)));
    const db = worst.causes.find((c) => c.kind === "dbSaturated")!;
    expect(db.values.load.value).toBe(trace.details[worst.minute].dbLoadQps);
    expect(db.values.capacity.value).toBe(DB_CAPACITY_QPS);
    expect(db.values.query.value).toBe(250);
  });
  it("bad deploy: the bad build's share; surge: instances still booting, with the boot delay", () => {
    const deploy = oncallWorstMinute(simulate("bad-deploy", {seed: 1, minutes: 40}))!;
    expect(deploy.causes).toEqual([{kind: "badBuild", values: {share: {value: 100, unit: "%"}}}]);
    const trace = simulate("surge", {seed: 1, minutes: 120, actions: [{minute: 36, set: {autoscaling: true}}]});
    const booting = oncallCauses(trace, oncallWorstMinute(trace)!.minute).find((c) => c.kind === "booting");
    expect(booting?.values.boot).toEqual({value: 8, unit: "min"});
  });
  it("is null when no minute left the SLO", () => {
    expect(oncallWorstMinute(simulate("free", {seed: 1, minutes: 60}))).toBeNull();
  });
});

describe("retryWorstMinute(trace)", () => {
  it("the storm: retries keep the offered load above capacity", () => {
    const trace = simulateRetry(retryStorm, {seed: 3, minutes: 40});
    const worst = retryWorstMinute(trace)!;
    const storm = worst.causes.find((c) => c.kind === "retriesOverCapacity")!;
    expect(storm.values.offered.value).toBeGreaterThan(storm.values.capacity.value);
    expect(retryModel.worstMinute).toBeDefined();
  });
});

describe("eventEnd(event, kinds)", () => {
  it("is the start plus the lengths the kind names, rounded up; null for a kind without an end", () => {
    expect(eventEnd({kind: "slowdown", minute: 12, params: {factor: 2, durationMin: 2.5}}, retryEventKinds)).toBe(15);
    expect(eventEnd({kind: "surge", minute: 30, params: {size: 2, rampMin: 5, holdMin: 30, decayMin: 20}}, oncallEventKinds)).toBe(65);
    expect(eventEnd({kind: "flush", minute: 15, params: {}}, oncallEventKinds)).toBeNull();
  });
});
