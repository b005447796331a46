// The grader's checks on the page: every rule and every wording of a detail has a stable id with
// an en and a ja string; the en strings are the CLI's own wording, so an English page words a
// check exactly as `queuebook lab grade` prints it; the lab folders below reach every wording.
import {readFileSync} from "node:fs";
import {describe, expect, it} from "vitest";
import {detailWording, gradeLab, ruleWording} from "../../../src/lab/grade.js";
import {translator} from "../../../src/components/i18n.js";
import {variant, variants} from "./support/gradeVariants.js";

const locale = (lang: string) =>
  JSON.parse(readFileSync(new URL(`../../../notebooks/locales/arrival-lab/${lang}.json`, import.meta.url), "utf8")) as Record<
    string,
    string
  >;
const en = locale("en");
const ja = locale("ja");
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const ids = [...Object.keys(ruleWording).map((id) => `rule.${id}`), ...Object.keys(detailWording).map((id) => `check.${id}`)];

describe("the grader's wording on the page", () => {
  it("has an en and a ja string for every rule and detail id, with the same placeholders", () => {
    expect(ids.length).toBeGreaterThan(40);
    for (const key of ids) {
      expect(en[key], key).toBeTruthy();
      expect(ja[key], key).toBeTruthy();
      expect(placeholders(ja[key]), key).toEqual(placeholders(en[key]));
    }
  });

  it("words the en strings as the CLI does", () => {
    for (const [id, text] of Object.entries(ruleWording)) expect(en[`rule.${id}`], id).toBe(text);
    for (const [id, text] of Object.entries(detailWording)) expect(en[`check.${id}`], id).toBe(text);
  });

  it("renders every check of every folder in en as the CLI's line, and reaches every wording", () => {
    const t = translator({en, ja}, "en");
    const reached = new Set<string>();
    for (const [what, change] of variants) {
      const files = variant(change);
      for (const c of gradeLab((name) => files.get(name))) {
        reached.add(`rule.${c.rule}`);
        for (const p of c.parts) reached.add(`check.${p.id}`);
        const name = c.file === undefined ? t(`rule.${c.rule}`) : `${c.file}: ${t(`rule.${c.rule}`)}`;
        expect(name, what).toBe(c.name);
        expect(c.parts.map((p) => t(`check.${p.id}`, p.vars)).join(t("check.join")), `${what}: ${c.name}`).toBe(c.detail);
      }
    }
    expect(ids.filter((id) => !reached.has(id))).toEqual([]);
  });

  it("words every detail anew in ja and leaves no placeholder unfilled", () => {
    for (const id of Object.keys(detailWording)) expect(ja[`check.${id}`], id).not.toBe(en[`check.${id}`]);
    const t = translator({en, ja}, "ja");
    for (const [what, change] of variants) {
      const files = variant(change);
      for (const c of gradeLab((name) => files.get(name))) {
        const text = c.parts.map((p) => t(`check.${p.id}`, p.vars)).join(t("check.join"));
        expect(text, `${what}: ${c.name}`).not.toMatch(/\{\w+\}/);
      }
    }
  });
});
