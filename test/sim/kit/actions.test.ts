import {describe, expect, it} from "vitest";
import {buttonNames, isButton, oncallVocabulary} from "../../../src/sim/oncall/buttons.js";
import {parseActionsJson, validateActions} from "../../../src/sim/kit/actions.js";

/** The kit's validation against the on-call model's controls and buttons. */
const validateOncall = (json: unknown, options: {minutes?: number} = {}) =>
  validateActions(json, {...options, vocabulary: oncallVocabulary});

describe("validateActions(json, {minutes, vocabulary}) with the on-call vocabulary", () => {
  it("accepts set and press actions", () => {
    const json = [
      {minute: 0, set: {autoscaling: true, targetUtilization: 0.6}},
      {minute: 12, press: "rollback"},
      {minute: 12, press: "warmup"}
    ];
    expect(validateOncall(json, {minutes: 60})).toEqual({actions: json, errors: []});
    expect(validateOncall([])).toEqual({actions: [], errors: []});
  });
  it("rejects what is not an array of objects", () => {
    expect(validateOncall({minute: 1}).errors[0]).toMatch(/must be a JSON array/);
    expect(validateOncall([3]).errors[0]).toBe("action 0 must be an object, got 3");
  });
  it("names an unknown control and an out-of-range value", () => {
    expect(validateOncall([{minute: 1, set: {turbo: true}}]).errors[0]).toMatch(/^action 0: unknown control "turbo"/);
    expect(validateOncall([{minute: 1, set: {ttlS: 9000}}]).errors).toEqual(["action 0: ttlS must be between 0 and 3600, got 9000"]);
  });
  it("names a minute out of range or not an integer", () => {
    expect(validateOncall([{minute: 60, press: "warmup"}], {minutes: 60}).errors).toEqual(["action 0: minute 60 is out of range 0..59"]);
    expect(validateOncall([{minute: -1, press: "warmup"}]).errors[0]).toMatch(/minute -1 is out of range/);
    expect(validateOncall([{minute: 1.5, press: "warmup"}]).errors[0]).toBe("action 0: minute must be an integer, got 1.5");
    expect(validateOncall([{press: "warmup"}]).errors[0]).toBe("action 0: minute must be an integer, got undefined");
  });
  it("names an unknown button, a missing or doubled verb, and unknown fields", () => {
    expect(validateOncall([{minute: 1, press: "reboot"}]).errors[0]).toMatch(/unknown button "reboot"/);
    expect(validateOncall([{minute: 1}]).errors[0]).toMatch(/exactly one of "set" or "press"/);
    expect(validateOncall([{minute: 1, press: "warmup", set: {}}]).errors[0]).toMatch(/exactly one of/);
    expect(validateOncall([{minute: 1, press: "warmup", at: 3}]).errors[0]).toMatch(/unknown field "at"/);
    expect(validateOncall([{minute: 1, set: [1]}]).errors[0]).toMatch(/set must be an object/);
  });
  it("reports every problem, and no actions when there is one", () => {
    const result = validateOncall(
      [
        {minute: 99, set: {x: 1}},
        {minute: 1, press: "warmup"}
      ],
      {minutes: 10}
    );
    expect(result.errors).toHaveLength(2);
    expect(result.actions).toEqual([]);
  });
});

describe("validateActions on hostile values", () => {
  it("quotes no value whole: deep nesting by kind, long strings and names cut", () => {
    let deep: unknown = [];
    for (let i = 0; i < 20_000; i++) deep = [deep];
    const long = "x".repeat(10_000);
    const {errors} = validateOncall([
      deep,
      {minute: deep, press: long},
      {minute: 1, set: {[long]: deep, fleetMin: deep}},
      {minute: 1, [long]: 1, press: "warmup"}
    ]);
    expect(errors).toEqual([
      "action 0 must be an object, got an array of 1 item",
      "action 1: minute must be an integer, got an array of 1 item",
      `action 1: unknown button "${"x".repeat(60)}"… (buttons: rollback, warmup)`,
      `action 2: unknown control "${"x".repeat(60)}…" (controls: fleetMin, autoscaling, targetUtilization, ttlS, sheddingShare, heavyFeature, bootDelayMin)`,
      "action 2: fleetMin must be a number, got an array of 1 item",
      `action 3: unknown field "${"x".repeat(60)}…" (expected minute, set or press)`
    ]);
  });
  it("says Infinity, not null", () => {
    expect(validateOncall([{minute: 1, set: {ttlS: Infinity}}]).errors).toEqual(["action 0: ttlS must be a number, got Infinity"]);
  });
});

describe("isButton(name)", () => {
  it("knows the two buttons and nothing else", () => {
    expect(buttonNames).toEqual(["rollback", "warmup"]);
    for (const name of buttonNames) expect(isButton(name)).toBe(true);
    for (const name of ["Rollback", "fleetMin", "", 0, null, undefined, ["rollback"]]) expect(isButton(name)).toBe(false);
  });
});

describe("parseActionsJson(text)", () => {
  it("parses JSON, skipping a byte-order mark", () => {
    expect(parseActionsJson('\ufeff[{"minute": 1, "press": "warmup"}]')).toEqual({ok: true, json: [{minute: 1, press: "warmup"}]});
  });
  it("names a number literal that overflows a double as written, with line and column", () => {
    expect(parseActionsJson('[{"minute": 1e400}]')).toEqual({ok: false, error: "the number 1e400 (line 1, column 13) is too large"});
    expect(parseActionsJson('[\n {"x": "1e400", "y": -2.5E+308}]')).toEqual({
      ok: false,
      error: "the number -2.5E+308 (line 2, column 22) is too large"
    });
    expect(parseActionsJson('["\\"1e400", 1e308, 1e-400]')).toEqual({ok: true, json: ['"1e400', 1e308, 0]});
  });
  it("reports a syntax error on one line of bounded length", () => {
    const result = parseActionsJson("[" + "1,\n".repeat(100_000) + "}");
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error).toMatch(/^not valid JSON: /);
      expect(result.error).not.toContain("\n");
      expect(result.error.length).toBeLessThan(140);
    }
    expect(parseActionsJson("")).toMatchObject({ok: false});
  });
});
