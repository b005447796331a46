// Decisions in words, for the decision log and the debrief: "Fleet minimum: 10 → 14",
// "Rollback pressed". Pure: the translation and the number format are passed in.
import type {Action} from "../../sim/kit/actions.js";
import {controlSpecs, type Controls} from "../../sim/oncall/controls.js";
import type {ControlSpecs} from "../../sim/kit/controls.js";
import type {Translate} from "../i18n.js";
import type {UnitFormat} from "./format.js";

/**
 * A control's value as the page writes it, from the model's spec of it (`specs`, on-call's by
 * default): 12, on/off (`choice.<control>.on`/`.off` when the page has them), 60 %, 60 s, 3 min, a named
 * choice (`choice.<control>.<name>`, else the name).
 */
export function formatControl(
  name: string,
  value: number | boolean,
  t: Translate,
  format: UnitFormat,
  specs: ControlSpecs = controlSpecs
): string {
  if (typeof value === "boolean") {
    // A control's own words for on/off where the language agrees them with its noun (pt: a
    // funcionalidade "ligada"), else the page's "on"/"off".
    const own = `choice.${name}.${value ? "on" : "off"}`;
    return t(own) === own ? t(value ? "on" : "off") : t(own);
  }
  const spec = specs[name];
  if (!spec || spec.type === "boolean") return format(value, 0);
  if (spec.choices && spec.choices[value] !== undefined) {
    const key = `choice.${name}.${spec.choices[value]}`;
    return t(key) === key ? spec.choices[value] : t(key);
  }
  if (spec.share) return format(value * 100, 0, "%");
  return format(value, spec.digits ?? 0, spec.unit);
}

/** The label of a control or button in the page's language (the boot delay has none: its field name). */
export function controlLabel(name: string, t: Translate): string {
  // A button's label is button.<name>, a control's control.<name>; whichever the page has.
  for (const key of [`control.${name}`, `button.${name}`]) if (t(key) !== key) return t(key);
  return name;
}

/**
 * What an action changed, given the controls in force before it: "Fleet minimum: 10 → 14;
 * Autoscaling: off → on" or "Rollback pressed".
 */
export function describeAction(
  action: Action,
  before: Controls,
  t: Translate,
  format: UnitFormat,
  specs: ControlSpecs = controlSpecs
): string {
  if ("press" in action) return t("log.pressed", {button: controlLabel(action.press, t)});
  return Object.entries(action.set)
    .map(([name, value]) => {
      const was = (before as Record<string, number | boolean>)[name];
      return `${controlLabel(name, t)}: ${formatControl(name, was, t, format, specs)} → ${formatControl(name, value as number | boolean, t, format, specs)}`;
    })
    .join("; ");
}

/** Each action with the controls in force just before it (for describeAction), from `start`. */
export function withControlsBefore(actions: readonly Action[], start: Controls): {action: Action; before: Controls}[] {
  let controls = {...start};
  const sorted = actions.map((action, i) => ({action, i})).sort((a, b) => a.action.minute - b.action.minute || a.i - b.i);
  return sorted.map(({action}) => {
    const before = controls;
    if ("set" in action) controls = {...controls, ...action.set};
    return {action, before};
  });
}
