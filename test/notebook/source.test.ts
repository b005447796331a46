// The .md splice: test/input/edit-<case>/original.md with edits.json → test/output/edit-<case>.md
// (golden files, see test/golden.ts), the block ranges the parser records, and properties over
// generated notebooks: no edits is identity, a replaced body parses back to the same source.
import {readdirSync, readFileSync} from "node:fs";
import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {parseNotebook} from "../../src/notebook/parse.js";
import {applyEdits, EditError, sourceBlocks, type SourceEdit} from "../../src/notebook/source.js";
import {expectGolden} from "../golden.js";

const input = new URL("../input/", import.meta.url).pathname;
const output = new URL("../output/", import.meta.url).pathname;

/** The notebook's blocks with their offsets, as the page embeds them. */
const blocksOf = (text: string) => sourceBlocks(text, parseNotebook(text, "t.md").blocks);
const edit = (text: string, edits: SourceEdit[]) => applyEdits(text, blocksOf(text), edits);

describe("applyEdits(original, blocks, edits) golden files", () => {
  const cases = readdirSync(input)
    .filter((name) => name.startsWith("edit-"))
    .sort();
  it("finds the cases", () => expect(cases.length).toBeGreaterThanOrEqual(5));
  for (const name of cases) {
    it(`applies ${name}/edits.json`, () => {
      const original = readFileSync(`${input}${name}/original.md`, "utf8");
      const edits = JSON.parse(readFileSync(`${input}${name}/edits.json`, "utf8")) as SourceEdit[];
      expectGolden(`${output}${name}.md`, edit(original, edits));
    });
  }
});

describe("sourceBlocks(text, parsed.blocks)", () => {
  it("gives each cell's fence and each run of prose between cells, in order, with the body inside the fence lines", () => {
    const text = "---\ntitle: t\n---\n\n# A\n\npara\n\n```js\n1\n```\n\n```js run=false\nshown\n```\n\n    indented\n";
    const blocks = blocksOf(text);
    expect(blocks.map((b) => [b.kind, text.slice(b.start, b.end)])).toEqual([
      ["prose", "# A\n\npara"],
      ["cell", "```js\n1\n```"],
      ["prose", "```js run=false\nshown\n```\n\n    indented"]
    ]);
    expect(text.slice(blocks[1].bodyStart, blocks[1].bodyEnd)).toBe("1\n");
    expect(blocks[1]).toMatchObject({cell: 1, lang: "js"});
  });
  it("counts CRLF and lone CR as one line break each", () => {
    for (const le of ["\r\n", "\r"]) {
      const text = ["# A", "", "```ts", "let a: number = 1;", "```", "", "tail", ""].join(le);
      const [prose, cell, last] = blocksOf(text);
      expect(text.slice(prose.start, prose.end)).toBe("# A");
      expect(text.slice(cell.bodyStart, cell.bodyEnd)).toBe(`let a: number = 1;${le}`);
      expect(text.slice(last.start, last.end)).toBe("tail");
    }
  });
  it("numbers cells as the page's #cell-N elements and counts inline-only prose as prose", () => {
    const text = "```html\n<b>${1}</b>\n```\n\n${2}\n\n```tex\nx\n```\n";
    const blocks = blocksOf(text);
    expect(blocks.map((b) => [b.kind, b.cell, b.lang])).toEqual([
      ["cell", 1, "html"],
      ["prose", undefined, undefined],
      ["cell", 2, "tex"]
    ]);
    expect(parseNotebook(text, "t.md").html).toContain('id="cell-2"');
  });
  it("ends an unclosed fence's body where the file's text ends", () => {
    const text = "```js\nopen\n\n";
    const [cell] = blocksOf(text);
    expect(text.slice(cell.bodyStart, cell.bodyEnd)).toBe("open");
    expect(edit(text, [{op: "replace", block: 0, text: "shut"}])).toBe("```js\nshut\n```\n\n");
  });
});

