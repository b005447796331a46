// Presentation mode for any notebook: the `p` key or `?present` in the URL. Slide 1 is the title
// slide (the front matter's title and description); each `##` heading or `---` rule starts the
// next one. Nothing moves in the DOM: the page's children are shown a slide at a time, so every
// cell stays live and keeps its place. The slide is a 1280×720 stage scaled to the screen (type
// and charts read the same at 1920×1080 and 1280×720; the `width` built-in measures the stage).
// The slide number is the hash part `/N` (src/client/hash.ts), so a reload or a shared link
// lands on the same slide. Keys: → ← space PageDown PageUp Home End, f fullscreen, Esc leaves.
import {readSlide, replaceHash, replaceUrl, withSlide} from "./hash.js";

/** The stage's size in CSS pixels, scaled to fit the window. */
export const STAGE = {width: 1280, height: 720};

const ON = "qb-present";
const SHOWN = "qb-on-slide";

let main: HTMLElement | null = null;
let slides: Element[][] = [];
let current = 0; // 0-based
let active = false;
let title: HTMLElement | null = null;
let counter: HTMLElement | null = null;
let watcher: MutationObserver | null = null;

/** A `---` rule: it starts a slide and is not shown itself. */
function isRule(element: Element): boolean {
  return element.tagName === "HR";
}

const UNSHOWN = new Set(["NOSCRIPT", "SCRIPT", "STYLE", "TEMPLATE", "LINK", "META"]);

/** True when an element would show something: empty cell outputs do not make a slide. */
function shows(element: Element): boolean {
  if (UNSHOWN.has(element.tagName)) return false;
  return !(element.classList.contains("qb-cell") && !element.childNodes.length);
}

/** The slides of the page: each a list of the main element's children. */
export function splitSlides(children: readonly Element[], titleSlide: Element): Element[][] {
  const result: Element[][] = [[titleSlide]];
  let group: Element[] = [];
  let seenHeading = false;
  const close = () => {
    if (group.some(shows)) result.push(group);
    group = [];
  };
  for (const child of children) {
    if (child === titleSlide) continue;
    if (child.tagName === "H2" || isRule(child)) {
      close();
      seenHeading = true;
      if (!isRule(child)) group.push(child);
    } else if (child.tagName === "H1" && !seenHeading && !group.some(shows)) {
      // the notebook's own title: the title slide shows it
    } else {
      group.push(child);
    }
  }
  close();
  return result;
}

function titleSlide(): HTMLElement {
  const section = document.createElement("section");
  section.className = "qb-title-slide";
  const h = document.createElement("h1");
  h.textContent = document.title;
  section.append(h);
  const description = document.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;
  if (description) {
    const p = document.createElement("p");
    p.textContent = description;
    section.append(p);
  }
  return section;
}

/** After the page changed (a cell's output appeared or went, a live update): the slides again. */
function resplit(): void {
  if (!main || !title) return;
  if (title.parentNode !== main) main.prepend(title); // a live update rebuilt main
  const next = splitSlides(Array.from(main.children), title);
  const same = next.length === slides.length && next.every((group, i) => group.length === slides[i].length && group.every((e, j) => e === slides[i][j]));
  if (same) return; // a live cell redrawing (a playing simulation) leaves the slide, and its scroll, alone
  slides = next;
  show(Math.min(current, slides.length - 1), false, false);
}

function scale(): void {
  const s = Math.min(innerWidth / STAGE.width, innerHeight / STAGE.height);
  document.documentElement.style.setProperty("--qb-slide-scale", String(s));
}

function show(index: number, record = true, top = true): void {
  if (!main) return;
  current = Math.max(0, Math.min(slides.length - 1, index));
  const on = new Set(slides[current]);
  for (const child of Array.from(main.children)) child.classList.toggle(SHOWN, on.has(child));
  if (top) main.scrollTop = 0;
  if (counter) counter.textContent = `${current + 1} / ${slides.length}`;
  if (record && readSlide() !== current + 1) replaceHash(withSlide(current + 1));
}

