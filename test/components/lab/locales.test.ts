// The arrival-lab notebook's strings: en and ja have the same keys, none empty; the lab's own
// sentences in ja are seed 003's lines exactly; every key the notebook and its views use exists.
import {readdirSync, readFileSync} from "node:fs";
import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {missingKeys} from "../../../src/components/i18n.js";
import {readFixture} from "../../support/fixtures.js";

const root = new URL("../../../", import.meta.url).pathname;
const en = JSON.parse(readFileSync(join(root, "notebooks/locales/arrival-lab/en.json"), "utf8")) as Record<string, string>;
const ja = JSON.parse(readFileSync(join(root, "notebooks/locales/arrival-lab/ja.json"), "utf8")) as Record<string, string>;
const seed = readFixture("seeds/003_13d5c54a9ee7623f.txt").split("\n");

describe("arrival-lab locales", () => {
  it("has every key in both languages, none empty", () => {
    expect(missingKeys(en, ja)).toEqual([]);
    expect(missingKeys(ja, en)).toEqual([]);
  });

  it("takes the lab's sentences from seed 003 as they are, but for the placeholders the seed writes in Korean", () => {
    // Decision (README, "The arrival-process lab"): seed 003 writes some placeholders in Korean;
    // the pages write each in the language of the page, named as the seed's own parenthesis
    // names it in Japanese ("(プレースホルダーは、形、成功件数です)"). These, and only these, are substituted.
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
    const lines = new Set(seed.map((line) => substituted(line.trim())).filter(Boolean));
    const fromSeed = ["title", "goal.title", "goal.text", "why.title", "why.text", "ref.title", "ref.text", "mistake.reset", "mistake.slower", "setting.workdir", "setting.data", "setting.server", ...[1, 2, 3, 4, 5, 6, 7, 8].flatMap((n) => [`s${n}.title`, `s${n}.task`])];
    for (const key of fromSeed) expect(lines.has(ja[key]), key).toBe(true);
    // Each Japanese name is the seed's own: it stands in the parenthesis of a line that has its Korean placeholder.
    const parentheses = (line: string) => [...line.matchAll(/\(プレースホルダーは、?([^)]*)\)/g)].map((m) => m[1]).join(" | ");
    for (const [korean, japanese] of placeholders) {
      const name = japanese.slice(1, -1).replace(/、小数第1位まで$/, ""); // the seed's parenthesis adds "で小数第1位まで"
      expect(seed.filter((line) => line.includes(korean)).some((line) => parentheses(line).includes(name)), `${korean} → ${japanese}`).toBe(true);
    }
    // No Korean is left on either page.
    for (const [lang, strings] of Object.entries({en, ja})) expect(Object.entries(strings).filter(([, text]) => /[\uac00-\ud7af]/.test(text)).map(([key]) => key), lang).toEqual([]);
    // Hints split off a paragraph: the two parts join back into the seed's line.
    for (const n of [1, 2, 3, 4, 5]) expect(lines.has(ja[`s${n}.why`]), `s${n}.why`).toBe(true);
    expect(lines.has(ja["s6.why"] + ja["s6.why2"])).toBe(true);
    expect(lines.has(ja["s7.why"] + ja["s7.divisor"])).toBe(true);
    expect(lines.has(ja["s8.why"] + ja["s8.headroom"])).toBe(true);
  });

  it("defines every key the notebook and its views use", () => {
    const sources = [join(root, "notebooks/arrival-lab.md"), ...readdirSync(join(root, "src/components/lab")).map((name) => join(root, "src/components/lab", name))];
    const used = new Set<string>();
    for (const file of sources) for (const match of readFileSync(file, "utf8").matchAll(/\b(?:t|say)\(\s*"([\w.]+)"/g)) used.add(match[1]);
    for (const field of ["model", "workers", "evidence", "risk"]) used.add(`decision.${field}`);
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((key) => !Object.hasOwn(en, key))).toEqual([]);
  });
});
