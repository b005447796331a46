// The controls a scenario offers as inputs with their one-line help (help.<name>), and its
// buttons; the on-call specification's controls, ranges and order are the preset. A change is a decision
// at the current minute (store.decide); sliders decide when released. A button's status line
// coming on ("Rollback: preparing") is also said through the page's live region (announce.ts).
import {MAX_INSTANCES, MIN_INSTANCES} from "../../sim/oncall/autoscaler.js";
import {modelOf, offeredButtons, offeredControls} from "../../sim/catalog.js";
import type {ControlSpec, ControlValues} from "../../sim/kit/controls.js";
import type {Translate} from "../i18n.js";
import {announcer} from "./announce.js";
import {formatControl} from "./describe.js";
import {h, setText} from "./dom.js";
import type {UnitFormat} from "./format.js";
import {buttons, learnerControls} from "./session.js";
import type {Frame, Store} from "./store.js";
import {ensureStyle} from "./style.js";

/** The controls' element and its update. */
export interface ControlsView {
  node: HTMLElement;
  update(frame: Frame): void;
}

/** How a slider maps to a control: its range and step as shown, and the factor from value to slider (100 for a share). */
export interface SliderSpec {
  min: number;
  max: number;
  step: number;
  scale: number;
}

/** The on-call specification's sliders (shares in percent). */
export const onCallSliders: Readonly<Record<string, SliderSpec>> = {
  fleetMin: {min: MIN_INSTANCES, max: MAX_INSTANCES, step: 1, scale: 1},
  targetUtilization: {min: 10, max: 100, step: 5, scale: 100},
  ttlS: {min: 0, max: 600, step: 5, scale: 1},
  sheddingShare: {min: 0, max: 100, step: 5, scale: 100}
};

/** The on-call controls and buttons in the specification's order. */
export const controlOrder = [
  "fleetMin",
  "autoscaling",
  "targetUtilization",
  "ttlS",
  "warmup",
  "sheddingShare",
  "heavyFeature",
  "rollback"
] as const;

/** The on-call buttons' status lines: the warm-up job running, a rollback preparing. */
export const onCallStatus: Readonly<Record<string, (frame: Frame) => string | null>> = {
  warmup: (frame) => (frame.detail.warmupRunning ? "running" : null),
  rollback: (frame) => (frame.detail.rollbackPreparing ? "preparing" : null)
};

/** What the controls view shows: controls and buttons in order, slider ranges, button status keys. */
export interface ControlsOptions {
  /** Controls, then buttons, in the order shown (default: the scenario's offers, else on-call's). */
  controls?: readonly string[];
  buttons?: readonly string[];
  order?: readonly string[];
  sliders?: Readonly<Record<string, SliderSpec>>;
  /** A button's status line (a translation key) from the frame, e.g. "running". */
  status?: Readonly<Record<string, (frame: Frame) => string | null>>;
}

/** A slider for a number control from its model spec: shares in percent, about twenty steps. */
function sliderOf(spec: Extract<ControlSpec, {min: number}>): SliderSpec {
  if (spec.share) return {min: spec.min * 100, max: spec.max * 100, step: 5, scale: 100};
  return {min: spec.min, max: spec.max, step: spec.type === "integer" ? 1 : (spec.max - spec.min) / 19, scale: 1};
}

