// The lecture's predict-then-reveal checkpoint (notebooks/formulas.md, "Predict: who waits?"):
// the share of requests that wait is src/sim's erlangC at the question's load and fleet, in the
// page only after a guess, written in the page's language.
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {erlangC} from "../../src/sim/queue.js";
import {numberFormat} from "../../src/components/i18n.js";
import {releaseTab, type SiteFixture, startSite, takeTab} from "./harness.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
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
      const expected = `${numberFormat(lang, 1)(100 * erlangC(12, 16))} %`;
      expect(await page.evaluate(() => document.documentElement.outerHTML)).not.toContain("of requests waiting");
      expect(await cp.textContent()).toContain("16 workers");
      await cp.getByLabel("Your guess").fill("50");
      await cp.getByRole("button", {name: "Commit my guess"}).click();
      await expect.poll(() => cp.getAttribute("data-qb-state")).toBe("revealed");
      expect(await cp.locator("[data-qb-answer]").textContent()).toBe(`Erlang C gives ${expected} of requests waiting.`);
      expect(await cp.locator("[data-qb-guess]").textContent()).toBe(`${numberFormat(lang, 1)(50)} %`);
      expect(errors).toEqual([]);
      await releaseTab(page);
    });
  }
});
