// Code shown, not run, is highlighted at build time (src/notebook/highlight.ts): every language
// docs/notebook-format.md lists gets highlight.js's spans, anything else stays as marked wrote it, and the
// text is the same text (what a reader copies) with nothing in it becoming markup.
import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {compileNotebook} from "../../src/notebook/compile.js";
import {createRequire} from "node:module";
import type {HLJSApi} from "highlight.js";
import {highlightCode, highlightedLanguage, highlightLanguages} from "../../src/notebook/highlight.js";

/** The prose HTML of a notebook holding one fence. */
const fence = (tag: string, code: string) => compileNotebook("```" + tag + "\n" + code + "\n```\n", "nb.md").html;

/** The text a reader sees in `html`: tags dropped, escapes read. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, "")
    .replace(/&(lt|gt|quot|amp|#x?[0-9a-f]+);/gi, (_, e: string) =>
      e[0] === "#"
        ? String.fromCodePoint(e[1] === "x" ? parseInt(e.slice(2), 16) : Number(e.slice(1)))
        : {lt: "<", gt: ">", quot: '"', amp: "&"}[e]!
    );

/** The text of the first code block in `html`. */
const codeText = (html: string) => textOf(html.slice(html.indexOf("<pre>"), html.indexOf("</pre>")));

/** The tags `html` holds, by name. */
const tags = (html: string) => [...new Set([...html.matchAll(/<\/?([a-z0-9]+)/gi)].map((m) => m[1].toLowerCase()))].sort();

describe("highlightCode(html): the languages highlighted", () => {
  const samples: [string, string, RegExp][] = [
    ["js run=false", "const x = 1; // one", /<span class="hljs-keyword">const<\/span>.*<span class="hljs-comment">\/\/ one<\/span>/],
    ["javascript", 'let s = "a";', /<span class="hljs-string">&quot;a&quot;<\/span>/],
    ["typescript", "const n: number = 2;", /<span class="hljs-built_in">number<\/span>/],
    [
      "json",
      '{"a": [1, true]}',
      /<span class="hljs-attr">&quot;a&quot;<\/span>.*<span class="hljs-literal"><span class="hljs-keyword">true<\/span><\/span>/
    ],
    ["css", "main { color: red; }", /<span class="hljs-selector-tag">main<\/span>/],
    ["html run=false", '<a href="x">y</a>', /<span class="hljs-tag">&lt;<span class="hljs-name">a<\/span>/],
    ["sh", "echo $HOME | wc -l", /<span class="hljs-built_in">echo<\/span>.*<span class="hljs-variable">\$HOME<\/span>/],
    ["bash", "if [ -f x ]; then ls; fi", /<span class="hljs-keyword">if<\/span>/],
    ["python", "def f(a):\n    return None", /<span class="hljs-keyword">def<\/span> <span class="hljs-title function_">f<\/span>/],
    ["sql run=false", "SELECT count(*) FROM runs", /<span class="hljs-keyword">SELECT<\/span>/],
    ["yaml", "title: x", /<span class="hljs-attr">title:<\/span>/],
    ["diff", "- old\n+ new", /<span class="hljs-deletion">- old<\/span>/],
    ["tex run=false", "\\frac{a}{b}", /<span class="hljs-keyword">\\frac<\/span>/],
    ["jsx", "<App n={1} />", /<span class="hljs-number">1<\/span>/]
  ];
  for (const [tag, code, expected] of samples) {
    it(`highlights \`\`\`${tag}, keeping its text`, () => {
      const html = fence(tag, code);
      expect(html).toMatch(/<pre><code class="language-[a-z]+ hljs">/);
      expect(html).toMatch(expected);
      expect(codeText(html)).toBe(code + "\n");
    });
  }
  it("leaves a language it does not load, an indented block and a block with no language as marked wrote them", () => {
    for (const [md, plain] of [
      ["```mermaid\ngraph TD; A-->B\n```\n", '<pre><code class="language-mermaid">graph TD; A--&gt;B\n</code></pre>'],
      ["```cobol\nDISPLAY 'x'.\n```\n", '<pre><code class="language-cobol">DISPLAY &#39;x&#39;.\n</code></pre>'],
      ["```\nplain\n```\n", "<pre><code>plain\n</code></pre>"],
      ["    indented\n", "<pre><code>indented\n</code></pre>"]
    ])
      expect(compileNotebook(md, "nb.md").html).toContain(plain);
    expect(highlightedLanguage("cobol")).toBe(false);
    expect(highlightedLanguage("py")).toBe(true);
  });
  it("leaves live cells and an echoed cell's code alone", () => {
    const html = compileNotebook("```js echo\nconst x = 1;\n```\n", "nb.md").html;
    expect(html).toContain('<pre class="qb-echo"><code class="language-js">const x = 1;</code></pre>');
  });
  it("leaves a <pre><code> written as raw HTML with markup or an unknown escape inside exactly as written", () => {
    const raw = '<pre><code class="language-js"><b>bold</b> x</code></pre>';
    expect(highlightCode(raw)).toBe(raw);
    const entity = '<pre><code class="language-js">a &nbsp; b</code></pre>';
    expect(highlightCode(entity)).toBe(entity);
  });
  it("leaves a block over 64 KB plain (the build does not slow down on a huge listing)", () => {
    const code = "x = 1\n".repeat(12_000);
    expect(fence("python", code)).not.toContain("hljs");
  });
});

