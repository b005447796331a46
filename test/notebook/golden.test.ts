// Golden-file tests for the compiler: test/input/<case>.md → test/output/<case>.js (the
// transpiled definitions) and test/output/<case>.html (the prose with placeholders).
// A mismatch writes <case>-changed.js beside the golden file; with CI=true a missing golden
// file fails instead of being written.
import {readdirSync, readFileSync} from "node:fs";
import {describe, expect, it} from "vitest";
import {compileNotebook} from "../../src/notebook/compile.js";
import {expectGolden} from "../golden.js";

const input = new URL("../input/", import.meta.url).pathname;
const output = new URL("../output/", import.meta.url).pathname;

describe("compileNotebook(text, path) golden files", () => {
  const cases = readdirSync(input)
    .filter((name) => name.endsWith(".md"))
    .sort();
  it("finds the cases", () => expect(cases.length).toBeGreaterThanOrEqual(5));
  for (const name of cases) {
    it(`compiles ${name}`, () => {
      const compiled = compileNotebook(readFileSync(input + name, "utf8"), name);
      const base = name.replace(/\.md$/, "");
      expectGolden(`${output}${base}.js`, compiled.definitions);
      expectGolden(`${output}${base}.html`, compiled.html);
    });
  }
});
