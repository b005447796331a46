// Edits kept in localStorage (src/client/edits/store.ts), over an in-memory Storage: an entry
// that fits the page's version is offered (and stays stored until the learner decides), never
// returned as something applied; the older per-notebook key is neither read nor adopted; an
// entry that does not fit is set aside; planted shapes do not read as entries.
import {afterEach, beforeEach, describe, expect, it, vi} from "vitest";
import {clearStored, editsKey, localHost, pageScope, parseEntry, readStored, setAsideKey} from "../../../src/client/edits/store.js";
import {applyEdits, type SourceEdit} from "../../../src/notebook/source.js";
import {source, text} from "./notebook.js";

/** A Storage over a Map, as a browser's localStorage behaves for these calls. */
class MemoryStorage {
  items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, String(value));
  removeItem = (key: string) => void this.items.delete(key);
}

let store: MemoryStorage;
beforeEach(() => {
  store = new MemoryStorage();
  vi.stubGlobal("localStorage", store);
});
afterEach(() => vi.unstubAllGlobals());

const scope = pageScope("t.md", {pathname: "/course/t.html"});
const planted: SourceEdit[] = [{op: "replace", block: 3, text: "globalThis.planted = true;"}];
const entry = (edits: readonly SourceEdit[], hash = source.hash) => JSON.stringify({v: 1, hash, edits, text: "anything the writer chose"});

describe("pageScope(path, where)", () => {
  it("is the page's path without .html or a trailing index, and the notebook's path", () => {
    expect(scope).toBe("/course/t|t.md");
    expect(pageScope("t.md", {pathname: "/course/index.html"})).toBe("/course/|t.md");
    expect(editsKey(scope)).toBe("queuebook:edits:/course/t|t.md");
  });
});

describe("readStored(source, scope)", () => {
  it("offers an entry that fits this version as kept edits, and leaves it stored (nothing is applied here)", () => {
    store.setItem(editsKey(scope), entry(planted));
    expect(readStored(source, scope)).toEqual({kept: planted});
    expect(store.getItem(editsKey(scope))).toBe(entry(planted));
  });

  it("neither reads nor adopts the older per-notebook key, even with this version's hash", () => {
    store.setItem("queuebook:edits:t.md", entry(planted));
    expect(readStored(source, scope)).toBeUndefined();
    expect([...store.items.keys()]).toEqual(["queuebook:edits:t.md"]); // left as it was, not moved to the page's key
  });

  it("offers this version's entry from the set-aside list (moved back to the page's key), still as kept edits only", () => {
    const other = JSON.parse(entry([{op: "replace", block: 1, text: "x"}], "0123456789abcdef"));
    store.setItem(setAsideKey(scope), JSON.stringify([other, JSON.parse(entry(planted))]));
    expect(readStored(source, scope)).toEqual({kept: planted});
    expect(JSON.parse(store.getItem(editsKey(scope))!).edits).toEqual(planted);
    expect(JSON.parse(store.getItem(setAsideKey(scope))!)).toEqual([other]);
  });

  it("sets aside another version's entry, an unreadable one and one naming a block the notebook lacks", () => {
    store.setItem(editsKey(scope), entry(planted, "ffffffffffffffff"));
    expect(readStored(source, scope)).toMatchObject({setAside: {hash: "ffffffffffffffff"}, dropped: 0});
    for (const raw of ["{not json", entry([{op: "replace", block: 99, text: "x"}])]) {
      store.setItem(editsKey(scope), raw);
      const found = readStored(source, scope);
      expect(found && "setAside" in found).toBe(true);
      expect(store.getItem(editsKey(scope))).toBeNull();
    }
  });

  it("finds nothing in an empty storage, or without storage", () => {
    expect(readStored(source, scope)).toBeUndefined();
    vi.stubGlobal("localStorage", undefined);
    expect(readStored(source, scope)).toBeUndefined();
  });
});

describe("parseEntry(raw)", () => {
  it("reads only the entry's shape: a version 1, a hash, a text and known edits", () => {
    expect(parseEntry(entry(planted))?.edits).toEqual(planted);
    for (const bad of [
      {v: 2, hash: "h", edits: [], text: ""},
      {v: 1, hash: 1, edits: [], text: ""},
      {v: 1, hash: "h", edits: [{op: "replace", block: "0", text: "x"}], text: ""},
      {v: 1, hash: "h", edits: [{op: "insert", after: 0, block: 9, kind: "cell", lang: "js onerror", text: ""}], text: ""},
      {v: 1, hash: "h", edits: [{op: "eval", block: 0}], text: ""},
      {v: 1, hash: "h", edits: [{op: "remove", block: -1}], text: ""}
    ]) {
      expect(parseEntry(JSON.stringify(bad))).toBeUndefined();
    }
    expect(parseEntry("null")).toBeUndefined();
  });
});

