// The arrival-lab notebook's prose as the page shows it: notebooks/arrival-lab.md compiled by the
// project's own parse pass, its top-level language blocks (src/page/prose.ts) read back
// into their passages and named texts, and each block's text split into what a reader reads as
// one unit: a box's title, a paragraph, a list item. Markdown is rendered first, so `\<形>` or
// `srv-\*.csv` in the source reads as the seed writes it; an inline `${…}` reads as `${}`.
import {readFileSync} from "node:fs";
import {parseNotebook} from "../../../src/notebook/parse.js";

/** A language block of the rendered page: its language, its named text's key or its passage's number (from 0), and its units of text. */
export interface LabBlock {
  lang: string;
  name?: string;
  passage?: number;
  units: string[];
}

/** The arrival-lab notebook's source. */
export const labMarkdown = (): string => readFileSync(new URL("../../../notebooks/arrival-lab.md", import.meta.url), "utf8");

const entities: Record<string, string> = {amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'"};

/** The text of an HTML fragment: tags dropped (an inline cell's placeholder kept as `${}`), entities decoded, white space as the browser lays it out. */
export function textOf(html: string): string {
  return html
    .replace(/<span class="qb-inline"[^>]*><\/span>/g, "${}")
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => entities[name])
    .replace(/\s+/g, " ")
    .trim();
}

/** The rendered page's top-level `<div lang>` blocks of `markdown`, in order: consecutive unnamed ones are one passage. */
export function labBlocks(markdown: string = labMarkdown()): LabBlock[] {
  const {html} = parseNotebook(markdown, "arrival-lab.md");
  const blocks: LabBlock[] = [];
  const open = /<div lang="([^"]+)"(?: data-text="([^"]+)")?>([\s\S]*?)<\/div>/g;
  let passage = -1;
  let end = -1;
  for (const match of html.matchAll(open)) {
    const [whole, lang, name, body] = match;
    if (body.includes("<div")) throw new Error(`a language block holds a <div>: ${body.slice(0, 80)}`);
    if (!name && (end < 0 || html.slice(end, match.index).trim() !== "")) passage++;
    end = name ? -1 : match.index! + whole.length;
    // A box's title (`<blockquote class="lab-says">` or `<aside class="lab-hints">`, then `<strong>…</strong>`), each paragraph and list item.
    const units = [...body.matchAll(/<(?:blockquote|aside)[^>]*>\s*<strong>([\s\S]*?)<\/strong>|<(p|li)>([\s\S]*?)<\/\2>/g)].map((m) =>
      textOf(m[1] ?? m[3])
    );
    blocks.push({lang, units, ...(name ? {name} : {passage})});
  }
  return blocks;
}
