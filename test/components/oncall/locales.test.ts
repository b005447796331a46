// The on-call page's strings in its four languages: the views' words in the locale files
// (complete), the lesson's sentences in on-call.md's language blocks (a block in every language),
// and the seeds' sentences as they are, each read where it lives. Only a seed sentence is pinned:
// a lecturer's edit of any other sentence leaves the suite green.
import {readFileSync} from "node:fs";
import {describe, expect, it} from "vitest";
import {missingKeys} from "../../../src/components/i18n.js";
import {inNotebook, onCallMarkdown, proseBlocks, readSeed, seedMismatches} from "./seeds.js";

const dir = new URL("../../../notebooks/locales/on-call/", import.meta.url).pathname;
const load = (lang: string): Record<string, string> => JSON.parse(readFileSync(`${dir}${lang}.json`, "utf8"));
const en = load("en");
const languages = ["en", "hu", "pt", "ig"];
const markdown = onCallMarkdown();

describe("notebooks/locales/on-call/<lang>.json", () => {
  for (const lang of ["hu", "pt", "ig"]) {
    it(`${lang} has every key of en and no other`, () => {
      const table = load(lang);
      expect(missingKeys(en, table)).toEqual([]);
      expect(Object.keys(table).filter((key) => !Object.hasOwn(en, key))).toEqual([]);
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

describe("notebooks/on-call.md's language blocks", () => {
  const blocks = proseBlocks(markdown);
  it("writes each passage and each named text in every language, once, English first", () => {
    const groups = new Map<string, string[]>();
    for (const b of blocks) groups.set(b.name ?? `passage ${b.passage}`, [...(groups.get(b.name ?? `passage ${b.passage}`) ?? []), b.lang]);
    expect(groups.size).toBe(2 + 9); // the intro and the controls' note; 4 briefs, the model's intro, 3 notes, the footer
    for (const [group, langs] of groups) expect([group, langs]).toEqual([group, languages]);
    for (const b of blocks) expect([b.line, b.text]).not.toEqual([b.line, ""]);
  });
  it("keeps a sentence in one place: no named text is also a locale key", () => {
    const names = blocks.flatMap((b) => (b.name ? [b.name] : []));
    for (const lang of languages) expect([lang, names.filter((name) => Object.hasOwn(load(lang), name))]).toEqual([lang, []]);
  });
});

describe("the seeds' sentences, where the page keeps them", () => {
  for (const lang of ["hu", "pt", "ig"]) {
    it(`${lang} shows all 29 of the seed's sentences as they are`, () => {
      const {strings} = readSeed(lang);
      expect(Object.keys(strings).length).toBe(29);
      expect(Object.keys(strings).filter((key) => key in inNotebook).length).toBe(9);
      expect(seedMismatches(lang, markdown, load(lang))).toEqual([]);
    });
  }

  // The check itself, on edited copies of the notebook and a locale table.
  const edit = (from: string, to: string) => {
    expect(markdown).toContain(from);
    return markdown.replace(from, to);
  };
  const hu = load("hu");
  const seedHu = readSeed("hu").strings;
  it("fails when a seed sentence in the notebook is altered, in a passage or a named text", () => {
    expect(seedMismatches("hu", edit(seedHu.intro, seedHu.intro.replace(/\.$/, "!")), hu)).toEqual(["intro"]);
    expect(seedMismatches("hu", edit(seedHu.footer, seedHu.footer.slice(1)), hu)).toEqual(["footer"]);
    const brief = readSeed("ig").strings["brief.surge"];
    expect(seedMismatches("ig", edit(brief, brief.slice(0, -1)), load("ig"))).toEqual(["brief.surge"]);
  });
  it("fails when a seed sentence is gone from its language, or left in the locale file only", () => {
    const withoutHu = markdown.replace(/^<div lang="hu" data-text="model.intro">\n[\s\S]*?\n<\/div>\n/m, "");
    expect(withoutHu).not.toBe(markdown);
    expect(seedMismatches("hu", withoutHu, {...hu, "model.intro": seedHu["model.intro"]})).toEqual(["model.intro"]);
  });
  it("fails when a seed sentence of a view's word is altered in the locale file", () => {
    expect(seedMismatches("hu", markdown, {...hu, "help.ttlS": `${hu["help.ttlS"]}.`})).toEqual(["help.ttlS"]);
    expect(seedMismatches("pt", markdown, {...load("pt"), "metric.burn1h": "Burn"})).toEqual(["metric.burn1h"]);
  });
  it("passes a lecturer's edit of a sentence that is not the seed's: English, the free play brief, the controls' note", () => {
    const {intro} = (() => {
      const b = proseBlocks(markdown).find((x) => x.lang === "en" && x.passage === 0)!;
      return {intro: b.text};
    })();
    let edited = edit(intro, "You are on call tonight for a **web service**.");
    const free = proseBlocks(markdown).find((x) => x.lang === "hu" && x.name === "brief.free")!.text;
    edited = edited.replace(free, "Ma semmi sincs betervezve.");
    const note = proseBlocks(markdown).find((x) => x.lang === "pt" && x.passage === 1)!.text;
    edited = edited.replace(note, "Cada alteração conta a partir deste minuto.");
    expect(edited).not.toBe(markdown);
    for (const lang of ["hu", "pt", "ig"]) expect([lang, seedMismatches(lang, edited, load(lang))]).toEqual([lang, []]);
    // and the English help lines too: the seeds have no English
    expect(seedMismatches("hu", markdown, {...hu, "log.empty": "Nothing yet."})).toEqual([]);
  });
});