/** The controls in language `t`, recording decisions in `store`. */
export function controlsView(t: Translate, format: UnitFormat, store: Store, options: ControlsOptions = {}): ControlsView {
  ensureStyle();
  const scenario = store.frame().scenario;
  const specs = modelOf(scenario).controls;
  // A scenario that names what it offers gets exactly that; on-call's scenarios the specification's preset.
  const own = scenario.offers !== undefined;
  const controlNames = options.controls ?? (own ? offeredControls(scenario) : learnerControls);
  const buttonNames = options.buttons ?? (own ? offeredButtons(scenario) : buttons);
  const order = options.order ?? (own || options.controls || options.buttons ? [...controlNames, ...buttonNames] : controlOrder);
  const sliders = options.sliders ?? (own ? {} : onCallSliders);
  const status = options.status ?? (own ? {} : onCallStatus);
  const sync: ((controls: ControlValues) => void)[] = [];
  const blocks = new Map<string, HTMLElement>();
  const show = (name: string, value: number | boolean) => formatControl(name, value, t, format, specs);
  for (const name of controlNames) {
    const spec = specs[name];
    const slider = spec && spec.type !== "boolean" && !spec.choices ? (sliders[name] ?? sliderOf(spec)) : undefined;
    const help = h("p", {class: "oc-help"}, t(`help.${name}`));
    if (spec && spec.type !== "boolean" && spec.choices) {
      const select = h("select", {name, "aria-label": t(`control.${name}`)});
      spec.choices.forEach((_, i) => select.append(h("option", {value: i}, show(name, i))));
      select.addEventListener("change", () => store.decide({set: {[name]: Number(select.value)}}));
      blocks.set(
        name,
        h(
          "div",
          {class: "oc-control", "data-control": name},
          h("label", {}, t(`control.${name}`)),
          h("div", {class: "oc-input"}, select),
          help
        )
      );
      sync.push((controls) => {
        select.value = String(controls[name]);
      });
    } else if (slider) {
      const input = h("input", {
        type: "range",
        name,
        min: slider.min,
        max: slider.max,
        step: slider.step,
        "aria-label": t(`control.${name}`)
      });
      const output = h("output", {});
      input.addEventListener("input", () => setText(output, show(name, Number(input.value) / slider.scale)));
      input.addEventListener("change", () => store.decide({set: {[name]: Number(input.value) / slider.scale}}));
      blocks.set(
        name,
        h(
          "div",
          {class: "oc-control", "data-control": name},
          h("label", {}, t(`control.${name}`)),
          h("div", {class: "oc-input"}, input, output),
          help
        )
      );
      sync.push((controls) => {
        const value = controls[name] as number;
        // A value between slider steps (from a link) is shown as it is; the slider rounds.
        input.value = String(value * slider.scale);
        setText(output, show(name, value));
      });
    } else {
      const input = h("input", {type: "checkbox", name});
      const state = h("span", {class: "oc-help"});
      input.addEventListener("change", () => store.decide({set: {[name]: input.checked}}));
      blocks.set(
        name,
        h(
          "div",
          {class: "oc-control", "data-control": name},
          h("label", {class: "oc-check"}, input, t(`control.${name}`), " ", state),
          help
        )
      );
      sync.push((controls) => {
        input.checked = controls[name] as boolean;
        setText(state, show(name, controls[name]));
      });
    }
  }
  const statuses = new Map<string, HTMLElement>();
  for (const button of buttonNames) {
    const press = h("button", {type: "button", "data-action": button}, t(`button.${button}`));
    press.addEventListener("click", () => store.decide({press: button}));
    const status = h("span", {class: "oc-status"});
    statuses.set(button, status);
    // (what pressing does means nothing where it cannot be pressed: the no-script snapshot, paper)
    blocks.set(
      button,
      h(
        "div",
        {class: "oc-control", "data-control": button},
        h("label", {}, press, status),
        h("p", {class: "oc-help", "data-qb-live-only": ""}, t(`help.${button}`))
      )
    );
  }
  const node = h("div", {class: "oc-controls"}, ...order.flatMap((name) => blocks.get(name) ?? []));
  let shown: ControlValues | null = null;
  const say = announcer();
  // Each button's status key as last shown (none yet: what a link opens with is not news).
  let said: Map<string, string | null> | null = null;
  return {
    node,
    update(frame) {
      // Only when the controls in force changed: a slider being dragged is left alone otherwise.
      const controls = frame.controls as ControlValues;
      if (!shown || controlNames.some((name) => shown![name] !== controls[name])) {
        shown = controls;
        for (const apply of sync) apply(controls);
      }
      const before = said;
      said = new Map();
      for (const [button, line] of statuses) {
        const key = status[button]?.(frame) ?? null;
        setText(line, key === null ? "" : t(key));
        said.set(button, key);
        if (before && key !== null && before.get(button) !== key) say(`${t(`button.${button}`)}: ${t(key)}`);
      }
    }
  };
}
