// Every control of the seeds as an input with the seeds' one-line help, and the two buttons.
// A change is a decision at the current minute (store.decide); sliders decide when released.
import {MAX_INSTANCES, MIN_INSTANCES} from "../../sim/autoscaler.js";
import type {Controls} from "../../sim/controls.js";
import type {Translate} from "../i18n.js";
import {formatControl} from "./describe.js";
import {h, setText} from "./dom.js";
import type {UnitFormat} from "./format.js";
import {buttons, learnerControls, type LearnerControl} from "./session.js";
import type {Frame, Store} from "./store.js";
import {ensureStyle} from "./style.js";

/** The controls' element and its update. */
export interface ControlsView {
  node: HTMLElement;
  update(frame: Frame): void;
}

/** How a slider maps to a control: shares are shown in percent. */
const sliders: Partial<Record<LearnerControl, {min: number; max: number; step: number; scale: number}>> = {
  fleetMin: {min: MIN_INSTANCES, max: MAX_INSTANCES, step: 1, scale: 1},
  targetUtilization: {min: 10, max: 100, step: 5, scale: 100},
  ttlS: {min: 0, max: 600, step: 5, scale: 1},
  sheddingShare: {min: 0, max: 100, step: 5, scale: 100}
};

/** The controls and buttons in the seeds' order. */
export const controlOrder = ["fleetMin", "autoscaling", "targetUtilization", "ttlS", "warmup", "sheddingShare", "heavyFeature", "rollback"] as const;

/** The controls in language `t`, recording decisions in `store`. */
export function controlsView(t: Translate, format: UnitFormat, store: Store): ControlsView {
  ensureStyle();
  const sync: ((controls: Controls) => void)[] = [];
  const blocks = new Map<string, HTMLElement>();
  for (const name of learnerControls) {
    const slider = sliders[name];
    const help = h("p", {class: "oc-help"}, t(`help.${name}`));
    if (slider) {
      const input = h("input", {type: "range", name, min: slider.min, max: slider.max, step: slider.step, "aria-label": t(`control.${name}`)});
      const output = h("output", {});
      input.addEventListener("input", () => setText(output, formatControl(name, Number(input.value) / slider.scale, t, format)));
      input.addEventListener("change", () => store.decide({set: {[name]: Number(input.value) / slider.scale}}));
      blocks.set(name, h("div", {class: "oc-control", "data-control": name}, h("label", {}, t(`control.${name}`)), h("div", {class: "oc-input"}, input, output), help));
      sync.push((controls) => {
        const value = controls[name] as number;
        // A value between slider steps (from a link) is shown as it is; the slider rounds.
        input.value = String(value * slider.scale);
        setText(output, formatControl(name, value, t, format));
      });
    } else {
      const input = h("input", {type: "checkbox", name});
      const state = h("span", {class: "oc-help"});
      input.addEventListener("change", () => store.decide({set: {[name]: input.checked}}));
      blocks.set(name, h("div", {class: "oc-control", "data-control": name}, h("label", {class: "oc-check"}, input, t(`control.${name}`), " ", state), help));
      sync.push((controls) => {
        input.checked = controls[name] as boolean;
        setText(state, formatControl(name, controls[name], t, format));
      });
    }
  }
  const statuses = new Map<string, HTMLElement>();
  for (const button of buttons) {
    const press = h("button", {type: "button", "data-action": button}, t(`button.${button}`));
    press.addEventListener("click", () => store.decide({press: button}));
    const status = h("span", {class: "oc-status"});
    statuses.set(button, status);
    blocks.set(button, h("div", {class: "oc-control", "data-control": button}, h("label", {}, press, status), h("p", {class: "oc-help"}, t(`help.${button}`))));
  }
  const node = h("div", {class: "oc-controls"}, ...controlOrder.map((name) => blocks.get(name)!));
  let shown: Controls | null = null;
  return {
    node,
    update(frame) {
      // Only when the controls in force changed: a slider being dragged is left alone otherwise.
      if (!shown || learnerControls.some((name) => shown![name] !== frame.controls[name])) {
        shown = frame.controls;
        for (const apply of sync) apply(frame.controls);
      }
      setText(statuses.get("warmup")!, frame.detail.warmupRunning ? t("running") : "");
      setText(statuses.get("rollback")!, frame.detail.rollbackPreparing ? t("preparing") : "");
    }
  };
}
