// Prose in several languages, written where it is read: a passage in another language is an
// HTML block with a `lang` attribute right after the English one, in the notebook's Markdown:
//   <div lang="en">
//
//   The **surge** is short.
//
//   </div>
//   <div lang="hu">
//
//   A **hullám** rövid.
//
//   </div>
// Consecutive such blocks are one passage; the page shows the block in its language, else the
// first (English). Prose outside blocks reads the same in every language. The build already
// writes the other blocks `hidden` for the page's first language (src/site/languageBlocks.ts),
// so a page read without scripts shows one language too.
//
// A sentence a view shows in its own place (a scenario's brief under the picker, a note beside
// a relation) is a named text: a block with `data-text="<the view's key>"`, written right after
// the cell that shows it. It is never shown where it is written; `withNamedTexts` lays it over
// the locale tables, so the view reads it through its translator as it reads any other string.

/** Where a notebook's prose is: the page's <main>, else the body. */
const mainElement = (): ParentNode => document.querySelector("#observablehq-main") ?? document.body;

/** A named text's key, or null for a block of prose. */
const nameOf = (element: Element): string | null => element.getAttribute("data-text");

/**
 * The attribute of a box that holds the page's own elements in another's place (the slides laid
 * out for print put main's elements into a box a slide): its children count as the root's, and a
 * passage never spans two boxes.
 */
export const FLOW_BOX = "data-qb-flow";

/**
 * Shows, of each passage (consecutive sibling elements with a `lang` attribute, directly in
 * `root` or in a FLOW_BOX there), the block in `lang`, else the passage's first block; returns
 * how many passages. Named texts are no passage's part and stay hidden.
 */
export function showLanguageBlocks(lang: string, root: ParentNode = mainElement()): number {
  const short = lang.split("-")[0];
  let passages = 0;
  let group: HTMLElement[] = [];
  const close = () => {
    if (group.length === 0) return;
    passages++;
    const chosen = group.find((e) => e.lang === lang) ?? group.find((e) => e.lang === short) ?? group[0];
    for (const block of group) block.hidden = block !== chosen;
    group = [];
  };
  const walk = (parent: ParentNode) => {
    for (const child of Array.from(parent.children) as HTMLElement[]) {
      const block = child.tagName === "DIV" && child.hasAttribute("lang");
      if (block && nameOf(child) === null) group.push(child);
      else close();
      if (block && nameOf(child) !== null) child.hidden = true;
      if (!block && child.hasAttribute(FLOW_BOX)) {
        walk(child);
        close(); // a passage ends with its box
      }
    }
  };
  walk(root);
  close();
  return passages;
}

/** The named texts directly in `root` (`<div lang="…" data-text="key">`), by language then key: each block's text, its lines joined by spaces. */
export function namedTexts(root: ParentNode = mainElement()): Record<string, Record<string, string>> {
  const texts: Record<string, Record<string, string>> = {};
  for (const child of Array.from(root.children)) {
    const key = child.tagName === "DIV" ? nameOf(child) : null;
    const lang = child.getAttribute("lang");
    if (key === null || !key || !lang) continue;
    (texts[lang] ??= {})[key] = (child.textContent ?? "").replace(/[ \t\r\n]+/g, " ").trim(); // Markdown's line breaks, not a no-break space
  }
  return texts;
}

/** `tables` (locale tables by language, the first the fallback) with the notebook's named texts laid over them, key by key. */
export function withNamedTexts<T extends Record<string, Record<string, string>>>(tables: T, root: ParentNode = mainElement()): T {
  const texts = namedTexts(root);
  const out: Record<string, Record<string, string>> = {};
  for (const lang of new Set([...Object.keys(tables), ...Object.keys(texts)])) out[lang] = {...tables[lang], ...texts[lang]};
  return out as T;
}