describe("highlightCode(html): untrusted code never becomes markup", () => {
  it("keeps a closing tag, a script and an event handler in the code as text", () => {
    const code = "</code></pre><script>alert(1)</script><img src=x onerror=\"alert(2)\"> & 'q'";
    for (const tag of ["python", "html run=false", "js run=false", "sql run=false", "json"]) {
      const html = fence(tag, code);
      expect(html, tag).toContain("hljs");
      for (const name of tags(html.slice(html.indexOf("<pre>"), html.indexOf("</pre>") + 6)))
        expect(["code", "pre", "span"], tag).toContain(name);
      expect(codeText(html), tag).toBe(code + "\n");
    }
  });
  it('for any code in any loaded language: only <pre>, <code> and <span class="hljs-…"> in the block, and the same text', () => {
    const languages = ["js", "ts", "json", "css", "html", "sh", "python", "sql", "yaml", "markdown", "diff", "latex"];
    fc.assert(
      fc.property(
        fc.constantFrom(...languages),
        fc.string({
          unit: fc.constantFrom("<", ">", "&", '"', "'", "/", "a", "=", " ", "{", "}", "`", "$", "#", ";", "x", "1", "-", "*", "\\")
        }),
        (lang, code) => {
          const body = code.replace(/```/g, "``");
          const html = fence(`${lang} run=false`, body);
          for (const tag of tags(html.slice(html.indexOf("<pre>"), html.indexOf("</pre>") + 6)))
            expect(["pre", "code", "span"]).toContain(tag);
          for (const [attributes] of html.matchAll(/<span[^>]*>/g))
            expect(attributes).toMatch(/^<span class="(hljs|language)-[a-z_ -]+">$/); // (language-xml: HTML inside JS)
          expect(codeText(html)).toBe(codeText(compileHtmlPlain(lang, body)));
        }
      ),
      {numRuns: 300}
    );
  });
});

/** What marked alone writes for the fence (an unknown tag is not highlighted), with the tag put back: the plain text to compare. */
function compileHtmlPlain(lang: string, code: string): string {
  const html = compileNotebook("```qb-plain-" + lang + "\n" + code + "\n```\n", "nb.md").html;
  return html.slice(html.indexOf("<pre>"));
}

describe("highlightLanguages: each language loaded on first use, with what it embeds", () => {
  const load = createRequire(import.meta.url);
  const core = load("highlight.js/lib/core") as HLJSApi;
  const moduleOf = (name: string) => load(`highlight.js/lib/languages/${name}`);

  /** Every language a definition highlights inside itself (its modes' subLanguage, at any depth). */
  const embedded = (definition: object): Set<string> => {
    const found = new Set<string>();
    const seen = new Set<object>();
    const walk = (mode: unknown) => {
      if (!mode || typeof mode !== "object" || seen.has(mode)) return;
      seen.add(mode);
      const sub = (mode as {subLanguage?: string | string[]}).subLanguage;
      for (const name of Array.isArray(sub) ? sub : sub ? [sub] : []) found.add(name);
      for (const value of Object.values(mode)) (Array.isArray(value) ? value : [value]).forEach(walk);
    };
    walk(definition);
    return found;
  };

  it("names every name highlight.js gives each module, and every loaded language it embeds", () => {
    for (const [module, {names, embeds}] of Object.entries(highlightLanguages)) {
      const own = core.newInstance();
      own.registerLanguage(module, moduleOf(module));
      expect(new Set(names), module).toEqual(new Set([module, ...(own.getLanguage(module)!.aliases ?? []).map((a) => a.toLowerCase())]));
      const inside = [...embedded(moduleOf(module)(own))].filter((name) => Object.hasOwn(highlightLanguages, name));
      expect(new Set(embeds), module).toEqual(new Set(inside));
    }
  });

  it("highlights as highlight.js with every language loaded, also what a block embeds", () => {
    const all = core.newInstance();
    for (const module of Object.keys(highlightLanguages)) all.registerLanguage(module, moduleOf(module));
    const blocks: [string, string][] = [
      ["html run=false", "<style>p { color: red }</style>\n<script>const x = 1;</script>"],
      ["js run=false", 'const page = html`<p class="a">${x}</p>`;\nconst style = css`p { color: red }`;'],
      ["md", "# Title\n\n<b>bold</b> and `code`"],
      ["ts run=false", "const n: number = 1;"],
      ["Python", "def f(x):\n    return x  # one"],
      ["yml", "a: 1\nb: [x, y]"]
    ];
    for (const [tag, code] of blocks) {
      const language = tag.split(" ")[0];
      const expected = all.highlight(`${code}\n`, {language, ignoreIllegals: true}).value; // (marked ends a block's text with its newline)
      expect(fence(tag, code), tag).toContain(`hljs">${expected}</code>`);
    }
  });
});
