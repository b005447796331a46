// Links to notebooks lead to the pages the build writes (src/notebook/pageLinks.ts): `.md` and
// Framework's extension-less page paths become `.html`; every other link is left as written.
import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {pageHref, pageLinks} from "../../src/notebook/pageLinks.js";
import {parseNotebook} from "../../src/notebook/parse.js";

describe("pageHref(href)", () => {
  it("makes a link to a notebook (.md) or to a Framework page path the .html page, keeping query and hash", () => {
    expect(pageHref("./other.md")).toBe("./other.html");
    expect(pageHref("other.MD")).toBe("other.html");
    expect(pageHref("../week-1/queues.md#little")).toBe("../week-1/queues.html#little");
    expect(pageHref("/sub/page")).toBe("/sub/page.html");
    expect(pageHref("./other?lang=hu#run=v1")).toBe("./other.html?lang=hu#run=v1");
    expect(pageHref("page")).toBe("page.html");
  });
  it("leaves URLs, anchors, folders, files with an extension and pages already .html as written", () => {
    for (const href of [
      "https://example.com/x.md",
      "mailto:a@b.c",
      "data:text/plain,x",
      "javascript:void(0)",
      "//host/x.md",
      "#top",
      "?x=1",
      "",
      "/",
      "./",
      "../",
      "..",
      ".",
      "sub/",
      "./data/runs.csv",
      "pic.png",
      "other.html",
      "v1.2",
      "/sub/page.html#x"
    ]) {
      expect(pageHref(href), href).toBe(href);
    }
  });
  it("is idempotent and never touches what has a scheme", () => {
    fc.assert(
      fc.property(fc.string({unit: fc.constantFrom("a", "/", ".", "m", "d", "#", "?", ":", "h", "t", "l", "-")}), (href) => {
        expect(pageHref(pageHref(href))).toBe(pageHref(href));
        if (/^[a-z][a-z0-9+.-]*:/i.test(href)) expect(pageHref(href)).toBe(href);
      })
    );
  });
});

describe("pageLinks(html) in the parse pass", () => {
  it("rewrites Markdown links and <a href> in HTML blocks, either quote, other attributes kept", () => {
    const {html} = parseNotebook('[n](./other.md) [p](/sub/page)\n\n<a class="x" href=\'other.md\' title="t">s</a>\n', "nb.md");
    expect(html).toContain('<a href="./other.html">n</a>');
    expect(html).toContain('<a href="/sub/page.html">p</a>');
    expect(html).toContain(`<a class="x" href='other.html' title="t">s</a>`);
  });
  it("leaves a download link, an image, code and an attribute merely ending in href alone", () => {
    const source =
      '<a download href="notes.md">d</a> <a data-href="x.md">x</a> <img src="pic.md">\n\n`<a href="x.md">`\n\n```python\n"<a href=\\"x.md\\">"\n```\n';
    const {html} = parseNotebook(source, "nb.md");
    expect(html).toContain('<a download href="notes.md">d</a>');
    expect(html).toContain('<a data-href="x.md">x</a>');
    expect(html).toContain('<img src="pic.md">');
    expect(html).not.toContain("x.html");
  });
  it("returns the same string when there is no link", () => {
    const html = "<p>no links here</p>";
    expect(pageLinks(html)).toBe(html);
  });
});