/** Enters presentation mode at slide `n` (1-based; clamped). */
export function enter(n = 1): void {
  main = document.querySelector<HTMLElement>("main.qb-notebook:not(.qb-index)");
  if (!main) return;
  if (!active) {
    active = true;
    title = titleSlide();
    main.prepend(title);
    counter = document.createElement("div");
    counter.className = "qb-slide-number";
    counter.setAttribute("aria-live", "polite");
    document.body.append(counter);
    document.documentElement.classList.add(ON);
    scale();
    addEventListener("resize", scale);
    watcher = new MutationObserver((records) => {
      if (records.some((r) => r.target === main || (r.target as Element).classList?.contains("qb-cell"))) resplit();
    });
    watcher.observe(main, {childList: true, subtree: true});
    slides = splitSlides(Array.from(main.children), title);
  }
  show(n - 1);
}

/** Leaves presentation mode: the page as it was, the slide and `?present` gone from the URL. */
export function leave(): void {
  if (!active || !main) return;
  active = false;
  watcher?.disconnect();
  removeEventListener("resize", scale);
  title?.remove();
  counter?.remove();
  for (const child of Array.from(main.children)) child.classList.remove(SHOWN);
  document.documentElement.classList.remove(ON);
  if (document.fullscreenElement) document.exitFullscreen().catch(() => {});
  replaceUrl((url) => {
    url.searchParams.delete("present");
    url.hash = withSlide(undefined);
  });
}

/** True while presenting. */
export function presenting(): boolean {
  return active;
}

function toggleFullscreen(): void {
  if (document.fullscreenElement) document.exitFullscreen().catch(() => {});
  else document.documentElement.requestFullscreen?.().catch(() => {});
}

function onKey(event: KeyboardEvent): void {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
  const target = event.target instanceof Element ? event.target : null;
  // Keys typed into a control stay there (a focused slider takes the arrows), except a
  // clicker's PageDown/PageUp, which always turn the slide.
  const editing = !!target?.closest("input, textarea, select, button, [contenteditable]:not([contenteditable=false])");
  if (!active) {
    if (event.key === "p" && !editing && !event.shiftKey) {
      event.preventDefault();
      enter(slideInView());
    }
    return;
  }
  const move = (index: number) => {
    event.preventDefault();
    show(index);
  };
  switch (event.key) {
    case "PageDown":
    case "PageUp":
      if (editing) (target as HTMLElement).blur?.();
      return move(current + (event.key === "PageDown" ? 1 : -1));
    case "Escape":
      event.preventDefault();
      return leave();
  }
  if (editing) return;
  switch (event.key) {
    case "ArrowRight":
      return move(current + 1);
    case "ArrowLeft":
      return move(current - 1);
    case " ":
      return move(current + (event.shiftKey ? -1 : 1));
    case "Home":
      return move(0);
    case "End":
      return move(slides.length - 1);
    case "f":
      event.preventDefault();
      return toggleFullscreen();
  }
}

/** The slide (1-based) holding the first element in view, so `p` starts where the reader is. */
function slideInView(): number {
  const root = document.querySelector("main.qb-notebook:not(.qb-index)");
  if (!root) return 1;
  const probe = titleSlide();
  const split = splitSlides(Array.from(root.children), probe);
  for (let i = 1; i < split.length; i++) {
    if (split[i].some((element) => element.getBoundingClientRect().bottom > 0)) return window.scrollY > 0 ? i + 1 : 1;
  }
  return 1;
}

function wanted(): boolean {
  try {
    return new URLSearchParams(location.search).has("present") || readSlide() !== undefined;
  } catch {
    return false;
  }
}

/** Listens for the keys, and enters presentation mode when the URL asks for it. */
export function startPresent(): void {
  if (typeof document === "undefined") return;
  const start = () => {
    addEventListener("keydown", onKey);
    addEventListener("hashchange", () => {
      const n = readSlide();
      if (n === undefined) return;
      if (!active) enter(n);
      else if (n !== current + 1) show(n - 1, false);
    });
    if (wanted()) enter(readSlide() ?? 1);
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, {once: true});
  else start();
}
