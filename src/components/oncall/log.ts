// The decision log shown on the page: minute, clock and what changed, one row per decision.
import {formatClock, parseClock} from "../../sim/kit/clock.js";
import {modelOf} from "../../sim/catalog.js";
import type {Translate} from "../i18n.js";
import {describeAction, withControlsBefore} from "./describe.js";
import {h} from "./dom.js";
import type {UnitFormat} from "./format.js";
import type {Frame} from "./store.js";
import {ensureStyle} from "./style.js";

/** The log's element and its update. */
export interface LogView {
  node: HTMLElement;
  update(frame: Frame): void;
}

/** The decision log in language `t`. */
export function logView(t: Translate, format: UnitFormat): LogView {
  ensureStyle();
  const node = h("div", {class: "oc-log-wrap"});
  let key = "";
  return {
    node,
    update(frame) {
      const {run} = frame;
      // Rebuilt only when the log or which rows lie in the future changes.
      const later = run.actions.filter((a) => a.minute > frame.minute).length;
      const next = `${run.scenario}|${run.actions.length}|${later}|${frame.trace.metrics.length}|${run.seed}`;
      if (next === key) return;
      key = next;
      if (run.actions.length === 0) {
        node.replaceChildren(h("p", {class: "oc-help", "data-log-empty": ""}, t("log.empty")));
        return;
      }
      const {scenario} = frame;
      const start = parseClock(scenario.startClock);
      const rows = withControlsBefore(run.actions, scenario.controls as Frame["controls"]).map(({action, before}) =>
        h(
          "tr",
          {class: action.minute > frame.minute ? "oc-later" : undefined, "data-minute": action.minute},
          h("td", {}, format(action.minute, 0)),
          h("td", {}, formatClock(start + action.minute)),
          h("td", {}, describeAction(action, before, t, format, modelOf(scenario).controls))
        )
      );
      const table = h(
        "table",
        {class: "oc-log"},
        h("thead", {}, h("tr", {}, h("th", {}, t("log.minute")), h("th", {}, t("log.clock")), h("th", {}, t("log.change")))),
        h("tbody", {}, ...rows)
      );
      if (later) node.replaceChildren(table, h("p", {class: "oc-help"}, t("log.later")));
      else node.replaceChildren(table);
    }
  };
}
