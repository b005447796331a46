// parseNotebook(text, path) under hostile and careless Markdown: nesting deeper than marked can
// recurse, long delimiter runs, many backtick runs beside ${…}. Each must parse (no stack
// overflow), keep the page, say where in one line, and keep later positions true.
import {describe, expect, it} from "vitest";
import {parseNotebook} from "../../src/notebook/parse.js";

const fence = (source: string) => "```js\n" + source + "\n```\n";

describe("parseNotebook(text, path) with Markdown nested too deeply", () => {
  const cases: [string, string][] = [
    ["4,000 nested blockquotes", "> ".repeat(4000) + "deep"],
    ["5,000 stars around a word", "*".repeat(5000) + "x" + "*".repeat(5000)],
    ["5,000 underscores around a word", "_".repeat(5000) + "x" + "_".repeat(5000)],
    ["3,000 nested emphases", "*a ".repeat(3000) + "x" + " b*".repeat(3000)],
    ["1,000 nested list-in-quote levels", "- > ".repeat(1000) + "x"],
    ["400 levels of nested lists", Array.from({length: 400}, (_, i) => "  ".repeat(i) + "- item").join("\n")],
    ["5,000 > without spaces", ">".repeat(5000) + "x"]
  ];
  for (const [name, block] of cases) {
    it(`shows ${name} as plain text with one warning at its line, and builds the rest`, () => {
      const text = "# Title\n\nBefore ${1 + 1}.\n\n" + block + "\n\nAfter ${2 + 2}.\n\n" + fence("const after = 1;");
      const parsed = parseNotebook(text, "p.md");
      expect(parsed.warnings).toEqual([
        {
          line: 5,
          column: 1,
          message: expect.stringMatching(
            /^this Markdown block is nested too deeply to lay out \(more than 32 levels\): shown as plain text$/
          )
        }
      ]);
      expect(parsed.html).toContain("<h1>Title</h1>");
      const after = 5 + block.split("\n").length + 1;
      expect(parsed.cells.map((c) => [c.source, c.line, c.inline])).toEqual([
        ["const after = 1;", after + 3, false],
        ["1 + 1", 3, true],
        ["2 + 2", after, true]
      ]);
      expect(parsed.html).toContain(block.match(/[a-z]+/)![0]); // the block's text is on the page
      expect((parsed.html.match(/<(blockquote|li|em|strong)>/g) ?? []).length).toBe(0); // as text, not nested elements
    });
  }

  it("leaves shallow nesting, long-but-fine emphasis and the cells inside fences alone", () => {
    const text = "> > > quoted\n\n- a\n  - b\n    - c\n\n**bold** and _em_\n\n" + fence("// > > > " + "> ".repeat(100) + "\nconst x = 1;");
    const parsed = parseNotebook(text, "p.md");
    expect(parsed.warnings).toEqual([]);
    expect(parsed.html).toContain("<strong>bold</strong>");
    expect(parsed.html.match(/<blockquote>/g)).toHaveLength(3);
    expect(parsed.cells[0].source).toContain("> ".repeat(100));
  });

  it("keeps a block that is only text of Markdown punctuation readable as that text", () => {
    const parsed = parseNotebook("> ".repeat(100) + "a <b> & ${x}", "p.md");
    expect(parsed.cells).toEqual([]); // ${x} in a block shown as plain text is not a cell
    expect(parsed.html).toContain("a &lt;b&gt; &amp; ${x}");
  });
});

describe("parseNotebook(text, path) with many backtick runs beside ${…}", () => {
  it("locates inline expressions after 400 unmatched backtick runs, skipping code spans", () => {
    const runs = Array.from({length: 400}, (_, i) => "`".repeat(1 + (i % 7)) + " x ").join("");
    const text = "Intro `${not}` then " + runs + " and ${real}\n";
    const parsed = parseNotebook(text, "p.md");
    const inline = parsed.cells.filter((c) => c.inline);
    expect(inline.map((c) => c.source)).toContain("real");
    const real = inline.find((c) => c.source === "real")!;
    expect(real.line).toBe(1);
    expect(text.slice(real.column - 1, real.column - 1 + 4)).toBe("real");
  });
  it("treats a run without a partner of its length as text, and matches the next equal run", () => {
    const text = "a `` b `${x}` c ``\n\nd ``` e ${y}\n";
    const parsed = parseNotebook(text, "p.md");
    const y = parsed.cells.find((c) => c.source === "y")!;
    expect([y.line, y.column]).toEqual([3, 11]);
    expect(parsed.cells.some((c) => c.source === "x")).toBe(false);
  });
});
