// Golden-file tests for the compiler: test/input/<case>.md → test/output/<case>.js (the
// transpiled definitions) and test/output/<case>.html (the prose with placeholders).
// A mismatch writes <case>-changed.js beside the golden file; with CI=true a missing golden
// file fails instead of being written.
import {existsSync, readdirSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {describe, expect, it} from "vitest";
import {compileNotebook} from "../../src/notebook/compile.js";

const input = new URL("../input/", import.meta.url).pathname;
const output = new URL("../output/", import.meta.url).pathname;

function golden(name: string, actual: string): void {
  const file = output + name;
  const changed = file.replace(/(\.[a-z]+)$/, "-changed$1");
  if (!existsSync(file)) {
    if (process.env.CI === "true") throw new Error(`missing golden file test/output/${name}`);
    writeFileSync(file, actual);
    return;
  }
  const expected = readFileSync(file, "utf8");
  if (expected === actual) {
    rmSync(changed, {force: true});
    return;
  }
  writeFileSync(changed, actual);
  expect(actual, `test/output/${name} differs; see ${name.replace(/(\.[a-z]+)$/, "-changed$1")}`).toBe(expected);
}

describe("compileNotebook(text, path) golden files", () => {
  const cases = readdirSync(input).filter((name) => name.endsWith(".md")).sort();
  it("finds the cases", () => expect(cases.length).toBeGreaterThanOrEqual(5));
  for (const name of cases) {
    it(`compiles ${name}`, () => {
      const compiled = compileNotebook(readFileSync(input + name, "utf8"), name);
      const base = name.replace(/\.md$/, "");
      golden(`${base}.js`, compiled.definitions);
      golden(`${base}.html`, compiled.html);
    });
  }
});
