// The model's relations as the seeds list them (each with its sources and, where the seeds put
// one, the assumption or approximation note), the same relation in TeX with this minute's
// values from src/components/oncall/formulas.ts, the sources [1]–[6], and the seeds' footer.
import type {Translate} from "../i18n.js";
import {h} from "./dom.js";
import type {Frame} from "./store.js";
import {ensureStyle} from "./style.js";

/** A relation of the seeds: its text key, sources, and the note the seeds put after it. */
export interface RelationSpec {
  id: string;
  cites: number[];
  note?: "assumption" | "approximation";
}

/** The seeds' relations in their order. */
export const relationSpecs: readonly RelationSpec[] = [
  {id: "arrivals", cites: [6], note: "assumption"},
  {id: "queue", cites: [3, 6]},
  {id: "wait", cites: [3]},
  {id: "p99", cites: [3, 6], note: "approximation"},
  {id: "little", cites: [4]},
  {id: "cache", cites: [5]},
  {id: "database", cites: [6], note: "assumption"},
  {id: "budget", cites: [1, 2]},
  {id: "autoscaler", cites: [6], note: "assumption"},
  {id: "constants", cites: [], note: "assumption"}
];

/** TeX of the relations with one minute's values, by relation id (from formulas.ts). */
export type FormulaTex = (frame: Frame) => Record<string, string[]>;

/** Renders TeX into an element (KaTeX through the notebook's `tex`). */
export type RenderTex = (source: string) => Element;

/** The model's element and its update. */
export interface ModelView {
  node: HTMLElement;
  update(frame: Frame): void;
}

/** The model section in language `t`; `formulas` and `render` fill in this minute's values. */
export function modelView(t: Translate, formulas: FormulaTex | null, render: RenderTex | null): ModelView {
  ensureStyle();
  const slots = new Map<string, HTMLElement>();
  const blocks = relationSpecs.map((spec) => {
    const slot = h("div", {class: "oc-tex", "data-relation": spec.id});
    slots.set(spec.id, slot);
    const cites = spec.cites.map((n) => h("a", {class: "oc-cite", href: `#oc-source-${n}`}, `[${n}]`));
    return h(
      "div",
      {class: "oc-relation"},
      h("div", {class: "oc-seedline"}, t(`relation.${spec.id}`), " ", ...cites),
      slot,
      spec.note ? h("p", {class: "oc-note"}, t(`note.${spec.note}`)) : null
    );
  });
  const now = h("p", {class: "oc-help"}, formulas ? "" : t("model.waiting"));
  const sources = h("ol", {class: "oc-sources"}, ...[1, 2, 3, 4, 5, 6].map((n) => h("li", {id: `oc-source-${n}`}, t(`source.${n}`))));
  const node = h(
    "div",
    {class: "oc-model"},
    h("p", {}, t("model.intro")),
    now,
    h("div", {class: "oc-relations"}, ...blocks),
    h("p", {class: "oc-note"}, t("note.randomness")),
    h("h3", {}, t("sources.heading")),
    sources,
    h("p", {class: "oc-footer", "data-footer": ""}, t("footer"))
  );
  let shown: Frame["metrics"] | null = null;
  let latest: Frame | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let renderedAt = -Infinity;
  function show(): void {
    timer = null;
    const frame = latest;
    if (!frame || !formulas || !render || shown === frame.metrics) return;
    shown = frame.metrics;
    renderedAt = performance.now();
    now.textContent = t("model.now", {minute: frame.minute, clock: frame.metrics.clock});
    const tex = formulas(frame);
    for (const [id, slot] of slots) slot.replaceChildren(...(tex[id] ?? []).map(render));
  }
  return {
    node,
    update(frame) {
      latest = frame;
      if (timer !== null) return;
      // Typesetting every relation takes longer than a frame: while the day plays, the
      // formulas follow at most four times a second; a pause or a decision shows them at once.
      const wait = frame.cause === "run" ? 0 : renderedAt + 250 - performance.now();
      if (wait <= 0) show();
      else timer = setTimeout(show, wait);
    }
  };
}
