// The arrival-lab page's strings: the views' words in notebooks/locales/arrival-lab/<lang>.json
// (en and ja with the same keys, none empty), the lesson's sentences in arrival-lab.md's language
// blocks (each passage and named text in en and ja), and seed 003's lines on the Japanese page as
// they are, read where the page keeps them: the headings in ja.json, the rest in the notebook's
// ja blocks. Only a seed line is pinned: a lecturer's edit of any other sentence leaves this green.
import {readdirSync, readFileSync} from "node:fs";
import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {missingKeys} from "../../../src/components/i18n.js";
import {readFixture} from "../../support/fixtures.js";
import {labBlocks, labMarkdown, type LabBlock} from "./labProse.js";

const root = new URL("../../../", import.meta.url).pathname;
const load = (lang: string): Record<string, string> =>
  JSON.parse(readFileSync(join(root, `notebooks/locales/arrival-lab/${lang}.json`), "utf8"));
const en = load("en");
const ja = load("ja");
const seed = readFixture("seeds/003_13d5c54a9ee7623f.txt").split("\n");
const markdown = labMarkdown();

// Decision (docs/course.md, "Decisions on the lab's text"): the lab's Japanese text writes some placeholders in Korean; the
// pages write each in the language of the page, named as the seed's own parenthesis names it in
// Japanese ("(プレースホルダーは、形、成功件数です)"). These, and only these, are substituted.
const placeholders: [korean: string, japanese: string][] = [
  ["<요청수>", "<リクエスト数>"],
  ["<초당요청>", "<1秒あたりのリクエスト数>"],
  ["<시드>", "<シード>"],
  ["<출력CSV>", "<出力CSV>"],
  ["<모양>", "<形>"],
  ["<요청 수>", "<リクエスト数>"],
  ["<평균 간격>", "<平均間隔>"],
  ["<변동계수>", "<変動係数>"],
  ["<성공 건수>", "<成功件数>"],
  ["<기록 수>", "<記録数>"],
  ["<최대 대기열>", "<最大の待ち行列>"],
  ["<평균 대기열>", "<平均の待ち行列>"],
  ["<최대 대기열이 가장 큰 모양>", "<最大の待ち行列が最も大きい形>"],
  ["<그 최대값을 even 의 최대값으로 나눈 값, 소수 첫째 자리까지>", "<その最大値をevenの最大値で割った値、小数第1位まで>"],
  ["<사용자수>", "<ユーザー数>"],
  ["<생각시간초>", "<シンクタイムの秒数>"],
  ["<지속초>", "<継続秒数>"]
];
const substituted = (line: string) => placeholders.reduce((text, [korean, japanese]) => text.split(korean).join(japanese), line);

// The seed's lines the page shows: all but the section word "ステップ" (the page numbers its steps
// instead). The steps' tasks stand twice in the seed (listed, then under each step): once on the page.
const seedLines = [...new Set(seed.map((line) => substituted(line.trim())).filter((line) => line && line !== "ステップ"))];

/** The seed lines the Japanese page does not show as they are: a heading of ja.json, a unit of a ja block, or two neighbouring units of one block joined (a paragraph split off into a hint or a box's last line). */
function seedLinesMissing(blocks: LabBlock[], table: Record<string, string>): string[] {
  const shown = new Set<string>([table.title, ...[1, 2, 3, 4, 5, 6, 7, 8].map((n) => table[`s${n}.title`])]);
  for (const {units} of blocks.filter((b) => b.lang === "ja"))
    units.forEach((unit, k) => (shown.add(unit), k > 0 && shown.add(units[k - 1] + unit)));
  return seedLines.filter((line) => !shown.has(line));
}

