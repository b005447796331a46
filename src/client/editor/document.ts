// The notebook's source as the editor sees it: the page's embedded .md (`#qb-source`, see
// docs/contracts.md: path, hash, text, blocks) and the persistence module `queuebook.edits` (the edits layer,
// localStorage or the dev server) that records every edit. On a page without that module the
// edits live in memory only, spliced by the same applyEdits.
import {applyEdits, type SourceBlock, type SourceEdit} from "../../notebook/source.js";
import type {Edits, SaveResult} from "../edits/state.js";
import {maybePageApi} from "../pageApi.js";

/** The page's embedded source. */
export interface PageSource {
  path: string;
  hash: string;
  text: string;
  blocks: SourceBlock[];
}

/** A save's outcome: a message to show at the cell when it failed (the editor keeps its text). */
export type {SaveResult} from "../edits/state.js";

/** What the editor calls on each run, insert and delete: the part of the page's `Edits` it uses. */
export type EditLog = Pick<Edits, "replace" | "insert" | "remove" | "restore" | "source" | "current">;

/** The page's `#qb-source`, or undefined when the page carries none (or a broken one). */
export function readSource(): PageSource | undefined {
  const text = document.getElementById("qb-source")?.textContent;
  if (!text) return undefined;
  try {
    const value = JSON.parse(text);
    return typeof value?.text === "string" && Array.isArray(value.blocks) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The persistence module when the page has one, else an in-memory log over the same splicing. */
export function editLog(source: PageSource): EditLog {
  const edits = maybePageApi()?.edits;
  if (edits && typeof edits.replace === "function" && typeof edits.current === "function") return edits;
  const log: SourceEdit[] = [];
  let next = source.blocks.length;
  const ok = (): Promise<SaveResult> => Promise.resolve({ok: true});
  return {
    replace: (block, text) => (log.push({op: "replace", block, text}), ok()),
    insert: (after, kind, text, lang) => {
      const block = next++;
      log.push({op: "insert", after, block, kind, lang, text});
      return {block, saved: ok()};
    },
    remove: (block) => (log.push({op: "remove", block}), ok()),
    restore: (block) => (log.push({op: "restore", block}), ok()),
    source: (block) => {
      for (let i = log.length - 1; i >= 0; i--) {
        const edit = log[i];
        if ((edit.op === "replace" || edit.op === "insert") && edit.block === block) return edit.text;
      }
      const b = source.blocks[block];
      return b && source.text.slice(b.bodyStart, b.bodyEnd).replace(/\r\n?/g, "\n").replace(/\n$/, "");
    },
    current: () => applyEdits(source.text, source.blocks, log)
  };
}
