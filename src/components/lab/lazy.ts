// The simulation's charts, drawn now when the reader can see them and otherwise a moment later.
// A slider redraws four Plot figures far below it (steps 3–7, ~2–3 ms each): drawing only what
// is on screen (or near it) lets the next frame show them sooner, and the rest are drawn in a
// task right after that frame (or as they come near the screen, whichever is first) — the same
// figure, from the same data, only later; a newer slider value cancels a draw not yet done. A figure says what it was drawn for in `data-sim` once drawn and
// `data-sim-pending` until then, so tests and the benchmark can tell "on screen" from "all".
import {drawnFor} from "./tryIt.js";

/** What the page last saw of a slot (one figure place in the notebook): near the screen or not, and its height. */
interface Seen {
  near: boolean;
  height: number;
  /** The element being watched for this slot now (older ones are gone from the page). */
  current?: Element;
  /** Draws a pending figure (set while one waits). */
  draw?: () => void;
}

const slots = new Map<string, Seen>();
const slotOf = new WeakMap<Element, string>();
let observer: IntersectionObserver | undefined;

/** "Near the screen": within a quarter of a screen above or below it. */
const margin = "25% 0px";

function watch(slot: string, target: Element, seen: Seen): void {
  observer ??= new IntersectionObserver((entries) => {
    for (const entry of entries) {
      const name = slotOf.get(entry.target);
      const state = name === undefined ? undefined : slots.get(name);
      if (!state || state.current !== entry.target) continue;
      state.near = entry.isIntersecting;
      if (entry.boundingClientRect.height > 0) state.height = entry.boundingClientRect.height;
      if (state.near) state.draw?.();
    }
  }, {rootMargin: margin});
  if (seen.current) observer.unobserve(seen.current);
  seen.current = target;
  slotOf.set(target, slot);
  observer.observe(target);
}

/** The texts of the style elements moved to the page's head, each once. */
const shared = new Set<string>();

/**
 * Plot puts the same `<style>` in every figure it draws; each one added to or removed from the
 * page makes the browser re-collect the document's style sheets and re-match its styles. The
 * simulated figures share one copy in the page's head instead, so a slider adds and removes none.
 */
function sharedStyles(node: Node): Node {
  if (!(node instanceof Element)) return node;
  for (const style of node.querySelectorAll("style")) {
    const text = style.textContent ?? "";
    if (!shared.has(text)) {
      shared.add(text);
      const copy = document.createElement("style");
      copy.textContent = text;
      document.head.append(copy);
    }
    style.remove();
  }
  return node;
}

/** Runs `run` in a task of its own right after the next frame is drawn (the figures on screen first). */
function afterFrame(run: () => void): void {
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => (channel.port1.close(), run());
    channel.port2.postMessage(0);
  });
}

/**
 * A figure whose simulated part is drawn by `draw`: now when the slot was near the screen last
 * time it was seen (or never seen: the page's first drawing), else in a placeholder of the same
 * height, drawn right after the next frame or as it comes near the screen. `frame` wraps the body
 * (e.g. beside the recorded runs' figure); `params` are the sliders it is drawn for.
 */
export function drawnWhenSeen<T extends Element>(slot: string, params: object, frame: (body: Node) => T, draw: () => Node): T {
  const seen = slots.get(slot) ?? {near: true, height: 0};
  slots.set(slot, seen);
  const holder = document.createElement("div");
  holder.className = "lab-sim-body";
  const node = frame(holder);
  const marks = Object.entries(params).map(([key, value]) => `${key}=${value}`).join(",");
  seen.draw = undefined;
  if (seen.near || typeof IntersectionObserver !== "function") {
    holder.append(sharedStyles(draw()));
    drawnFor(node, params);
  } else {
    holder.style.minHeight = `${seen.height}px`;
    node.setAttribute("data-sim-pending", marks);
    const run = () => {
      if (seen.current !== holder || seen.draw !== run) return; // a newer figure took the slot
      seen.draw = undefined;
      holder.append(sharedStyles(draw()));
      holder.style.minHeight = "";
      node.removeAttribute("data-sim-pending");
      drawnFor(node, params);
    };
    seen.draw = run;
    afterFrame(run);
  }
  if (typeof IntersectionObserver === "function") watch(slot, holder, seen);
  return node;
}