describe("notebooks/locales/arrival-lab/<lang>.json", () => {
  it("has every key in both languages, none empty", () => {
    expect(missingKeys(en, ja)).toEqual([]);
    expect(missingKeys(ja, en)).toEqual([]);
  });

  it("keeps the placeholders of en in ja", () => {
    const names = (s: string) => [...new Set([...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();
    for (const [key, text] of Object.entries(en)) expect([key, names(ja[key])]).toEqual([key, names(text)]);
  });

  it("defines every key the notebook and its views use, in the locale files or as the notebook's named texts", () => {
    const sources = [
      join(root, "notebooks/arrival-lab.md"),
      ...readdirSync(join(root, "src/components/lab")).map((name) => join(root, "src/components/lab", name))
    ];
    const used = new Set<string>();
    for (const file of sources) for (const match of readFileSync(file, "utf8").matchAll(/\bt\(\s*"([\w.]+)"/g)) used.add(match[1]);
    for (const field of ["model", "workers", "evidence", "risk"]) used.add(`decision.${field}`);
    expect(used.size).toBeGreaterThan(50);
    const named = (lang: string) =>
      new Set(
        labBlocks(markdown)
          .filter((b) => b.lang === lang && b.name)
          .map((b) => b.name!)
      );
    for (const [lang, table] of Object.entries({en, ja}))
      expect([lang, [...used].filter((key) => !Object.hasOwn(table, key) && !named(lang).has(key))]).toEqual([lang, []]);
  });
});

describe("notebooks/arrival-lab.md's language blocks", () => {
  const blocks = labBlocks(markdown);
  it("writes each passage and each named text in en, then ja, once, none empty", () => {
    const groups = new Map<string, string[]>();
    for (const b of blocks) {
      const group = b.name ?? `passage ${b.passage}`;
      groups.set(group, [...(groups.get(group) ?? []), b.lang]);
    }
    expect(groups.size).toBe(45 + 1); // the page's 45 passages of prose (a slide each, or a slide's part); step 8's worked example's caption
    for (const [group, langs] of groups) expect([group, langs]).toEqual([group, ["en", "ja"]]);
    for (const b of blocks)
      expect([b.name ?? b.passage, b.lang, b.units.filter((u) => u !== "")]).not.toEqual([b.name ?? b.passage, b.lang, []]);
  });

  it("keeps a sentence in one place: no named text is also a locale key", () => {
    const names = blocks.flatMap((b) => (b.name ? [b.name] : []));
    for (const [lang, table] of Object.entries({en, ja}))
      expect([lang, names.filter((name) => Object.hasOwn(table, name))]).toEqual([lang, []]);
  });

  it("writes as many boxes and hints in en as in ja, passage by passage", () => {
    const shape = (lang: string) => blocks.filter((b) => b.lang === lang).map((b) => b.units.length);
    expect(shape("ja")).toEqual(shape("en"));
  });
});

describe("seed 003's lines on the Japanese page", () => {
  const blocks = labBlocks(markdown);
  it("shows every line of the seed as it is, but for the placeholders the seed writes in Korean", () => {
    expect(seedLines.length).toBe(36);
    expect(seedLinesMissing(blocks, ja)).toEqual([]);
  });

  it("names each placeholder as the seed's own parenthesis does", () => {
    // Each Japanese name stands in the parenthesis of a line that has its Korean placeholder.
    const parentheses = (line: string) => [...line.matchAll(/\(プレースホルダーは、?([^)]*)\)/g)].map((m) => m[1]).join(" | ");
    for (const [korean, japanese] of placeholders) {
      const name = japanese.slice(1, -1).replace(/、小数第1位まで$/, ""); // the seed's parenthesis adds "で小数第1位まで"
      expect(
        seed.filter((line) => line.includes(korean)).some((line) => parentheses(line).includes(name)),
        `${korean} → ${japanese}`
      ).toBe(true);
    }
  });

  it("leaves no Korean on either page", () => {
    for (const [lang, strings] of Object.entries({en, ja}))
      expect([
        lang,
        Object.entries(strings)
          .filter(([, text]) => /[\uac00-\ud7af]/.test(text))
          .map(([key]) => key)
      ]).toEqual([lang, []]);
    for (const b of blocks)
      expect([b.lang, b.name ?? b.passage, b.units.filter((u) => /[\uac00-\ud7af]/.test(u))]).toEqual([b.lang, b.name ?? b.passage, []]);
  });

  // The check itself, on edited copies of the notebook and of ja.json.
  const edit = (from: string, to: string) => {
    expect(markdown).toContain(from);
    return markdown.replace(from, to);
  };
  const goal = seedLines.find((line) => line.startsWith("同じ平均リクエスト率で"))!;
  it("fails when a seed line in a ja block is altered, is no longer a paragraph, or is gone", () => {
    expect(seedLinesMissing(labBlocks(edit(goal, goal.replace(/。$/, "!"))), ja)).toEqual([goal]);
    // What is read is the rendered text: a seed line in bold is still the seed's, one made a heading is no paragraph of the lab's.
    expect(seedLinesMissing(labBlocks(edit(goal, `**${goal}**`)), ja)).toEqual([]);
    expect(seedLinesMissing(labBlocks(edit(goal, `#### ${goal}`)), ja)).toEqual([goal]);
    expect(
      seedLinesMissing(
        labBlocks(markdown.replace(/<blockquote class="lab-says">\n<strong>目標<\/strong>[\s\S]*?<\/blockquote>\n\n/, "")),
        ja
      )
    ).toEqual(["目標", goal]);
  });
  it("fails when a heading of ja.json is altered", () => {
    expect(seedLinesMissing(blocks, {...ja, "s3.title": `${ja["s3.title"]}。`})).toEqual([seed[42]]);
  });
  it("passes a lecturer's edit of a sentence that is not the seed's: English, a ja result, a ja hint", () => {
    const enGoal = blocks.find((b) => b.lang === "en" && b.passage === 0)!.units[2];
    let edited = edit(enGoal, "Make three arrivals at one mean rate, send them to one server, and measure.");
    edited = edited.replace("各曲線の点がp50とp95です。", "点はp50とp95です。");
    edited = edited.replace(ja.title, ja.title); // headings are ja.json's, not the notebook's
    expect(edited).not.toBe(markdown);
    expect(seedLinesMissing(labBlocks(edited), ja)).toEqual([]);
  });
});