describe("applyEdits(original, blocks, edits)", () => {
  const nb = "# T\n\n```js\nconst a = 1;\n```\n\nmid\n\n```js\nconst b = a;\n```\n";
  it("changes only the edited body", () => {
    expect(edit(nb, [{op: "replace", block: 1, text: "const a = 2;"}])).toBe(nb.replace("a = 1", "a = 2"));
  });
  it("keeps the last of several replaces of one block", () => {
    expect(
      edit(nb, [
        {op: "replace", block: 3, text: "x"},
        {op: "replace", block: 3, text: "const b = a * 2;"}
      ])
    ).toBe(nb.replace("b = a;", "b = a * 2;"));
  });
  it("removes a block with the blank line before what follows, at the start, middle and end", () => {
    expect(edit(nb, [{op: "remove", block: 0}])).toBe(nb.replace("# T\n\n", ""));
    expect(edit(nb, [{op: "remove", block: 2}])).toBe(nb.replace("mid\n\n", ""));
    expect(edit(nb, [{op: "remove", block: 3}])).toBe(nb.replace("\n\n```js\nconst b = a;\n```", ""));
    expect(
      edit(nb, [
        {op: "remove", block: 2},
        {op: "restore", block: 2}
      ])
    ).toBe(nb);
  });
  it("empties a file of all its blocks but keeps what is around them", () => {
    const text = "---\ntitle: t\n---\n\n# A\n\n```js\n1\n```\n";
    expect(
      edit(text, [
        {op: "remove", block: 0},
        {op: "remove", block: 1}
      ])
    ).toBe("---\ntitle: t\n---\n\n\n");
  });
  it("inserts into a notebook that has no blocks yet, after its front matter", () => {
    expect(edit("", [{op: "insert", after: -1, block: 0, kind: "cell", text: "1"}])).toBe("```js\n1\n```\n");
    expect(edit("---\ntitle: t\n---", [{op: "insert", after: -1, block: 0, kind: "prose", text: "Hi"}])).toBe("---\ntitle: t\n---\nHi\n");
  });
  it("treats a prose block emptied by its edit as removed", () => {
    expect(edit(nb, [{op: "replace", block: 2, text: "\n\n"}])).toBe(edit(nb, [{op: "remove", block: 2}]));
  });
  it("lengthens a backtick fence when the new body holds a closing fence line, and only then", () => {
    const out = edit(nb, [{op: "replace", block: 1, text: "const s = `\n```\n`;"}]);
    expect(out).toContain("````js\nconst s = `\n```\n`;\n````\n");
    expect(parseNotebook(out, "t.md").cells[0].source).toBe("const s = `\n```\n`;");
    expect(edit(nb, [{op: "replace", block: 1, text: "```js is not a closing line"}])).toContain(
      "\n```js\n```js is not a closing line\n```\n"
    );
  });
  it("normalises the editor's line breaks to the file's", () => {
    const crlf = nb.replace(/\n/g, "\r\n");
    expect(edit(crlf, [{op: "replace", block: 1, text: "a\r\nb\nc"}])).toBe(crlf.replace("const a = 1;", "a\r\nb\r\nc"));
  });
  it("refuses edits that name no block, or insert a block twice, with an EditError", () => {
    expect(() => edit(nb, [{op: "replace", block: 9, text: ""}])).toThrow(EditError);
    expect(() => edit(nb, [{op: "insert", after: 0, block: 2, kind: "cell", text: ""}])).toThrow(/exists already/);
    expect(() =>
      edit(nb, [
        {op: "insert", after: 0, block: 7, kind: "cell", text: ""},
        {op: "insert", after: 0, block: 7, kind: "cell", text: ""}
      ])
    ).toThrow(EditError);
    expect(() => edit(nb, [{op: "insert", after: 42, block: 7, kind: "cell", text: ""}])).toThrow(/no block 42/);
  });
});

// Generated notebooks: front matter or not, \n or \r\n, fences of ``` or ~~~ (3–5 long,
// indented 0–3), bodies with tabs and blank lines, prose between, a trailing newline or not.
const line = fc.stringMatching(/^[a-z0-9 \t=;(){}+*.$"'#-]{0,12}$/);
const body = fc.array(line, {maxLength: 4}).map((lines) => lines.join("\n"));
const fence = fc.record({
  char: fc.constantFrom("`", "~"),
  length: fc.integer({min: 3, max: 5}),
  indent: fc.integer({min: 0, max: 3}),
  lang: fc.constantFrom("js", "ts", "js echo"),
  body
});
const prose = fc.stringMatching(/^[A-Za-z][a-z ,.]{0,20}$/);
const notebook = fc
  .record({
    front: fc.boolean(),
    le: fc.constantFrom("\n", "\r\n"),
    parts: fc.array(fc.oneof(fence, prose), {minLength: 1, maxLength: 6}),
    trailing: fc.boolean()
  })
  .map(({front, le, parts, trailing}) => {
    const blocks = parts.map((p) => {
      if (typeof p === "string") return p;
      const pad = " ".repeat(p.indent);
      const marker = p.char.repeat(p.length);
      const lines = p.body === "" ? [] : p.body.split("\n").map((l) => (l.trim() === "" ? "" : pad + l));
      return [`${pad}${marker}${p.lang}`, ...lines, `${pad}${marker}`].join("\n");
    });
    const text = (front ? "---\ntitle: generated\n---\n\n" : "") + blocks.join("\n\n") + (trailing ? "\n" : "");
    return text.replace(/\n/g, le);
  });

describe("applyEdits properties over generated notebooks", () => {
  it("applying no edits gives the original, byte for byte", () => {
    fc.assert(
      fc.property(notebook, (text) => applyEdits(text, blocksOf(text), []) === text),
      {numRuns: 300}
    );
  });
  it("a replaced cell body parses back to the same cell source, and every other cell keeps its source", () => {
    fc.assert(
      fc.property(notebook, body, fc.nat(), (text, next, pick) => {
        const blocks = blocksOf(text);
        const cells = blocks.map((b, k) => ({b, k})).filter(({b}) => b.kind === "cell");
        fc.pre(cells.length > 0);
        const target = cells[pick % cells.length];
        // the editor's trailing line breaks are not kept (a body ends with its last line)
        const source = next.replace(/\n+$/, "");
        const before = parseNotebook(text, "t.md").cells.filter((c) => !c.inline);
        const after = parseNotebook(applyEdits(text, blocks, [{op: "replace", block: target.k, text: source}]), "t.md").cells.filter(
          (c) => !c.inline
        );
        const n = cells.indexOf(target);
        expect(after.map((c) => c.source)).toEqual(before.map((c, i) => (i === n ? source : c.source)));
      }),
      {numRuns: 300}
    );
  });
  it("outside the edited body, the bytes before and after it are the original's", () => {
    fc.assert(
      fc.property(notebook, body, fc.nat(), (text, next, pick) => {
        const blocks = blocksOf(text);
        const k = pick % blocks.length;
        const b = blocks[k];
        fc.pre(b.kind === "cell" && !next.split("\n").some((l) => /^ {0,3}(`{3,}|~{3,})/.test(l)));
        const out = applyEdits(text, blocks, [{op: "replace", block: k, text: next}]);
        expect(out.slice(0, b.bodyStart)).toBe(text.slice(0, b.bodyStart));
        expect(out.slice(out.length - (text.length - b.bodyEnd))).toBe(text.slice(b.bodyEnd));
      }),
      {numRuns: 300}
    );
  });
});
