// What an edits log does to the notebook, block by block: each block's text as edited, and the
// blocks that differ from the page's original with a line diff, so the learner reads the code
// that would run (and the prose, as text) before edits kept in this browser are applied.
// Pure, no DOM: review.ts shows it, state.ts keeps its texts by the same replay.
import type {BlockRef, SourceEdit} from "../../notebook/source.js";
import type {EmbeddedSource} from "../../notebook/sourceContract.js";

/** A block as the log leaves it: its text and whether it is removed. */
export interface BlockState {
  text: string;
  removed: boolean;
}

/** A block's original text as the editor shows it: \n line ends, no final line break. */
export function originalText(source: EmbeddedSource, block: BlockRef): string {
  const b = source.blocks[block];
  return source.text.slice(b.bodyStart, b.bodyEnd).replace(/\r\n?/g, "\n").replace(/\n$/, "");
}

/** Each block's text and removal after the log's first `upTo` edits, by replaying them over the original. */
export function blockStates(source: EmbeddedSource, log: readonly SourceEdit[], upTo = log.length): Map<BlockRef, BlockState> {
  const state = new Map<BlockRef, BlockState>();
  source.blocks.forEach((_, k) => state.set(k, {text: originalText(source, k), removed: false}));
  for (const e of log.slice(0, upTo)) {
    if (e.op === "insert") state.set(e.block, {text: e.text, removed: false});
    else if (state.has(e.block)) Object.assign(state.get(e.block)!, e.op === "replace" ? {text: e.text} : {removed: e.op === "remove"});
  }
  return state;
}

/** A block the log changes: what it was, what it would be. */
export interface BlockChange {
  block: BlockRef;
  kind: "cell" | "prose";
  /** A cell's language (js, ts, html, svg, tex). */
  lang?: string;
  /** The original block's first line in the .md; undefined for a block the log adds. */
  line?: number;
  change: "changed" | "added" | "removed";
  /** The original text ("" for an added block). */
  before: string;
  /** The text as edited ("" for a removed block). */
  after: string;
}

/** The blocks `log` changes, in the edited notebook's order (a removed block where it stood). */
export function blockChanges(source: EmbeddedSource, log: readonly SourceEdit[]): BlockChange[] {
  // the blocks' order: the original's, each insert placed after its block as the editor places it
  const order: BlockRef[] = source.blocks.map((_, k) => k);
  const added = new Map<BlockRef, {kind: "cell" | "prose"; lang?: string}>();
  for (const e of log) {
    if (e.op !== "insert" || order.includes(e.block)) continue;
    order.splice(e.after === -1 ? 0 : order.indexOf(e.after) + 1, 0, e.block);
    added.set(e.block, {kind: e.kind, lang: e.kind === "cell" ? (e.lang ?? "js") : undefined});
  }
  const states = blockStates(source, log);
  const changes: BlockChange[] = [];
  for (const block of order) {
    const state = states.get(block)!;
    const fresh = added.get(block);
    if (fresh) {
      if (!state.removed) changes.push({block, ...fresh, change: "added", before: "", after: state.text});
      continue;
    }
    const {kind, lang, line} = source.blocks[block];
    const before = originalText(source, block);
    const base = {block, kind, ...(kind === "cell" ? {lang: lang ?? "js"} : {}), line};
    if (state.removed) changes.push({...base, change: "removed", before, after: ""});
    else if (state.text !== before) changes.push({...base, change: "changed", before, after: state.text});
  }
  return changes;
}

/** One line of a diff: kept, or only in the original (removed), or only in the edited text (added). */
export interface DiffLine {
  op: "same" | "removed" | "added";
  text: string;
}

/** Past this many line pairs the diff is no longer minimal: the original's lines, then the new ones (every line still shown). */
const pairLimit = 1_000_000;

/** A line diff of `before` against `after` (a longest common subsequence of lines), every line of both shown once. */
export function lineDiff(before: string, after: string): DiffLine[] {
  const a = before === "" ? [] : before.split("\n");
  const b = after === "" ? [] : after.split("\n");
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  const same = (text: string): DiffLine => ({op: "same", text});
  const x = a.slice(start, a.length - end);
  const y = b.slice(start, b.length - end);
  return [...a.slice(0, start).map(same), ...middle(x, y), ...a.slice(a.length - end).map(same)];
}

/** The diff of two runs of lines that share no first or last line. */
function middle(x: string[], y: string[]): DiffLine[] {
  const removed = (text: string): DiffLine => ({op: "removed", text});
  const added = (text: string): DiffLine => ({op: "added", text});
  if (!x.length || !y.length || x.length * y.length > pairLimit) return [...x.map(removed), ...y.map(added)];
  // lcs[i][j]: the longest common subsequence of x[i..] and y[j..], row by row in one array
  const w = y.length + 1;
  const lcs = new Uint32Array((x.length + 1) * w);
  for (let i = x.length - 1; i >= 0; i--) {
    for (let j = y.length - 1; j >= 0; j--)
      lcs[i * w + j] = x[i] === y[j] ? lcs[(i + 1) * w + j + 1] + 1 : Math.max(lcs[(i + 1) * w + j], lcs[i * w + j + 1]);
  }
  const out: DiffLine[] = [];
  let [i, j] = [0, 0];
  while (i < x.length && j < y.length) {
    if (x[i] === y[j]) out.push({op: "same", text: x[i++]}), j++;
    else if (lcs[(i + 1) * w + j] >= lcs[i * w + j + 1]) out.push(removed(x[i++]));
    else out.push(added(y[j++]));
  }
  return [...out, ...x.slice(i).map(removed), ...y.slice(j).map(added)];
}
