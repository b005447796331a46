// Code shown, not run (```python, ```sql, ```js run=false), highlighted at build
// time as Framework does, with highlight.js in Node: the page gets <span class="hljs-…"> and a
// few lines of CSS, no script. Node-only (compile.ts), so the in-page editor's bundle does not
// carry it. Only the languages below are loaded (each costs start-up time); a block in another
// language, or too big to be worth it, stays plain text, as marked wrote it.
import {createRequire} from "node:module";
import type {HLJSApi} from "highlight.js";

/**
 * The languages highlighted, by module, with every name a fence tag may use for them (lower
 * case, as highlight.js looks them up) and the languages they highlight inside themselves (an
 * HTML block's <script> and <style>, a JavaScript html`…` template). A language is loaded the
 * first time a block asks for it, with those it embeds: each module costs about 2 ms to load,
 * and a build whose pages show only JavaScript loads three, not twelve.
 * test/notebook/highlight.test.ts checks these lists against highlight.js's own modules.
 */
export const highlightLanguages: Record<string, {names: readonly string[]; embeds: readonly string[]}> = {
  bash: {names: ["bash", "sh", "zsh"], embeds: []},
  css: {names: ["css"], embeds: []},
  diff: {names: ["diff", "patch"], embeds: []},
  javascript: {names: ["javascript", "js", "jsx", "mjs", "cjs"], embeds: ["css", "xml"]},
  json: {names: ["json", "jsonc", "json5"], embeds: []},
  latex: {names: ["latex", "tex"], embeds: []},
  markdown: {names: ["markdown", "md", "mkdown", "mkd"], embeds: ["xml"]},
  python: {names: ["python", "py", "gyp", "ipython"], embeds: []},
  sql: {names: ["sql"], embeds: []},
  typescript: {names: ["typescript", "ts", "tsx", "mts", "cts"], embeds: ["css", "xml"]},
  xml: {names: ["xml", "html", "xhtml", "rss", "atom", "xjb", "xsd", "xsl", "plist", "wsf", "svg"], embeds: ["css", "javascript"]},
  yaml: {names: ["yaml", "yml"], embeds: []}
};

/** The module highlighting each name a fence tag may use. */
const moduleOf = new Map(Object.entries(highlightLanguages).flatMap(([module, {names}]) => names.map((n) => [n, module] as const)));

let core: HLJSApi | undefined;

/** highlight.js with `module` and the languages it embeds registered, loaded on first use (a build whose pages show no code pays nothing). */
function highlighter(module: string): HLJSApi {
  const load = createRequire(import.meta.url);
  core ??= load("highlight.js/lib/core") as HLJSApi;
  const hljs = core;
  const register = (name: string) => {
    if (hljs.getLanguage(name)) return;
    hljs.registerLanguage(name, load(`highlight.js/lib/languages/${name}`));
    for (const embedded of highlightLanguages[name].embeds) register(embedded);
  };
  register(module);
  return hljs;
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

/** The languages highlighted (by any of their names or aliases, as a fence tag writes them, in any case). */
export function highlightedLanguage(tag: string): boolean {
  return moduleOf.has(tag.toLowerCase());
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
    const {value} = highlighter(moduleOf.get(tag.toLowerCase())!).highlight(source, {language: tag, ignoreIllegals: true});
    return `${open}${tag} hljs${close}${value}${end}`;
  });
}
