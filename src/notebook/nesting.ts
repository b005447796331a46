// Bounded Markdown: marked recurses once per level of nesting (quotes, lists, emphasis), so a
// block nested thousands deep overflows its stack and a few hundred list levels take seconds.
// Blocks deeper than the bounds below are handed to marked as plain text (punctuation escaped,
// lines kept, so every later position stays true), each with one warning at its line.
import type {Marked, Token} from "marked";

/** How deep marked may nest: container levels (> and list items) and emphasis delimiters. */
const maxNesting = 32;
const maxDelimiterRun = 100;
const maxDelimiters = 500;

/**
 * The content's tokens, with every block marked could not take (nested deeper than it can
 * recurse, or slow to lex) turned into plain text first: its punctuation escaped, its lines
 * kept, so positions after it stay true. Each such block is warned about once, at its line.
 */
export function lexBounded(
  marked: Marked,
  content: string,
  warn: (line: number, message: string) => void
): {content: string; tokens: Token[]} {
  const blocks = proseBlocks(content);
  const plain = new Set(blocks.filter((b) => tooDeep(content.slice(b.start, b.end))));
  for (let attempt = 0; ; attempt++) {
    const text = plainBlocks(content, plain);
    try {
      const tokens = marked.lexer(text);
      for (const b of plain)
        warn(b.line, `this Markdown block is nested too deeply to lay out (more than ${maxNesting} levels): shown as plain text`);
      return {content: text, tokens};
    } catch (error) {
      // A shape the bounds above missed: find the blocks marked cannot take one by one.
      if (attempt === 0) {
        for (const b of blocks) {
          if (plain.has(b)) continue;
          try {
            marked.lexer(content.slice(b.start, b.end));
          } catch {
            plain.add(b);
          }
        }
      } else if (attempt === 1) {
        for (const b of blocks) plain.add(b);
      } else {
        throw error;
      }
    }
  }
}

/** A run of prose lines between blank lines, outside fenced code (cells are never touched). */
interface ProseBlock {
  start: number;
  end: number;
  /** 1-based line of its first line in the content. */
  line: number;
}

/** The content's prose blocks: lines between blank lines, skipping fenced code blocks. */
function proseBlocks(content: string): ProseBlock[] {
  const blocks: ProseBlock[] = [];
  let fence: string | undefined;
  let block: ProseBlock | undefined;
  for (let start = 0, line = 1; start < content.length; line++) {
    const newline = content.indexOf("\n", start);
    const end = newline < 0 ? content.length : newline + 1;
    const text = content.slice(start, end);
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(text)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && /^\s*[`~]+\s*$/.test(text)) fence = undefined;
    } else if (marker) {
      if (block) blocks.push(block);
      block = undefined;
      fence = marker;
    } else if (/^\s*$/.test(text)) {
      if (block) blocks.push(block);
      block = undefined;
    } else if (block) {
      block.end = end;
    } else {
      block = {start, end, line};
    }
    start = end;
  }
  if (block) blocks.push(block);
  return blocks;
}

/** True when a prose block nests deeper than marked can lay out quickly (or at all). */
function tooDeep(text: string): boolean {
  let delimiters = 0;
  for (const line of text.split("\n")) {
    const prefix = /^(?:[ \t]*(?:>|[*+-](?=[ \t])|\d{1,9}[.)](?=[ \t])))*[ \t]*/.exec(line)![0];
    const markers = prefix.replace(/[ \t]/g, "").replace(/\d{1,9}[.)]/g, "1").length;
    if (markers > maxNesting || prefix.replace(/\t/g, "    ").length > 4 * maxNesting) return true;
  }
  for (const run of text.matchAll(/[*_]+/g)) {
    if (run[0].length > maxDelimiterRun) return true;
    if (++delimiters > maxDelimiters) return true;
  }
  return false;
}

/** The content with the given blocks' ASCII punctuation escaped (so marked reads them as text). */
function plainBlocks(content: string, plain: ReadonlySet<ProseBlock>): string {
  if (plain.size === 0) return content;
  let out = "";
  let at = 0;
  for (const b of [...plain].sort((x, y) => x.start - y.start)) {
    out +=
      content.slice(at, b.start) +
      content
        .slice(b.start, b.end)
        .replace(/^[ \t]+/gm, "")
        .replace(/[!-/:-@[-`{-~]/g, "\\$&");
    at = b.end;
  }
  return out + content.slice(at);
}