describe("localHost(source, scope).keep(edits, text)", () => {
  it("stores the whole log and the text it gives, and removes the entry once the text is the original again", async () => {
    const host = localHost(source, scope);
    const edits: SourceEdit[] = [{op: "replace", block: 1, text: "const a = 2;"}];
    expect(await host.keep(edits, applyEdits(text, source.blocks, edits))).toEqual({ok: true});
    expect(JSON.parse(store.getItem(editsKey(scope))!)).toEqual({
      v: 1,
      hash: source.hash,
      edits,
      text: applyEdits(text, source.blocks, edits)
    });
    expect(await host.keep([...edits, {op: "replace", block: 1, text: "const a = 1;"}], text)).toEqual({ok: true});
    expect(store.getItem(editsKey(scope))).toBeNull();
  });
});

describe("localHost(source, scope).keep: the write waits for the page to be idle", () => {
  /** requestIdleCallback and the window's listeners, held here: the test says when the page is idle or left. */
  function page() {
    const idle: (() => void)[] = [];
    const listeners = new Map<string, (() => void)[]>();
    vi.stubGlobal("requestIdleCallback", (callback: () => void) => idle.push(callback));
    vi.stubGlobal("addEventListener", (type: string, listener: () => void) =>
      listeners.set(type, [...(listeners.get(type) ?? []), listener])
    );
    vi.stubGlobal("document", {visibilityState: "visible"});
    return {idle, fire: (type: string) => listeners.get(type)?.forEach((listener) => listener())};
  }
  const one: SourceEdit[] = [{op: "replace", block: 1, text: "const a = 2;"}];
  const two: SourceEdit[] = [...one, {op: "replace", block: 1, text: "const a = 3;"}];

  it("stores nothing until the page is idle, then the last change once, and settles every change's promise", async () => {
    const {idle} = page();
    const writes: string[] = [];
    const setItem = store.setItem;
    store.setItem = (key, value) => (writes.push(value), setItem(key, value));
    const host = localHost(source, scope);
    const first = host.keep(one, applyEdits(text, source.blocks, one));
    const second = host.keep(two, applyEdits(text, source.blocks, two));
    expect(store.getItem(editsKey(scope))).toBeNull();
    expect(idle).toHaveLength(1); // one write asked for, not one a change
    idle[0]();
    expect(await Promise.all([first, second])).toEqual([{ok: true}, {ok: true}]);
    expect(writes).toHaveLength(1);
    expect(JSON.parse(store.getItem(editsKey(scope))!)).toMatchObject({edits: two, text: applyEdits(text, source.blocks, two)});
  });

  it("writes at once when the page is left or hidden, before the idle callback comes", async () => {
    const {idle, fire} = page();
    const host = localHost(source, scope);
    const kept = host.keep(one, applyEdits(text, source.blocks, one));
    fire("pagehide");
    expect(await kept).toEqual({ok: true});
    expect(JSON.parse(store.getItem(editsKey(scope))!).edits).toEqual(one);
    idle[0](); // late: nothing left to write, nothing written over
    expect(JSON.parse(store.getItem(editsKey(scope))!).edits).toEqual(one);
    const again = host.keep(two, applyEdits(text, source.blocks, two));
    (globalThis.document as {visibilityState: string}).visibilityState = "hidden";
    fire("visibilitychange");
    expect(await again).toEqual({ok: true});
    expect(JSON.parse(store.getItem(editsKey(scope))!).edits).toEqual(two);
  });

  it("keeps the log as it was at the change: a later change to the caller's array does not reach the write", async () => {
    const {idle} = page();
    const host = localHost(source, scope);
    const log = [...one];
    const kept = host.keep(log, applyEdits(text, source.blocks, one));
    log.length = 0; // (the editor's log starts afresh on adopt)
    idle[0]();
    await kept;
    expect(JSON.parse(store.getItem(editsKey(scope))!).edits).toEqual(one);
  });
});

describe("clearStored(source, scope)", () => {
  it("forgets the page's entry and this version's set-aside one, and keeps other versions'", () => {
    const other = JSON.parse(entry(planted, "0123456789abcdef"));
    store.setItem(editsKey(scope), entry(planted));
    store.setItem(setAsideKey(scope), JSON.stringify([other, JSON.parse(entry(planted))]));
    clearStored(source, scope);
    expect(store.getItem(editsKey(scope))).toBeNull();
    expect(JSON.parse(store.getItem(setAsideKey(scope))!)).toEqual([other]);
  });
});
