// The in-page compile of one edited cell (compileCellEdit) gives exactly what compiling the
// whole notebook as edited gives (compileEdited): the cells with their ids and positions, the
// prose HTML, the blocks, the analyses and every definition. Checked on the shipped notebooks
// and on hostile neighbours (CRLF, front matter, echoed and TypeScript cells, inline cells
// below, fence-like lines in the new body, repeated sources), by example and with fast-check.
import {readFileSync} from "node:fs";
import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {parseNotebook} from "../../src/notebook/parse.js";
import {applyEdits, sourceBlocks} from "../../src/notebook/source.js";
import {compileEdited, type EditCompiled} from "../../src/client/editor/compile.js";
import {compileCellEdit, shiftAnalysis} from "../../src/client/editor/compileCell.js";

const root = new URL("../../", import.meta.url).pathname;

/** The notebook after the k-th code cell's body became `body`, as the page's edit log writes it. */
function replaced(text: string, k: number, body: string): string {
  const blocks = sourceBlocks(text, parseNotebook(text, "x.md").blocks);
  const ref = blocks.findIndex((b) => b.kind === "cell" && b.cell === k + 1);
  return applyEdits(text, blocks, [{op: "replace", block: ref, text: body}]);
}

/** What the page relies on, compared whole. */
const shape = (c: EditCompiled) => ({
  cells: c.parsed.cells,
  html: c.parsed.html,
  blocks: c.parsed.blocks,
  analysed: c.analysed,
  definitions: c.definitions
});

/** Edits cell k both ways; returns whether the one-cell compile answered (else the caller compiles all). */
function same(text: string, k: number, body: string, path = "x.md"): boolean {
  const next = replaced(text, k, body);
  const fast = compileCellEdit(compileEdited(text, path), k, next, path);
  if (fast) expect(shape(fast)).toEqual(shape(compileEdited(next, path)));
  return fast !== undefined;
}

const mixed = [
  "---\ntitle: Mixed\nlist: [1, 2]\n---\n",
  "# Mixed\n\nBefore ${a + 1}.\n",
  "```js\nconst a = 1;\n```\n",
  "Between ${b}, and `code`.\n",
  "```js echo\nconst b = a * 2;\n```\n",
  "```ts\nconst t: number = b + 1;\n```\n",
  '```js\nconst f = FileAttachment("data.csv");\n```\n',
  "```js\nconst bad = ;\n```\n",
  "After <b>${t}</b> and ${f.name}.\n",
  "```js\nwindow.x = t;\n```\n"
].join("\n");

describe("compileCellEdit(previous, k, text, path)", () => {
  for (const name of ["erlang-c.md", "arrival-lab.md", "formulas.md"]) {
    it(`equals the whole compile for ${name}, each cell edited in place, longer and shorter`, () => {
      const text = readFileSync(`${root}notebooks/${name}`, "utf8");
      const cells = parseNotebook(text, name).cells.filter((c) => !c.inline);
      let answered = 0;
      for (let k = 0; k < cells.length; k += Math.max(1, Math.floor(cells.length / 12))) {
        const source = cells[k].source;
        for (const body of [source, `${source}\n// one line more`, source.split("\n").slice(1).join("\n"), "const shiny = 1;"])
          if (same(text, k, body, name)) answered++;
      }
      expect(answered).toBeGreaterThan(0); // the fast path is the one taken, not only the fallback
    });
  }

  it("moves the cells, inline expressions, errors and file positions below an edit that adds lines", () => {
    for (let k = 0; k < 6; k++) {
      for (const body of [
        "const a = 2;\nconst z = 3;\n\n",
        "",
        "const b = a;",
        "```\nnot a fence closer\n```",
        "1 +",
        "const t: number = 1;"
      ])
        expect(same(mixed, k, body)).toBe(true);
    }
    const next = replaced(mixed, 0, "const a = 2;\n\n\nconst z = 3;");
    const fast = compileCellEdit(compileEdited(mixed, "x.md"), 0, next, "x.md")!;
    const before = compileEdited(mixed, "x.md");
    const bad = (c: EditCompiled) => c.analysed.find((a) => a.error)!;
    const file = (c: EditCompiled) => c.analysed.find((a) => a.files.length)!;
    expect(bad(fast).error!.line).toBe(bad(before).error!.line + 3);
    expect(file(fast).files[0].line).toBe(file(before).files[0].line + 3);
    expect(fast.parsed.cells.filter((c) => c.inline).map((c) => c.line)).toEqual(
      before.parsed.cells.filter((c) => c.inline).map((c, i) => c.line + (i === 0 ? 0 : 3))
    );
  });

  it("keeps CRLF files exact", () => {
    const crlf = mixed.replace(/\n/g, "\r\n");
    for (let k = 0; k < 5; k++) expect(same(crlf, k, "const a = 5;\nconst y = 6;")).toBe(true);
  });

  it("leaves repeated sources to the whole compile (their ids are numbered in order)", () => {
    const twice = "```js\n1 + 1\n```\n\n```js\nconst x = 2;\n```\n\n```js\n1 + 1\n```\n";
    expect(same(twice, 0, "2 + 2")).toBe(false); // its twin below would be renumbered
    expect(same(twice, 1, "1 + 1")).toBe(false); // it would become a third twin
    expect(same(twice, 1, "const x = 3;")).toBe(true);
  });

  it("equals the whole compile for any new body (fast-check)", () => {
    const line = fc.oneof(
      fc.constantFrom(
        "const a = 3;",
        "const q = a + b;",
        "b * 2",
        "```",
        "~~~",
        "    indented",
        "${a}",
        "// ``` js",
        "const s = `x ${a}`;",
        "",
        "}",
        "await 1;"
      ),
      fc.string({maxLength: 12})
    );
    let answered = 0;
    fc.assert(
      fc.property(fc.integer({min: 0, max: 5}), fc.array(line, {maxLength: 6}), (k, lines) => {
        if (same(mixed, k, lines.join("\n"))) answered++;
      }),
      {numRuns: 150}
    );
    expect(answered).toBeGreaterThan(100); // most bodies take the one-cell path
  });
});

describe("shiftAnalysis(cell, delta)", () => {
  it("moves the cell, its error and its file references, and nothing else", () => {
    const analysed = compileEdited(mixed, "x.md").analysed;
    const bad = analysed.find((a) => a.error)!;
    const file = analysed.find((a) => a.files.length)!;
    const [movedBad, movedFile] = [shiftAnalysis(bad, -2), shiftAnalysis(file, 4)];
    expect([movedBad.line, movedBad.error!.line]).toEqual([bad.line - 2, bad.error!.line - 2]);
    expect([movedFile.line, movedFile.files[0].line, movedFile.files[0].column]).toEqual([
      file.line + 4,
      file.files[0].line + 4,
      file.files[0].column
    ]);
    expect({...movedBad, line: 0, error: undefined}).toEqual({...bad, line: 0, error: undefined});
    expect({...movedFile, line: 0, files: []}).toEqual({...file, line: 0, files: []});
    expect(shiftAnalysis(bad, 0)).toBe(bad);
  });
});
