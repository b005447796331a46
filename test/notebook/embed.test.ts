import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {Embeds, jsonExpression, stringLiteral} from "../../src/notebook/embed.js";

describe("Embeds", () => {
  it("names the same expression by the same placeholder, a free identifier", () => {
    const embeds = new Embeds();
    const a = embeds.placeholder(jsonExpression({a: 1}));
    expect(a).toMatch(/^__queuebook_embed_[0-9a-f]{24}__$/);
    expect(embeds.placeholder(jsonExpression({a: 1}))).toBe(a);
    expect(embeds.placeholder(jsonExpression({a: 2}))).not.toBe(a);
  });

  it("links every occurrence back, and leaves code without the placeholder as it was", () => {
    const embeds = new Embeds();
    // "$&" and "$'" would be replacement patterns in String.replace: they must arrive as written
    const expression = jsonExpression({"x.txt": {text: "cost $& and $' \n line two"}});
    const id = embeds.placeholder(expression);
    const code = `var a=${id};\nvar b=f(${id});`;
    const linked = embeds.link(code);
    expect(linked).toBe(`var a=${expression};\nvar b=f(${expression});`);
    expect(linked.split("\n")).toHaveLength(2); // the data adds no line: the bundle's lines stay put
    expect(new Function(`${linked.replace("var b=f(", "var b=(")}; return [a, b];`)()).toEqual([
      {"x.txt": {text: "cost $& and $' \n line two"}},
      {"x.txt": {text: "cost $& and $' \n line two"}}
    ]);
    expect(embeds.link("var c=1;")).toBe("var c=1;");
  });
});

describe("stringLiteral", () => {
  it("reads back as the same text, on one line, for any text", () => {
    fc.assert(
      fc.property(fc.string({unit: "binary"}), (text) => {
        const literal = stringLiteral(text);
        expect(literal).not.toMatch(/[\n\r\u2028\u2029]/);
        expect(new Function(`return ${literal};`)()).toBe(text);
      })
    );
  });
  it("quotes JSON with ' so its \" need no escape, and text full of ' with \"", () => {
    expect(stringLiteral('{"a":"b"}')).toBe(`'{"a":"b"}'`);
    expect(stringLiteral("it's Bob's")).toBe(`"it's Bob's"`);
    expect(jsonExpression({a: "x\\y"})).toBe(`JSON.parse('{"a":"x\\\\\\\\y"}')`);
  });
});
