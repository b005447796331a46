// The no-script snapshot written into a page's prose: each cell's rendered output (read and
// sanitised by src/site/snapshot.ts) inside the cell's empty element, where the live page
// replaces it when it first renders the cell (src/client/cells.ts).

/** Each cell's rendered output as HTML, by the id of its element (cells showing nothing are left out). */
export type Snapshot = Record<string, string>;

// Where the page's parser reads text, not elements: a placeholder there is no cell (the live page
// never renders it either), and a snapshot written there would be code, CSS or a comment.
const TEXT_ONLY =
  /<!--[\s\S]*?(?:-->|$)|<(script|style|textarea|title|xmp|iframe|noembed|noframes|noscript|plaintext)\b[^>]*>[\s\S]*?(?:<\/\1\s*>|$)/gi;

/** The page with each cell's snapshot written into its empty element (marked data-qb-snapshot); elements inside scripts, styles, comments and other text-only places are left alone. */
export function applySnapshot(html: string, snapshot: Snapshot): string {
  const fill = (part: string) =>
    part.replace(/<(div|span)(\s[^>]*?)><\/\1>/g, (whole, tag: string, attrs: string) => {
      if (!/\bclass="[^"]*\bqb-(?:cell|inline)\b/.test(attrs)) return whole;
      const id = /\bid="([^"]+)"/.exec(attrs)?.[1];
      const inner = id !== undefined && Object.hasOwn(snapshot, id) ? snapshot[id] : undefined;
      return inner ? `<${tag}${attrs} data-qb-snapshot>${inner}</${tag}>` : whole;
    });
  let out = "";
  let last = 0;
  for (const match of html.matchAll(TEXT_ONLY)) {
    out += fill(html.slice(last, match.index)) + match[0];
    last = match.index! + match[0].length;
  }
  return out + fill(html.slice(last));
}

/** A rendered page as the snapshot keeps it: the cells' outputs (sanitised), the styles its code added (unchecked), and the hash it ended at. */
export interface RenderedPage {
  outputs: Snapshot;
  styles: string[];
  /** `location.hash` once settled (the state the page shows, as its own code wrote it). */
  hash: string;
}
