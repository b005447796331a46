// A slide taller than the stage (every shipped notebook's slides fit as they open; a slide can
// still grow while a lesson plays, or a lecturer writes a long one): it scrolls inside the stage,
// visibly (the stage's scrollbar and the "more below" cue, gone once scrolled to the end), its
// last element can be scrolled into view, the stage is a tab stop the keyboard scrolls, and it
// has no axe violation.
import {mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {pathToFileURL} from "node:url";
import type {Browser, Page} from "playwright-core";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {exportNotebook} from "../../src/site/export.js";
import {axeViolations, readable} from "./a11y.js";
import {closeBrowser, launchBrowser, releaseTab, takeTab} from "./harness.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
let dir: string;
let browser: Browser;
let url: string;

const paragraphs = Array.from({length: 30}, (_, i) => `Paragraph ${i + 1} of a slide written longer than the stage.`).join("\n\n");
const notebook = `---\ntitle: Long\n---\n\n# Long\n\n## Short\n\nFits.\n\n## Tall\n\n${paragraphs}\n\n<p id="last">The end of the tall slide.</p>\n`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "queuebook-present-scroll-"));
  writeFileSync(join(dir, "long.md"), notebook);
  writeFileSync(join(dir, "long.html"), (await exportNotebook({file: join(dir, "long.md"), packageRoot, snapshot: false})).html);
  url = pathToFileURL(join(dir, "long.html")).href;
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await closeBrowser(browser);
  if (dir) rmSync(dir, {recursive: true, force: true});
});

/** How the slide on show meets the stage: its content's height, the stage's, and how an overflow is shown. */
const stage = (page: Page) =>
  page.evaluate(() => {
    const main = document.querySelector<HTMLElement>("main")!;
    return {
      content: main.scrollHeight,
      height: main.clientHeight,
      overflows: document.documentElement.classList.contains("qb-slide-overflows"),
      tabStop: main.getAttribute("tabindex") === "0",
      cue: !document.querySelector<HTMLElement>(".qb-slide-more")!.hidden,
      scroll: getComputedStyle(main).overflowY
    };
  });

/** Scrolls the stage to its end; true when the slide's last element is then inside the stage. */
function lastReachable(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const main = document.querySelector<HTMLElement>("main")!;
    main.scrollTop = main.scrollHeight;
    const shown = Array.from(main.querySelectorAll<HTMLElement>(":scope > .qb-on-slide")).filter((e) => e.getClientRects().length);
    const box = main.getBoundingClientRect();
    return shown.every((e) => e.getBoundingClientRect().bottom <= box.bottom + 1);
  });
}

describe("a slide taller than the 1280×720 stage", {timeout: 60_000}, () => {
  it("scrolls inside the stage with its scrollbar and the cue, its end reachable, the cue gone there; a slide that fits has neither", async () => {
    const page = await takeTab(browser, {viewport: {width: 1280, height: 720}});
    try {
      await page.goto(`${url}?present#/2`);
      await expect.poll(() => page.locator(".qb-slide-number").innerText()).toBe("2 / 3");
      expect(await stage(page)).toMatchObject({overflows: false, cue: false, tabStop: false});
      await page.keyboard.press("ArrowRight");
      await expect.poll(() => page.locator(".qb-slide-number").innerText()).toBe("3 / 3");
      await expect.poll(async () => (await stage(page)).overflows).toBe(true);
      const tall = await stage(page);
      expect(tall.content).toBeGreaterThan(tall.height);
      expect(tall.cue, 'the "more below" cue').toBe(true);
      expect(tall.scroll).toBe("scroll"); // the scrollbar is always drawn on such a slide
      expect(tall.tabStop, "the scrolling stage is a tab stop").toBe(true);
      expect(readable(await axeViolations(page))).toEqual([]);
      // the keyboard scrolls it: the stage focused, ↓ moves it down and the slide stays
      await page.locator("main").focus();
      await page.keyboard.press("ArrowDown");
      await expect.poll(() => page.locator("main").evaluate((e) => e.scrollTop)).toBeGreaterThan(0);
      expect(await page.locator(".qb-slide-number").innerText()).toBe("3 / 3");
      await expect.poll(() => lastReachable(page), {message: "its end scrolls into view"}).toBe(true);
      await expect.poll(async () => (await lastReachable(page)) && (await page.locator(".qb-slide-more").isHidden())).toBe(true); // at the end, the cue goes
      expect(await page.locator("#last").evaluate((e) => (e as HTMLElement).checkVisibility())).toBe(true);
    } finally {
      await releaseTab(page);
    }
  });
});
