import {describe, expect, it} from "vitest";
import {defaultControls} from "../../../src/sim/oncall/controls.js";
import {translator} from "../../../src/components/i18n.js";
import {describeAction, formatControl, withControlsBefore} from "../../../src/components/oncall/describe.js";
import {unitFormat} from "../../../src/components/oncall/format.js";
import en from "../../../notebooks/locales/on-call/en.json" with {type: "json"};
import hu from "../../../notebooks/locales/on-call/hu.json" with {type: "json"};

describe("describeAction(action, before, t, format)", () => {
  const t = translator({en, hu}, "en");
  const format = unitFormat("en");
  it("writes each setting as label: before → after", () => {
    expect(describeAction({minute: 3, set: {fleetMin: 14, autoscaling: true}}, defaultControls, t, format)).toBe(
      "Fleet minimum: 10 → 14; Autoscaling (target utilization): off → on"
    );
    expect(describeAction({minute: 3, set: {targetUtilization: 0.45}}, defaultControls, t, format)).toBe(
      "Target utilization value: 60 % → 45 %"
    );
  });
  it("writes a press with the button's label, in the page's language", () => {
    expect(describeAction({minute: 3, press: "rollback"}, defaultControls, t, format)).toBe("Rollback pressed");
    expect(describeAction({minute: 3, set: {sheddingShare: 0.5}}, defaultControls, translator({en, hu}, "hu"), unitFormat("hu"))).toBe(
      "Terheléslevágás (load shedding): 0 % → 50 %"
    );
  });
  it("formats each control with its unit", () => {
    expect(formatControl("ttlS", 90, t, format)).toBe("90 s");
    expect(formatControl("bootDelayMin", 8, t, format)).toBe("8 min");
  });
});

describe("withControlsBefore(actions, start)", () => {
  it("pairs each action, by minute, with the controls in force before it", () => {
    const pairs = withControlsBefore(
      [
        {minute: 9, set: {fleetMin: 20}},
        {minute: 2, set: {fleetMin: 12}}
      ],
      defaultControls
    );
    expect(pairs.map((p) => [p.action.minute, p.before.fleetMin])).toEqual([
      [2, 10],
      [9, 12]
    ]);
  });
});
