// renderPage's options for the pages other than the site's: assets inlined, no home link, the
// export's head lines, report line, no-script sentence, prose, editor chunk and snapshot, and the
// dev server's asset base: each page written once instead of patched afterwards.
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {compileNotebook} from "../../src/notebook/compile.js";
import {pageAssets, pageProse, renderPage, type PageOptions} from "../../src/site/page.js";
import {buildNotebook, pageLinks} from "../../src/site/notebook.js";
import {applySnapshot} from "../../src/site/snapshot.js";
import {applySnapshotStyles} from "../../src/site/snapshotStyles.js";

// A notebook that needs the katex and plot chunks, so every kind of asset is in its page.
const compiled = compileNotebook("# T\n\n```js\nPlot.plot({marks: []})\n```\n\n```js\ntex`x^2`\n```\n", "nb.md");
const links: PageOptions = pageLinks("nb");
const assets = pageAssets(compiled);

describe("pageAssets(compiled)", () => {
  it("names the stylesheets, the client and the chunks the page needs, in the page's order", () => {
    expect(assets).toEqual(["style.css", "katex.css", "client.js", ...compiled.chunks.map((c) => `${c}.js`)]);
    expect(pageAssets({chunks: []})).toEqual(["style.css", "client.js"]);
    expect(pageAssets({chunks: [], languages: ["en", "hu", "fr", "ja"]})).toEqual(["style.css", "client.js", "ui-hu.js", "ui-ja.js"]); // (no table for fr: English)
  });
});

describe("renderPage(compiled, {inline})", () => {
  it("writes each named asset and the bundle into the page, links none of them", () => {
    const inline = new Map([...assets, links.script].map((name) => [name, `/* ${name} */`]));
    const html = renderPage(compiled, {...links, inline});
    expect(compiled.chunks).toEqual(expect.arrayContaining(["katex"]));
    for (const name of assets)
      expect(html).toContain(name.endsWith(".css") ? `<style>/* ${name} */</style>` : `<script>/* ${name} */</script>`);
    expect(html).toContain(`<script>/* ${links.script} */</script>`);
    expect(html).not.toMatch(/<script src=|<link rel="stylesheet"/);
  });
  it("keeps a link for an asset it was not given", () => {
    const html = renderPage(compiled, {...links, inline: new Map([["client.js", "1"]])});
    expect(html).toContain("<script>1</script>");
    expect(html).toContain(`<link rel="stylesheet" href="${links.assets}style.css">`);
    expect(html).toContain(`<script src="${links.script}"></script>`);
  });
  it("keeps an inlined script's text from ending its element", () => {
    const html = renderPage(compiled, {...links, inline: new Map([["client.js", 'const s = "</script><b>x</b>";']])});
    expect(html).not.toContain("</script><b>");
    expect(html.match(/<script>[\s\S]*?<\/script>/)![0]).toContain("\\x3C/script>");
  });
});

describe("renderPage(compiled, {home: null, head, noscript})", () => {
  it("names the site without linking it when there is no index", () => {
    const html = renderPage(compiled, {...links, home: null});
    expect(html).toContain('<nav class="qb-nav"><span class="qb-home">queuebook</span></nav>');
    expect(html).not.toMatch(/<nav[^>]*><a /);
  });
  it("puts the head lines first in <head> and the sentence first in <main>, as text", () => {
    const html = renderPage(compiled, {
      ...links,
      head: ['<meta name="queuebook-export" content="1">'],
      noscript: "Scripts off? <b>here</b> & there"
    });
    expect(html).toContain('<head>\n<meta name="queuebook-export" content="1">\n<meta charset="utf-8">');
    expect(html).toContain(
      '<main class="qb-notebook" id="observablehq-main">\n<noscript><p class="qb-noscript">Scripts off? &#60;b&#62;here&#60;/b&#62; &#38; there</p></noscript>\n'
    );
    expect(html).not.toContain("<b>here");
  });
  it("writes what the export's patches of the page wrote, byte for byte (export.ts's, before it used these options)", () => {
    const head = ['<meta name="queuebook-export" content="1">', '<meta name="queuebook-lang" content="hu">'];
    const sentence = "A snapshot of this notebook as it was rendered: open it in a browser with JavaScript on and every control is live.";
    const report =
      '<p class="qb-report" data-qb-report data-qb-ui lang="en"><strong>T</strong> · nb.md · <a href="nb.html">nb.html</a></p>';
    const editor = '<script type="text/x-queuebook-chunk" data-qb-chunk="editor" data-encoding="deflate-raw-base64">AAAA</script>';
    const snapshot = {outputs: {"cell-1": "<svg></svg>", "cell-2": "<span>x²</span>"}, styles: [".a{}"]};
    // the export's patches as they were, over the page written with home ""
    const unpatched = renderPage(compiled, {...links, home: ""});
    const patched = unpatched
      .replace(/<a href="">([^<]*)<\/a>/, '<span class="qb-home">$1</span>')
      .replace(/<head>\n/, `<head>\n${head.join("\n")}\n`)
      .replace(/<main class="qb-notebook"[^>]*>\n/, (main) => `${main}${report}\n`);
    const end = patched.lastIndexOf("</body>");
    const withEditor = `${patched.slice(0, end)}${editor}\n${patched.slice(end)}`;
    expect(renderPage(compiled, {...links, home: null, head, top: [report], end: [editor]})).toBe(withEditor);
    const snapshotted = applySnapshotStyles(applySnapshot(withEditor, snapshot.outputs), snapshot.styles).replace(
      `${report}\n`,
      `${report}\n<noscript><p class="qb-noscript">${sentence}</p></noscript>\n`
    );
    expect(snapshotted).toContain("data-qb-snapshot><svg></svg></div>");
    expect(renderPage(compiled, {...links, home: null, head, top: [report], noscript: sentence, end: [editor], snapshot})).toBe(
      snapshotted
    );
  });
  it("is the site's page when none of them is given", () => {
    expect(renderPage(compiled, {...links, head: [], inline: new Map()})).toBe(renderPage(compiled, links));
  });
});

