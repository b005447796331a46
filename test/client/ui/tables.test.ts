import {describe, expect, it} from "vitest";
import {en} from "../../../src/client/ui/en.js";
import {uiLanguages, uiScriptOf, uiString, uiTables} from "../../../src/client/ui/tables.js";

/** Strings a language writes as English does (Igbo keeps the loanword "Slide"). */
const sameAsEnglish: Record<string, string[]> = {hu: [], pt: [], ja: [], ig: ["overview.slide", "overview.slideTitled", "presenter.slide"]};
const placeholders = (text: string) => Array.from(text.matchAll(/\{(\w+)\}/g), (m) => m[1]).sort();

describe("uiTables", () => {
  it("has a table for each language a shipped notebook declares, English first", () => {
    expect(Object.keys(uiTables)).toEqual(["en", "hu", "ig", "ja", "pt"]);
    expect(uiLanguages).toEqual(["hu", "ig", "ja", "pt"]);
  });

  for (const lang of ["hu", "ig", "ja", "pt"]) {
    it(`${lang}: every key, none empty, each with English's placeholders, none left in English`, () => {
      const table = uiTables[lang];
      expect(Object.keys(table).sort()).toEqual(Object.keys(en).sort());
      for (const key of Object.keys(en) as (keyof typeof en)[]) {
        expect(table[key].trim(), `${lang} ${key}`).not.toBe("");
        expect(placeholders(table[key]), `${lang} ${key}`).toEqual(placeholders(en[key]));
      }
      expect(Object.keys(en).filter((key) => table[key as keyof typeof en] === en[key as keyof typeof en])).toEqual(sameAsEnglish[lang]);
    });
  }
});

describe("uiString(lang, key, vars)", () => {
  it("reads the language's table, a region's tag as its language, and any other language as English", () => {
    expect(uiString("hu", "skip")).toBe("Ugrás a tartalomhoz");
    expect(uiString("ja", "skip")).toBe("本文へスキップ");
    expect(uiString("pt-BR", "skip")).toBe(uiTables.pt.skip);
    expect(uiString("JA", "skip")).toBe(uiTables.ja.skip);
    expect(uiString("de", "skip")).toBe("Skip to content");
    expect(uiString("", "skip")).toBe("Skip to content");
  });

  it("fills placeholders, and leaves one it was not given as written", () => {
    expect(uiString("hu", "presenter.slide", {n: 3, total: 16})).toBe("3. dia / 16");
    expect(uiString("en", "presenter.slide", {n: 3})).toBe("Slide 3 / {total}");
  });
});

describe("uiScriptOf(lang)", () => {
  it("names the script of a language with a table, none for English or a language without one", () => {
    expect(uiScriptOf("hu")).toBe("ui-hu.js");
    expect(uiScriptOf("pt-BR")).toBe("ui-pt.js");
    expect(uiScriptOf("en")).toBeUndefined();
    expect(uiScriptOf("fr")).toBeUndefined();
  });
});
