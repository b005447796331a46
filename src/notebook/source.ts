// The notebook's .md as blocks, and edits spliced back into it. Browser-safe and import-free:
// the dev server, the static page and the tests all write edited notebooks through
// applyEdits, so only the edited blocks' bytes change and every other byte of the file stays
// (front matter, CRLF, tabs, indentation, trailing newline).

/** Where a block of the notebook's content (a cell's fence, or the prose between two cells) is found, by 1-based lines of the file (parse.ts records these). */
export interface BlockLines {
  kind: "cell" | "prose";
  line: number;
  endLine: number;
  /** Cell blocks: N of the cell's element `#cell-N`. */
  cell?: number;
  /** Cell blocks: the cell's language (js, ts, html, svg, tex). */
  lang?: string;
}

/** A block with its ranges in the original text (UTF-16 offsets, [start, end)). */
export interface SourceBlock extends BlockLines {
  /** The whole block, up to (not including) its last line's line break. */
  start: number;
  end: number;
  /** The editable part: a fence's body lines (including the last body line's break), or the prose block itself. */
  bodyStart: number;
  bodyEnd: number;
}

/** A block of the original notebook (its index K), or a block an insert made (numbers from the original's count up, never reused). */
export type BlockRef = number;

/** One change to the notebook, in the order the learner made them; `text` uses \n line ends and holds no fence lines. */
export type SourceEdit =
  | {op: "replace"; block: BlockRef; text: string}
  | {op: "insert"; after: BlockRef | -1; block: BlockRef; kind: "cell" | "prose"; lang?: string; text: string}
  | {op: "remove"; block: BlockRef}
  | {op: "restore"; block: BlockRef};

/** An edit that does not fit the blocks it is applied to (an unknown block, a block inserted twice). */
export class EditError extends Error {
  override name = "EditError";
}

const fenceOpen = /^( {0,3})(`{3,}|~{3,})/;

/** The offsets of each line's start in `text`; a line ends at \r\n, \r or \n, as the parser reads them. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (const match of text.matchAll(/\r\n?|\n/g)) starts.push(match.index! + match[0].length);
  return starts;
}

/** Blocks with their offsets in `text`, from the lines the parser recorded. */
export function sourceBlocks(text: string, lines: readonly BlockLines[]): SourceBlock[] {
  const starts = lineStarts(text);
  const startOf = (line: number) => starts[Math.min(line, starts.length) - 1];
  const endOf = (line: number) => {
    if (line >= starts.length) return text.length;
    const next = starts[line];
    return next - (text[next - 2] === "\r" && text[next - 1] === "\n" ? 2 : 1);
  };
  return lines.map((b) => {
    const start = startOf(b.line);
    const end = endOf(b.endLine);
    if (b.kind === "prose") return {...b, start, end, bodyStart: start, bodyEnd: end};
    const marker = fenceOpen.exec(text.slice(start, endOf(b.line)))?.[2] ?? "```";
    const last = text.slice(startOf(b.endLine), end);
    const closed = b.endLine > b.line && closesFence(last, marker);
    const bodyStart = b.line < starts.length ? startOf(b.line + 1) : text.length;
    // a fence left open runs to the end of the file: its body ends where the block does
    const bodyEnd = closed ? startOf(b.endLine) : end;
    return {...b, start, end, bodyStart: Math.min(bodyStart, bodyEnd), bodyEnd};
  });
}

/** True when `line` closes a fence opened with `marker` (same character, at least as long, nothing after). */
function closesFence(line: string, marker: string): boolean {
  const match = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(line);
  return !!match && match[1][0] === marker[0] && match[1].length >= marker.length;
}

/** The line break the block (or else the file) uses: \r\n, \r or \n. */
function lineEnding(text: string, from: number): string {
  const match = /\r\n?|\n/.exec(text.slice(from)) ?? /\r\n?|\n/.exec(text);
  return match?.[0] ?? "\n";
}

/** A fence marker of `char` long enough that no line of `lines` closes it early. */
function fenceFor(char: string, least: number, lines: readonly string[]): string {
  let length = least;
  for (const line of lines) {
    const run = new RegExp(`^ {0,3}(\\${char}{3,})[ \\t]*$`).exec(line)?.[1];
    if (run && run.length >= length) length = run.length + 1;
  }
  return char.repeat(length);
}

interface Entry {
  ref: BlockRef;
  kind: "cell" | "prose";
  lang?: string;
  block?: SourceBlock;
  text?: string;
  removed: boolean;
}

