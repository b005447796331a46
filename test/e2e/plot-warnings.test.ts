// Every shipped page, laid out in full, in headless Chromium: no Plot warning in the console
// (Plot says "Warning: …" there and draws a ⚠ in the figure when data do not fit a scale) and
// no ⚠ in any chart, in each language a page offers. The on-call kit's pages are also opened at
// the moments that used to warn: the debrief at minute 0, a surge and an alert a minute apart.
// A page is loaded once and switched to each of its other languages in place, through its picker
// (each switch checked to have re-rendered), then stepped through again.
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {Page} from "playwright-core";
import {type SiteFixture, startSite, takeTab} from "./harness.js";
import {loadOnce, pageLoadTimeout} from "./pages.js";
import {languageShown, shippedNotebooks, switchLanguage} from "./a11y.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
let site: SiteFixture;

beforeAll(async () => {
  site = await startSite(join(packageRoot, "notebooks"), {prefix: "queuebook-plot-warnings"});
}, 120_000);

afterAll(async () => {
  await site?.close();
});

/** The shipped pages and the languages each offers (front matter `languages:`), read from the notebooks. */
const notebooks = shippedNotebooks(join(packageRoot, "notebooks"));

/** Opens `path`, scrolls through the whole page so every lazily drawn part draws, and returns its warnings. */
async function openInFull(path: string): Promise<{page: Page; warnings: string[]}> {
  const page = await takeTab(site.browser, {viewport: {width: 1280, height: 720}});
  const warnings: string[] = [];
  page.on("console", (m) => (m.type() === "warning" || m.type() === "error") && warnings.push(`${m.type()}: ${m.text()}`));
  page.on("pageerror", (e) => warnings.push(`pageerror: ${e.message}`));
  await page.goto(`${site.origin}/${path}`, {timeout: pageLoadTimeout});
  await page.waitForLoadState("load");
  await stepThrough(page);
  return {page, warnings};
}

/** Steps down the page a screen at a time from the top to the bottom, waiting for each screen's frame, then until no cell is pending. */
async function stepThrough(page: Page): Promise<void> {
  await page.evaluate(() => scrollTo(0, 0));
  for (let i = 0; i < 200; i++) {
    const done = await page.evaluate(() => {
      scrollBy(0, innerHeight);
      return new Promise<boolean>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => resolve(scrollY + innerHeight >= document.documentElement.scrollHeight - 2))
        )
      );
    });
    if (done) break;
  }
  // Every cell has settled: no cell still pending.
  await page.waitForFunction(() => !document.querySelector(".qb-pending"), null, {timeout: pageLoadTimeout});
}

const plotWarning = (w: string) => /Warning:|⚠/.test(w);
const glyphs = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll("svg text, svg tspan")].filter((e) => e.textContent?.includes("⚠")).length);

describe("every shipped page: no Plot warning", {timeout: 90_000}, () => {
  for (const notebook of notebooks) {
    describe(`${notebook.name}.html`, () => {
      // (stepped through a screen at a time, two frames each, then settled: the slowest load of the
      // suite; at the end of a full run on 2 cores formulas.html once took over a minute)
      const shown = loadOnce(() => openInFull(`${notebook.name}.html`), 2 * pageLoadTimeout);
      for (const lang of notebook.languages)
        it(`in ${lang}: logs no Plot warning and draws no ⚠`, async () => {
          const {page, warnings} = shown();
          const was = await page.evaluate(() => document.documentElement.lang);
          if (was !== lang) {
            warnings.splice(0); // (the languages before were each checked)
            const before = await switchLanguage(page, lang);
            const now = await languageShown(page);
            expect(now.html).toBe(lang);
            expect(now.text, `switched from ${was} to ${lang}: the page's text changed`).not.toBe(before);
            await stepThrough(page);
          }
          expect(warnings.filter(plotWarning)).toEqual([]);
          expect(await glyphs(page)).toBe(0);
        });
    });
  }
  describe("the index", () => {
    const shown = loadOnce(() => openInFull("index.html"));
    it("logs no Plot warning", () => {
      expect(shown().warnings.filter(plotWarning)).toEqual([]);
    });
  });
});

describe("the on-call kit at the moments that used to warn", () => {
  for (const path of [
    "on-call.html#run=v1_surge_s3_m0",
    "on-call.html#run=v1_free_s1_m1",
    "retry-storm.html#run=v1_retry-storm_s1_m30",
    "on-call.html?lang=ig#run=v1_cache-flush_s1_m20"
  ]) {
    describe(path, () => {
      const shown = loadOnce(() => openInFull(path));
      it("no warning, no ⚠, and the event labels of the first chart apart", async () => {
        const {page, warnings} = shown();
        expect(warnings.filter(plotWarning)).toEqual([]);
        expect(await glyphs(page)).toBe(0);
        const overlaps = await page.evaluate(() => {
          const boxes = [...document.querySelectorAll<SVGTextElement>("text[data-label]")].map((e) => e.getBoundingClientRect());
          let n = 0;
          for (let i = 0; i < boxes.length; i++)
            for (let j = i + 1; j < boxes.length; j++) {
              const a = boxes[i],
                b = boxes[j];
              if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) n++;
            }
          return n;
        });
        expect(overlaps).toBe(0);
      });
    });
  }
});
