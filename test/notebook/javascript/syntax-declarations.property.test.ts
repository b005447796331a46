// startsWithDeclaration answers most cells from their first character, without acorn's
// tokenizer: this checks that answer against the first tokens acorn reads (an oracle written
// here with acorn's public tokenizer), on cells built from the pieces that could fool a
// shortcut: white space acorn skips, comments, a hashbang, escapes, words that begin like the
// three keywords, and the keywords themselves.
import fc from "fast-check";
import {tokenizer, tokTypes} from "acorn";
import {describe, expect, it} from "vitest";
import {startsWithDeclaration} from "../../../src/notebook/javascript/syntax.js";

/**
 * The answer from the first tokens: `function name`, `function* name`, `async function…`,
 * `class name`; undefined where they do not read (a keyword written with an escape): such a
 * cell is a syntax error whichever way it is parsed.
 */
function byTokens(source: string): boolean | undefined {
  try {
    const tokens = tokenizer(source, {ecmaVersion: "latest", sourceType: "module", allowAwaitOutsideFunction: true});
    let t = tokens.getToken();
    if (t.type === tokTypes.name && (t as {value?: unknown}).value === "async") {
      t = tokens.getToken();
      if (t.type !== tokTypes._function) return false;
    }
    if (t.type === tokTypes._function) {
      t = tokens.getToken();
      if (t.type === tokTypes.star) t = tokens.getToken();
      return t.type === tokTypes.name;
    }
    if (t.type === tokTypes._class) return tokens.getToken().type === tokTypes.name;
  } catch {
    return undefined;
  }
  return false;
}

const space = fc.constantFrom(" ", "\t", "\n", "\r", "\u00a0", "\u2028", "\ufeff", "\u3000", "\v");
const comment = fc.constantFrom("// c\n", "// c\r", "// c\u2028", "/* c */", "/* function f */", "/**/");
const lead = fc.array(fc.oneof(space, comment), {maxLength: 4}).map((parts) => parts.join(""));
const head = fc.constantFrom(
  "function f() {}",
  "function* g() {}",
  "function () {}",
  "async function h() {}",
  "async () => 1",
  "async",
  "class A {}",
  "class {}",
  "classes.length",
  "functions[0]",
  "asyncish",
  "\\u0066unction f() {}",
  "f\\u0075nction",
  "#!/usr/bin/env node\nfunction f() {}",
  "x * 2",
  "{a: 1}",
  "`function f`",
  "'class A'",
  ""
);

describe("startsWithDeclaration", () => {
  it("agrees with acorn's first tokens on cells made to fool a shortcut", () => {
    fc.assert(
      fc.property(lead, head, (before, rest) => {
        const source = before + rest;
        const expected = byTokens(source);
        if (expected !== undefined) expect(startsWithDeclaration(source), JSON.stringify(source)).toBe(expected);
      }),
      {numRuns: 2000}
    );
  });

  it("answers the plain cases", () => {
    expect(startsWithDeclaration("function f() {}")).toBe(true);
    expect(startsWithDeclaration("/* note */\nasync function* g() {}")).toBe(true);
    expect(startsWithDeclaration("\u00a0class A {}")).toBe(true);
    expect(startsWithDeclaration("x * 2")).toBe(false);
    expect(startsWithDeclaration("class {}")).toBe(false);
    expect(startsWithDeclaration("   ")).toBe(false);
  });
});
