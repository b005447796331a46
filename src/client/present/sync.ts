// The audience window and the presenter window keep the same slide, both ways, with no server:
// each posts to the other window itself (the window it opened, or window.opener), which works
// from file:// and in an exported file. A window hears only the other window of its
// presentation: a message counts when its `event.source`, which no page can forge, is the
// presenter window this one opened (or, once a reload lost that handle, a window whose opener is
// this one), or, in the presenter window, its own opener. Nothing else moves a slide: not the
// page that opened an audience window, not another tab, not another file:// page.
// The page's BroadcastChannel carries no state and no secret: every file:// page shares its
// origin (as every tab of a site does), so anything sent there, a nonce included, is read by
// whoever listens, and a forged copy would pass. It carries only a wake-up from a reloaded
// audience window (which lost its handle on the presenter window); a presenter window answers by
// asking its own opener, by postMessage, for the state, so a forged wake-up changes nothing.
// A message only ever sets state (a slide number, blackout on or off, a cell input's value), and a window never
// re-sends what it was told: two windows cannot echo each other. Each message is numbered by
// its window, and a window takes only what is newer than the last it heard from that one (an
// older one, late, would undo a change made here since).
import {isPresenterView} from "./presenter.js";
import {readChange, type InputChange} from "./inputs.js";

/** What one window tells the other. `hello`: a presenter window asks for the current state. */
export interface PresentMessage {
  slide?: number;
  blackout?: boolean;
  hello?: boolean;
  /** A cell's input changed in the other window (inputs.ts). */
  input?: InputChange;
}

/** A message as it travels: which window sent it (an id for its lifetime) and its number there. */
export interface Numbered extends PresentMessage {
  from?: string;
  seq?: number;
}

const TAG = "queuebook-present";

/**
 * A filter over what a window hears: true for a message newer than every one heard before from
 * its sender, false for a copy or an older one. A message that is not numbered always passes.
 */
export function newerOnly(): (message: Numbered) => boolean {
  const last = new Map<string, number>();
  return ({from, seq}) => {
    if (from === undefined || seq === undefined) return true;
    if (seq <= (last.get(from) ?? 0)) return false;
    last.set(from, seq);
    return true;
  };
}

/** What a window knows of the windows around it (for {@link fromPresentation}). */
export interface Windows {
  /** This window. */
  self: object;
  /** The other window of the presentation as far as known: the presenter window opened here, or the opener. */
  peer: object | null;
  /** window.opener. */
  opener: object | null;
  /** True in the presenter window. */
  presenter: boolean;
}

/**
 * True when a message whose `event.source` is `source` comes from the other window of this
 * presentation: in the presenter window, its opener (the audience window); in the audience
 * window, the presenter window it opened, or one whose opener is this window (its handle lost in
 * a reload). Never this window itself, and never the audience window's own opener: a page that
 * opened the deck is no part of its presentation.
 */
export function fromPresentation(source: unknown, windows: Windows): boolean {
  if (!source || source === windows.self) return false;
  if (windows.presenter) return source === windows.opener;
  return source === windows.peer || openedBy(source, windows.self);
}

function openedBy(source: unknown, self: object): boolean {
  try {
    return (source as Window).opener === self; // (readable across origins: it is one of a window's cross-origin properties)
  } catch {
    return false;
  }
}

/** True for the channel's one message: a reloaded audience window of `page` asking its presenter window to get in touch. */
export function isWake(data: unknown, page: string): boolean {
  const raw = data as Record<string, unknown> | null;
  return !!raw && typeof raw === "object" && raw.tag === TAG && raw.page === page && raw.wake === true;
}

/** This window's id for its messages: random, as two windows may start in the same millisecond. */
const self = Array.from(crypto.getRandomValues(new Uint32Array(2)), (n) => n.toString(36)).join("");
let sent = 0;
const isNew = newerOnly();

let peer: Window | null = null;
let listener: ((message: PresentMessage) => void) | null = null;

/** The message's fields that are what they claim to be, or null for anything else. */
export function readMessage(data: unknown, page: string): Numbered | null {
  if (!data || typeof data !== "object") return null;
  const raw = data as Record<string, unknown>;
  if (raw.tag !== TAG || raw.page !== page) return null;
  const message: Numbered = {};
  if (typeof raw.from === "string" && /^[0-9a-z]{1,32}$/.test(raw.from) && Number.isSafeInteger(raw.seq) && (raw.seq as number) >= 1) {
    message.from = raw.from;
    message.seq = raw.seq as number;
  }
  if (Number.isInteger(raw.slide) && (raw.slide as number) >= 1 && (raw.slide as number) <= 1e6) message.slide = raw.slide as number;
  if (typeof raw.blackout === "boolean") message.blackout = raw.blackout;
  if (raw.hello === true) message.hello = true;
  const input = readChange(raw.input);
  if (input) message.input = input;
  return message;
}

/** This page's key: a presenter window follows only the notebook it was opened from. */
function page(): string {
  return location.pathname;
}

/** Starts listening; `receive` gets each message from the other window. */
export function listen(receive: (message: PresentMessage) => void): void {
  listener = receive;
  const presenter = isPresenterView();
  if (presenter && window.opener) peer = window.opener as Window;
  addEventListener("message", (event) => {
    const source = event.source as Window | null;
    if (!fromPresentation(source, {self: window, peer, opener: window.opener, presenter})) return;
    const message = readMessage(event.data, page());
    if (!message) return;
    peer = source;
    if (isNew(message)) listener?.(message);
  });
  let channel: BroadcastChannel;
  try {
    channel = new BroadcastChannel(`${TAG}:${page()}`);
  } catch {
    return; // (an opaque origin may have none: a reloaded audience window then hears from its presenter window first)
  }
  // the presenter window answers a wake-up by asking its own opener (never the channel) for the state
  if (presenter) channel.onmessage = (event) => void (isWake(event.data, page()) && send({hello: true}));
  else channel.postMessage({tag: TAG, page: page(), wake: true});
}

/** Remembers the presenter window this one just opened. */
export function setPeer(window: Window | null): void {
  if (window) peer = window;
}

/** Where a message may go: this site's origin over http(s); from file:// the origin is opaque and names no target ("*": the data is a slide number). */
const targetOrigin = () => (/^https?:$/.test(location.protocol) ? location.origin : "*");

/** Tells the other window. */
export function send(message: PresentMessage): void {
  if (!peer || peer.closed) return;
  try {
    peer.postMessage({tag: TAG, page: page(), ...message, from: self, seq: ++sent}, targetOrigin());
  } catch {
    peer = null;
  }
}
