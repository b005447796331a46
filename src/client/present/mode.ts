// Presentation mode for any notebook: the `p` key, the page bar's Present button or `?present`
// in the URL. Slide 1 is the title slide (the front matter's title and description); each `##`
// heading or `---` rule starts the next one. Nothing moves in the DOM: the page's children are
// shown a slide at a time, so every cell stays live and keeps its place. The slide is a
// 1280×720 stage scaled to the screen (type and charts read the same at 1920×1080 and 1280×720;
// the `width` built-in measures the stage); a slide taller than the stage scrolls inside it,
// with a visible cue. The slide number is the hash part `/N` (src/page/hash.ts), so a reload
// or a shared link lands on the same slide. Keys: → ← space PageDown PageUp Home End, o
// overview, s presenter view, b or . blackout, ? help, f fullscreen, Esc leaves. The parts:
// present/notes.ts (speaker notes), present/presenter.ts and present/sync.ts (the presenter
// window, in step both ways), present/overview.ts, present/overlays.ts (blackout, help),
// present/bar.ts (the Present button), present/print.ts (`?present&print`: a page per slide),
// present/parts.ts (a view too tall for a slide shown a part a slide).
import {readSlide, replaceHash, replaceUrl, withSlide} from "../../page/hash.js";
import {addPresentButton} from "./bar.js";
import {isNotes} from "./notes.js";
import {closeOverview, openOverview, overviewKey} from "./overview.js";
import {blackedOut, helpOpen, setBlackout, toggleHelp} from "./overlays.js";
import {
  isPresenterView,
  openPresenterWindow,
  presenterScale,
  startPresenterView,
  stopPresenterView,
  updatePresenterView
} from "./presenter.js";
import {layOutForPrint, printRequested} from "./print.js";
import {listen, send, setPeer, type PresentMessage} from "./sync.js";
import {applyChange, watchInputs} from "./inputs.js";
import {expandParts, showParts} from "./parts.js";
import {followLanguage, ui} from "../ui/text.js";

/** The stage's size in CSS pixels, scaled to fit the window. */
export const STAGE = {width: 1280, height: 720};

const ON = "qb-present";
const SHOWN = "qb-on-slide";
const OVERFLOWS = "qb-slide-overflows";

let main: HTMLElement | null = null;
let slides: Element[][] = [];
let current = 0; // 0-based
let active = false;
let title: HTMLElement | null = null;
/** Stops the title slide and the scroll cue following the page's language. */
let unfollow: (() => void)[] = [];
let counter: HTMLElement | null = null;
/** A screen reader's line on each slide change (aria-live), beside the visible counter. */
let announcer: HTMLElement | null = null;

/** "3 / 12: Little's law": the slide's number and its heading, as the announcer says it. */
export function announcement(slide: readonly Element[], index: number, total: number): string {
  const heading = slide.map((e) => (/^H[1-3]$/.test(e.tagName) ? e : e.querySelector("h1, h2, h3"))).find(Boolean);
  const text = heading?.textContent?.trim();
  return `${index + 1} / ${total}${text ? `: ${text}` : ""}`;
}
let more: HTMLElement | null = null;
let watcher: MutationObserver | null = null;
let sizes: ResizeObserver | null = null;
let presenter = false; // this window is the presenter view
let printing = false; // laid out a page per slide (?present&print)
let order: Element[] = []; // main's elements as the notebook has them (print moves them into pages)
/**
 * The slide a link or a reload asked for (`#/12`) while there are fewer slides yet: a view shown
 * a part a slide adds its slides when it renders. Kept until it is shown or the reader moves.
 */
let asked: number | undefined;

/** A `---` rule: it starts a slide and is not shown itself. */
function isRule(element: Element): boolean {
  return element.tagName === "HR";
}

const UNSHOWN = new Set(["NOSCRIPT", "SCRIPT", "STYLE", "TEMPLATE", "LINK", "META"]);

