// Reaching every hidden cell's editor with the mouse, in real headless Chromium from file://
// (erlang-c built as a site), at 1280×720 and 390×844: a hidden cell with nothing to show (the
// import, `const n = …`) has a slim box of its own, labelled with its first line, separate from
// every other button, and a run of them shares a line where they fit; the mouse on each cell's ✎
// opens that cell's editor; and "Show code" shows each hidden cell's code above it and hides it
// again.
import {mkdtempSync, readFileSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {Browser, Page} from "playwright-core";
import {parseNotebook} from "../../src/notebook/parse.js";
import {buildSite} from "../../src/site/build.js";
import {closeBrowser, launchBrowser, releaseTab, takeTab} from "./harness.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
const erlang = readFileSync(join(packageRoot, "notebooks", "erlang-c.md"), "utf8");
/** The code cells' sources as the editor opens them, in page order. */
const sources = parseNotebook(erlang, "erlang-c.md").cells.filter((c) => !c.inline).map((c) => c.source);
const firstLine = (s: string) => s.split("\n").find((l) => l.trim())!.trim();
/** The label a button shows: the first line, cut with an ellipsis past 60 characters. */
const label = (s: string) => (firstLine(s).length > 60 ? `${firstLine(s).slice(0, 59)}…` : firstLine(s));
let dir: string;
let url: string;
let browser: Browser;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "queuebook-edit-hidden-"));
  await buildSite({root: join(packageRoot, "notebooks"), out: join(dir, "site"), packageRoot});
  url = `file://${join(dir, "site", "erlang-c.html")}`;
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await closeBrowser(browser);
  if (dir) rmSync(dir, {recursive: true, force: true});
});

async function open(width: number, height: number): Promise<Page> {
  const page = await takeTab(browser, {viewport: {width, height}});
  await page.goto(url);
  await page.waitForFunction(() => /\d/.test(document.querySelector("#inline-1")?.textContent ?? "") && document.querySelector(".katex"));
  return page;
}

/** The edit button of the k-th cell element. */
const buttonOf = (page: Page, k: number) => page.locator("main > .qb-cell").nth(k).locator("xpath=preceding-sibling::button[@data-qb-edit][1]");

/** Index of the cells with nothing to show (their element is empty). */
const emptyCells = (page: Page) => page.evaluate(() => Array.from(document.querySelectorAll("main > .qb-cell"), (c, k) => (c.childNodes.length ? -1 : k)).filter((k) => k >= 0));

/** Clicks the k-th cell's ✎ with the mouse (the pointer first rests on the cell, as a reader's does) and waits for that cell's editor. */
async function clickOpens(page: Page, k: number): Promise<void> {
  const button = buttonOf(page, k);
  await button.scrollIntoViewIfNeeded().catch(() => page.locator("main > .qb-cell").nth(k).scrollIntoViewIfNeeded());
  const cell = await page.locator("main > .qb-cell").nth(k).boundingBox();
  if (cell && cell.height > 0) await page.mouse.move(cell.x + cell.width / 2, cell.y + Math.min(cell.height / 2, 10));
  const box = (await button.boundingBox())!;
  // (a button over a shown cell is a glyph on a line of no height: its middle is half a line down)
  await page.mouse.click(box.x + box.width / 2, box.y + (box.height > 0 ? box.height / 2 : 6));
  await page.waitForFunction((text) => document.activeElement?.closest("[data-qb-editor]")?.querySelector(".cm-content")?.textContent?.startsWith(text), firstLine(sources[k]));
  await page.keyboard.press("Escape");
  await page.waitForFunction(() => !document.querySelector("[data-qb-editor]"));
}

