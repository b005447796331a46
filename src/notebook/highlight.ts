// Code shown, not run (```python, ```sql, ```js run=false), highlighted at build
// time as Framework does, with highlight.js in Node: the page gets <span class="hljs-…"> and a
// few lines of CSS, no script. Node-only (compile.ts), so the in-page editor's bundle does not
// carry it. Only the languages below are loaded (each costs start-up time); a block in another
// language, or too big to be worth it, stays plain text, as marked wrote it.
import {createRequire} from "node:module";
import type {HLJSApi} from "highlight.js";

/** The languages loaded; each registers its aliases too: js/jsx/mjs, ts/tsx, html/svg, sh/shell/zsh, py, md, yml, tex… */
const languages = ["bash", "css", "diff", "javascript", "json", "latex", "markdown", "python", "sql", "typescript", "xml", "yaml"];

let loaded: HLJSApi | undefined;

/** highlight.js with the languages above, loaded on first use: a build whose pages show no code pays nothing for it (about 25 ms). */
function highlighter(): HLJSApi {
  if (!loaded) {
    const load = createRequire(import.meta.url);
    const hljs = load("highlight.js/lib/core") as HLJSApi;
    for (const name of languages) hljs.registerLanguage(name, load(`highlight.js/lib/languages/${name}`));
    loaded = hljs;
  }
  return loaded;
}

/** Blocks longer than this stay plain: highlighting is for reading, and a huge block would only slow the build. */
const maxHighlighted = 64 * 1024;

/**
 * A code block as marked writes it: `<pre><code class="language-x">text</code></pre>`, the text
 * escaped. (An echoed cell, `<pre class="qb-echo">`, is not matched: left plain for now.)
 */
const codeBlock = /(<pre><code class="language-)([A-Za-z0-9_+-]+)(">)([^<]*)(<\/code><\/pre>)/g;

/** The escapes marked and escapeHtml write; a block holding any other `&…;` is left as it is. */
const escapes: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
  "&#34;": '"',
  "&#38;": "&",
  "&#60;": "<",
  "&#62;": ">"
};

/** The languages highlighted (by any of their names or aliases, as a fence tag writes them). */
export function highlightedLanguage(tag: string): boolean {
  return highlighter().getLanguage(tag) !== undefined;
}

/** `html` with each code block in a known language highlighted (class `hljs` added); everything else unchanged. */
export function highlightCode(html: string): string {
  if (!html.includes('<code class="language-')) return html; // most prose: no regex run
  return html.replace(codeBlock, (block, open: string, tag: string, close: string, text: string, end: string) => {
    if (text.length > maxHighlighted || !highlightedLanguage(tag)) return block;
    let plain = true;
    const source = text.replace(/&[#a-z0-9]*;?/gi, (entity) =>
      Object.hasOwn(escapes, entity) ? escapes[entity] : ((plain = false), entity)
    );
    if (!plain) return block;
    // highlight.js escapes every piece of text it returns: the source never becomes markup
    const {value} = highlighter().highlight(source, {language: tag, ignoreIllegals: true});
    return `${open}${tag} hljs${close}${value}${end}`;
  });
}