describe("renderPage(compiled, {noCode, prose, snapshot})", () => {
  const echoed = compileNotebook("# E\n\n```js echo\nconst x = 1;\n```\n\n${x}\n", "nb.md");
  it("leaves every echoed code block out of the prose with noCode, and nothing else", () => {
    const html = renderPage(echoed, links);
    expect(html).toContain('<pre class="qb-echo">');
    const hidden = renderPage(echoed, {...links, noCode: true});
    expect(hidden).not.toContain('<pre class="qb-echo">');
    expect(hidden).toContain('<div class="qb-cell" id="cell-1"');
    expect(hidden).toContain('"text":"# E'); // the embedded source keeps the code: the editor's
    expect(pageProse(echoed, {noCode: true})).not.toContain("qb-echo");
  });
  it("writes the caller's prose in <main> instead of its own", () => {
    const prose = pageProse(echoed).replace("<h1", '<h1 data-made-by="caller"');
    const html = renderPage(echoed, {...links, prose});
    expect(html).toContain('<main class="qb-notebook" id="observablehq-main">\n<h1 data-made-by="caller"');
    expect(html.split("qb-echo").length).toBe(renderPage(echoed, links).split("qb-echo").length);
  });
  it("fills each cell's element with its snapshot, inside <main> only, and the styles at the end of <head> inside <noscript>", () => {
    const html = renderPage(echoed, {
      ...links,
      snapshot: {outputs: {"cell-1": "<b>one</b>", "inline-1": "1"}, styles: [".x{color:red}", "@import 'elsewhere.css';"]}
    });
    expect(html).toContain('<div class="qb-cell" id="cell-1" data-cell="');
    expect(html).toMatch(/<div class="qb-cell" id="cell-1" data-cell="[^"]+" data-qb-snapshot><b>one<\/b><\/div>/);
    expect(html).toMatch(/<span class="qb-inline" id="inline-1" data-cell="[^"]+" data-qb-snapshot>1<\/span>/);
    expect(html).toContain("<noscript><style data-qb-snapshot-style>\n.x{color:red}\n</style></noscript>\n</head>");
    expect(html).not.toContain("elsewhere.css");
    expect(renderPage(echoed, {...links, snapshot: {outputs: {}, styles: []}})).toBe(renderPage(echoed, links));
  });
});

describe("buildNotebook(file, root, {assets}) for the dev server", () => {
  it("links the shared assets from the given base, the page's own script still beside it", async () => {
    const root = mkdtempSync(join(tmpdir(), "qb-assets-"));
    try {
      mkdirSync(join(root, "sub"));
      writeFileSync(join(root, "sub", "nb.md"), "# Sub\n\n```js\n1 + 1\n```\n");
      const {html} = await buildNotebook(join(root, "sub", "nb.md"), root, {assets: "/_queuebook/"});
      expect(html).toContain('<link rel="stylesheet" href="/_queuebook/style.css">');
      expect(html).toContain('<script src="/_queuebook/client.js"></script>');
      expect(html).toContain('<script src="nb.js"></script>');
      expect(html).not.toContain("../_queuebook/");
      expect((await buildNotebook(join(root, "sub", "nb.md"), root)).html).toContain('<script src="../_queuebook/client.js"></script>');
    } finally {
      rmSync(root, {recursive: true, force: true});
    }
  });
});
