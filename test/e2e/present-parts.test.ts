// A view too tall for a slide shown a part a slide (src/client/present/parts.ts): its elements
// marked data-qb-slide-part="<name>" become a slide per name, each with the section's heading and
// the view's unmarked content; the overview's copies hold only their part; print keeps one page
// for the section, every part on it; and on-call's model is a relation a slide.
import {mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {pathToFileURL} from "node:url";
import type {Browser, Page} from "playwright-core";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {exportNotebook} from "../../src/site/export.js";
import {closeBrowser, launchBrowser, takeTab, releaseTab} from "./harness.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
let dir: string;
let browser: Browser;
let deck: string;
let oncall: string;

const notebook = `---
title: Parts
---

# Parts

## Tall view

Intro prose.

\`\`\`js
display(html\`<div class="view"><p class="head">On each part's slide</p>\${["a", "b", "c"].map((n) => html\`<section data-qb-slide-part=\${n} class="part-\${n}"><h3>Part \${n}</h3></section>\`)}<p data-qb-slide-part="c" class="tail">With part c</p></div>\`)
\`\`\`

After the view.

## Next

Done.
`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "queuebook-present-parts-"));
  writeFileSync(join(dir, "parts.md"), notebook);
  writeFileSync(join(dir, "parts.html"), (await exportNotebook({file: join(dir, "parts.md"), packageRoot, snapshot: false})).html);
  deck = pathToFileURL(join(dir, "parts.html")).href;
  const file = join(packageRoot, "notebooks", "on-call.md");
  writeFileSync(join(dir, "on-call.html"), (await exportNotebook({file, packageRoot, snapshot: false})).html);
  oncall = pathToFileURL(join(dir, "on-call.html")).href;
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await closeBrowser(browser);
  if (dir) rmSync(dir, {recursive: true, force: true});
});

/** What the slide on show shows: its number and total, and which of `selectors` are visible. */
const onShow = (page: Page, selectors: string[]) =>
  page.evaluate((selectors) => {
    const [n, total] = document.querySelector(".qb-slide-number")!.textContent!.split(" / ").map(Number);
    const shown = selectors.filter((s) => Array.from(document.querySelectorAll<HTMLElement>(`main ${s}`)).some((e) => e.checkVisibility()));
    return {n, total, shown};
  }, selectors);

describe("a view shown a part a slide", {timeout: 120_000}, () => {
  it("makes a slide per part, each with the heading and the view's unmarked content; the overview copies hold their part alone", async () => {
    const page = await takeTab(browser, {viewport: {width: 1280, height: 720}});
    try {
      await page.goto(`${deck}?present#/2`);
      await page.locator(".part-a").waitFor({state: "attached"});
      const marks = ["h2", ".head", ".part-a", ".part-b", ".part-c", ".tail"];
      const slides: {n: number; total: number; shown: string[]}[] = [];
      await expect.poll(async () => (await onShow(page, marks)).total).toBe(5);
      for (let n = 2; n <= 5; n++) {
        if (n > 2) await page.keyboard.press("ArrowRight");
        await expect.poll(async () => (await onShow(page, marks)).n).toBe(n);
        slides.push(await onShow(page, marks));
      }
      expect(slides.map((s) => s.shown)).toEqual([
        ["h2", ".head", ".part-a"],
        ["h2", ".head", ".part-b"],
        ["h2", ".head", ".part-c", ".tail"],
        ["h2"]
      ]);
      const texts = async () => (await page.locator("main").innerText()).replace(/\s+/g, " ");
      await page.keyboard.press("Home");
      await page.keyboard.press("ArrowRight");
      expect(await texts()).toContain("Intro prose.");
      expect(await texts()).not.toContain("After the view.");
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("ArrowRight");
      expect(await texts()).toContain("After the view.");
      expect(await texts()).not.toContain("Intro prose.");
      // the overview: slide 3's copy holds part b and no other part
      await page.keyboard.press("o");
      const tiles = page.locator(".qb-overview .qb-overview-tile");
      await expect.poll(() => tiles.count()).toBe(5);
      const third = tiles.nth(2);
      expect(await third.locator(".part-b").count()).toBe(1);
      expect(await third.locator(".part-a, .part-c, .tail").count()).toBe(0);
      expect(await third.locator(".part-b").evaluate((e) => (e as HTMLElement).checkVisibility())).toBe(true);
    } finally {
      await releaseTab(page);
    }
  });

  it("print keeps the section one page, every part on it", async () => {
    const page = await takeTab(browser, {viewport: {width: 1280, height: 720}});
    try {
      await page.goto(`${deck}?present&print`);
      await page.locator(".qb-print-slide .part-a").waitFor({state: "attached"});
      await expect.poll(() => page.locator(".qb-print-slide").count()).toBe(3);
      const section = page.locator(".qb-print-slide", {has: page.locator(".part-a")});
      for (const part of [".part-a", ".part-b", ".part-c", ".tail"])
        expect(await section.locator(part).evaluate((e) => (e as HTMLElement).checkVisibility()), part).toBe(true);
    } finally {
      await releaseTab(page);
    }
  });

  it("on-call's model: each relation on a slide of its own, and the sources on one more", async () => {
    const page = await takeTab(browser, {viewport: {width: 1280, height: 720}});
    try {
      await page.goto(`${oncall}?present#/1`);
      await page.locator("[data-relation]").first().waitFor({state: "attached"});
      await page.keyboard.press("End");
      const total = Number((await page.locator(".qb-slide-number").innerText()).split(" / ")[1]);
      const seen: string[][] = [];
      await page.keyboard.press("Home");
      for (let n = 1; n <= total; n++) {
        if (n > 1) await page.keyboard.press("ArrowRight");
        await expect.poll(async () => (await page.locator(".qb-slide-number").innerText()).startsWith(`${n} /`)).toBe(true);
        seen.push(
          await page.evaluate(() => [
            ...Array.from(document.querySelectorAll<HTMLElement>("main [data-relation]"))
              .filter((e) => e.checkVisibility())
              .map((e) => e.dataset.relation!),
            ...(document.querySelector<HTMLElement>("main .oc-sources")?.checkVisibility() ? ["sources"] : [])
          ])
        );
      }
      const modelSlides = seen.filter((s) => s.length);
      expect(modelSlides.every((s) => s.length === 1)).toBe(true);
      expect(modelSlides.flat()).toEqual([
        "arrivals",
        "queue",
        "wait",
        "p99",
        "little",
        "cache",
        "database",
        "budget",
        "autoscaler",
        "constants",
        "sources"
      ]);
      // a link to a part's slide (a reload there) lands on it, though the parts come only once the model has rendered
      const database = seen.findIndex((s) => s[0] === "database") + 1;
      await page.goto(`${oncall}?present#/${database}`);
      await expect.poll(() => page.locator(".qb-slide-number").innerText()).toBe(`${database} / ${total}`);
      expect(await page.evaluate(() => location.hash)).toMatch(new RegExp(`^#/${database}(&|$)`)); // (beside the run's part)
      expect(await page.locator("main [data-relation='database']").evaluate((e) => (e as HTMLElement).checkVisibility())).toBe(true);
    } finally {
      await releaseTab(page);
    }
  });
});
