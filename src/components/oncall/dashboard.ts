// The dashboard: metrics by spec (the on-call specification's twelve by default), the first as the headline;
// a tile with a limit shows "value / limit" and turns red at it (format.ts tileValue).
// Each value's element carries data-metric (the JSON field of `queuebook sim`) and data-value
// (the raw number), for tests and for anyone scripting the page.
import type {Translate} from "../i18n.js";
import {h, setAttr, setText} from "./dom.js";
import {dashboardMetrics, tileValue, type MetricSpec, type UnitFormat} from "./format.js";
import {sloOf} from "./session.js";
import type {Frame} from "./store.js";
import {ensureStyle} from "./style.js";

/** The dashboard's element and its update. */
export interface DashboardView {
  node: HTMLElement;
  update(frame: Frame): void;
}

/** Which metrics a dashboard shows, in order; labels are t(`metric.<field>`). */
export interface DashboardOptions {
  metrics?: readonly MetricSpec[];
}

/** The dashboard in language `t` and number format `format`. */
export function dashboardView(t: Translate, format: UnitFormat, options: DashboardOptions = {}): DashboardView {
  ensureStyle();
  const {metrics = dashboardMetrics} = options;
  const values = metrics.map((spec) => h("div", {class: "oc-value", "data-metric": spec.field}));
  const tiles = metrics.map((spec, i) =>
    h("div", {class: i === 0 ? "oc-tile oc-headline" : "oc-tile"}, h("div", {class: "oc-label"}, t(`metric.${spec.field}`)), values[i])
  );
  const node = h("div", {class: "oc-dash", role: "group", "aria-label": t("dashboard.heading")}, ...tiles);
  let last: Frame | null = null;
  return {
    node,
    update(frame) {
      if (last && last.metrics === frame.metrics) return;
      last = frame;
      const row = frame.metrics as unknown as Record<string, number>;
      metrics.forEach((spec, i) => {
        const shown = tileValue(spec, row, frame.controls as Record<string, unknown>, format);
        setText(values[i], shown.text);
        setAttr(values[i], "data-value", String(shown.value));
        if (shown.limit !== null) setAttr(values[i], "data-limit", String(shown.limit));
        tiles[i].classList.toggle("oc-at-limit", shown.atLimit);
      });
      // The burn rate as headline turns red at the model's alert threshold.
      const slo = sloOf(frame.scenario);
      tiles[0]?.classList.toggle("oc-fast", !!slo && metrics[0]?.field === slo.burn && row[slo.burn] >= slo.threshold);
    }
  };
}
