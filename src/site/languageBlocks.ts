// The page's language blocks chosen at build time (the prose of src/page/prose.ts): of each
// passage (consecutive top-level `<div lang="…">` blocks) every block but the one in the page's
// language, else the first, is written `hidden`; a named text (`<div lang data-text="…">`, a
// view's sentence) is always hidden. So a reader without scripts, the no-script snapshot and an
// export made with --lang see one language, and the live page's showLanguageBlocks only re-picks.

// Text the HTML parser reads as text, not elements: a `<div` inside it is no block.
const SKIPPED =
  /<!--[\s\S]*?(?:-->|$)|<(script|style|textarea|title|xmp|iframe|noembed|noframes|noscript|plaintext|template)\b[^>]*>[\s\S]*?(?:<\/\1\s*>|$)/iy;
const OPEN = /<div\b([^>]*)>/iy;
const CLOSE = /<\/div\s*>/iy;
// Between two blocks of one passage: only what the DOM's `children` skips (white space, comments).
const GAP = /^(?:\s|<!--[\s\S]*?-->)*$/;

interface Block {
  /** Where its opening tag's `>` is (an attribute goes before it). */
  tagEnd: number;
  start: number;
  end: number;
  lang: string;
  named: boolean;
  hidden: boolean;
}

/** The top-level `<div lang>` blocks of `html`, in order. */
function topLevelBlocks(html: string): Block[] {
  const blocks: Block[] = [];
  let depth = 0;
  let current: Block | null = null;
  for (let i = 0; i < html.length; ) {
    if (html[i] !== "<") {
      i++;
      continue;
    }
    for (const pattern of [SKIPPED, OPEN, CLOSE]) pattern.lastIndex = i;
    const skipped = SKIPPED.exec(html);
    if (skipped) {
      i += skipped[0].length;
      continue;
    }
    const open = OPEN.exec(html);
    if (open) {
      if (depth === 0) {
        const attrs = open[1];
        const lang = /\slang="([^"]*)"/i.exec(attrs)?.[1];
        current =
          lang === undefined
            ? null
            : {
                start: i,
                tagEnd: i + open[0].length - 1,
                end: -1,
                lang,
                named: /\sdata-text[\s=]/i.test(`${attrs} `),
                hidden: /\shidden[\s=]/i.test(`${attrs} `)
              };
      }
      depth++;
      i += open[0].length;
      continue;
    }
    const close = CLOSE.exec(html);
    if (close) {
      depth = Math.max(0, depth - 1);
      i += close[0].length;
      if (depth === 0 && current) {
        current.end = i;
        blocks.push(current);
        current = null;
      }
      continue;
    }
    i++;
  }
  return blocks;
}

/** `html` with each passage's blocks other than the one in `lang` (else the first) and every named text marked `hidden`. */
export function chooseLanguageBlocks(html: string, lang: string): string {
  const short = lang.split("-")[0];
  const hide = new Set<Block>();
  let group: Block[] = [];
  const close = () => {
    if (group.length === 0) return;
    const chosen = group.find((b) => b.lang === lang) ?? group.find((b) => b.lang === short) ?? group[0];
    for (const block of group) if (block !== chosen) hide.add(block);
    group = [];
  };
  let previousEnd = -1;
  for (const block of topLevelBlocks(html)) {
    if (previousEnd < 0 || !GAP.test(html.slice(previousEnd, block.start))) close();
    previousEnd = block.end;
    if (block.named) {
      close();
      hide.add(block);
      previousEnd = -1;
    } else group.push(block);
  }
  close();
  let out = "";
  let last = 0;
  for (const block of [...hide].filter((b) => !b.hidden).sort((a, b) => a.tagEnd - b.tagEnd)) {
    out += `${html.slice(last, block.tagEnd)} hidden`;
    last = block.tagEnd;
  }
  return out + html.slice(last);
}
