// The single-file export without a browser: scripts inlined so that no text ends them early
// while the program means the same, the snapshot written into the cells' elements, the state
// and language options, and a page that names no other file or host.
import {spawnSync} from "node:child_process";
import {mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync, mkdirSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {inflateRawSync} from "node:zlib";
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
      fc.property(
        fc.array(pieces, {maxLength: 12}).map((a) => a.join("")),
        (data) => {
          const program = `result = ${JSON.stringify(data)} + \`${data.replace(/[`\\$]/g, "\\$&")}\``;
          const safe = inlineScript(program);
          expect(breaksScript(safe)).toBe(false);
          expect(runInNewContext(`var result; ${safe}; result`)).toBe(data + data);
        }
      ),
      {numRuns: 200}
    );
  });

  it("inlineStyle keeps a stylesheet from ending its element", () => {
    expect(inlineStyle('a::after { content: "</style><script>x</script>" }')).not.toMatch(/<\/style/i);
  });
});

describe("applySnapshot(html, snapshot)", () => {
  it("writes each output into its empty element, marked, and leaves the others", () => {
    const html =
      '<div class="qb-cell" id="cell-1"></div>\n<p><span class="qb-inline" id="inline-1" data-cell="ab"></span></p><div class="qb-cell" id="cell-2"></div><div id="other"></div>';
    const out = applySnapshot(html, {"cell-1": "<svg></svg>", "inline-1": "42", other: "no"});
    expect(out).toBe(
      '<div class="qb-cell" id="cell-1" data-qb-snapshot><svg></svg></div>\n<p><span class="qb-inline" id="inline-1" data-cell="ab" data-qb-snapshot>42</span></p><div class="qb-cell" id="cell-2"></div><div id="other"></div>'
    );
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
  writeFileSync(
    join(dir, "img", "dot.png"),
    Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64")
  );
  const notebook = join(dir, "nb.md");
  writeFileSync(
    notebook,
    "---\ntitle: Export me\nlanguages: [en, ja]\n---\n\n![dot](img/dot.png)\n\n```js echo\nconst x = view(Inputs.range([0, 10], {value: 3}));\n```\n\n```js\ntex`x = ${x}`\n```\n\nTwice x is ${x * 2}.\n"
  );

  it("inlines every asset: no src= or href= to another file, the chunks it uses only", async () => {
    const {html} = await exportPage({file: notebook, packageRoot});
    // (booleans: a failure should not print the whole megabyte page)
    expect(/<script[^>]*\ssrc=/.test(html)).toBe(false);
    expect(/<link[^>]*\shref="(?!data:)/.test(html)).toBe(false);
    expect(html.includes('<img src="data:image/png;base64,')).toBe(true);
    // the chunks ride deflated (src/site/export.ts): tex is used, so KaTeX's chunk is there and inflates to the chunk itself; Plot is not
    const chunks = new Map(
      [
        ...html.matchAll(
          /<script type="text\/x-queuebook-chunk" data-qb-chunk="([^"]+)" data-qb-load="page" data-encoding="deflate-raw-base64">([^<]*)<\/script>/g
        )
      ].map((m) => [m[1], m[2]])
    );
    expect([...chunks.keys()]).toEqual(["katex"]);
    expect(
      inflateRawSync(Buffer.from(chunks.get("katex")!, "base64"))
        .toString("utf8")
        .includes("provide({katex:")
    ).toBe(true);
    expect(/provide\(\{Plot/.test(html)).toBe(false);
    expect(html.includes('<pre class="qb-echo"><code class="language-js">const x = view(')).toBe(true);
  });

  it("is the same bytes for the same inputs", async () => {
    const a = await exportPage({file: notebook, packageRoot, state: "run=abc", lang: "ja"});
    const b = await exportPage({file: notebook, packageRoot, state: "run=abc", lang: "ja"});
    expect(a.html === b.html).toBe(true);
  });

  it("--no-code hides echoed code; --lang sets the page's language; --state sets the opening hash", async () => {
    const {html} = await exportPage({file: notebook, packageRoot, noCode: true, lang: "ja", state: "#run=v1_x"});
    expect(html.includes('<pre class="qb-echo"><code class="language-js">const x = view(')).toBe(false); // (the client's own code may name the class)
    expect(html.includes('<html lang="ja">')).toBe(true);
    expect(html.includes('<meta name="queuebook-lang" content="ja">')).toBe(true);
    expect(html.includes('("run=v1_x")')).toBe(true);
  });

  it("refuses a language the notebook does not declare", async () => {
    await expect(exportPage({file: notebook, packageRoot, lang: "fr"})).rejects.toThrow("--lang fr: the notebook declares en, ja");
  });
});

describe("exportPage(options): images obey FileAttachment's rules", () => {
  // A project beside a secret: the notebook folder nb/ (the root), a secret one level up.
  const project = join(dir, "images");
  const nb = join(project, "nb");
  mkdirSync(join(nb, "img"), {recursive: true});
  mkdirSync(join(project, "elsewhere"), {recursive: true});
  const SECRET = "QB-IMAGE-SECRET";
  writeFileSync(join(project, "elsewhere", "secret.png"), SECRET);
  writeFileSync(join(project, "x.png"), SECRET);
  writeFileSync(join(nb, "img", "ok.png"), "OK-PNG");
  symlinkSync("/etc/passwd", join(nb, "img", "passwd.png"));
  symlinkSync(join(project, "elsewhere", "secret.png"), join(nb, "img", "secret-link.png"));
  spawnSync("mkfifo", [join(nb, "img", "pipe.png")]);
  writeFileSync(join(nb, "img", "huge.png"), "");
  truncateSync(join(nb, "img", "huge.png"), 450 * 1024 * 1024); // sparse: 450 MB on paper, nothing on disk
  const lines = [
    "---",
    "title: Images",
    "---",
    "", // 1-4
    "![ok](img/ok.png)",
    "", // 5
    '<img src="../../../../elsewhere/secret.png">',
    "", // 7
    '<img src="/abs/path/secret.png">',
    "", // 9
    "![s](../../x.png)",
    "", // 11
    "![p](img/passwd.png)",
    "", // 13
    '<img src="%E0%A4%A.png">',
    "", // 15
    "![h](img/huge.png)",
    "", // 17
    "<img src='&#46;&#46;/elsewhere/secret.png'> <img src=..%2Felsewhere%2Fsecret.png> <img src=\"..\\elsewhere\\secret.png\">",
    "", // 19
    "![l](img/secret-link.png) ![f](img/pipe.png) ![u](https://example.com/a.png) ![file](file:///etc/passwd)",
    "", // 21
    '<img src="/img/ok.png" srcset="../x.png 2x">',
    "" // 23
  ];
  writeFileSync(join(nb, "images.md"), lines.join("\n"));
  const exported = () => exportPage({file: join(nb, "images.md"), packageRoot});

  it("inlines only images inside the notebook folder; every other one is a warning at its line and left out", async () => {
    const {html, warnings} = await exported();
    const at = warnings.map((w) => `${w.line}:${w.column} ${w.message}`);
    expect(at).toEqual([
      '7:11 image "../../../../elsewhere/secret.png" is outside the notebook folder: only images inside it are inlined; left out of the export',
      '9:11 image "/abs/path/secret.png" not found in the notebook folder (abs/path/secret.png); left out of the export',
      '11:6 image "../../x.png" is outside the notebook folder: only images inside it are inlined; left out of the export',
      '13:6 image "img/passwd.png" is a link to a file outside the notebook folder: only files inside it are inlined; left out of the export',
      '15:11 image "%E0%A4%A.png" has a malformed %-escape; left out of the export',
      '17:6 image "img/huge.png" is 450 MB, more than the limit of 50 MB (--max-file-mb); left out of the export',
      '19:11 image "../elsewhere/secret.png" is outside the notebook folder: only images inside it are inlined; left out of the export',
      '19:54 image "..%2Felsewhere%2Fsecret.png" is outside the notebook folder: only images inside it are inlined; left out of the export',
      '19:93 image "..\\\\elsewhere\\\\secret.png" is outside the notebook folder: only images inside it are inlined; left out of the export',
      '21:6 image "img/secret-link.png" is a link to a file outside the notebook folder: only files inside it are inlined; left out of the export',
      '21:32 image "img/pipe.png" is not a regular file (a device, pipe or socket); left out of the export',
      '21:51 image "https://example.com/a.png" is a URL (https:): the export loads nothing from elsewhere; left out of the export',
      '21:86 image "file:///etc/passwd" is a URL (file:): the export loads nothing from elsewhere; left out of the export',
      '23:32 image srcset "../x.png 2x" is not inlined: left out of the export (only an src is)'
    ]);
    const ok = `data:image/png;base64,${Buffer.from("OK-PNG").toString("base64")}`;
    expect(html.split(ok).length - 1).toBe(2); // img/ok.png and "/img/ok.png" (a leading "/" is the notebook folder)
    for (const leak of [
      SECRET,
      Buffer.from(SECRET).toString("base64"),
      "root:x:0:0",
      Buffer.from("root:x:0:0").toString("base64").slice(0, 12)
    ])
      expect(html.includes(leak), leak).toBe(false);
    // A refused image keeps its alt text and loses its src: the page names no file of the machine.
    const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
    const tags = main.match(/<img\b[^>]*>/g)!;
    expect(tags).toHaveLength(15);
    expect(tags.filter((t) => /\ssrc=/.test(t))).toEqual([`<img src="${ok}" alt="ok">`, `<img src="${ok}">`]);
    expect(tags.some((t) => /srcset/.test(t))).toBe(false);
  });

  it("caps images at --max-file-mb, and the images of one export at 200 MB in all, by their size before reading", async () => {
    writeFileSync(join(nb, "img", "wide.png"), Buffer.alloc(6000));
    writeFileSync(join(nb, "cap.md"), "# Cap\n\n![w](img/wide.png)\n");
    const small = await exportPage({file: join(nb, "cap.md"), packageRoot, maxFileBytes: 5000});
    expect(small.warnings.map((w) => `${w.line}:${w.column} ${w.message}`)).toEqual([
      '3:6 image "img/wide.png" is 6,000 bytes, more than the limit of 5,000 bytes (--max-file-mb); left out of the export'
    ]);
    expect((await exportPage({file: join(nb, "cap.md"), packageRoot, maxFileBytes: 7000})).warnings).toEqual([]);
    const large = await exportPage({file: join(nb, "images.md"), packageRoot, maxFileBytes: 1024 * 1024 * 1024});
    expect(large.warnings.find((w) => w.line === 17)?.message).toBe(
      'image "img/huge.png" would take the export\'s images past 200 MB in all; left out of the export'
    );
  });
});

describe("applySnapshot(html, snapshot) in text-only places", () => {
  it("leaves placeholders inside scripts, styles, comments, textareas, titles and noscript alone", () => {
    const cell = '<div class="qb-cell" id="cell-1"></div>';
    for (const [open, close] of [
      ["<script>var s = '", "';</script>"],
      ["<style>", "</style>"],
      ["<!-- ", " -->"],
      ["<textarea>", "</textarea>"],
      ["<title>", "</title>"],
      ['<noscript class="n">', "</noscript>"],
      ["<xmp>", "</xmp>"],
      ["<SCRIPT type=x>", "</script >"]
    ]) {
      const html = `${open}${cell}${close}\n${cell.replace("cell-1", "cell-2")}`;
      expect(applySnapshot(html, {"cell-1": "<b>one</b>", "cell-2": "<b>two</b>"})).toBe(
        `${open}${cell}${close}\n<div class="qb-cell" id="cell-2" data-qb-snapshot><b>two</b></div>`
      );
    }
    // an unclosed comment or script runs to the end, as the parser reads it
    expect(applySnapshot(`<!-- ${cell}`, {"cell-1": "x"})).toBe(`<!-- ${cell}`);
  });
});
