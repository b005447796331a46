// The "Try it" sliders kept in reach of the figures they change. The sliders sit above step 3,
// and steps 3–7 redraw below them, off screen: once the sliders have scrolled away and one of
// the simulation's figures or tables ([data-sim]) is in view, a compact bar at the foot of the
// window holds a copy of each slider, bound both ways to the same input (moving either moves the
// other and the page's value), so a learner can move a slider and watch its figure at once.
import type {Translate} from "../i18n.js";

/** An Observable Inputs range: a form whose value is a number, announcing changes with "input". */
type Range = HTMLElement & {value: number};

/** The bar element: relabelled by `localize(t)`, its copies' values follow the inputs. */
export type TryItBar = HTMLElement & {localize(t: Translate): void; update(): void};

let bars = 0;

/** Is any part of `node` inside the window? */
function inView(node: Element): boolean {
  const box = node.getBoundingClientRect();
  return box.bottom > 0 && box.top < innerHeight && box.height > 0;
}

/**
 * A bar of compact copies of `inputs` (by key, labelled `try.<key>`), shown while `anchor` (the
 * sliders' own block) is out of view and a figure marked `[data-sim]` is in view. The toggle
 * folds the copies away (folded at first on a narrow window, where they would cover the figure).
 */
export function tryItBar(inputs: Record<string, Range>, anchor: Element): TryItBar {
  const bar = document.createElement("div") as unknown as TryItBar;
  bar.className = "lab-try-bar";
  bar.setAttribute("role", "region");
  bar.hidden = true;
  const toggle = document.createElement("button");
  toggle.type = "button";
  toggle.className = "lab-try-bar-toggle";
  const body = document.createElement("div");
  body.className = "lab-try-bar-body";
  body.id = `lab-try-bar-${++bars}`;
  toggle.setAttribute("aria-controls", body.id);
  const open = (value: boolean) => {
    body.hidden = !value;
    toggle.setAttribute("aria-expanded", String(value));
  };
  open(innerWidth >= 700);
  toggle.addEventListener("click", () => open(body.hidden !== false));
  const copies = Object.entries(inputs).map(([key, input]) => {
    const original = input.querySelector<HTMLInputElement>("input[type=range]")!;
    const label = document.createElement("label");
    label.dataset.key = key;
    const caption = document.createElement("span");
    const range = document.createElement("input");
    range.type = "range";
    for (const attribute of ["min", "max", "step"]) range.setAttribute(attribute, original.getAttribute(attribute) ?? "");
    const shown = document.createElement("output");
    const sync = () => ((range.value = String(input.value)), (shown.textContent = String(input.value)));
    range.addEventListener("input", () => {
      // The page reads the original: set it and announce it as a reader's own move would.
      input.value = Number(range.value);
      input.dispatchEvent(new Event("input", {bubbles: true}));
      shown.textContent = String(input.value);
    });
    input.addEventListener("input", (event) => void (event.target !== range && sync()));
    sync();
    label.append(caption, range, shown);
    return {key, caption, sync, label};
  });
  body.append(...copies.map((c) => c.label));
  bar.append(toggle, body);
  let t: Translate = (key) => key;
  bar.localize = (next) => {
    t = next;
    toggle.textContent = t("try.bar");
    bar.setAttribute("aria-label", t("try.title"));
    for (const c of copies) c.caption.textContent = c.label.title = t(`try.${c.key}`); // (the title: a caption cut short on a narrow bar)
  };
  bar.update = () => void (bar.hidden = inView(anchor) || ![...document.querySelectorAll("[data-sim]")].some(inView));
  let queued = false;
  const onScroll = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => ((queued = false), bar.update()));
  };
  addEventListener("scroll", onScroll, {passive: true});
  addEventListener("resize", onScroll, {passive: true});
  document.addEventListener("queuebook:slide", onScroll); // presenting: a slide turned (src/client/present/mode.ts)
  bar.localize(t);
  return bar;
}

/**
 * The bar's styles: fixed at the window's foot, one compact row (about 36 px: a small caption
 * over each slider) that scrolls sideways where the window is too narrow for all of them. On the
 * 1280×720 stage it fits in the slide's bottom margin, so it covers none of a slide.
 */
export const tryItBarStyles = `
.lab-try-bar{position:fixed;left:0;right:0;bottom:0;z-index:30;box-sizing:border-box;display:flex;align-items:center;gap:.7rem;background:Canvas;color:CanvasText;border-top:1px solid var(--qb-border,#bbb);box-shadow:0 -2px 8px var(--qb-shadow,rgba(0,0,0,.12));padding:.1rem .6rem;font-size:.75rem;line-height:1.15;overflow-x:auto;overflow-y:hidden;scrollbar-width:thin}
.lab-try-bar-toggle{flex:none;font:inherit;padding:.15rem .5rem}
.lab-try-bar-body{display:flex;flex:1 0 auto;gap:.8rem}
.lab-try-bar-body[hidden],.lab-try-bar[hidden]{display:none}
.lab-try-bar-body label{display:grid;grid-template-columns:1fr 2.4em;align-items:center;column-gap:.3rem;flex:1 0 7.5rem;max-width:13rem}
.lab-try-bar-body label span{grid-column:1/-1;color:var(--qb-muted,#555);white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.lab-try-bar-body input{width:100%;height:1rem;margin:0}
.lab-try-bar-body output{font-variant-numeric:tabular-nums;text-align:right}
`;
