import {describe, expect, it} from "vitest";
import {checkControl, controlNames, controlSpecs, defaultControls} from "../../../src/sim/oncall/controls.js";

describe("defaultControls", () => {
  it("has every control, each valid", () => {
    expect(Object.keys(defaultControls).sort()).toEqual([...controlNames].sort());
    for (const [name, value] of Object.entries(defaultControls)) expect(checkControl(name, value)).toBeNull();
  });
  it("cannot be changed by accident", () => {
    expect(Object.isFrozen(defaultControls)).toBe(true);
    expect(Object.isFrozen(controlSpecs)).toBe(true);
  });
});

describe("checkControl(name, value)", () => {
  it("names an unknown control", () => {
    expect(checkControl("fleetSize", 3)).toMatch(/unknown control "fleetSize"/);
  });
  it("checks types and ranges", () => {
    expect(checkControl("fleetMin", 41)).toBe("fleetMin must be between 1 and 40, got 41");
    expect(checkControl("fleetMin", 2.5)).toBe("fleetMin must be an integer, got 2.5");
    expect(checkControl("fleetMin", "3")).toBe(`fleetMin must be a number, got "3"`);
    expect(checkControl("autoscaling", 1)).toBe("autoscaling must be true or false, got 1");
    expect(checkControl("sheddingShare", 1.5)).toMatch(/between 0 and 1/);
    expect(checkControl("targetUtilization", 0)).toMatch(/between 0.1 and 1/);
    expect(checkControl("ttlS", Number.NaN)).toMatch(/must be a number/);
    expect(checkControl("bootDelayMin", 0)).toBeNull();
  });
});
