// The lecture's strings (notebooks/locales/formulas/*.json): the lecture is whole in every
// language it declares (each table has every English key, none empty, none left in English
// but the listed names and terms); where a seed says the same thing, the string is the seed's
// own text, word for word (a slide title may put the relation's formula before the seed's own
// step title; speaker notes may join several of the seed's sentences, or add one before them);
// the notebook uses every English key and no key that English lacks.
import {readFileSync} from "node:fs";
import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {translator} from "../../src/components/i18n.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
const seeds: Record<string, string> = {
  hu: "000_122e2c848edbbcea",
  ig: "001_ba82c91a2a4564c0",
  pt: "002_31e6a105aa1669de",
  ja: "003_13d5c54a9ee7623f"
};
const seedText = (lang: string) => readFileSync(join(packageRoot, "test/fixtures/seeds", `${seeds[lang]}.txt`), "utf8");
const table = (lang: string): Record<string, string> =>
  JSON.parse(readFileSync(join(packageRoot, "notebooks/locales/formulas", `${lang}.json`), "utf8"));
const notebook = readFileSync(join(packageRoot, "notebooks/formulas.md"), "utf8");
/** A title that names its relation first ("CV: …", "N / (R + Z): …", "⌈λS⌉: …"): the part after it. */
const FORMULA_PREFIX = /^(CV|N \/ \(R \+ Z\)|⌈λS⌉): /;

/** The strings each language takes from its seed (the on-call seed for hu, ig and pt; the arrival lab's for ja). */
const fromSeed: Record<string, string[]> = {
  hu: [
    "footer",
    "intro.notes",
    "label.hitRate",
    "label.serving",
    "cache.notice",
    "autoscaler.notice",
    "p99.notes",
    "cache.notes",
    "database.notes",
    "service.notes",
    "autoscaler.notes",
    "cv.notes"
  ],
  ja: [
    "little.title",
    "cv.title",
    "cv.notice",
    "cv.notes",
    "closed.title",
    "closed.notice",
    "closed.notes",
    "burst.title",
    "burst.notice",
    "burst.notes"
  ]
};
fromSeed.pt = fromSeed.hu;
fromSeed.ig = fromSeed.hu;

/** Strings the same in English and the language: names, terms and units (and Igbo's "Cache hit rate", which its seed keeps in English). */
const sameAsEnglish: Record<string, string[]> = {
  hu: ["erlangB.title", "cache.ttl"],
  pt: ["erlangB.title", "cache.ttl", "label.workers", "closed.vs"],
  ig: ["erlangB.title", "cache.ttl", "label.hitRate", "cache.hit", "cache.axisY", "service.axisX"],
  ja: []
};

/** The sentences of a speaker note (after 。 or a full stop and a space). */
const sentences = (text: string) =>
  text
    .split(/(?<=[。])|(?<=[.)])\s+(?=\S)/u)
    .map((s) => s.trim())
    .filter(Boolean);

describe("notebooks/locales/formulas", () => {
  const en = table("en");
  for (const lang of Object.keys(seeds)) {
    it(`${lang}: has every English key, none empty, none in English but names and terms`, () => {
      const own = table(lang);
      expect(Object.keys(own).sort()).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(own)) expect(text.trim(), `${lang} ${key}`).not.toBe("");
      expect(
        Object.keys(en)
          .filter((key) => own[key] === en[key])
          .sort()
      ).toEqual([...sameAsEnglish[lang]].sort());
    });

    it(`${lang}: where its seed says it, the string is the seed's own text`, () => {
      const seed = seedText(lang);
      const own = table(lang);
      for (const key of fromSeed[lang]) {
        const text = own[key];
        if (key.endsWith(".notes")) {
          // every sentence but one put before them (saying which slide of the lab they are about) is the seed's
          const parts = sentences(text);
          const inSeed = parts.filter((part) => seed.includes(part));
          expect(inSeed.length, `${lang} ${key}: ${text}`).toBeGreaterThanOrEqual(Math.max(1, parts.length - 1));
          expect(parts.slice(parts.length - inSeed.length), `${lang} ${key}`).toEqual(inSeed);
        } else {
          expect(seed, `${lang} ${key}`).toContain(text.replace(FORMULA_PREFIX, ""));
        }
      }
    });

    it(`${lang}: placeholders as English has them`, () => {
      const names = (text: string) => Array.from(text.matchAll(/\{(\w+)\}/g), (m) => m[1]).sort();
      const own = table(lang);
      for (const key of Object.keys(en)) expect(names(own[key]), `${lang} ${key}`).toEqual(names(en[key]));
    });
  }

  it("the notebook declares the five languages, a title in each, and uses every English key, and no other", () => {
    expect(notebook).toMatch(/^languages: \[en, hu, pt, ig, ja\]$/m);
    for (const lang of Object.keys(seeds)) expect(notebook).toMatch(new RegExp(`^  ${lang}:\\n    title: ${table(lang).title}$`, "m"));
    const used = new Set(Array.from(notebook.matchAll(/\b(?:t|opened)\("([\w.]+)"/g), (m) => m[1]));
    const checkpoint = Object.keys(en).filter((key) => key.startsWith("checkpoint.")); // (read by checkpointStrings(t))
    expect([...used, ...checkpoint].sort()).toEqual(Object.keys(en).sort());
  });

  it("a live number goes into its sentence, in the language's table", () => {
    const t = translator({en, hu: table("hu")}, "hu");
    expect(t("budget.notice", {burn: "14,4", spent: "2 %"})).toBe(
      "14,4-es égési ráta egy óra alatt a havi keret 2 %-át éli fel — ennél a vonalnál szól a gyors égési riasztás."
    );
  });
});
