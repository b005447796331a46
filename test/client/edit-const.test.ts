// An assignment to a constant is refused by the build's bundling (esbuild), not by the passes;
// the in-page compile says the same (src/notebook/javascript/constAssign.ts): for each case the editor's
// definitions equal what the build writes once the bundle pass has added its errors, and the
// neighbours that are not assignments to a constant (shadowed names, members, let, parameters,
// catch bindings, vars of an inner function) stay runnable in both.
import {mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {bundleNotebook} from "../../src/notebook/bundle.js";
import {compileNotebook} from "../../src/notebook/compile.js";
import {defineNotebook} from "../../src/notebook/transpile.js";
import {compileEdited} from "../../src/client/editor/compile.js";
import {constantAssignment} from "../../src/notebook/javascript/constAssign.js";

const dir = mkdtempSync(join(tmpdir(), "qb-edit-const-"));
afterAll(() => rmSync(dir, {recursive: true, force: true}));

const refused = [
  "const a1 = 1;\na1 = 2;",
  "const a2 = 1;\nfunction f2() { a2++; }",
  "const {b3, c3: [d3]} = {c3: []};\nd3 += 1;",
  "for (const i4 of [1]) { i4 = 2; }",
  "const q5 = 1;\n[q5] = [2];",
  "const r6 = 1;\nconst g6 = () => { r6 = 2; };",
  "const s7 = 1;\nfor (s7 of [1]) {}"
];
const allowed = [
  "const a8 = 1;\n{ let a8 = 0; a8 = 2; }",
  "const k9 = 1;\nfunction g9(k9) { k9 = 2; }",
  "const m10 = 1;\nfunction h10() { if (true) { var m10 = 2; } m10 = 3; }",
  "const o11 = {x: 1};\no11.x = 2;",
  "let p12 = 1;\np12 = 2;",
  "const r13 = 1;\ntry {} catch (r13) { r13 = 2; }",
  "const t14 = 1;\nconst u14 = (t14) => { t14 = 2; };"
];

/** The build's definition texts for `text` after bundling (its esbuild errors added), one per cell. */
async function builtDefinitions(text: string): Promise<string[]> {
  const compiled = compileNotebook(text, "c.md");
  const bundle = await bundleNotebook(compiled, join(dir, "c.md"), {}, {root: dir, minify: false});
  const errors = new Map([...compiled.cellErrors, ...bundle.cellErrors]);
  const lines = defineNotebook(compiled.analysed, compiled.path, errors).text.split("\n");
  return lines
    .slice(1, -2)
    .join("\n")
    .split(/,\n(?=\{id: )/);
}

const notebook = (cells: string[], lang = "js") => `# C\n\n${cells.map((c) => `\`\`\`${lang}\n${c}\n\`\`\`\n`).join("\n")}`;

describe("assignments to constants in the in-page compile", () => {
  it("fail each cell with the build's message at the build's place; the neighbours run in both", async () => {
    const text = notebook([...refused, ...allowed]);
    const edited = compileEdited(text, "c.md").definitions.map((d) => d.text);
    expect(edited).toEqual(await builtDefinitions(text));
    refused.forEach((_, i) => expect(edited[i]).toContain("because it is a constant"));
    allowed.forEach((_, i) => expect(edited[refused.length + i]).not.toContain("error:"));
  }, 60_000);

  it("a TypeScript cell's refusal sits at the cell, as the build puts it", async () => {
    const text = notebook(["const t1: number = 1;\nt1 = 2;", "let t2: number = 1;\nt2 = 2;"], "ts");
    const edited = compileEdited(text, "c.md").definitions.map((d) => d.text);
    const built = await builtDefinitions(text);
    const error = (d: string) => /error: (\{[^}]*\})/.exec(d)?.[1];
    expect(error(edited[0])).toBe(error(built[0]));
    expect(error(edited[0])).toContain("because it is a constant");
    expect(error(edited[1])).toBeUndefined();
  }, 60_000);
});

describe("a hashbang line in the in-page compile (src/notebook/refusals.ts)", () => {
  it("fails the cell with the build's message at the build's place, in JavaScript and TypeScript", async () => {
    for (const lang of ["js", "ts"]) {
      const text = notebook(["#!/usr/bin/env node\nconst h1 = 1;", "const h2 = 2;"], lang);
      const edited = compileEdited(text, "c.md").definitions.map((d) => d.text);
      expect(edited, lang).toEqual(await builtDefinitions(text));
      expect(edited[0], lang).toContain('cannot start with \\"#!\\"');
      expect(edited[1], lang).not.toContain("error:");
    }
  }, 60_000);
});

describe("constantAssignment(js)", () => {
  it("names the first assignment to a constant with its 1-based position; none in code without one or that does not parse", () => {
    expect(constantAssignment("const x = 1;\n  x = 2;")).toEqual({name: "x", line: 2, column: 3});
    expect(constantAssignment("let x = 1;\nx = 2;")).toBeUndefined();
    expect(constantAssignment("const x = ;")).toBeUndefined();
  });
});
