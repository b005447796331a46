// The learner's edits to this page's notebook: a log of block edits over the .md the page was
// built from (src/notebook/source.ts splices them), kept by a host — localStorage on a static
// page or export, the dev server's save endpoint under `queuebook dev`. Edits found in storage
// are untrusted (any page opened from the same disk can write there): they wait, outside the
// log, until the learner has read them and chosen Apply (or Discard) in this page.
import {applyEdits, type BlockRef, type SourceEdit} from "../../notebook/source.js";
import type {EmbeddedSource} from "../../notebook/sourceContract.js";
import {blockStates, type BlockState} from "./changes.js";

/** How a change was kept: ok, or one line to show at the cell (the editor keeps the learner's text). */
export type SaveResult = {ok: true} | {ok: false; message: string};

/** Where edits go: keeps the whole log and the text it gives. */
export interface EditHost {
  keep(edits: readonly SourceEdit[], text: string): Promise<SaveResult>;
  /** Dev: the file on disk is `source` now (a live update); false when it is this page's own save coming back. */
  adopt?(source: EmbeddedSource): boolean;
}

/** The edits API the page's editor calls (also `queuebook.edits`); see docs/editing.md and src/notebook/source.ts. */
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
  /** Edits found in storage, waiting for the learner to apply or discard them (not in the log, not run), or undefined. */
  pending(): readonly SourceEdit[] | undefined;
  /** The learner chose Apply: the waiting edits become the log and the editor replays them. */
  applyPending(): void;
  /** The learner chose Discard: the waiting edits are dropped (the caller forgets them in storage). */
  discardPending(): void;
  /** Registers the editor's replay of edits the learner applied (called on each applyPending). */
  onReplay(replay: (edits: readonly SourceEdit[]) => Promise<void>): void;
  /** Called after every change with the text as edited (the page bar listens). */
  onChange(listener: () => void): void;
}

/** What a change made while stored edits wait says: deciding on them first keeps them from being written over. */
export const pendingMessage = "not kept: this browser keeps earlier edits to this notebook; review them (Apply or Discard) first";

/**
 * An edits log over `source`, kept by `host`, starting from the original. `stored`: edits found
 * in storage (already checked to fit `source`), which wait for applyPending; until the learner
 * decides, a change is refused rather than written over them.
 */
export function createEdits(source: EmbeddedSource, host: EditHost, stored: readonly SourceEdit[] = []): Edits {
  let log: SourceEdit[] = [];
  /** How many of the log's edits the host has kept: the text it last kept is the original with these. */
  let kept = 0;
  /** Bumped when the log starts afresh (adopt): an answer to a save from before no longer counts. */
  let era = 0;
  const listeners: (() => void)[] = [];
  let waiting: readonly SourceEdit[] | undefined = stored.length ? [...stored] : undefined;
  let replayer: ((edits: readonly SourceEdit[]) => Promise<void>) | undefined;
  let text = source.text;
  let next = source.blocks.length;
  const texts = (upTo = log.length) => blockStates(source, log, upTo);
  const changed = () => {
    for (const listener of listeners) listener();
  };
  const add = (edit: SourceEdit): Promise<SaveResult> => {
    if (waiting) return Promise.resolve({ok: false, message: pendingMessage});
    let after: string;
    try {
      after = applyEdits(source.text, source.blocks, [...log, edit]);
    } catch (error) {
      return Promise.resolve({ok: false, message: (error as Error).message});
    }
    log.push(edit);
    text = after;
    changed();
    const [n, from] = [log.length, era];
    return host.keep(log, text).then((result) => ((kept = result.ok && from === era ? Math.max(kept, n) : kept), result));
  };
  const entry = (state: Map<BlockRef, BlockState>, block: BlockRef) => {
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
      changed();
      return true;
    },
    edited: () => text !== source.text,
    log: () => log,
    pending: () => waiting,
    applyPending() {
      if (!waiting) return;
      // (the host holds these already: they are what it kept)
      log = [...waiting];
      waiting = undefined;
      kept = log.length;
      text = applyEdits(source.text, source.blocks, log);
      next = Math.max(source.blocks.length, ...log.map((e) => (e.op === "insert" ? e.block + 1 : 0)));
      changed();
      void replayer?.([...log]);
    },
    discardPending() {
      if (!waiting) return;
      waiting = undefined;
      changed();
    },
    onReplay(replay) {
      replayer = replay;
    },
    onChange: (listener) => void listeners.push(listener)
  };
}
