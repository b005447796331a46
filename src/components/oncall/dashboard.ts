// The dashboard: the seeds' twelve metrics in their order, burn rate first as the headline.
// Each value's element carries data-metric (the JSON field of `queuebook sim`) and data-value
// (the raw number), for tests and for anyone scripting the page.
import {FAST_BURN} from "../../sim/budget.js";
import type {Translate} from "../i18n.js";
import {h, setAttr, setText} from "./dom.js";
import {dashboardMetrics, formatMetric, type UnitFormat} from "./format.js";
import type {Frame} from "./store.js";
import {ensureStyle} from "./style.js";

/** The dashboard's element and its update. */
export interface DashboardView {
  node: HTMLElement;
  update(frame: Frame): void;
}

/** The dashboard in language `t` and number format `format`. */
export function dashboardView(t: Translate, format: UnitFormat): DashboardView {
  ensureStyle();
  const values = dashboardMetrics.map((spec) => h("div", {class: "oc-value", "data-metric": spec.field}));
  const tiles = dashboardMetrics.map((spec, i) =>
    h("div", {class: i === 0 ? "oc-tile oc-headline" : "oc-tile"}, h("div", {class: "oc-label"}, t(`metric.${spec.field}`)), values[i])
  );
  const node = h("div", {class: "oc-dash", role: "group", "aria-label": t("dashboard.heading")}, ...tiles);
  let last: Frame | null = null;
  return {
    node,
    update(frame) {
      if (last && last.metrics === frame.metrics) return;
      last = frame;
      dashboardMetrics.forEach((spec, i) => {
        const value = frame.metrics[spec.field] as number;
        setText(values[i], formatMetric(spec, value, format));
        setAttr(values[i], "data-value", String(value));
      });
      tiles[0].classList.toggle("oc-fast", frame.metrics.burn1h >= FAST_BURN);
    }
  };
}
