// The presenter view: `s` opens this same page in a second window with `?present&presenter`
// (no server, so it also works from file:// and in an exported file). That window shows the
// current slide, live (its own cells run), a still copy of the next slide, the slide's speaker
// notes, the time since the view opened and the clock; sync.ts keeps the two windows on the
// same slide, with the keys working in either.
import {slideCopy} from "./copy.js";
import {notesOf} from "./notes.js";
import {withSlide} from "../../page/hash.js";
import {followLanguage, ui} from "../ui/text.js";

/** The query flag that makes a page the presenter view. */
export const PRESENTER_FLAG = "presenter";

let panel: HTMLElement | null = null;
let started = 0;
let ticker: ReturnType<typeof setInterval> | undefined;
let unfollow: (() => void) | undefined;
/** What the panel last showed, so a change of language redraws it. */
let shown: {slides: readonly Element[][]; current: number; blackout: boolean} | undefined;

/** True when this page was opened as the presenter view. */
export function isPresenterView(): boolean {
  try {
    return new URLSearchParams(location.search).has(PRESENTER_FLAG);
  } catch {
    return false;
  }
}

/** Opens (or brings forward) the presenter window at slide `n`; returns it, or null when the browser blocked it. */
export function openPresenterWindow(n: number): Window | null {
  const url = new URL(location.href);
  url.searchParams.delete("present");
  url.searchParams.delete(PRESENTER_FLAG);
  const rest = url.searchParams.toString();
  url.search = `?present&${PRESENTER_FLAG}${rest ? `&${rest}` : ""}`;
  url.hash = withSlide(n, location.hash);
  const opened = window.open(url.href, "queuebook-presenter", "popup,width=1280,height=800");
  opened?.focus();
  return opened;
}

/** The stage's scale in the presenter view: the live slide takes the left part of the window. */
export function presenterScale(): number {
  return Math.min((innerWidth * 0.6) / 1280, (innerHeight * 0.92) / 720);
}

function clock(date: Date): string {
  return date.toLocaleTimeString([], {hour: "2-digit", minute: "2-digit"});
}

function elapsed(ms: number): string {
  const s = Math.floor(ms / 1000);
  const mm = String(Math.floor(s / 60)).padStart(2, "0");
  const ss = String(s % 60).padStart(2, "0");
  return s >= 3600 ? `${Math.floor(s / 3600)}:${mm.slice(-2)}:${ss}` : `${mm}:${ss}`;
}

function tick(): void {
  if (!panel) return;
  // The presenter's own clock: a view of the wall time, not something a model computes.
  const now = Date.now();
  panel.querySelector(".qb-presenter-elapsed")!.textContent = elapsed(now - started);
  panel.querySelector(".qb-presenter-clock")!.textContent = clock(new Date(now));
}

function part(className: string): HTMLElement {
  const section = document.createElement("section");
  section.className = className;
  section.append(document.createElement("h2"));
  return section;
}

/** The panel's own words, in the page's language. */
function label(): void {
  if (!panel) return;
  panel.setAttribute("aria-label", ui("presenter.label"));
  panel.querySelector(".qb-presenter-elapsed-label")!.textContent = ui("presenter.elapsed");
  panel.querySelector(".qb-presenter-reset")!.textContent = ui("presenter.reset");
  panel.querySelector(".qb-presenter-next h2")!.textContent = ui("presenter.next");
  panel.querySelector(".qb-presenter-notes h2")!.textContent = ui("presenter.notes");
  if (shown) updatePresenterView(shown.slides, shown.current, shown.blackout);
}

/** Turns this window into the presenter view (once). */
export function startPresenterView(): void {
  if (panel) return;
  document.documentElement.classList.add("qb-presenter");
  panel = document.createElement("aside");
  panel.className = "qb-presenter-panel";
  const time = document.createElement("div");
  time.className = "qb-presenter-time";
  time.innerHTML =
    '<span><span class="qb-presenter-elapsed">00:00</span> <span class="qb-presenter-elapsed-label"></span></span> <span class="qb-presenter-clock"></span> <button type="button" class="qb-presenter-reset"></button>';
  time.querySelector("button")!.addEventListener("click", (event) => {
    (event.currentTarget as HTMLElement).blur(); // so the arrows turn slides again
    started = Date.now();
    tick();
  });
  const next = part("qb-presenter-next");
  const notes = part("qb-presenter-notes");
  const body = document.createElement("div");
  body.className = "qb-presenter-notes-text";
  notes.append(body);
  const status = document.createElement("div");
  status.className = "qb-presenter-status";
  panel.append(time, status, next, notes);
  document.body.append(panel);
  unfollow = followLanguage(label);
  started = Date.now();
  tick();
  ticker = setInterval(tick, 1000);
  addEventListener("pagehide", onPageHide);
}

/** The window is closing or navigating away (not just put in the back/forward cache): the clock stops. */
function onPageHide(event: PageTransitionEvent): void {
  if (!event.persisted) stopPresenterView();
}

/** Shows what goes with slide `current` (0-based): the next slide's copy and this slide's notes. */
export function updatePresenterView(slides: readonly Element[][], current: number, blackout: boolean): void {
  if (!panel) return;
  shown = {slides, current, blackout};
  const next = panel.querySelector(".qb-presenter-next")!;
  next.querySelector(".qb-slide-frame, .qb-presenter-end")?.remove();
  if (current + 1 < slides.length) {
    next.append(slideCopy(slides[current + 1], Math.max(200, Math.round(innerWidth * 0.33))));
  } else {
    const end = document.createElement("p");
    end.className = "qb-presenter-end";
    end.textContent = ui("presenter.end");
    next.append(end);
  }
  const notes = notesOf(slides[current] ?? []);
  const body = panel.querySelector(".qb-presenter-notes-text")!;
  if (notes.length) body.replaceChildren(...notes);
  else
    body.replaceChildren(
      Object.assign(document.createElement("p"), {className: "qb-presenter-none", textContent: ui("presenter.noNotes")})
    );
  const slide = ui("presenter.slide", {n: current + 1, total: slides.length});
  panel.querySelector(".qb-presenter-status")!.textContent = blackout ? `${slide} · ${ui("presenter.black")}` : slide;
}

/** Ends the presenter view (presentation mode left, or the window closing): its clock stops and its panel goes, so a later start begins afresh. */
export function stopPresenterView(): void {
  if (ticker !== undefined) clearInterval(ticker);
  ticker = undefined;
  removeEventListener("pagehide", onPageHide);
  unfollow?.();
  unfollow = undefined;
  shown = undefined;
  panel?.remove();
  panel = null;
  document.documentElement.classList.remove("qb-presenter");
}