/** True when an element would show something: empty cell outputs and speaker notes do not make a slide. */
function shows(element: Element): boolean {
  if (UNSHOWN.has(element.tagName) || element.hasAttribute("data-qb-ui") || isNotes(element)) return false; // edit buttons and panels make no slide
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

/** The title slide: the page's title and description, as the tab has them in the page's language (titles.ts). */
function titleSlide(): HTMLElement {
  const section = document.createElement("section");
  section.className = "qb-title-slide";
  fillTitleSlide(section);
  return section;
}

function fillTitleSlide(section: HTMLElement): void {
  const h = document.createElement("h1");
  h.textContent = document.title;
  const description = document.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;
  const p = document.createElement("p");
  p.textContent = description ?? "";
  section.replaceChildren(...(description ? [h, p] : [h]));
}

/** After the page changed (a cell's output appeared or went, a live update): the slides again. */
function resplit(): void {
  if (!main || !title) return;
  if (printing) {
    slides = splitSlides(order, title);
    layOutForPrint(main, order, slides);
    return;
  }
  if (title.parentNode !== main) main.prepend(title); // a live update rebuilt main
  const next = expandParts(splitSlides(Array.from(main.children), title));
  const same =
    next.length === slides.length &&
    next.every((group, i) => group.length === slides[i].length && group.every((e, j) => e === slides[i][j]));
  if (same) return void (presenter && updatePresenterView(slides, current, blackedOut())); // a live cell redrawing (a playing simulation) leaves the slide, and its scroll, alone
  slides = next;
  // the slide a link asked for, once the views that make it have rendered (a view's parts come with it)
  if (asked !== undefined && asked <= slides.length) show(asked - 1, false);
  else show(Math.min(current, slides.length - 1), false, false);
}

function scale(): void {
  const s = presenter ? presenterScale() : Math.min(innerWidth / STAGE.width, innerHeight / STAGE.height);
  document.documentElement.style.setProperty("--qb-slide-scale", String(s));
}

/**
 * Marks a slide taller than the stage (it scrolls inside it) and shows the cue while more is
 * below; the stage is then a tab stop, so a keyboard scrolls it with ↑ ↓ (WCAG 2.1.1; axe:
 * scrollable-region-focusable), and not while the slide fits.
 */
function checkOverflow(): void {
  if (!main || !active) return;
  const below = main.scrollHeight - main.clientHeight - main.scrollTop;
  const overflows = main.scrollHeight > main.clientHeight + 1;
  document.documentElement.classList.toggle(OVERFLOWS, overflows);
  stageReachable(overflows);
  if (more) more.hidden = below <= 1;
}

/** Makes the stage a tab stop (tabindex 0) or not; a tabindex the page set itself is left alone. */
function stageReachable(on: boolean): void {
  if (!main) return;
  if (on && !main.hasAttribute("tabindex")) main.setAttribute("tabindex", "0");
  else if (!on && main.getAttribute("tabindex") === "0") main.removeAttribute("tabindex");
}

function show(index: number, record = true, top = true): void {
  if (!main) return;
  current = Math.max(0, Math.min(slides.length - 1, index));
  if (asked === current + 1) asked = undefined;
  const on = new Set(slides[current]);
  for (const child of Array.from(main.children)) child.classList.toggle(SHOWN, on.has(child));
  showParts(main, slides[current]); // a view shown a part a slide (present/parts.ts)
  placeStubs(slides[current]);
  if (top) main.scrollTop = 0;
  if (counter) counter.textContent = `${current + 1} / ${slides.length}`;
  if (announcer) announcer.textContent = announcement(slides[current], current, slides.length);
  if (record && asked === undefined && readSlide() !== current + 1) replaceHash(withSlide(current + 1)); // (a link's slide not there yet: its number stays)
  sizes?.disconnect();
  for (const element of slides[current]) sizes?.observe(element);
  checkOverflow();
  if (presenter) updatePresenterView(slides, current, blackedOut());
  document.dispatchEvent(new CustomEvent("queuebook:slide", {detail: current + 1})); // views that follow the slide (the lab's slider bar)
}

/** The edit buttons of the slide's hidden cells, numbered for their row in the stage's top margin (src/client/editor/edit.css). */
function placeStubs(slide: readonly Element[]): void {
  let k = 0;
  for (const element of slide)
    if (element instanceof HTMLElement && element.matches("button.qb-edit:has(+ .qb-cell:empty)"))
      element.style.setProperty("--qb-stub", String(k++));
}

/** Shows slide `index` (0-based) here and in the other window. */
function move(index: number): void {
  asked = undefined;
  show(index);
  send({slide: current + 1});
}

function blackout(on: boolean): void {
  setBlackout(on, presenter);
  if (presenter) updatePresenterView(slides, current, on);
}

/** What the other window (presenter or audience) says. */
function receive(message: PresentMessage): void {
  if (message.hello) {
    if (active) send({slide: current + 1, blackout: blackedOut()});
    return;
  }
  if (message.slide !== undefined) {
    if (!active) enter(message.slide);
    else if (message.slide !== current + 1) {
      asked = undefined;
      show(message.slide - 1);
    }
  }
  if (message.blackout !== undefined && active) blackout(message.blackout);
  if (message.input) applyChange(message.input);
}

/** Enters presentation mode at slide `n` (1-based; clamped). */
export function enter(n = 1): void {
  main = document.querySelector<HTMLElement>("main.qb-notebook:not(.qb-index)");
  if (!main) return;
  if (!active) {
    active = true;
    printing = printRequested();
    presenter = !printing && isPresenterView();
    title = titleSlide();
    main.prepend(title);
    // a change of language (the picker, or the page's own language arriving after `?present`
    // entered) retitles the tab first (i18n.ts), then this slide
    const slide = title;
    unfollow.push(
      followLanguage(() => {
        fillTitleSlide(slide);
        if (announcer && slides[current]?.[0] === slide) announcer.textContent = announcement(slides[current], current, slides.length);
      })
    );
    document.documentElement.classList.add(ON);
    watcher = new MutationObserver((records) => {
      if (records.some((r) => r.target === main || (r.target as Element).classList?.contains("qb-cell"))) resplit();
    });
    watcher.observe(main, {childList: true, subtree: true});
    if (printing) {
      order = Array.from(main.children);
      resplit();
      return;
    }
    counter = document.createElement("div");
    counter.className = "qb-slide-number";
    counter.setAttribute("aria-hidden", "true"); // the announcer says it, with the slide's heading
    announcer = document.createElement("div");
    announcer.className = "qb-sr-only";
    announcer.setAttribute("aria-live", "polite");
    document.body.append(announcer);
    more = document.createElement("div");
    more.className = "qb-slide-more";
    const cue = more;
    unfollow.push(followLanguage(() => (cue.textContent = ui("slides.more"))));
    more.hidden = true;
    document.body.append(counter, more);
    if (presenter) startPresenterView();
    scale();
    addEventListener("resize", scale);
    sizes = new ResizeObserver(checkOverflow);
    main.addEventListener("scroll", checkOverflow, {passive: true});
    slides = expandParts(splitSlides(Array.from(main.children), title));
  }
  if (printing) return;
  asked = n;
  show(n - 1);
  if (presenter) send({hello: true});
}

/** Leaves presentation mode: the page as it was, the slide and `?present` gone from the URL. */
export function leave(): void {
  if (!active || !main || printing) return;
  active = false;
  watcher?.disconnect();
  sizes?.disconnect();
  sizes = null;
  removeEventListener("resize", scale);
  main.removeEventListener("scroll", checkOverflow);
  closeOverview();
  if (helpOpen()) toggleHelp();
  setBlackout(false, presenter);
  if (presenter) stopPresenterView();
  for (const stop of unfollow) stop();
  unfollow = [];
  title?.remove();
  counter?.remove();
  announcer?.remove();
  more?.remove();
  for (const child of Array.from(main.children)) child.classList.remove(SHOWN);
  stageReachable(false);
  document.documentElement.classList.remove(ON, OVERFLOWS);
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
  if (target?.closest("[data-qb-editor]")) return; // typing in a cell's editor: its keys are the editor's (Esc leaves it)
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
  if (printing || overviewKey(event)) return;
  const go = (index: number) => {
    event.preventDefault();
    move(index);
  };
  switch (event.key) {
    case "PageDown":
    case "PageUp":
      if (editing) (target as HTMLElement).blur?.();
      return go(current + (event.key === "PageDown" ? 1 : -1));
    case "Escape":
      // the top layer first: a field being typed in lets go, then the help, the blackout, and
      // presentation mode itself
      event.preventDefault();
      if (editing) return (target as HTMLElement).blur?.();
      if (helpOpen()) return toggleHelp();
      if (blackedOut()) {
        blackout(false);
        return send({blackout: false});
      }
      return presenter ? undefined : leave(); // the presenter window has no page to go back to
  }
  if (editing) return;
  switch (event.key) {
    case "ArrowRight":
      return go(current + 1);
    case "ArrowLeft":
      return go(current - 1);
    case " ":
      return go(current + (event.shiftKey ? -1 : 1));
    case "Home":
      return go(0);
    case "End":
      return go(slides.length - 1);
    case "f":
      event.preventDefault();
      return toggleFullscreen();
    case "o":
      event.preventDefault();
      return openOverview(slides, current, move);
    case "b":
    case ".":
      event.preventDefault();
      blackout(!blackedOut());
      return send({blackout: blackedOut()});
    case "?":
      event.preventDefault();
      return toggleHelp();
    case "s":
      event.preventDefault();
      if (!presenter) setPeer(openPresenterWindow(current + 1));
      return;
  }
}

/** After a slider is dragged with the mouse it lets go of the focus, so ←/→ turn slides again. */
function releaseDraggedSlider(): void {
  let dragged: HTMLInputElement | null = null;
  addEventListener(
    "pointerdown",
    (event) => {
      const target = event.target;
      dragged = active && target instanceof HTMLInputElement && target.type === "range" ? target : null;
    },
    true
  );
  addEventListener(
    "pointerup",
    () => {
      if (dragged && document.activeElement === dragged) dragged.blur(); // (a slider reached with Tab keeps its arrows)
      dragged = null;
    },
    true
  );
}

/** The slide (1-based) holding the first element in view, so `p` starts where the reader is. */
function slideInView(): number {
  const root = document.querySelector("main.qb-notebook:not(.qb-index)");
  if (!root) return 1;
  const probe = titleSlide();
  const split = expandParts(splitSlides(Array.from(root.children), probe));
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
    releaseDraggedSlider();
    listen(receive);
    watchInputs((input) => send({input})); // the other window's inputs follow this one's (present/inputs.ts)
    addEventListener("hashchange", () => {
      const n = readSlide();
      if (n === undefined || printing) return;
      if (!active) enter(n);
      else if (n !== current + 1) move(n - 1);
    });
    addPresentButton(() => {
      (document.activeElement as HTMLElement | null)?.blur?.(); // the keys are the slides' now, not the button's
      enter(slideInView());
    });
    if (wanted()) enter(readSlide() ?? 1);
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, {once: true});
  else start();
}
