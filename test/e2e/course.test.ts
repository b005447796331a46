// The course page of the shipped notebooks in headless Chromium: every lesson with its goal,
// time, prerequisites and languages from the front matter, in each language the lessons offer
// (`?lang=`, page title included), and the progress of a checkpoint answered in the on-call
// notebook, whose answer comes from src/sim and is absent from the page until the guess.
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {run} from "../../src/sim/oncall/run.js";
import {releaseTab, type SiteFixture, startSite, takeTab} from "./harness.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
let site: SiteFixture;

beforeAll(async () => {
  site = await startSite(join(packageRoot, "notebooks"), {prefix: "queuebook-course"});
}, 120_000);
afterAll(async () => {
  await site?.close();
});

const lessons = ["on-call", "arrival-lab", "formulas", "erlang-c", "format"];

describe("the course page", () => {
  it("lists the lessons in order, each with goal, time, prerequisites and languages", async () => {
    const page = await takeTab(site.browser);
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    await page.goto(`${site.origin}/index.html`);
    expect(await page.locator("[data-qb-lesson]").evaluateAll((nodes) => nodes.map((n) => n.getAttribute("data-qb-lesson")))).toEqual(
      expect.arrayContaining(lessons)
    );
    expect(
      (await page.locator("[data-qb-lesson]").evaluateAll((nodes) => nodes.map((n) => n.getAttribute("data-qb-lesson")))).slice(0, 3)
    ).toEqual(lessons.slice(0, 3));
    const formulas = page.locator('[data-qb-lesson="formulas"]');
    expect(await formulas.locator("[data-qb-require]").allTextContents()).toEqual(["On call", "The arrival-process lab"]);
    expect(await formulas.locator('[data-qb-slot="minutes"]').textContent()).toBe("about 30 min");
    expect(await page.locator('[data-qb-lesson="on-call"] [data-qb-slot="goal"]').textContent()).toMatch(
      /^Keep a web service within its error budget/
    );
    expect(await page.locator('[data-qb-lesson="arrival-lab"] a[hreflang]').allTextContents()).toEqual(["English", "日本語"]);
    expect(await page.title()).toBe("queuebook: the course");
    expect(errors).toEqual([]);
    await releaseTab(page);
  });

  it("speaks Hungarian under ?lang=hu: page title, lesson titles, links and labels; a lesson not in Hungarian says so", async () => {
    const page = await takeTab(site.browser);
    await page.goto(`${site.origin}/index.html?lang=hu`);
    await expect.poll(() => page.title()).toBe("queuebook: a kurzus");
    expect(await page.locator("html").getAttribute("lang")).toBe("hu");
    const onCall = page.locator('[data-qb-lesson="on-call"]');
    expect(await onCall.locator('[data-qb-slot="title"]').textContent()).toBe("Ügyeletben");
    expect(await onCall.locator('[data-qb-slot="link"]').getAttribute("href")).toBe("on-call.html?lang=hu");
    expect(await onCall.locator('[data-qb-label="goal"]').textContent()).toBe("Cél");
    expect(await onCall.locator('[data-qb-slot="minutes"]').textContent()).toBe("kb. 45 perc");
    const lab = page.locator('[data-qb-lesson="arrival-lab"]');
    expect(await lab.locator('[data-qb-slot="title"]').textContent()).toBe("The arrival-process lab");
    expect(await lab.locator('[data-qb-slot="heading"]').getAttribute("lang")).toBe("en");
    expect(await lab.locator('[data-qb-slot="link"]').getAttribute("href")).toBe("arrival-lab.html");
    expect(await lab.locator('[data-qb-slot="not-offered"]').isVisible()).toBe(true);
    expect(await onCall.locator('[data-qb-slot="not-offered"]').isVisible()).toBe(false);
    // The language links switch in place, without a reload.
    await page.locator('[data-qb-lang="ja"]').click();
    await expect.poll(() => lab.locator('[data-qb-slot="title"]').textContent()).toBe("到着プロセスのラボ");
    expect(new URL(page.url()).searchParams.get("lang")).toBe("ja");
    expect(await page.title()).toBe("queuebook: コース");
    await releaseTab(page);
  });

  for (const [lang, title] of [
    ["hu", "Ügyeletben"],
    ["pt", "De prevenção"],
    ["ig", "N'ọrụ oku"]
  ]) {
    it(`gives the on-call page its ${lang} <title> and description`, async () => {
      const page = await takeTab(site.browser);
      await page.goto(`${site.origin}/on-call.html?lang=${lang}`);
      await expect.poll(() => page.title(), {timeout: 30_000}).toBe(title);
      expect(await page.locator('meta[name="description"]').getAttribute("content")).not.toMatch(/^Play a day on call/);
      await releaseTab(page);
    }, 60_000);
  }

  it("counts a checkpoint answered in the on-call notebook, whose answer is the model's", async () => {
    const page = await takeTab(site.browser);
    await page.goto(`${site.origin}/on-call.html`);
    const burn = page.locator('[data-qb-checkpoint="burn-after-deploy"]');
    await burn.locator("form").waitFor({timeout: 30_000});
    expect(await page.locator("[data-qb-checkpoint]").count()).toBe(2);
    const expected = run("bad-deploy", {seed: 1})[20].burn1h.toFixed(1);
    expect(await page.evaluate(() => document.documentElement.outerHTML)).not.toContain(
      `burn (1 h) ${run("bad-deploy", {seed: 1})[20].burn1h.toFixed(1)}×`
    );
    await burn.getByLabel("Your guess").fill("3");
    await burn.getByRole("button", {name: "Commit my guess"}).click();
    await expect
      .poll(() => burn.locator("[data-qb-answer]").textContent())
      .toBe(`burn (1 h) ${expected}× at 09:20 (bad deploy, seed 1, no decisions); the alert fires at 09:29`);
    expect(await burn.locator("[data-qb-guess]").textContent()).toBe("3.0×");
    const db = page.locator('[data-qb-checkpoint="database-after-flush"]');
    await db.getByLabel("It saturates: 100 % of its capacity").check();
    await db.getByRole("button", {name: "Commit my guess"}).click();
    await expect.poll(() => db.locator(".qb-checkpoint-verdict").textContent()).toBe("Right.");
    await page.goto(`${site.origin}/index.html`);
    await expect
      .poll(() => page.locator('[data-qb-lesson="on-call"] [data-qb-progress]').textContent())
      .toBe("2 of 2 checkpoints answered · 0 of 4 scenarios finished");
    await page.goto(`${site.origin}/index.html?lang=pt`);
    await expect
      .poll(() => page.locator('[data-qb-lesson="on-call"] [data-qb-progress]').textContent())
      .toBe("2 de 2 perguntas de verificação respondidas · 0 de 4 cenários terminados");
    await releaseTab(page);
  }, 90_000);
});
