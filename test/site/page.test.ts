import {describe, expect, it} from "vitest";
import {compileNotebook} from "../../src/notebook/compile.js";
import {renderIndex, renderPage} from "../../src/site/page.js";
import {pageLinks} from "../../src/site/notebook.js";

const page = (md: string, name = "nb") => renderPage(compileNotebook(md, `${name}.md`), pageLinks(name));

describe("renderPage(compiled, options)", () => {
  it("loads client.js and style.css, then the notebook's own script, as classic scripts", () => {
    const html = page("# Hi\n\n```js\n1\n```\n");
    expect(html).toContain('<link rel="stylesheet" href="_queuebook/style.css">');
    expect(html).toContain('<script src="_queuebook/client.js"></script>');
    expect(html).toContain('<script src="nb.js"></script>');
    expect(html).not.toMatch(/type="module"|https?:\/\//);
  });
  it("adds only the chunks the cells use", () => {
    expect(page("```js\n1\n```\n")).not.toMatch(/plot|katex|marked|d3\.js/);
    const html = page("```js\nPlot.plot()\n```\n\n${tex`x`}\n");
    expect(html).toContain('<script src="_queuebook/plot.js"></script>');
    expect(html).toContain('<script src="_queuebook/katex.js"></script>');
    expect(html).toContain('<link rel="stylesheet" href="_queuebook/katex.css">');
    expect(html).not.toContain("marked.js");
  });
  it("points a page in a subfolder at the shared assets one level up", () => {
    const html = page("# x\n", "sub/deep");
    expect(html).toContain('src="../_queuebook/client.js"');
    expect(html).toContain('<script src="deep.js"></script>');
    expect(html).toContain('href="../index.html"');
  });
  it("escapes the title and description", () => {
    const html = page('---\ntitle: "<b>A & B</b>"\ndescription: "say \\"hi\\""\n---\n');
    expect(html).toContain("<title>&#60;b&#62;A &#38; B&#60;/b&#62;</title>");
    expect(html).toContain('content="say &#34;hi&#34;"');
  });
  it("asks for no favicon, so a page makes no request outside its files", () => {
    expect(page("# x\n")).toContain('<link rel="icon" href="data:,">');
  });
  it("adds the dev server's live-update hook only when given", () => {
    expect(page("# x\n")).not.toContain("queuebook-dev");
    const compiled = compileNotebook("# x\n", "nb.md");
    expect(renderPage(compiled, {...pageLinks("nb"), events: "/_queuebook/events?page=nb"})).toContain(
      '<meta name="queuebook-dev" content="/_queuebook/events?page=nb">'
    );
  });
});

describe("renderIndex(entries, options)", () => {
  it("lists every notebook as a lesson with its title and description, escaped", () => {
    const html = renderIndex(
      [
        {href: "a.html", title: "A", description: "first"},
        {href: "b.html", title: "B <2>", description: ""}
      ],
      {assets: "_queuebook/"}
    );
    expect(html).toContain('<a href="a.html" data-qb-slot="link"><span data-qb-slot="title">A</span></a>');
    expect(html).toContain('<p lang="en" data-qb-slot="description">first</p>');
    expect(html).toContain('<span data-qb-slot="title">B &#60;2&#62;</span>');
  });
  it("puts notebooks with a front-matter order first, lowest first, the rest in path order", () => {
    const html = renderIndex(
      [
        {href: "a.html", title: "A", description: ""},
        {href: "b.html", title: "B", description: "", order: 2},
        {href: "c.html", title: "C", description: ""},
        {href: "d.html", title: "D", description: "", order: 1}
      ],
      {assets: "_queuebook/"}
    );
    expect([...html.matchAll(/data-qb-lesson="(\w)"/g)].map((m) => m[1])).toEqual(["d", "b", "a", "c"]);
  });
  it("says what to do when there is no notebook", () => {
    expect(renderIndex([], {assets: "_queuebook/"})).toContain("No notebooks yet");
  });
});

describe("renderPage(compiled, options): the page's languages", () => {
  const md =
    "---\ntitle: Lesson\ndescription: About it\nlanguages: [en, hu, ja]\ntranslations:\n  ja:\n    title: 授業\n    description: それについて\n---\n\n# x\n";
  it("links the kit's words of each declared language that has them (English is in client.js), after the client", () => {
    const html = page(md);
    expect(html).toMatch(
      /client\.js"><\/script>\n<script src="_queuebook\/ui-hu\.js"><\/script>\n<script src="_queuebook\/ui-ja\.js"><\/script>/
    );
    expect(page("# x\n")).not.toContain("ui-");
  });
  it("is titled in the language it opens in, with the others' titles for the picker", () => {
    const compiled = compileNotebook(md, "nb.md");
    const english = renderPage(compiled, pageLinks("nb"));
    expect(english).toContain("<title>Lesson</title>");
    expect(english).toContain(
      '<script type="application/json" id="qb-titles">{"ja":{"title":"授業","description":"それについて"}}</script>'
    );
    // an export with --lang ja opens in Japanese alone: its tab, its description and its title slide's source are Japanese
    const japanese = renderPage({...compiled, languages: ["ja"]}, pageLinks("nb"));
    expect(japanese).toContain('<html lang="ja">');
    expect(japanese).toContain("<title>授業</title>");
    expect(japanese).toContain('<meta name="description" content="それについて">');
    expect(japanese).toContain(
      '<script type="application/json" id="qb-titles">{"en":{"title":"Lesson","description":"About it"}}</script>'
    );
    expect(japanese).toContain('<script src="_queuebook/ui-ja.js"></script>');
    expect(japanese).not.toContain("ui-hu.js");
  });
});
