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
// first (English). Prose outside blocks reads the same in every language.

/**
 * Shows, of each passage (consecutive sibling elements with a `lang` attribute, directly in
 * `root`), the block in `lang`, else the passage's first block; returns how many passages.
 */
export function showLanguageBlocks(lang: string, root: ParentNode = document.querySelector("#observablehq-main") ?? document.body): number {
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
  for (const child of Array.from(root.children) as HTMLElement[]) {
    if (child.tagName === "DIV" && child.hasAttribute("lang")) group.push(child);
    else close();
  }
  close();
  return passages;
}
