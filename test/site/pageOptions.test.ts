// renderPage's options for the pages other than the site's: assets inlined, no home link, the
// export's head lines and the no-script sentence, written once instead of patched afterwards.
import {describe, expect, it} from "vitest";
import {compileNotebook} from "../../src/notebook/compile.js";
import {renderPage, type PageOptions} from "../../src/site/page.js";
import {pageLinks} from "../../src/site/notebook.js";

// A notebook that needs the katex and plot chunks, so every kind of asset is in its page.
const compiled = compileNotebook("# T\n\n```js\nPlot.plot({marks: []})\n```\n\n```js\ntex`x^2`\n```\n", "nb.md");
const links: PageOptions = pageLinks("nb");
const assets = ["style.css", "katex.css", "client.js", ...compiled.chunks.map((c) => `${c}.js`)];

describe("renderPage(compiled, {inline})", () => {
  it("writes each named asset and the bundle into the page, links none of them", () => {
    const inline = new Map([...assets, links.script].map((name) => [name, `/* ${name} */`]));
    const html = renderPage(compiled, {...links, inline});
    expect(compiled.chunks).toEqual(expect.arrayContaining(["katex"]));
    for (const name of assets) expect(html).toContain(name.endsWith(".css") ? `<style>/* ${name} */</style>` : `<script>/* ${name} */</script>`);
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
    expect(html.match(/<script>[^]*?<\/script>/)![0]).toContain("\\x3C/script>");
  });
});

describe("renderPage(compiled, {home: null, head, noscript})", () => {
  it("names the site without linking it when there is no index", () => {
    const html = renderPage(compiled, {...links, home: null});
    expect(html).toContain('<nav class="qb-nav"><span class="qb-home">queuebook</span></nav>');
    expect(html).not.toMatch(/<nav[^>]*><a /);
  });
  it("puts the head lines first in <head> and the sentence first in <main>, as text", () => {
    const html = renderPage(compiled, {...links, head: ['<meta name="queuebook-export" content="1">'], noscript: "Scripts off? <b>here</b> & there"});
    expect(html).toContain('<head>\n<meta name="queuebook-export" content="1">\n<meta charset="utf-8">');
    expect(html).toContain('<main class="qb-notebook" id="observablehq-main">\n<noscript><p class="qb-noscript">Scripts off? &#60;b&#62;here&#60;/b&#62; &#38; there</p></noscript>\n');
    expect(html).not.toContain("<b>here");
  });
  it("writes what the export's patches of the page wrote, byte for byte (so export.ts can drop them)", () => {
    const head = ['<meta name="queuebook-export" content="1">', '<meta name="queuebook-lang" content="hu">'];
    const sentence = "A snapshot of this notebook as it was rendered: open it in a browser with JavaScript on and every control is live.";
    // the export's patches today (src/site/export.ts), over the page written with home ""
    const patched = renderPage(compiled, {...links, home: ""})
      .replace(/<a href="">([^<]*)<\/a>/, '<span class="qb-home">$1</span>')
      .replace(/<head>\n/, `<head>\n${head.join("\n")}\n`)
      .replace(/<main class="qb-notebook"[^>]*>\n/, (main) => main + `<noscript><p class="qb-noscript">${sentence}</p></noscript>\n`);
    expect(renderPage(compiled, {...links, home: null, head, noscript: sentence})).toBe(patched);
  });
  it("is the site's page when none of them is given", () => {
    expect(renderPage(compiled, {...links, head: [], inline: new Map()})).toBe(renderPage(compiled, links));
  });
});
