// The styles a page's code adds while it renders (the on-call views' stylesheet, the checkpoint's,
// the lab's, each Plot chart's), kept for the no-script snapshot: without them the snapshot is a
// vertical list where the live page is a dashboard grid. They go into <head> inside <noscript>,
// so a browser running scripts reads them as text and the live page styles itself as before.
// A stylesheet is code's output too: one that would load anything from elsewhere (url(), @import,
// image-set(), src()) is left out whole, and every "<" is escaped so that no text of it can end
// the <style> or the <noscript> early.

/** A CSS text with its escapes undone, so that `\75 rl(` reads as `url(`. */
function unescaped(css: string): string {
  return css.replace(/\\([0-9a-f]{1,6})\s?|\\([\s\S])/gi, (_, hex: string | undefined, char: string | undefined) =>
    hex ? String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff) || 0xfffd) : char!
  );
}

/** Whether the stylesheet would load something from elsewhere than itself (data: and #fragment references do not). */
export function loadsElsewhere(css: string): boolean {
  const text = unescaped(css);
  if (/@import|expression\s*\(/i.test(text)) return true;
  const references = text.match(/(?:url|image|image-set|src)\s*\(\s*['"]?\s*[^'")\s]*/gi) ?? [];
  return references.some((reference) => !/\(\s*['"]?\s*(#|data:)/i.test(reference));
}

/** The stylesheets to keep: each distinct text once, in order, without those that load from elsewhere; `<` escaped. */
export function keptStyles(styles: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const css of styles) {
    if (seen.has(css) || loadsElsewhere(css)) continue;
    seen.add(css);
    // \3C followed by a space is "<" in CSS (strings and identifiers): never a tag to the HTML parser
    kept.push(css.replace(/</g, "\\3C "));
  }
  return kept;
}

/** `styles` (keptStyles'd) as one no-script stylesheet, a line for the end of <head>; "" when none is kept. */
export function snapshotStyleElement(styles: readonly string[]): string {
  const kept = keptStyles(styles);
  return kept.length ? `<noscript><style data-qb-snapshot-style>\n${kept.join("\n")}\n</style></noscript>\n` : "";
}

/** The page with `styles` (keptStyles'd) as one no-script stylesheet at the end of <head>; the page unchanged when there are none. */
export function applySnapshotStyles(html: string, styles: readonly string[]): string {
  const element = snapshotStyleElement(styles);
  const end = html.indexOf("</head>");
  if (!element || end < 0) return html;
  return `${html.slice(0, end)}${element}${html.slice(end)}`;
}
