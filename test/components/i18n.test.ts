import {describe, expect, it} from "vitest";
import {missingKeys, numberFormat, translator} from "../../src/components/i18n.js";

describe("translator(tables, lang)", () => {
  const tables = {en: {play: "Play", minute: "Minute {n}", only: "English only"}, hu: {play: "Lejátszás", minute: "{n}. perc"}};
  it("looks up the language's string and fills placeholders", () => {
    const t = translator(tables, "hu");
    expect(t("play")).toBe("Lejátszás");
    expect(t("minute", {n: 12})).toBe("12. perc");
  });
  it("falls back to the first table, then to the key", () => {
    const t = translator(tables, "hu");
    expect(t("only")).toBe("English only");
    expect(t("absent")).toBe("absent");
    expect(translator(tables, "ja")("play")).toBe("Play");
  });
  it("uses the base language of a regional code and leaves unknown placeholders", () => {
    expect(translator(tables, "hu-HU")("play")).toBe("Lejátszás");
    expect(translator(tables, "en")("minute", {m: 1})).toBe("Minute {n}");
  });
});

describe("missingKeys(reference, table)", () => {
  it("lists keys absent or blank in the translation", () => {
    expect(missingKeys({a: "A", b: "B", c: "C"}, {a: "x", b: " "})).toEqual(["b", "c"]);
  });
});

describe("numberFormat(lang, digits)", () => {
  it("writes the decimal separator of the language, as the seeds do", () => {
    expect(numberFormat("hu", 1)(0)).toBe("0,0");
    expect(numberFormat("pt", 2)(4)).toBe("4,00");
    expect(numberFormat("en", 2)(4)).toBe("4.00");
    expect(numberFormat("ig", 1)(0)).toBe("0.0");
    expect(numberFormat("en", 0)(1125)).toBe("1125");
  });
  it("shows non-finite values as symbols", () => {
    expect(numberFormat("en")(Infinity)).toBe("∞");
    expect(numberFormat("en")(NaN)).toBe("–");
  });
});
