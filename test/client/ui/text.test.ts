import {describe, expect, it} from "vitest";
import {fill, lookUp, tableOf} from "../../../src/client/ui/text.js";

describe("fill(template, vars)", () => {
  it("puts each value in its placeholder, as text", () => {
    expect(fill("Slide {n} / {total}", {n: 2, total: 9})).toBe("Slide 2 / 9");
    expect(fill("Edit cell: {line}", {line: "<img onerror=x>"})).toBe("Edit cell: <img onerror=x>");
    expect(fill("no placeholders")).toBe("no placeholders");
  });
});

describe("lookUp(tables, lang, key)", () => {
  const tables = {hu: {skip: "Ugrás"}, ja: {language: "言語"}};
  it("takes the language's string, English where its table lacks the key or has none", () => {
    expect(lookUp(tables, "hu", "skip")).toBe("Ugrás");
    expect(lookUp(tables, "hu-HU", "skip")).toBe("Ugrás");
    expect(lookUp(tables, "ja", "skip")).toBe("Skip to content");
    expect(lookUp(tables, "fr", "language")).toBe("Language");
  });
  it("never reads a table's inherited properties", () => {
    expect(tableOf(tables, "constructor")).toBeUndefined();
    expect(lookUp({hu: JSON.parse('{"__proto__": {"skip": "x"}}')}, "hu", "skip")).toBe("Skip to content");
  });
});
