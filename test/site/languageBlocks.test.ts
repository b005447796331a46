// chooseLanguageBlocks(html, lang): the build writes a page's language blocks as the live page's
// showLanguageBlocks would show them, so a reader without scripts and an export --lang see one
// language; on-call.md built and exported in each of its languages shows exactly that one.
import {readFileSync} from "node:fs";
import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {compileNotebook} from "../../src/notebook/compile.js";
import {showLanguageBlocks} from "../../src/page/prose.js";
import {chooseLanguageBlocks} from "../../src/site/languageBlocks.js";
import {renderPage} from "../../src/site/page.js";
import {pageLinks} from "../../src/site/notebook.js";
import {fakeElement, fakeRoot} from "../components/fakeBlocks.js";

/** The top-level elements of `html` (no nesting at top level in these cases), as prose.ts sees them. */
function topLevel(html: string) {
  const out: {tag: string; lang?: string; hidden: boolean; named: boolean}[] = [];
  let depth = 0;
  for (const m of html.matchAll(/<(\/?)(div|p|h1|section)\b([^>]*)>/g)) {
    if (m[1]) {
      depth--;
      continue;
    }
    if (depth === 0)
      out.push({tag: m[2], lang: /lang="([^"]*)"/.exec(m[3])?.[1], hidden: / hidden\b/.test(m[3]), named: /data-text=/.test(m[3])});
    depth++;
  }
  return out;
}
const visible = (html: string) => topLevel(html).map((e) => (e.hidden ? "-" : (e.lang ?? e.tag)));

describe("chooseLanguageBlocks(html, lang)", () => {
  const html =
    '<h1>T</h1>\n<div lang="en"><p>a</p>\n</div>\n<div lang="hu"><p>b</p>\n</div><div lang="pt"><p>c</p></div>\n<p>x</p>\n<div lang="en"><p>d</p></div>\n<div lang="hu"><p>e</p></div>';
  it("hides every block of a passage but the one in the page's language", () => {
    expect(visible(chooseLanguageBlocks(html, "hu"))).toEqual(["h1", "-", "hu", "-", "p", "-", "hu"]);
    expect(visible(chooseLanguageBlocks(html, "en"))).toEqual(["h1", "en", "-", "-", "p", "en", "-"]);
  });
  it("falls back to the first block, and reads pt-BR as pt", () => {
    expect(visible(chooseLanguageBlocks(html, "pt-BR"))).toEqual(["h1", "-", "-", "pt", "p", "en", "-"]);
    expect(visible(chooseLanguageBlocks(html, "ja"))).toEqual(["h1", "en", "-", "-", "p", "en", "-"]);
  });
  it("always hides a named text, which also ends the passage before it", () => {
    const named =
      '<div lang="en"></div><div lang="hu"></div><div lang="en" data-text="footer"></div><div lang="hu" data-text="footer"></div><div lang="en"></div>';
    expect(visible(chooseLanguageBlocks(named, "hu"))).toEqual(["-", "hu", "-", "-", "en"]);
  });
  it("ends a block at its own </div>, past nested divs; a <div lang> inside another element is no block", () => {
    const nested = '<div lang="en"><div class="pair"><div lang="hu">inner</div></div></div>\n<div lang="hu"><div></div></div>';
    const out = chooseLanguageBlocks(nested, "hu");
    expect(out).toBe('<div lang="en" hidden><div class="pair"><div lang="hu">inner</div></div></div>\n<div lang="hu"><div></div></div>');
  });
  it("leaves <div lang> inside a comment, a script, a style or a textarea as it is", () => {
    for (const wrap of ["<!-- % -->", "<script>%</script>", "<style>%</style>", "<textarea>%</textarea>"]) {
      const text = wrap.replace("%", '<div lang="en"></div><div lang="hu"></div>');
      expect(chooseLanguageBlocks(text, "hu")).toBe(text);
    }
  });
  it("takes a comment between two blocks as no break, and keeps a block already hidden as written", () => {
    expect(chooseLanguageBlocks('<div lang="en"></div>\n<!-- note -->\n<div lang="hu" hidden></div>', "en")).toBe(
      '<div lang="en"></div>\n<!-- note -->\n<div lang="hu" hidden></div>'
    );
    expect(chooseLanguageBlocks('<div lang="en"></div>\n<!-- note -->\n<div lang="hu"></div>', "hu")).toBe(
      '<div lang="en" hidden></div>\n<!-- note -->\n<div lang="hu"></div>'
    );
  });
  it("returns a page without blocks unchanged", () => {
    const plain = '<h1>x</h1><div class="qb-cell" id="cell-1"></div><p lang="hu">y</p>';
    expect(chooseLanguageBlocks(plain, "hu")).toBe(plain);
  });
  it("chooses as showLanguageBlocks does, for any run of blocks and paragraphs", () => {
    const item = fc.oneof(
      fc.constantFrom("p", "div"),
      fc.record({lang: fc.constantFrom("en", "hu", "pt", "pt-BR", "ig"), named: fc.boolean()})
    );
    fc.assert(
      fc.property(fc.array(item, {maxLength: 12}), fc.constantFrom("en", "hu", "pt-BR", "ja"), (items, lang) => {
        const html = items
          .map((i) => (typeof i === "string" ? `<${i}>x</${i}>` : `<div lang="${i.lang}"${i.named ? ' data-text="k"' : ""}><p>x</p></div>`))
          .join("\n");
        const live = items.map((i) =>
          typeof i === "string" ? fakeElement(i) : fakeElement("div", {lang: i.lang, ...(i.named ? {"data-text": "k"} : {})})
        );
        showLanguageBlocks(lang, fakeRoot(live));
        expect(topLevel(chooseLanguageBlocks(html, lang)).map((e) => e.hidden)).toEqual(live.map((e) => e.hidden));
      })
    );
  });
});

describe("on-call.md's page in each of its languages", () => {
  const compiled = compileNotebook(readFileSync(new URL("../../notebooks/on-call.md", import.meta.url), "utf8"), "on-call.md");
  for (const lang of compiled.languages) {
    it(`${lang}: shows its own block of every passage and no named text, as built (first language) or exported --lang`, () => {
      const html = renderPage({...compiled, languages: [lang, ...compiled.languages.filter((l) => l !== lang)]}, pageLinks("on-call"));
      const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
      const blocks = [...main.matchAll(/<div lang="([^"]+)"( data-text="[^"]*")?( hidden)?>/g)].map(([, l, named, hidden]) => ({
        l,
        named: !!named,
        hidden: !!hidden
      }));
      expect(blocks.length).toBe(4 * 11);
      expect(blocks.filter((b) => b.named).every((b) => b.hidden)).toBe(true);
      expect(blocks.filter((b) => !b.hidden).map((b) => b.l)).toEqual([lang, lang]);
    });
  }
});
