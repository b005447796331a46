import {describe, expect, it} from "vitest";
import {skipText, skipTexts} from "../../src/client/skipLinkStrings.js";

describe("skipText(lang)", () => {
  it("has the link's text in each language a shipped notebook declares", () => {
    expect(Object.keys(skipTexts).sort()).toEqual(["en", "hu", "ig", "ja", "pt"]);
    expect(new Set(Object.values(skipTexts)).size).toBe(5);
    expect(skipText("hu")).toBe("Ugrás a tartalomhoz");
    expect(skipText("ja")).toBe("本文へスキップ");
  });
  it("reads a region's tag as its language, and any other language as English", () => {
    expect(skipText("pt-BR")).toBe(skipTexts.pt);
    expect(skipText("JA")).toBe(skipTexts.ja);
    expect(skipText("de")).toBe("Skip to content");
    expect(skipText("")).toBe("Skip to content");
  });
});
