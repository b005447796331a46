// The scenario picker with its brief, and the seed: shown, editable, and "new seed". It lists the
// scenarios it is given (the on-call page's four by default); a scenario's title and brief are
// the page's t(`scenario.<name>`) / t(`brief.<name>`) when it has them, else the record's strings.
import {isSeed, MAX_SEED} from "../../sim/kit/limits.js";
import {scenarios as onCallScenarios} from "../../sim/oncall/scenarios.js";
import type {Scenario, ScenarioName} from "../../sim/kit/scenario.js";
import type {Translate} from "../i18n.js";
import {h, setText} from "./dom.js";
import {drawSeed} from "./session.js";
import type {Frame, Store} from "./store.js";
import {ensureStyle} from "./style.js";

/** The picker's element and its update. */
export interface ScenarioView {
  node: HTMLElement;
  update(frame: Frame): void;
}

/** A scenario's string in the page's language: its translation key, else the record's own strings. */
export function scenarioText(scenario: Scenario, part: "title" | "brief", t: Translate, lang = "en"): string {
  const key = part === "title" ? `scenario.${scenario.name}` : `brief.${scenario.name}`;
  if (t(key) !== key) return t(key);
  const strings = scenario.strings?.[lang] ?? scenario.strings?.en;
  return strings ? strings[part] : part === "title" ? scenario.title : "";
}

/** The scenario and seed pickers in language `t`; `random` draws new seeds (Math.random on the page). */
export function scenarioView(
  t: Translate,
  store: Store,
  random: () => number,
  options: {scenarios?: readonly Scenario[]; lang?: string} = {}
): ScenarioView {
  ensureStyle();
  const {scenarios = Object.values(onCallScenarios), lang} = options;
  const select = h("select", {"aria-label": t("scenario.label"), name: "scenario"});
  for (const scenario of scenarios) select.append(h("option", {value: scenario.name}, scenarioText(scenario, "title", t, lang)));
  const brief = h("p", {class: "oc-brief", "data-brief": ""});
  const seed = h("input", {type: "number", min: 0, max: MAX_SEED, step: 1, name: "seed", "aria-label": t("seed.label")});
  const fresh = h("button", {type: "button", "data-action": "new-seed"}, t("seed.new"));
  const restart = (scenario: ScenarioName, value: number) => store.restart(scenario, value);
  select.addEventListener("change", () => restart(select.value as ScenarioName, store.frame().run.seed));
  seed.addEventListener("change", () => {
    const value = Number(seed.value);
    if (isSeed(value)) restart(store.frame().run.scenario, value);
    else seed.value = String(store.frame().run.seed);
  });
  fresh.addEventListener("click", () => restart(store.frame().run.scenario, drawSeed(random)));
  const node = h(
    "div",
    {class: "oc-scenario"},
    h("label", {class: "oc-seed"}, h("strong", {}, t("scenario.label")), select),
    brief,
    h(
      "div",
      {class: "oc-seed"},
      h("label", {class: "oc-seed"}, h("strong", {}, t("seed.label")), seed),
      fresh,
      h("span", {class: "oc-help"}, t("seed.help"))
    )
  );
  return {
    node,
    update(frame) {
      const {scenario, seed: value} = frame.run;
      if (select.value !== scenario) select.value = scenario;
      if (document.activeElement !== seed && seed.value !== String(value)) seed.value = String(value);
      setText(brief, scenarioText(frame.scenario, "brief", t, lang));
    }
  };
}
