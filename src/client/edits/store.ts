// Edits on a static page or export: kept in this browser's localStorage, one entry per
// notebook path, stamped with the hash of the .md they were made to. An entry is read
// defensively (it may be old, hand-edited or another version's): anything that does not fit
// this page's notebook is set aside, never applied to different code.
import {applyEdits, type SourceEdit} from "../../notebook/source.js";
import type {EmbeddedSource} from "../../notebook/sourceContract.js";
import type {EditHost, SaveResult} from "./state.js";

/** A stored entry: the edits, the version they apply to, and the text they gave then. */
export interface StoredEdits {
  v: 1;
  hash: string;
  edits: readonly SourceEdit[];
  text: string;
}

/** The localStorage key of a notebook's edits. */
export const editsKey = (path: string) => `queuebook:edits:${path}`;
/** Where edits made to another version of the notebook are kept after they were set aside. */
export const setAsideKey = (path: string) => `queuebook:edits-set-aside:${path}`;

/** What the page finds stored: edits to apply, edits set aside (another version, or unreadable), or nothing. */
export type Found = {edits: readonly SourceEdit[]} | {setAside: StoredEdits | undefined} | undefined;

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined; // storage disabled (a sandboxed frame, strict privacy settings)
  }
}

/** Reads the stored edits for `source`; moves entries that do not fit it aside. */
export function readStored(source: EmbeddedSource): Found {
  const store = storage();
  const raw = store?.getItem(editsKey(source.path));
  if (!store || raw == null) return undefined;
  const entry = parseEntry(raw);
  if (entry?.hash === source.hash) {
    try {
      applyEdits(source.text, source.blocks, entry.edits); // throws when a block does not exist
      return {edits: entry.edits};
    } catch {
      // falls through: set aside
    }
  }
  try {
    store.setItem(setAsideKey(source.path), raw);
  } catch {
    // no room to keep it aside: it is still dropped from the live key below
  }
  store.removeItem(editsKey(source.path));
  return {setAside: entry};
}

/** The stored entry if it has the right shape, else undefined. */
export function parseEntry(raw: string): StoredEdits | undefined {
  let value: any;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (!value || value.v !== 1 || typeof value.hash !== "string" || typeof value.text !== "string" || !Array.isArray(value.edits)) return undefined;
  return value.edits.every(isEdit) ? (value as StoredEdits) : undefined;
}

const ref = (n: unknown) => Number.isSafeInteger(n) && (n as number) >= 0;

function isEdit(e: any): e is SourceEdit {
  if (!e || typeof e !== "object") return false;
  if (e.op === "replace") return ref(e.block) && typeof e.text === "string";
  if (e.op === "remove" || e.op === "restore") return ref(e.block);
  if (e.op === "insert") return ref(e.block) && (e.after === -1 || ref(e.after)) && (e.kind === "cell" || e.kind === "prose") && typeof e.text === "string" && (e.lang === undefined || /^(js|ts|html|svg|tex)$/.test(e.lang));
  return false;
}

/** The host of a static page: every change stores the whole log; a log back to the original removes the entry. */
export function localHost(source: EmbeddedSource): EditHost {
  return {
    async keep(edits, text): Promise<SaveResult> {
      const store = storage();
      if (!store) return {ok: false, message: "this browser keeps no storage for this page: the edit is lost on reload (Download .md keeps it)"};
      try {
        if (text === source.text) store.removeItem(editsKey(source.path));
        else store.setItem(editsKey(source.path), JSON.stringify({v: 1, hash: source.hash, edits, text} satisfies StoredEdits));
        return {ok: true};
      } catch {
        return {ok: false, message: "this browser's storage is full: the edit is lost on reload (Download .md keeps it)"};
      }
    }
  };
}

/** Forgets this notebook's edits (Revert) and any set aside. */
export function clearStored(path: string): void {
  const store = storage();
  store?.removeItem(editsKey(path));
  store?.removeItem(setAsideKey(path));
}
