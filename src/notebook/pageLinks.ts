// Links between notebooks, as Framework writes them: `[next](./other.md)` and `[x](/sub/page)`
// (Framework serves /page for page.md) lead to the page the build writes, `other.html` and
// `/sub/page.html`, which a static server and file:// both open. Browser-safe and pure: the
// parse pass applies it to the prose, so the built site, `dev` and an export agree.

/**
 * `href` made the page it names: a local path ending in `.md` ends in `.html` instead, and one
 * whose last part has no extension (`/sub/page`, `./other`) gains `.html`; the query and hash are
 * kept. URLs with a scheme, `//host`, `#anchor`, folders (`sub/`) and files (`data.csv`) are unchanged.
 */
export function pageHref(href: string): string {
  if (href === "" || /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith("//") || href.startsWith("#") || href.startsWith("?"))
    return href;
  const cut = href.search(/[?#]/);
  const path = cut < 0 ? href : href.slice(0, cut);
  const rest = cut < 0 ? "" : href.slice(cut);
  const last = path.slice(path.lastIndexOf("/") + 1);
  if (/\.md$/i.test(last) && last.length > 3) return `${path.slice(0, -3)}.html${rest}`;
  if (last === "" || last === "." || last === ".." || last.includes(".")) return href;
  return `${path}.html${rest}`;
}

/** An `<a …href="…">` start tag, its href quoted either way (marked writes "…"; an HTML block may write '…'). */
const anchor = /<a(\s[^>]*?)?\shref=("([^"]*)"|'([^']*)')([^>]*)>/gi;

/** `html` with every link's href made the page it names (pageHref); a link that downloads a file (`download`) is left as written. */
export function pageLinks(html: string): string {
  if (!/<a\s/i.test(html)) return html;
  return html.replace(
    anchor,
    (tag: string, before = "", _quoted: string, double: string | undefined, single: string | undefined, after: string) => {
      if (/\sdownload(?=[\s=>]|$)/i.test(`${before} ${after}`)) return tag;
      const href = double ?? single ?? "";
      const page = pageHref(href);
      if (page === href) return tag;
      const quote = double !== undefined ? '"' : "'";
      return `<a${before} href=${quote}${page}${quote}${after}>`;
    }
  );
}
