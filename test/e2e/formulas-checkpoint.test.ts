// The lecture's predict-then-reveal checkpoint (notebooks/formulas.md, "Predict: who waits?"):
// the share of requests that wait is src/sim's erlangC at the question's load and fleet, in the
// page only after a guess, asked and written in the page's language.
import {readFileSync} from "node:fs";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {erlangC} from "../../src/sim/formulas/queue.js";
import {numberFormat, translator} from "../../src/components/i18n.js";
import {releaseTab, type SiteFixture, startSite, takeTab} from "./harness.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
const table = (lang: string) => JSON.parse(readFileSync(join(packageRoot, "notebooks/locales/formulas", `${lang}.json`), "utf8"));
let site: SiteFixture;

beforeAll(async () => {
  site = await startSite(join(packageRoot, "notebooks"), {prefix: "queuebook-formulas-checkpoint"});
}, 120_000);
afterAll(async () => {
  await site?.close();
});

describe("formulas.md's Erlang C checkpoint", () => {
  for (const lang of ["en", "hu"]) {
    it(`(${lang}) hides the answer until a guess, then shows erlangC(12, 16) as the page writes numbers`, async () => {
      const page = await takeTab(site.browser);
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(String(e)));
      await page.goto(`${site.origin}/formulas.html?lang=${lang}`);
      const cp = page.locator('[data-qb-checkpoint="erlang-c-wait"]');
      await cp.locator("form").waitFor({timeout: 30_000});
      const t = translator({en: table("en"), [lang]: table(lang)}, lang);
      const expected = `${numberFormat(lang, 1)(100 * erlangC(12, 16))} %`;
      const answer = t("cp.erlangC.answer", {wait: expected});
      expect(await page.evaluate(() => document.documentElement.outerHTML)).not.toContain(answer);
      expect(await cp.textContent()).toContain(
        t("cp.erlangC.question", {workers: 16, load: 12, utilization: `${numberFormat(lang, 0)(75)} %`})
      );
      await cp.getByLabel(t("checkpoint.guessLabel")).fill("50");
      await cp.getByRole("button", {name: t("checkpoint.commit")}).click();
      await expect.poll(() => cp.getAttribute("data-qb-state")).toBe("revealed");
      expect(await cp.locator("[data-qb-answer]").textContent()).toBe(answer);
      expect(await cp.locator("[data-qb-guess]").textContent()).toBe(`${numberFormat(lang, 1)(50)} %`);
      expect(errors).toEqual([]);
      await releaseTab(page);
    });
  }
});
