import {describe, expect, it} from "vitest";
import {escapeHtml, parseInfo, parseNotebook, type CellSource} from "../../src/notebook/parse.js";

const md = (...lines: string[]) => lines.join("\n") + "\n";
const cells = (text: string) => parseNotebook(text, "notebooks/test.md").cells;
const inline = (text: string) => cells(text).filter((c) => c.inline);
/** The text at a cell's reported position in the Markdown. */
const at = (text: string, cell: CellSource) => text.split("\n")[cell.line - 1].slice(cell.column - 1);
/** A cell id: 8 hex digits of a hash of the content, `-N` for the Nth identical cell. */
const key = expect.stringMatching(/^[0-9a-f]{8}(-\d+)?$/);
/** The data-cell attribute a placeholder carries, by cell. */
const keyOf = (text: string, index = 0) => cells(text)[index].id;

describe("parseNotebook(text, path)", () => {
  describe("fenced cells", () => {
    it("finds a ```js cell with the line of its first source line, column 1", () => {
      const text = md("# Title", "", "```js", "const a = 1;", "```");
      expect(cells(text)).toEqual([{id: key, source: "const a = 1;", lang: "js", line: 4, column: 1, inline: false, echo: false}]);
    });
    it("numbers cells in order with lines for each", () => {
      const text = md("```js", "a", "```", "", "text", "", "```js", "b", "```");
      expect(cells(text).map((c) => [c.source, c.line])).toEqual([
        ["a", 2],
        ["b", 8]
      ]);
    });
    it("keeps a multi-line cell's source without the fences", () => {
      expect(cells(md("```js", "const a = 1;", "", "a + 1", "```"))[0].source).toBe("const a = 1;\n\na + 1");
    });
    it("runs only Framework's tags: js and ts are cells, javascript, typescript and others are code", () => {
      const text = md(
        "```js",
        "a",
        "```",
        "```javascript",
        "b",
        "```",
        "```ts",
        "c",
        "```",
        "```typescript",
        "d",
        "```",
        "```python",
        "e",
        "```",
        "```JS",
        "f",
        "```"
      );
      expect(cells(text).map((c) => [c.lang, c.source])).toEqual([
        ["js", "a"],
        ["ts", "c"]
      ]);
      const {html, warnings} = parseNotebook(text, "a.md");
      for (const lang of ["javascript", "typescript", "python", "JS"]) expect(html).toContain(`<pre><code class="language-${lang}">`);
      expect(warnings).toEqual([]); // Framework shows these as code too: nothing to say
    });
    it("shows the fences Framework runs and queuebook does not (jsx, tsx, dot, mermaid) as code, with a note and a warning each", () => {
      const tags = ["jsx", "tsx", "dot", "mermaid"];
      const text = md(...tags.flatMap((tag) => ["```" + tag + " echo", `<${tag}>`, "```", ""]));
      const {html, warnings} = parseNotebook(text, "a.md");
      expect(cells(text)).toEqual([]);
      for (const tag of tags) expect(html).toContain(`<code class="language-${tag}">&lt;${tag}&gt;`); // the code is text, never markup
      expect(html.match(/<p class="qb-fence-note">/g)?.length).toBe(4);
      expect(warnings.map((w) => [w.line, w.message.slice(0, 9 + tags[0].length)])).toEqual(
        tags.map((tag, i) => [1 + i * 4, ("```" + tag + " fences").slice(0, 12)])
      );
    });
    it("says nothing for such a fence marked run=false, or an indented code block", () => {
      const {html, warnings} = parseNotebook(md("```sql run=false", "SELECT 1", "```", "", "    sql", ""), "a.md");
      expect(html).not.toContain("qb-fence-note");
      expect(warnings).toEqual([]);
    });
    it("makes a ```sql fence a cell with its id= and display= options as written", () => {
      const text = md("```sql id=Rows display", "SELECT 1", "```", "", "```sql", "SELECT 2", "```");
      expect(cells(text).map((c) => [c.lang, c.sql])).toEqual([
        ["sql", {id: "Rows", display: "true"}],
        ["sql", {}]
      ]);
    });
    it("makes front matter `sql:` a first cell defining sql over those files", () => {
      const {cells: found, html} = parseNotebook(md("---", "sql:", "  gaia: ./gaia.parquet", "---", "", "# T"), "a.md");
      expect(found[0]).toMatchObject({
        lang: "js",
        line: 1,
        source: 'const sql = await DuckDBClient.sql({"gaia": FileAttachment("./gaia.parquet")});'
      });
      expect(html).toContain(`data-cell="${found[0].id}"`);
    });
    it("accepts ~~~ fences", () => expect(cells(md("~~~js", "a", "~~~"))[0]).toMatchObject({source: "a", line: 2}));
    it("adds the front matter's lines to cell lines", () => {
      const text = md("---", "title: T", "---", "", "```js", "x", "```");
      expect(cells(text)[0].line).toBe(6);
      expect(text.split("\n")[5]).toBe("x");
    });
    it("finds correct lines after lists, tables, blockquotes, HTML and paragraphs", () => {
      const text = md(
        "# T",
        "",
        "- a",
        "- b",
        "",
        "",
        "| a | b |",
        "|---|---|",
        "| 1 | 2 |",
        "",
        "> quote",
        "> more",
        "",
        "<div>",
        "hi",
        "</div>",
        "",
        "```js",
        "first",
        "```",
        "",
        "para",
        "line",
        "```js",
        "second",
        "```",
        "",
        "1. one",
        "2. two",
        "",
        "```js",
        "third",
        "```"
      );
      for (const cell of cells(text)) expect(at(text, cell)).toBe(cell.source);
      expect(cells(text).map((c) => c.source)).toEqual(["first", "second", "third"]);
    });
    it("finds correct lines with CRLF line endings", () => {
      const text = "# T\r\n\r\n```js\r\nx\r\n```\r\n";
      expect(cells(text)[0]).toMatchObject({source: "x", line: 4});
    });
    it("parses an empty fence as an empty cell", () => {
      expect(cells(md("```js", "```"))[0]).toMatchObject({source: "", line: 2});
    });
    it("emits a placeholder div per fenced cell in the HTML", () => {
      const text = md("# T", "", "```js", "1", "```");
      const {html} = parseNotebook(text, "a.md");
      expect(html).toBe(`<h1>T</h1>\n<div class="qb-cell" id="cell-1" data-cell="${keyOf(text)}"></div>\n`);
    });
  });

  describe("the echo option", () => {
    it("`js echo` sets echo and adds the escaped source before the placeholder", () => {
      const {
        cells: [cell],
        html
      } = parseNotebook(md("```js echo", "a < b && c", "```"), "a.md");
      expect(cell.echo).toBe(true);
      expect(html).toBe(
        `<pre class="qb-echo"><code class="language-js">a &#60; b &#38;&#38; c</code></pre>\n<div class="qb-cell" id="cell-1" data-cell="${cell.id}"></div>\n`
      );
    });
    it("`ts echo` labels the echoed code as ts", () => {
      expect(parseNotebook(md("```ts echo", "a", "```"), "a.md").html).toContain('class="language-ts"');
    });
    it("without echo the source does not appear in the HTML", () => {
      const {html} = parseNotebook(md("```js", "secretName", "```"), "a.md");
      expect(html).not.toContain("secretName");
    });
  });

  describe("prose", () => {
    it("leaves non-js fences as prose code blocks", () => {
      const {cells: found, html} = parseNotebook(md("```python", "x = 1", "```", "", "```", "plain", "```"), "a.md");
      expect(found).toEqual([]);
      expect(html).toContain("x = 1");
      expect(html).toContain("plain");
    });
    it("leaves `jsx` and `json` fences as prose", () => {
      expect(cells(md("```jsx", "<a/>", "```", "```json", "{}", "```"))).toEqual([]);
    });
    it("leaves indented code as prose even if it looks like js", () => {
      const {cells: found, html} = parseNotebook(md("para", "", "    const a = 1;", ""), "a.md");
      expect(found).toEqual([]);
      expect(html).toContain("<pre><code>const a = 1;");
    });
    it("leaves a js fence inside a blockquote as prose", () => {
      expect(cells(md("> ```js", "> a", "> ```"))).toEqual([]);
    });
  });

  describe("inline expressions", () => {
    it("finds ${…} in a paragraph with its line and column", () => {
      const text = md("# T", "", "The mean is ${mean} ms.");
      const [cell] = inline(text);
      expect(cell).toEqual({id: key, source: "mean", lang: "js", line: 3, column: 15, inline: true, echo: false});
      expect(at(text, cell)).toBe("mean} ms.");
    });
    it("replaces the expression with a placeholder span", () => {
      expect(parseNotebook("a ${x} b\n", "a.md").html).toBe(
        `<p>a <span class="qb-inline" id="inline-1" data-cell="${keyOf("a ${x} b\n")}"></span> b</p>\n`
      );
    });
    it("finds expressions in lists, tables, blockquotes and headings, in document order", () => {
      const text = md("# Heading ${h}", "", "- item ${l}", "", "| a |", "|---|", "| ${t} |", "", "> quote ${q}");
      const found = inline(text);
      expect(found.map((c) => c.source)).toEqual(["h", "l", "t", "q"]);
      for (const cell of found) expect(at(text, cell).startsWith(cell.source + "}")).toBe(true);
    });
    it("keeps nested braces and object literals inside the expression", () => {
      expect(inline("Value: ${fmt({a: 1}, `${b}`)}.\n").map((c) => c.source)).toEqual(["fmt({a: 1}, `${b}`)"]);
    });
    it("adds the front matter's lines to inline positions", () => {
      const text = md("---", "title: T", "---", "x ${y}");
      expect(inline(text)[0]).toMatchObject({line: 4, column: 5});
    });
    it("finds two expressions on one line with distinct columns", () => {
      const text = "${a} and ${b}\n";
      expect(inline(text).map((c) => [c.source, c.column])).toEqual([
        ["a", 3],
        ["b", 12]
      ]);
    });
    it("locates repeated identical expressions at each occurrence", () => {
      const text = md("${x}", "", "again ${x}");
      expect(inline(text).map((c) => [c.line, c.column])).toEqual([
        [1, 3],
        [3, 9]
      ]);
    });
    it("keeps `\\${` literal", () => {
      const {cells: found, html} = parseNotebook("cost: \\${price}\n", "a.md");
      expect(found).toEqual([]);
      expect(html).toBe("<p>cost: ${price}</p>\n");
    });
    it("keeps `${` literal inside code spans", () => {
      const {cells: found, html} = parseNotebook("use `${x}` in templates\n", "a.md");
      expect(found).toEqual([]);
      expect(html).toContain("<code>${x}</code>");
    });
    it("does not find expressions inside fenced cells", () => {
      expect(inline(md("```js", "const s = `${a}`;", "```"))).toEqual([]);
    });
    it("takes an invalid expression up to its matching brace so the cell reports the error", () => {
      expect(inline("bad ${1 +} end\n").map((c) => c.source)).toEqual(["1 +"]);
    });
  });

  describe("title and description", () => {
    it("takes the title from front matter", () => {
      expect(parseNotebook(md("---", "title: From YAML", "---", "# Heading"), "a.md").title).toBe("From YAML");
    });
    it("else takes the first h1 as plain text", () => {
      expect(parseNotebook(md("## Sub", "", "# The *big* `title`", "", "# Second"), "a.md").title).toBe("The big title");
    });
    it("else takes the file name without folder and .md", () => {
      expect(parseNotebook("## Not an h1\n", "notebooks/queues/mm1.md").title).toBe("mm1");
    });
    it("takes the description from front matter, else empty", () => {
      expect(parseNotebook(md("---", "description: About queues", "---"), "a.md").description).toBe("About queues");
      expect(parseNotebook("# T\n\nFirst paragraph.\n", "a.md").description).toBe("");
    });
    it("returns the front matter data and path", () => {
      const parsed = parseNotebook(md("---", "theme: dark", "---"), "x/y.md");
      expect(parsed.data).toEqual({theme: "dark"});
      expect(parsed.path).toBe("x/y.md");
    });
  });

  describe("warnings", () => {
    it("reports front matter errors at column 1", () => {
      expect(parseNotebook(md("---", "- a", "---"), "a.md").warnings).toEqual([
        {line: 2, column: 1, message: "front matter must be a YAML mapping"}
      ]);
    });
    it("has no warnings for a clean notebook", () => expect(parseNotebook("# T\n", "a.md").warnings).toEqual([]));
  });

  describe("cell identity by content", () => {
    it("gives a cell the same id wherever it stands, so inserting a cell changes no other id", () => {
      const before = cells(md("```js", "const a = 1;", "```", "", "${a}", "", "```js", "a * 2", "```"));
      const after = cells(
        md("```js", "const a = 1;", "```", "", "```js", "const inserted = 0;", "```", "", "${a}", "", "```js", "a * 2", "```")
      );
      const ids = (list: CellSource[]) => new Map(list.map((c) => [c.source, c.id]));
      for (const [source, id] of ids(before)) expect(ids(after).get(source), source).toBe(id);
      expect(new Set(after.map((c) => c.id)).size).toBe(after.length);
    });
    it("numbers identical cells: the second gets -2", () => {
      const list = cells(md("```js", "display(1)", "```", "", "```js", "display(1)", "```"));
      expect(list[1].id).toBe(`${list[0].id}-2`);
    });
    it("tells a fenced cell from an inline one and a tex fence from a js one with the same text", () => {
      const list = cells(md("```js", "x", "```", "", "```tex", "x", "```", "", "${x}"));
      expect(new Set(list.map((c) => c.id)).size).toBe(3);
    });
    it("keeps positional element ids and puts the identity in data-cell", () => {
      const text = md("```js", "1", "```", "", "a ${2} b ${3}");
      const {html, cells: list} = parseNotebook(text, "a.md");
      expect(html).toContain(`<div class="qb-cell" id="cell-1" data-cell="${list[0].id}">`);
      expect(html).toContain(`<span class="qb-inline" id="inline-1" data-cell="${list[1].id}">`);
      expect(html).toContain(`<span class="qb-inline" id="inline-2" data-cell="${list[2].id}">`);
    });
  });

  describe("Framework's fence options and live fences", () => {
    it("shows a run=false fence as code and makes no cell of it", () => {
      const text = md("```js run=false", 'const d = FileAttachment("missing.csv");', "```");
      const {html, cells: list} = parseNotebook(text, "a.md");
      expect(list).toEqual([]);
      expect(html).toContain('<pre><code class="language-js">const d = FileAttachment(&quot;missing.csv&quot;);');
    });
    it("shows run=false html, svg and tex fences as code too", () => {
      for (const lang of ["html", "svg", "tex"]) expect(cells(md(`\`\`\`${lang} run=false`, "x", "```")), lang).toEqual([]);
    });
    it("reads echo, echo=true, echo=false and run=false", () => {
      expect(parseInfo("js echo")).toEqual({lang: "js", echo: true, run: true});
      expect(parseInfo("js echo=true run=true")).toEqual({lang: "js", echo: true, run: true});
      expect(parseInfo("ts echo=false")).toEqual({lang: "ts", echo: false, run: true});
      expect(parseInfo("js run=false")).toEqual({lang: "js", echo: false, run: false});
      expect(parseInfo("python")).toBeUndefined();
    });
    for (const lang of ["html", "svg", "tex"] as const) {
      it(`makes a \`\`\`${lang} fence a cell with its language`, () => {
        const [cell] = cells(md(`\`\`\`${lang}`, "<b>${x}</b>", "```"));
        expect(cell).toMatchObject({lang, source: "<b>${x}</b>", line: 2, inline: false});
      });
    }
  });

  describe("${…} inside HTML blocks", () => {
    it("makes each an inline cell positioned in the .md file, its placeholder inside the block", () => {
      const text = md("# T", "", '<div class="card">', "  <h2>${title}</h2>", "  <p>${a + 1} and ${b}</p>", "</div>");
      const {html, cells: list} = parseNotebook(text, "a.md");
      expect(list.map((c) => c.source)).toEqual(["title", "a + 1", "b"]);
      for (const cell of list) expect(at(text, cell).startsWith(cell.source + "}"), cell.source).toBe(true);
      expect(html).toContain(`<h2><span class="qb-inline" id="inline-1" data-cell="${list[0].id}"></span></h2>`);
      expect(html).not.toContain("${");
    });
    it("leaves a ${…} inside a tag (an attribute) as text, so the element stays whole", () => {
      const text = md("<div style=\"width: ${w}px\" title='${t}'>${x} and <b>${y}</b></div>");
      const {html, cells: list} = parseNotebook(text, "a.md");
      expect(list.map((c) => c.source)).toEqual(["x", "y"]);
      expect(html).toContain('<div style="width: ${w}px" title=\'${t}\'><span class="qb-inline"');
    });
    it("finds thousands of placeholders in one block, each at its column", () => {
      const text = md(`<p>${Array.from({length: 5000}, (_, i) => `\${v${i}}`).join(" ")}</p>`);
      const list = cells(text);
      expect(list.length).toBe(5000);
      expect(list.every((c, i) => c.source === `v${i}` && at(text, c).startsWith(`v${i}}`))).toBe(true);
    });
    it("leaves <script> blocks and escaped \\${ alone", () => {
      const text = md("<script>", "const s = `${x}`;", "</script>", "", "<p>\\${y}</p>");
      expect(cells(text)).toEqual([]);
    });
  });

  describe("regressions (bugs found by these tests, now fixed)", () => {
    // Inline positions are found by searching the text for "${" + source from the previous
    // match, so an earlier identical `${…}` that is not an inline cell is matched instead.
    it("locates an inline expression after a js cell that contains the same `${…}` in a template literal", () => {
      const text = md("```js", "const label = `n = ${n}`;", "```", "", "The value is ${n}.");
      const [cell] = inline(text);
      expect([cell.line, cell.column]).toEqual([5, 16]);
    });
    it("locates an inline expression after an escaped `\\${…}` with the same source", () => {
      const text = "Literal \\${x} and real ${x}.\n";
      expect(inline(text)[0].column).toBe(26);
    });
    it("locates an inline expression after a code span with the same `${…}`", () => {
      const text = "Code `${x}` then ${x}.\n";
      expect(inline(text)[0].column).toBe(20);
    });
  });
});

describe("escapeHtml(text)", () => {
  it("escapes & < > \" and ' as numeric entities", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;");
  });
  it("leaves other text unchanged", () => expect(escapeHtml("${x} + 1")).toBe("${x} + 1"));
});
