// Edits on a static page or export: kept in this browser's localStorage, one entry per page
// (its own location and its notebook's path: every file:// page shares one storage, so two
// sites or courses that each ship an erlang-c.md must not meet), stamped with the hash of the
// .md they were made to. An entry is read defensively (it may be old, hand-edited or another
// version's): anything that does not fit this page's notebook is set aside, never applied to
// different code. Set-aside entries are kept per version (hash), a few at most, so opening
// another build of the page and coming back finds the first version's edits again.
//
// What is found here is untrusted: every file:// page shares this storage, so a file opened
// from the same disk can write any entry, with the notebook's public hash. Nothing read here is
// applied by this module: it is offered to the learner (start.ts, review.ts), who reads the
// code and text it would bring and chooses to apply it. No key outside this page's scope is
// read (the per-notebook key of older versions, `queuebook:edits:<notebook path>`, is ignored).
import {applyEdits, type SourceEdit} from "../../notebook/source.js";
import type {EmbeddedSource} from "../../notebook/sourceContract.js";
import type {EditHost, SaveResult} from "./state.js";
import {editsKey, pageScope, setAsideKey} from "./scope.js";

/** A stored entry: the edits, the version they apply to, and the text they gave then. */
export interface StoredEdits {
  v: 1;
  hash: string;
  edits: readonly SourceEdit[];
  text: string;
}

/** A set-aside entry: a readable one, or the raw text of one that does not read (kept, never applied). */
type AsideEntry = StoredEdits | {raw: string};

/** How many set-aside versions one page keeps; the oldest goes first (and the notice says so). */
export const setAsideLimit = 5;

export {editsKey, pageScope, setAsideKey};
/** What the page finds stored: edits that fit this version (to offer, never to apply unasked), edits set aside now (another version, or unreadable; `dropped`: older versions let go), or nothing. */
export type Found = {kept: readonly SourceEdit[]} | {setAside: StoredEdits | undefined; dropped: number} | undefined;

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined; // storage disabled (a sandboxed frame, strict privacy settings)
  }
}

function fits(source: EmbeddedSource, entry: StoredEdits | undefined): entry is StoredEdits {
  if (entry?.hash !== source.hash) return false;
  try {
    applyEdits(source.text, source.blocks, entry.edits); // throws when a block does not exist
    return true;
  } catch {
    return false;
  }
}

/** The page's set-aside list (an unreadable list reads as empty: it held nothing to offer). */
function readAside(store: Storage, scope: string): AsideEntry[] {
  try {
    const list = JSON.parse(store.getItem(setAsideKey(scope)) ?? "[]");
    return Array.isArray(list) ? list.filter((e) => typeof e?.raw === "string" || parseEntry(JSON.stringify(e))) : [];
  } catch {
    return [];
  }
}

/** Writes the list, letting the oldest go while the storage has no room; returns how many went. */
function writeAside(store: Storage, scope: string, list: AsideEntry[]): number {
  let dropped = Math.max(0, list.length - setAsideLimit);
  list = list.slice(dropped);
  for (;;) {
    try {
      if (list.length) store.setItem(setAsideKey(scope), JSON.stringify(list));
      else store.removeItem(setAsideKey(scope));
      return dropped;
    } catch {
      if (!list.length) return dropped;
      list = list.slice(1);
      dropped++;
    }
  }
}

/** Reads the stored edits for `source` on the page `scope`; moves an entry that does not fit aside, and takes back one set aside for this very version. */
export function readStored(source: EmbeddedSource, scope = pageScope(source.path)): Found {
  const store = storage();
  if (!store) return undefined;
  const raw = store.getItem(editsKey(scope));
  const entry = raw == null ? undefined : parseEntry(raw);
  if (raw != null && fits(source, entry)) return {kept: entry.edits};
  let list = readAside(store, scope);
  if (raw != null) {
    // (one entry per version: the newer edits to a version replace the older)
    list = [...list.filter((e) => !entry || !("hash" in e) || e.hash !== entry.hash), entry ?? {raw}];
    store.removeItem(editsKey(scope));
  }
  const back = list.find((e): e is StoredEdits => "hash" in e && fits(source, e));
  if (back) {
    // this version's own edits, set aside while another version was open: live again
    writeAside(
      store,
      scope,
      list.filter((e) => e !== back)
    );
    try {
      store.setItem(editsKey(scope), JSON.stringify(back));
    } catch {
      // no room: offered on this load all the same (applied, the edits bar's Download keeps them)
    }
    return {kept: back.edits};
  }
  if (raw == null) return undefined;
  return {setAside: entry, dropped: writeAside(store, scope, list)};
}

