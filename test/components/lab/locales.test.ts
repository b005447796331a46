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

  it("takes the lab's sentences from seed 003 as they are", () => {
    const lines = new Set(seed.map((line) => line.trim()).filter(Boolean));
    const fromSeed = ["title", "goal.title", "goal.text", "why.title", "why.text", "ref.title", "ref.text", "mistake.reset", "mistake.slower", ...[1, 2, 3, 4, 5, 6, 7, 8].flatMap((n) => [`s${n}.title`, `s${n}.task`])];
    for (const key of fromSeed) expect(lines.has(ja[key]), key).toBe(true);
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
