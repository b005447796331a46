// The notebook's own .md, embedded in its page as text data (never markup): what "Download .md"
// starts from, what edits are spliced into, and its hash, which names the version edits were
// made to (localStorage) and which the dev save endpoint checks the file on disk against.
import {sourceBlocks} from "../notebook/source.js";
import type {ParsedNotebook} from "../notebook/parse.js";
import {sourceHash, type EmbeddedSource} from "../notebook/sourceContract.js";

/** What the page embeds about its notebook (and what a dev live update sends again): path (inside the notebook folder), hash, text and blocks. */
export function sourceData(parsed: Pick<ParsedNotebook, "path" | "markdown" | "blocks">): EmbeddedSource {
  return {
    path: parsed.path,
    hash: sourceHash(parsed.markdown),
    text: parsed.markdown,
    blocks: sourceBlocks(parsed.markdown, parsed.blocks)
  };
}

/** The page's `<script type="application/json" id="qb-source">` holding {@link sourceData}. */
export function sourceScript(parsed: Pick<ParsedNotebook, "path" | "markdown" | "blocks">): string {
  const embedded = sourceData(parsed);
  // "<" as \u003c: no "</script>" or "<!--" in the data can end the element or open a comment
  return `<script type="application/json" id="qb-source">${JSON.stringify(embedded)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029")}</script>`;
}
