// Decisions in words, for the decision log and the debrief: "Fleet minimum: 10 → 14",
// "Rollback pressed". Pure: the translation and the number format are passed in.
import type {Action} from "../../sim/actions.js";
import type {Controls} from "../../sim/controls.js";
import type {Translate} from "../i18n.js";
import type {UnitFormat} from "./format.js";

/** A control's value as the page writes it: 12, on/off, 60 %, 60 s, 3 min. */
export function formatControl(name: keyof Controls, value: number | boolean, t: Translate, format: UnitFormat): string {
  if (typeof value === "boolean") return t(value ? "on" : "off");
  switch (name) {
    case "targetUtilization":
    case "sheddingShare":
      return format(value * 100, 0, "%");
    case "ttlS":
      return format(value, 0, "s");
    case "bootDelayMin":
      return format(value, 0, "min");
    default:
      return format(value, 0);
  }
}

/** The label of a control or button in the page's language (the boot delay has none: its field name). */
export function controlLabel(name: string, t: Translate): string {
  const key = name === "warmup" || name === "rollback" ? `button.${name}` : `control.${name}`;
  return t(key) === key ? name : t(key);
}

/**
 * What an action changed, given the controls in force before it: "Fleet minimum: 10 → 14;
 * Autoscaling: off → on" or "Rollback pressed".
 */
export function describeAction(action: Action, before: Controls, t: Translate, format: UnitFormat): string {
  if ("press" in action) return t("log.pressed", {button: controlLabel(action.press, t)});
  return Object.entries(action.set)
    .map(([name, value]) => {
      const key = name as keyof Controls;
      return `${controlLabel(key, t)}: ${formatControl(key, before[key], t, format)} → ${formatControl(key, value as number | boolean, t, format)}`;
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
