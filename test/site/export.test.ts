// The single-file export without a browser: scripts inlined so that no text ends them early
// while the program means the same, the snapshot written into the cells' elements, the state
// and language options, and a page that names no other file or host.
import {mkdtempSync, rmSync, writeFileSync, mkdirSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {runInNewContext} from "node:vm";
import fc from "fast-check";
import {afterAll, describe, expect, it} from "vitest";
import {inlineScript, inlineStyle} from "../../src/site/exportInline.js";
import {applySnapshot} from "../../src/site/snapshot.js";
import {checkState, exportPage, ExportOptionError} from "../../src/site/export.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), "queuebook-export-unit-"));
afterAll(() => rmSync(dir, {recursive: true, force: true}));

/** True when an HTML parser would end a script element holding `text` before its end. */
const breaksScript = (text: string) => /<\/script|<!--/i.test(text);

describe("inlineScript(source)", () => {
  const hostile = ["</script><script>alert(1)</script>", "<!-- <script>", "a\u2028b\u2029c", "</SCRIPT >", "<\\/script>"];

  it("keeps what strings, templates, regular expressions and code compute", () => {
    const programs = [
      `result = ${JSON.stringify(hostile)}.join("|")`,
      "result = `</script>${1 + 1}<!--\u2028`",
      "result = /<\\/script>|<!--/i.test('x</script>')",
      "result = String.raw`a</script>b`",
      "var a = 2, b = 1; result = a<!--b", // an HTML-like comment in a classic script: a < !(--b)
      "// a comment </script> <!-- \u2028 result = 'after the line break'\nresult = (result || '') + 'end'",
      "result = '\\<!--'"
    ];
    for (const program of programs) {
      const safe = inlineScript(program);
      expect(breaksScript(safe)).toBe(false);
      expect(safe).not.toMatch(/[\u2028\u2029]/);
      expect(runInNewContext(`var result; ${safe}; result`)).toEqual(runInNewContext(`var result; ${program}; result`));
    }
  });

  it("leaves a script without such text as it is", () => {
    const source = "queuebook.notebook({cells: [1 < 2, 'a/script']})";
    expect(inlineScript(source)).toBe(source);
  });

  it("makes any string data inert, with the same value (property)", () => {
    const pieces = fc.constantFrom("</script>", "<!--", "</scRipt", "\u2028", "\u2029", "<", "/", "\\", "`", "${", "'", '"', "a", "\n");
    fc.assert(
      fc.property(fc.array(pieces, {maxLength: 12}).map((a) => a.join("")), (data) => {
        const program = `result = ${JSON.stringify(data)} + \`${data.replace(/[`\\$]/g, "\\$&")}\``;
        const safe = inlineScript(program);
        expect(breaksScript(safe)).toBe(false);
        expect(runInNewContext(`var result; ${safe}; result`)).toBe(data + data);
      }),
      {numRuns: 200}
    );
  });

  it("inlineStyle keeps a stylesheet from ending its element", () => {
    expect(inlineStyle('a::after { content: "</style><script>x</script>" }')).not.toMatch(/<\/style/i);
  });
});

describe("applySnapshot(html, snapshot)", () => {
  it("writes each output into its empty element, marked, and leaves the others", () => {
    const html = '<div class="qb-cell" id="cell-1"></div>\n<p><span class="qb-inline" id="inline-1" data-cell="ab"></span></p><div class="qb-cell" id="cell-2"></div><div id="other"></div>';
    const out = applySnapshot(html, {"cell-1": "<svg></svg>", "inline-1": "42", other: "no"});
    expect(out).toBe('<div class="qb-cell" id="cell-1" data-qb-snapshot><svg></svg></div>\n<p><span class="qb-inline" id="inline-1" data-cell="ab" data-qb-snapshot>42</span></p><div class="qb-cell" id="cell-2"></div><div id="other"></div>');
  });
});

describe("checkState(state)", () => {
  it("accepts a URL hash with or without #", () => {
    expect(checkState("#/3&run=v1_free_s1")).toBe("/3&run=v1_free_s1");
  });
  it("refuses what cannot be a hash", () => {
    expect(() => checkState("run=a b")).toThrow(ExportOptionError);
    expect(() => checkState('"><script>')).toThrow(ExportOptionError);
  });
});

describe("exportPage(options)", () => {
  mkdirSync(join(dir, "img"));
  writeFileSync(join(dir, "img", "dot.png"), Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64"));
  const notebook = join(dir, "nb.md");
  writeFileSync(
    notebook,
    '---\ntitle: Export me\nlanguages: [en, ja]\n---\n\n![dot](img/dot.png)\n\n```js echo\nconst x = view(Inputs.range([0, 10], {value: 3}));\n```\n\n```js\ntex`x = ${x}`\n```\n\nTwice x is ${x * 2}.\n'
  );

  it("inlines every asset: no src= or href= to another file, the chunks it uses only", async () => {
    const {html} = await exportPage({file: notebook, packageRoot});
    // (booleans: a failure should not print the whole megabyte page)
    expect(/<script[^>]*\ssrc=/.test(html)).toBe(false);
    expect(/<link[^>]*\shref="(?!data:)/.test(html)).toBe(false);
    expect(html.includes('<img src="data:image/png;base64,')).toBe(true);
    expect(html.includes("provide({katex:")).toBe(true); // tex is used: KaTeX inline
    expect(/provide\(\{Plot/.test(html)).toBe(false); // Plot is not
    expect(html.includes('<pre class="qb-echo">')).toBe(true);
  });

  it("is the same bytes for the same inputs", async () => {
    const a = await exportPage({file: notebook, packageRoot, state: "run=abc", lang: "ja"});
    const b = await exportPage({file: notebook, packageRoot, state: "run=abc", lang: "ja"});
    expect(a.html === b.html).toBe(true);
  });

  it("--no-code hides echoed code; --lang sets the page's language; --state sets the opening hash", async () => {
    const {html} = await exportPage({file: notebook, packageRoot, noCode: true, lang: "ja", state: "#run=v1_x"});
    expect(html.includes('<pre class="qb-echo">')).toBe(false);
    expect(html.includes('<html lang="ja">')).toBe(true);
    expect(html.includes('<meta name="queuebook-lang" content="ja">')).toBe(true);
    expect(html.includes('("run=v1_x")')).toBe(true);
  });

  it("refuses a language the notebook does not declare", async () => {
    await expect(exportPage({file: notebook, packageRoot, lang: "fr"})).rejects.toThrow("--lang fr: the notebook declares en, ja");
  });
});
