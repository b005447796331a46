import {describe, expect, it} from "vitest";
import {validateActions} from "../../src/sim/actions.js";

describe("validateActions(json, {minutes})", () => {
  it("accepts set and press actions", () => {
    const json = [{minute: 0, set: {autoscaling: true, targetUtilization: 0.6}}, {minute: 12, press: "rollback"}, {minute: 12, press: "warmup"}];
    expect(validateActions(json, {minutes: 60})).toEqual({actions: json, errors: []});
    expect(validateActions([])).toEqual({actions: [], errors: []});
  });
  it("rejects what is not an array of objects", () => {
    expect(validateActions({minute: 1}).errors[0]).toMatch(/must be a JSON array/);
    expect(validateActions([3]).errors[0]).toBe("action 0 must be an object, got 3");
  });
  it("names an unknown control and an out-of-range value", () => {
    expect(validateActions([{minute: 1, set: {turbo: true}}]).errors[0]).toMatch(/^action 0: unknown control "turbo"/);
    expect(validateActions([{minute: 1, set: {ttlS: 9000}}]).errors).toEqual(["action 0: ttlS must be between 0 and 3600, got 9000"]);
  });
  it("names a minute out of range or not an integer", () => {
    expect(validateActions([{minute: 60, press: "warmup"}], {minutes: 60}).errors).toEqual(["action 0: minute 60 is out of range 0..59"]);
    expect(validateActions([{minute: -1, press: "warmup"}]).errors[0]).toMatch(/minute -1 is out of range/);
    expect(validateActions([{minute: 1.5, press: "warmup"}]).errors[0]).toBe("action 0: minute must be an integer, got 1.5");
    expect(validateActions([{press: "warmup"}]).errors[0]).toBe("action 0: minute must be an integer, got undefined");
  });
  it("names an unknown button, a missing or doubled verb, and unknown fields", () => {
    expect(validateActions([{minute: 1, press: "reboot"}]).errors[0]).toMatch(/unknown button "reboot"/);
    expect(validateActions([{minute: 1}]).errors[0]).toMatch(/exactly one of "set" or "press"/);
    expect(validateActions([{minute: 1, press: "warmup", set: {}}]).errors[0]).toMatch(/exactly one of/);
    expect(validateActions([{minute: 1, press: "warmup", at: 3}]).errors[0]).toMatch(/unknown field "at"/);
    expect(validateActions([{minute: 1, set: [1]}]).errors[0]).toMatch(/set must be an object/);
  });
  it("reports every problem, and no actions when there is one", () => {
    const result = validateActions([{minute: 99, set: {x: 1}}, {minute: 1, press: "warmup"}], {minutes: 10});
    expect(result.errors).toHaveLength(2);
    expect(result.actions).toEqual([]);
  });
});
