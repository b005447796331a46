// The audience window and the presenter window keep the same slide, both ways, with no server:
// each posts to the other (the window it opened, or window.opener), which works from file://
// and in an exported file, and also says it on a BroadcastChannel where the browser has one,
// so a window that was reloaded (and lost its handle on the other) still hears and is heard.
// A message only ever sets state (a slide number, blackout on or off), and a window never
// re-sends what it was told: two windows cannot echo each other. Each message is numbered by
// its window, and a window takes only what is newer than the last it heard from that one: the
// copy that comes second, by the other route, is dropped (arriving after a change made here
// since, it would undo it: the blackout turned off in the audience window came back on).

/** What one window tells the other. `hello`: a presenter window asks for the current state. */
export interface PresentMessage {
  slide?: number;
  blackout?: boolean;
  hello?: boolean;
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

/** This window's id for its messages: random, as two windows may start in the same millisecond. */
const self = Array.from(crypto.getRandomValues(new Uint32Array(2)), (n) => n.toString(36)).join("");
let sent = 0;
const isNew = newerOnly();

let peer: Window | null = null;
let channel: BroadcastChannel | null = null;
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
  return message;
}

/** This page's key: a presenter window follows only the notebook it was opened from. */
function page(): string {
  return location.pathname;
}

/** Starts listening; `receive` gets each message from the other window. */
export function listen(receive: (message: PresentMessage) => void): void {
  listener = receive;
  if (!peer && window.opener) peer = window.opener as Window;
  addEventListener("message", (event) => {
    const source = event.source as Window | null;
    if (!source || source === window) return;
    // Only the window we opened, the one that opened us, or (after a reload lost the handle)
    // a window that says it was opened by this one.
    if (source !== peer && !openedBy(source)) return;
    const message = readMessage(event.data, page());
    if (!message) return;
    peer = source;
    if (isNew(message)) listener?.(message);
  });
  try {
    channel = new BroadcastChannel(`${TAG}:${page()}`);
    channel.onmessage = (event) => {
      const message = readMessage(event.data, page());
      if (message && isNew(message)) listener?.(message);
    };
  } catch {
    channel = null; // (an opaque origin may have none: postMessage still works)
  }
}

function openedBy(source: Window): boolean {
  try {
    return source.opener === window;
  } catch {
    return false;
  }
}

/** Remembers the presenter window this one just opened. */
export function setPeer(window: Window | null): void {
  if (window) peer = window;
}

/** Tells the other window. */
export function send(message: PresentMessage): void {
  const data = {tag: TAG, page: page(), ...message, from: self, seq: ++sent};
  if (peer && !peer.closed) {
    try {
      peer.postMessage(data, "*"); // from file:// the origin is opaque: no narrower target exists; the data is a slide number
    } catch {
      peer = null;
    }
  }
  channel?.postMessage(data);
}