/** The entries in order after `edits`: the original blocks and the inserted ones, each with its new text or removed. */
function entriesAfter(blocks: readonly SourceBlock[], edits: readonly SourceEdit[]): Entry[] {
  const entries: Entry[] = blocks.map((block, ref) => ({ref, kind: block.kind, lang: block.lang, block, removed: false}));
  const find = (ref: BlockRef) => {
    const at = entries.findIndex((e) => e.ref === ref);
    if (at < 0) throw new EditError(`there is no block ${ref}`);
    return at;
  };
  for (const edit of edits) {
    if (edit.op === "insert") {
      if (edit.block < blocks.length || entries.some((e) => e.ref === edit.block))
        throw new EditError(`block ${edit.block} exists already`);
      const at = edit.after === -1 ? 0 : find(edit.after) + 1;
      entries.splice(at, 0, {
        ref: edit.block,
        kind: edit.kind,
        lang: edit.kind === "cell" ? (edit.lang ?? "js") : undefined,
        text: edit.text,
        removed: false
      });
    } else {
      const entry = entries[find(edit.block)];
      if (edit.op === "replace") entry.text = edit.text;
      else entry.removed = edit.op === "remove";
    }
  }
  return entries;
}

/**
 * The notebook `original` with `edits` applied (`blocks` are the original's, from
 * sourceBlocks): a replaced cell changes only its fence's body (its fence lines grow only when
 * the new body holds a line that would close them), a replaced prose block only its own text,
 * an insert adds a fence or paragraph after its block with a blank line and the file's own line
 * ending, a remove takes the block out with the blank line that separated it. Every other byte
 * stays. Throws an {@link EditError} for an edit that names no block.
 */
export function applyEdits(original: string, blocks: readonly SourceBlock[], edits: readonly SourceEdit[]): string {
  if (edits.length === 0) return original;
  const entries = entriesAfter(blocks, edits);
  const le = lineEnding(original, blocks[0]?.start ?? 0);
  // an emptied prose block is no block: it would leave a run of blank lines
  const kept = entries.filter((e) => !e.removed && !(e.kind === "prose" && e.text !== undefined && clean(e.text) === ""));
  const head = blocks.length ? original.slice(0, blocks[0].start) : original;
  const tail = blocks.length ? original.slice(blocks[blocks.length - 1].end) : kept.length ? le : "";
  let out = head;
  kept.forEach((entry, k) => {
    const previous = kept[k - 1];
    if (previous) out += previous.block && entry.block ? original.slice(blocks[entry.ref - 1].end, blocks[entry.ref].start) : le + le;
    else if (!entry.block && head !== "" && !/[\r\n]$/.test(head)) out += le;
    out += render(original, entry, le, k < kept.length - 1);
  });
  return out + tail;
}

/** Text with \n line ends and no line breaks at its end. */
function clean(text: string): string {
  return text.replace(/\r\n?/g, "\n").replace(/\n+$/, "");
}

/** The bytes of one entry: the original block (its body replaced when edited) or a new block; `followed` when something comes after it. */
function render(original: string, entry: Entry, le: string, followed: boolean): string {
  const block = entry.block;
  const text = entry.text === undefined ? undefined : clean(entry.text);
  if (entry.kind === "prose") return text === undefined ? original.slice(block!.start, block!.end) : text.split("\n").join(le);
  const closed = !!block && block.bodyEnd < block.end;
  if (block && text === undefined) {
    // a fence left open ran to the end of the file: an insert after it needs it closed
    const marker = fenceOpen.exec(original.slice(block.start, block.end));
    return original.slice(block.start, block.end) + (closed || !followed ? "" : `${le}${marker?.[1] ?? ""}${marker?.[2] ?? "```"}`);
  }
  if (!block) {
    const lines = text === "" ? [] : text!.split("\n");
    const fence = fenceFor("`", 3, lines);
    return `${fence}${entry.lang ?? "js"}${le}${lines.map((l) => l + le).join("")}${fence}`;
  }
  // A replaced cell: its fence lines as they were, the body indented as deep as a ``` fence
  // (marked strips that much from each body line of ``` fences, not of ~~~ ones), the fence
  // lengthened only if it must be.
  let opening = original.slice(block.start, block.bodyStart);
  if (!/[\r\n]$/.test(opening)) opening += le;
  const [, indent = "", marker = "```"] = fenceOpen.exec(opening) ?? [];
  const pad = marker[0] === "`" ? indent : "";
  const lines = text === "" ? [] : text!.split("\n").map((l) => (l === "" ? l : pad + l));
  const fence = fenceFor(marker[0], marker.length, lines);
  const grow = (line: string) =>
    line.replace(/^( {0,3})([`~]+)/, (_, space: string, run: string) => space + (run.length >= fence.length ? run : fence));
  const closingLine = closed ? original.slice(block.bodyEnd, block.end) : `${indent}${fence}`;
  return grow(opening) + lines.map((l) => l + le).join("") + grow(closingLine);
}
