// prepareTypeScript(sources): stripping TypeScript cells ahead, in parallel, changes nothing
// about the analysis (code, kind, positions, errors): it only saves the wait per cell.
import {describe, expect, it} from "vitest";
import {analyseCell, prepareTypeScript} from "../../src/notebook/cell.js";

const sources = [
  "const rate: number = 3;",
  "rate as number",
  "{a: 1} satisfies object",
  "function f(x: number): number { return x * 2; }",
  'const d = FileAttachment("data/x.csv");\nconst n: number = 1;',
  "const broken: = 1;",
  "let x: string = (1 +;",
  "interface P { a: number }\nconst p: P = {a: 1};"
];
const cell = (source: string, i: number) => ({
  id: `c${i}`,
  source,
  lang: "ts" as const,
  line: 10 * (i + 1),
  column: 1,
  inline: false,
  echo: false
});

describe("prepareTypeScript(sources)", () => {
  it("gives the same analysis as stripping each cell on its own, errors and positions included", async () => {
    const alone = sources.map((s, i) => analyseCell(cell(s, i)));
    await prepareTypeScript(sources);
    const prepared = sources.map((s, i) => analyseCell(cell(s, i)));
    expect(prepared).toEqual(alone);
    expect(alone.filter((c) => c.error).map((c) => c.error!.name)).toEqual(["SyntaxError", "SyntaxError"]);
    expect(alone[4].files).toEqual([{name: "data/x.csv", line: 50, column: 11}]);
  });
  it("is only a head start: sources never analysed, or analysed twice, change nothing", async () => {
    await prepareTypeScript(["const unused: number = 1;"]);
    const twice = [analyseCell(cell(sources[0], 0)), analyseCell(cell(sources[0], 0))];
    expect(twice[0]).toEqual(twice[1]);
  });
});