/** The stored entry if it has the right shape, else undefined. */
export function parseEntry(raw: string): StoredEdits | undefined {
  let value: any;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (value?.v !== 1 || typeof value.hash !== "string" || typeof value.text !== "string" || !Array.isArray(value.edits)) return undefined;
  return value.edits.every(isEdit) ? (value as StoredEdits) : undefined;
}

const ref = (n: unknown) => Number.isSafeInteger(n) && (n as number) >= 0;

function isEdit(e: any): e is SourceEdit {
  if (!e || typeof e !== "object") return false;
  if (e.op === "replace") return ref(e.block) && typeof e.text === "string";
  if (e.op === "remove" || e.op === "restore") return ref(e.block);
  if (e.op === "insert")
    return (
      ref(e.block) &&
      (e.after === -1 || ref(e.after)) &&
      (e.kind === "cell" || e.kind === "prose") &&
      typeof e.text === "string" &&
      (e.lang === undefined || /^(js|ts|html|svg|tex)$/.test(e.lang))
    );
  return false;
}

/**
 * The host of a static page: every change stores the whole log; a log back to the original
 * removes the entry. The write waits for the page to be idle (at most 300 ms), so a Shift+Enter
 * in a long notebook runs its cells before the log is serialised and stored (about 2 ms at 600
 * cells); changes made meanwhile are stored in one write, the last. Each change's promise
 * settles when that write is done, and a page being left or hidden writes at once: nothing
 * waits past the page.
 */
export function localHost(source: EmbeddedSource, scope = pageScope(source.path)): EditHost {
  let queued: {edits: readonly SourceEdit[]; text: string; done: ((result: SaveResult) => void)[]} | undefined;
  const write = (edits: readonly SourceEdit[], text: string): SaveResult => {
    const store = storage();
    if (!store)
      return {ok: false, message: "this browser keeps no storage for this page: the edit is lost on reload (Download .md keeps it)"};
    try {
      if (text === source.text) store.removeItem(editsKey(scope));
      else store.setItem(editsKey(scope), JSON.stringify({v: 1, hash: source.hash, edits, text} satisfies StoredEdits));
      return {ok: true};
    } catch {
      return {ok: false, message: "this browser's storage is full: the edit is lost on reload (Download .md keeps it)"};
    }
  };
  const flush = () => {
    if (!queued) return;
    const {edits, text, done} = queued;
    queued = undefined;
    const result = write(edits, text);
    for (const settle of done) settle(result);
  };
  if (typeof addEventListener === "function") {
    addEventListener("pagehide", flush);
    addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") flush();
    });
  }
  return {
    keep(edits, text): Promise<SaveResult> {
      return new Promise((settle) => {
        const waiting = queued !== undefined;
        // (a copy: the log grows, and starts afresh on adopt, after this change)
        queued = {edits: [...edits], text, done: [...(queued?.done ?? []), settle]};
        if (waiting) return;
        if (typeof requestIdleCallback === "function") requestIdleCallback(flush, {timeout: 300});
        else setTimeout(flush, 50);
      });
    }
  };
}

/** Discards the entry the notice offered (`entry`, or the unreadable one when undefined); other versions' stay. */
export function discardSetAside(scope: string, entry: StoredEdits | undefined): void {
  const store = storage();
  if (!store) return;
  const list = readAside(store, scope);
  let at = list.length - 1;
  while (at >= 0 && !(entry ? "hash" in list[at] && (list[at] as StoredEdits).hash === entry.hash : "raw" in list[at])) at--;
  if (at >= 0)
    writeAside(
      store,
      scope,
      list.filter((_, k) => k !== at)
    );
}

/** Forgets this page's edits to its version (Revert); edits set aside for other versions stay. */
export function clearStored(source: EmbeddedSource, scope = pageScope(source.path)): void {
  const store = storage();
  if (!store) return;
  store.removeItem(editsKey(scope));
  writeAside(
    store,
    scope,
    readAside(store, scope).filter((e) => !("hash" in e) || e.hash !== source.hash)
  );
}
