// The learner's edits to this page's notebook: a log of block edits over the .md the page was
// built from (src/notebook/source.ts splices them), kept by a host — localStorage on a static
// page or export, the dev server's save endpoint under `queuebook dev`.
import {applyEdits, type BlockRef, type SourceEdit} from "../../notebook/source.js";
import type {EmbeddedSource} from "../../notebook/sourceContract.js";

/** How a change was kept: ok, or one line to show at the cell (the editor keeps the learner's text). */
export type SaveResult = {ok: true} | {ok: false; message: string};

/** Where edits go: keeps the whole log and the text it gives. */
export interface EditHost {
  keep(edits: readonly SourceEdit[], text: string): Promise<SaveResult>;
  /** Dev: the file on disk is `source` now (a live update); false when it is this page's own save coming back. */
  adopt?(source: EmbeddedSource): boolean;
}

/** The edits API part A's editor calls (also `queuebook.edits`); see README "Editing in the page" and src/notebook/source.ts. */
export interface Edits {
  replace(block: BlockRef, text: string): Promise<SaveResult>;
  insert(after: BlockRef | -1, kind: "cell" | "prose", text: string, lang?: string): {block: BlockRef; saved: Promise<SaveResult>};
  remove(block: BlockRef): Promise<SaveResult>;
  restore(block: BlockRef): Promise<SaveResult>;
  /** The block's text as edited now (a cell's source, a prose run's Markdown), or undefined for a removed or unknown block. */
  source(block: BlockRef): string | undefined;
  /** The whole .md as edited now. */
  current(): string;
  /** True when the notebook differs from the page's original. */
  edited(): boolean;
  /** The log so far, oldest first. */
  log(): readonly SourceEdit[];
  /** The notebook the edits are made to: the page's original, or the file as a dev live update brought it. */
  original(): string;
  /** The block's text as last kept by the host (saved to the file, or stored), or undefined for a removed or unknown block. */
  kept(block: BlockRef): string | undefined;
  /**
   * Dev: the file changed on disk outside the page (a live update brought `source`): it becomes
   * the original and the log starts afresh (the page shows that file now). False when nothing
   * changed (the update came from this page's own save).
   */
  adopt(source: EmbeddedSource): boolean;
  /** Registers the editor's replay of stored edits (called once, at once if edits are waiting). */
  onReplay(replay: (edits: readonly SourceEdit[]) => Promise<void>): void;
  /** Called after every change with the text as edited (the page bar listens). */
  onChange(listener: () => void): void;
}

/** An edits log over `source`, starting from `stored` (already checked against it), kept by `host`. */
export function createEdits(source: EmbeddedSource, host: EditHost, stored: readonly SourceEdit[] = []): Edits {
  let log: SourceEdit[] = [...stored];
  /** How many of the log's edits the host has kept: the text it last kept is the original with these. */
  let kept = log.length;
  /** Bumped when the log starts afresh (adopt): an answer to a save from before no longer counts. */
  let era = 0;
  const listeners: (() => void)[] = [];
  let waiting: SourceEdit[] | undefined = stored.length ? [...stored] : undefined;
  let text = applyEdits(source.text, source.blocks, log);
  let next = Math.max(source.blocks.length, ...log.map((e) => (e.op === "insert" ? e.block + 1 : 0)));
  const texts = (upTo = log.length) => {
    // each block's latest text and whether it is removed, by replaying the log over the original
    const state = new Map<BlockRef, {text?: string; removed: boolean}>();
    source.blocks.forEach((b, k) => state.set(k, {text: source.text.slice(b.bodyStart, b.bodyEnd).replace(/\r\n?/g, "\n").replace(/\n$/, ""), removed: false}));
    for (const e of log.slice(0, upTo)) {
      if (e.op === "insert") state.set(e.block, {text: e.text, removed: false});
      else if (state.has(e.block)) Object.assign(state.get(e.block)!, e.op === "replace" ? {text: e.text} : {removed: e.op === "remove"});
    }
    return state;
  };
  const add = (edit: SourceEdit): Promise<SaveResult> => {
    let after: string;
    try {
      after = applyEdits(source.text, source.blocks, [...log, edit]);
    } catch (error) {
      return Promise.resolve({ok: false, message: (error as Error).message});
    }
    log.push(edit);
    text = after;
    for (const listener of listeners) listener();
    const [n, from] = [log.length, era];
    return host.keep(log, text).then((result) => ((kept = result.ok && from === era ? Math.max(kept, n) : kept), result));
  };
  const entry = (state: Map<BlockRef, {text?: string; removed: boolean}>, block: BlockRef) => {
    const e = state.get(block);
    return e && !e.removed ? e.text : undefined;
  };
  return {
    replace: (block, value) => add({op: "replace", block, text: value}),
    insert(after, kind, value, lang) {
      const block = next++;
      return {block, saved: add({op: "insert", after, block, kind, ...(kind === "cell" ? {lang: lang ?? "js"} : {}), text: value})};
    },
    remove: (block) => add({op: "remove", block}),
    restore: (block) => add({op: "restore", block}),
    source: (block) => entry(texts(), block),
    kept: (block) => entry(texts(kept), block),
    current: () => text,
    original: () => source.text,
    adopt(update) {
      if (!host.adopt?.(update)) return false;
      source = update;
      log = [];
      kept = 0;
      era++;
      text = update.text;
      next = update.blocks.length;
      for (const listener of listeners) listener();
      return true;
    },
    edited: () => text !== source.text,
    log: () => log,
    onReplay(replay) {
      const edits = waiting;
      waiting = undefined;
      if (edits) void replay(edits);
    },
    onChange: (listener) => void listeners.push(listener)
  };
}