describe("hidden cells' edit buttons (Chromium, file://)", {timeout: 90_000}, () => {
  for (const [width, height] of [[1280, 720], [390, 844]]) {
    it(`at ${width}×${height}: a cell with nothing to show has its own labelled box, apart from every other button; a run of them shares a line`, async () => {
      const page = await open(width, height);
      try {
        const empty = await emptyCells(page);
        expect(empty.length).toBeGreaterThanOrEqual(2); // the import and `const n = …`
        const boxes = await page.locator("main > button[data-qb-edit]").evaluateAll((bs) => bs.map((b) => b.getBoundingClientRect().toJSON()));
        for (const k of empty) {
          const button = buttonOf(page, k);
          expect(await button.getAttribute("data-qb-line")).toBe(label(sources[k]));
          expect(await button.getAttribute("aria-label")).toBe(`Edit cell: ${label(sources[k])}`);
          const box = (await button.boundingBox())!;
          expect(box.height).toBeGreaterThanOrEqual(20);
          expect(box.x + box.width).toBeLessThanOrEqual(width); // nothing off the screen
          // no other button covers any part of it
          const overlaps = boxes.filter((b) => b.x < box.x + box.width - 1 && box.x < b.x + b.width - 1 && b.y < box.y + box.height - 1 && box.y < b.y + Math.max(b.height, 14) - 1);
          expect(overlaps).toHaveLength(1); // itself
        }
        // a run of hidden cells shares a line where their rows fit side by side (erlang-c's two
        // do at 1280 px, not at 390), and what follows the run starts below it
        const run = await page.evaluate(() => {
          const rows = Array.from(document.querySelectorAll<HTMLElement>("main > button[data-qb-edit]")).filter((b) => b.nextElementSibling?.matches(".qb-cell:empty"));
          let next = rows[rows.length - 1].nextElementSibling;
          while (next && next.matches(".qb-cell:empty, button[data-qb-edit]")) next = next.nextElementSibling; // (a shown cell's ✎ takes no room)
          return {tops: rows.map((b) => Math.round(b.getBoundingClientRect().top)), bottom: Math.max(...rows.map((b) => b.getBoundingClientRect().bottom)), after: next!.getBoundingClientRect().top};
        });
        const lines = (tops: number[]) => tops.filter((top, i) => i === 0 || Math.abs(top - tops[i - 1]) > 4).length; // (a border's pixel apart is one line)
        expect(lines(run.tops), `rows at ${run.tops}`).toBe(width >= 1280 ? 1 : run.tops.length);
        expect(run.after).toBeGreaterThanOrEqual(run.bottom - 1);
        // and so does the element after that when the first one is hidden (a passage in another
        // language, a slide's hidden title): its text never wraps beside the run
        const past = await page.evaluate(() => {
          const rows = Array.from(document.querySelectorAll<HTMLElement>("main > button[data-qb-edit]")).filter((b) => b.nextElementSibling?.matches(".qb-cell:empty"));
          let next = rows[rows.length - 1].nextElementSibling as HTMLElement | null;
          while (next && next.matches(".qb-cell:empty, button[data-qb-edit]")) next = next.nextElementSibling as HTMLElement | null;
          next!.hidden = true;
          let shown = next!.nextElementSibling as HTMLElement | null;
          while (shown && (shown.matches("button[data-qb-edit]") || !shown.getClientRects().length)) shown = shown.nextElementSibling as HTMLElement | null;
          const top = shown!.getBoundingClientRect().top;
          next!.hidden = false;
          return {bottom: Math.max(...rows.map((b) => b.getBoundingClientRect().bottom)), top};
        });
        expect(past.top).toBeGreaterThanOrEqual(past.bottom - 1);
        // the mouse reaches each of them by Playwright's own checks (visible, stable, hit), no force
        for (const k of empty) {
          await buttonOf(page, k).click();
          await page.waitForFunction((text) => document.activeElement?.closest("[data-qb-editor]")?.textContent?.includes(text), firstLine(sources[k]));
          await page.keyboard.press("Escape");
          await page.waitForFunction(() => !document.querySelector("[data-qb-editor]"));
        }
      } finally {
        await releaseTab(page);
      }
    });

    it(`at ${width}×${height}: the mouse on each hidden cell's ✎ opens that cell's editor`, async () => {
      const page = await open(width, height);
      try {
        const hidden = await page.evaluate(() => Array.from(document.querySelectorAll("main > .qb-cell"), (c, k) => (c.previousElementSibling?.matches("pre.qb-echo") ? -1 : k)).filter((k) => k >= 0));
        expect(hidden).toHaveLength(sources.length); // erlang-c echoes no cell
        for (const k of hidden) await clickOpens(page, k);
      } finally {
        await releaseTab(page);
      }
    });
  }

  it('"Show code" shows each hidden cell\'s code above it, its buttons still open the editor, and it hides the code again', async () => {
    const page = await open(1280, 720);
    try {
      const toggle = page.locator("button[data-qb-show-code]");
      expect(await toggle.getAttribute("aria-pressed")).toBe("false");
      expect(await page.locator("pre.qb-code").count()).toBe(0);
      await toggle.click();
      await page.waitForSelector("pre.qb-code");
      expect(await toggle.getAttribute("aria-pressed")).toBe("true");
      // each cell's code right above it, as text
      const shown = await page.evaluate(() => Array.from(document.querySelectorAll("main > .qb-cell"), (c) => {
        let before = c.previousElementSibling;
        while (before && !before.matches("pre.qb-code") && before.hasAttribute("data-qb-ui") && !before.matches(".qb-edit-panel")) before = before.previousElementSibling;
        return before?.matches("pre.qb-code") ? before.textContent : null;
      }));
      expect(shown).toEqual(sources);
      // an editor takes its cell's code view's place; closing it brings the view back
      const empty = await emptyCells(page);
      await clickOpens(page, empty[0]);
      expect(await page.locator("pre.qb-code").count()).toBe(sources.length);
      await toggle.click();
      await page.waitForFunction(() => !document.querySelector("pre.qb-code"));
      expect(await toggle.getAttribute("aria-pressed")).toBe("false");
      expect((await buttonOf(page, empty[0]).boundingBox())!.height).toBeGreaterThanOrEqual(20); // the slim row is back
    } finally {
      await releaseTab(page);
    }
  });
});
