// The on-call page's four locale files: complete, with the seeds' sentences as they are.
import {readFileSync} from "node:fs";
import {describe, expect, it} from "vitest";
import {missingKeys} from "../../../src/components/i18n.js";
import {readSeed} from "./seeds.js";

const dir = new URL("../../../notebooks/locales/on-call/", import.meta.url).pathname;
const load = (lang: string): Record<string, string> => JSON.parse(readFileSync(`${dir}${lang}.json`, "utf8"));
const en = load("en");

describe("notebooks/locales/on-call/<lang>.json", () => {
  for (const lang of ["hu", "pt", "ig"]) {
    it(`${lang} has every key of en and no other`, () => {
      const table = load(lang);
      expect(missingKeys(en, table)).toEqual([]);
      expect(Object.keys(table).filter((key) => !Object.hasOwn(en, key))).toEqual([]);
    });
    it(`${lang} takes the seed's sentences as they are`, () => {
      const table = load(lang);
      const {strings} = readSeed(lang);
      expect(Object.keys(strings).length).toBe(29);
      for (const [key, sentence] of Object.entries(strings)) expect([key, table[key]]).toEqual([key, sentence]);
    });
  }
  it("keeps the placeholders of en in every language", () => {
    for (const lang of ["hu", "pt", "ig"]) {
      const table = load(lang);
      for (const [key, text] of Object.entries(en)) {
        const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
        expect([lang, key, names(table[key])]).toEqual([lang, key, names(text)]);
      }
    }
  });
});
