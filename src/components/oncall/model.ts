// The model's relations as the on-call specification lists them (each with its sources and, where the specification puts
// one, the assumption or approximation note), the same relation in TeX with this minute's
// values from formulas.ts (typeset with KaTeX), the sources [1]–[6], and the specification's footer.
import type {Translate} from "../i18n.js";
import {formulas as onCallFormulas, type Formula, type FormulaId} from "./formulas.js";
import {h} from "./dom.js";
import type {Frame} from "./store.js";
import {ensureStyle} from "./style.js";
import {watchOverflow} from "../../page/scrollCue.js";
import {SLIDE_PART} from "../../page/slideParts.js";

/** A relation of the specification: its text key, sources, the note the specification puts after it, and the model's formulas that make it up (formulas.ts). */
export interface RelationSpec {
  id: string;
  cites: number[];
  note?: "assumption" | "approximation";
  formulas: (FormulaId | (string & {}))[];
}

/** What the model view shows: relations, the TeX of a minute's formulas, and how many sources. */
export interface ModelOptions {
  relations?: readonly RelationSpec[];
  /** The formulas of a frame's minute (on-call's formulas.ts by default). */
  formulas?: (frame: Frame, decimal: "." | ",") => readonly (Pick<Formula, "tex" | "texValues" | "result"> & {id: string})[];
  sources?: number;
}

/** The on-call specification's relations in their order, each with the formulas of formulas.ts it covers: the model view's preset. */
export const relationSpecs: readonly RelationSpec[] = [
  {id: "arrivals", cites: [6], note: "assumption", formulas: ["arrivals", "admitted"]},
  {id: "queue", cites: [3, 6], formulas: ["workers", "erlangB", "erlangC"]},
  {id: "wait", cites: [3], formulas: ["waitTail", "saturated", "timeouts", "errorRate"]},
  {id: "p99", cites: [3, 6], note: "approximation", formulas: ["p99"]},
  {id: "little", cites: [4], formulas: ["littlesLaw", "utilization"]},
  {id: "cache", cites: [5], formulas: ["hitRate", "cacheAge"]},
  {
    id: "database",
    cites: [6],
    note: "assumption",
    formulas: ["dbLoad", "dbUtilization", "queryTime", "cpuFactor", "appTime", "serviceTime"]
  },
  {id: "budget", cites: [1, 2], formulas: ["burnRate", "burn1h", "budget"]},
  {id: "autoscaler", cites: [6], note: "assumption", formulas: ["desired"]},
  {id: "constants", cites: [], note: "assumption", formulas: ["cost"]}
];

/** Renders TeX into an element (KaTeX through the notebook's `tex.block`). */
export type RenderTex = (source: string) => Element;

/** The model's element and its update. */
export interface ModelView {
  node: HTMLElement;
  update(frame: Frame): void;
}

/**
 * The model section in language `t`: each relation of the specification with its formulas, symbolic and
 * with the values of the minute shown (numbers written with `decimal`), rendered by `render`.
 */
export function modelView(t: Translate, decimal: "." | ",", render: RenderTex, options: ModelOptions = {}): ModelView {
  ensureStyle();
  const {relations: relationList = relationSpecs, sources: sourceCount = 6} = options;
  const formulasOf = options.formulas ?? ((frame: Frame, mark: "." | ",") => onCallFormulas(frame.trace, frame.minute, {decimal: mark}));
  const values = new Map<string, HTMLElement>();
  const blocks = relationList.map((spec) => {
    const cites = spec.cites.map((n) => {
      const cite = h("a", {class: "oc-cite", href: `#oc-source-${n}`}, `[${n}]`);
      // Scrolled to by hand: following the anchor would replace the hash, and the run with it.
      cite.addEventListener("click", (event) => {
        event.preventDefault();
        node.querySelector(`#oc-source-${n}`)?.scrollIntoView({block: "center"});
      });
      return cite;
    });
    const rows = spec.formulas.map((id) => {
      const value = h("div", {class: "oc-tex oc-values qb-scroll-cue", "data-formula": id});
      values.set(id, value);
      const symbolic = h("div", {class: "oc-tex oc-symbolic qb-scroll-cue", "data-symbolic": id});
      // a formula wider than a phone scrolls sideways: a keyboard reaches it, a shadow shows it
      watchOverflow(value);
      watchOverflow(symbolic);
      return h("div", {class: "oc-formula"}, h("div", {class: "oc-formula-name"}, t(`formula.${id}`)), symbolic, value);
    });
    return h(
      "div",
      // (on a slide, a relation at a time: src/page/slideParts.ts)
      {class: "oc-relation", "data-relation": spec.id, [SLIDE_PART]: spec.id},
      h("div", {class: "oc-seedline"}, t(`relation.${spec.id}`), " ", ...cites),
      ...rows,
      spec.note ? h("p", {class: "oc-note"}, t(`note.${spec.note}`)) : null
    );
  });
  const now = h("p", {class: "oc-help"});
  const sources = h(
    "ol",
    {class: "oc-sources", [SLIDE_PART]: "sources"},
    ...Array.from({length: sourceCount}, (_, i) => i + 1).map((n) => h("li", {id: `oc-source-${n}`}, t(`source.${n}`)))
  );
  const node = h(
    "div",
    {class: "oc-model"},
    h("p", {}, t("model.intro")),
    now,
    h("div", {class: "oc-relations"}, ...blocks),
    h("p", {class: "oc-note", [SLIDE_PART]: "sources"}, t("note.randomness")),
    h("h3", {[SLIDE_PART]: "sources"}, t("sources.heading")),
    sources,
    h("p", {class: "oc-footer", "data-footer": "", [SLIDE_PART]: "sources"}, t("footer"))
  );
  let symbolic = false;
  let shown: Frame["metrics"] | null = null;
  let latest: Frame | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let renderedAt = -Infinity;
  let visible = true;
  function show(): void {
    timer = null;
    const frame = latest;
    if (!frame || shown === frame.metrics || !visible) return;
    shown = frame.metrics;
    renderedAt = performance.now();
    now.textContent = t("model.now", {minute: frame.minute, clock: frame.metrics.clock});
    const list = formulasOf(frame, decimal);
    if (!symbolic) {
      symbolic = true;
      for (const f of list) node.querySelector(`[data-symbolic="${f.id}"]`)?.replaceChildren(render(f.tex));
    }
    for (const f of list) {
      const slot = values.get(f.id);
      if (slot) {
        slot.replaceChildren(render(f.texValues));
        slot.dataset.result = String(f.result);
      }
    }
  }
  // Typesetting every relation takes longer than a frame: the formulas follow the minute only
  // while they are on screen, and at most four times a second while the day plays. Before a
  // snapshot or a print (<html data-qb-render-all>, src/client/renderAll.ts) they render at once.
  const renderAll = () => typeof document !== "undefined" && document.documentElement.hasAttribute("data-qb-render-all");
  if (typeof IntersectionObserver === "function") {
    visible = renderAll();
    new IntersectionObserver((entries) => {
      visible = renderAll() || entries.some((e) => e.isIntersecting);
      if (visible && timer === null) show();
    }).observe(node);
    addEventListener("queuebook:render-all", () => {
      visible = true;
      if (timer !== null) clearTimeout(timer);
      show();
    });
  }
  return {
    node,
    update(frame) {
      latest = frame;
      if (timer !== null) return;
      // Never inside the update itself: the dashboard and the charts come first.
      const wait = frame.cause === "run" ? 0 : renderedAt + 250 - performance.now();
      timer = setTimeout(show, Math.max(0, wait));
    }
  };
}
