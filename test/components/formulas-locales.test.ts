// The lecture's strings (notebooks/locales/formulas/*.json): every string of hu, pt, ig and ja is
// the seeds' own text, word for word (a slide title may put the relation's formula before the
// seed's own step title); a key only English has falls back to English; the notebook uses every
// English key and no key that English lacks.
import {readFileSync} from "node:fs";
import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {translator} from "../../src/components/i18n.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
const seeds: Record<string, string> = {hu: "000_122e2c848edbbcea", ig: "001_ba82c91a2a4564c0", pt: "002_31e6a105aa1669de", ja: "003_13d5c54a9ee7623f"};
const seedText = (lang: string) => readFileSync(join(packageRoot, "test/fixtures/seeds", `${seeds[lang]}.txt`), "utf8");
const table = (lang: string): Record<string, string> => JSON.parse(readFileSync(join(packageRoot, "notebooks/locales/formulas", `${lang}.json`), "utf8"));
const notebook = readFileSync(join(packageRoot, "notebooks/formulas.md"), "utf8");
/** A title that names its relation first ("CV: …", "N / (R + Z): …", "⌈λS⌉: …"): the part after it. */
const FORMULA_PREFIX = /^(CV|N \/ \(R \+ Z\)|⌈λS⌉): /;

describe("notebooks/locales/formulas", () => {
  for (const lang of Object.keys(seeds)) {
    it(`${lang}: every string is the seed's own text`, () => {
      const seed = seedText(lang);
      const strings = Object.entries(table(lang)).filter(([, text]) => text !== "");
      expect(strings.length).toBeGreaterThan(5);
      for (const [key, text] of strings) {
        // speaker notes may join two of the seed's sentences: each of them is in the seed
        const parts = key.endsWith(".notes") ? text.split(/(?<=[.。)])\s*(?=\S)/u) : [text.replace(FORMULA_PREFIX, "")];
        for (const part of parts) expect(seed, `${lang} ${key}: ${part}`).toContain(part);
      }
    });

    it(`${lang}: only keys English has; the rest falls back to English`, () => {
      const en = table("en");
      expect(Object.keys(table(lang)).filter((key) => !Object.hasOwn(en, key))).toEqual([]);
      const t = translator({en, [lang]: table(lang)}, lang);
      expect(t("erlangC.title")).toBe("Erlang C"); // no seed has it
    });
  }

  it("the notebook declares the five languages and uses every English key, and no other", () => {
    expect(notebook).toMatch(/^languages: \[en, hu, pt, ig, ja\]$/m);
    const used = new Set(Array.from(notebook.matchAll(/\bt\("([\w.]+)"/g), (m) => m[1]));
    expect([...used].sort()).toEqual(Object.keys(table("en")).sort());
  });

  it("a live number goes into its sentence, in the language's table", () => {
    const t = translator({en: table("en")}, "en");
    expect(t("budget.notice", {burn: 14.4, spent: "2 %"})).toBe("a burn rate of 14.4 spends 2 % of the month's budget in one hour — that is the line the fast-burn alert pages on.");
  });
});
