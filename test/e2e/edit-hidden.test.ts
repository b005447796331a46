// Hidden cells in real headless Chromium from file:// (erlang-c built as a site), at 1280×720
// and 390×844: a cell with nothing to show (the import, `const n = …`) takes no room and draws no
// button for a reader who is not editing; "Show code" shows each hidden cell's code above it with
// its ✎ beside it, named by the cell's first line that says something, a Tab stop, and the mouse
// on it opens that cell's editor; and the toggle hides the code (and the buttons) again.
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
const sources = parseNotebook(erlang, "erlang-c.md")
  .cells.filter((c) => !c.inline)
  .map((c) => c.source);
const firstLine = (s: string) =>
  s
    .split("\n")
    .find((l) => /[\p{L}\p{N}]/u.test(l))!
    .trim();
/** The label a button shows: the first line with a letter or digit, cut with an ellipsis past 60 characters. */
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
const buttonOf = (page: Page, k: number) =>
  page.locator("main > .qb-cell").nth(k).locator("xpath=preceding-sibling::button[@data-qb-edit][1]");

/** Index of the cells with nothing to show (their element is empty). */
const emptyCells = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll("main > .qb-cell"), (c, k) => (c.childNodes.length ? -1 : k)).filter((k) => k >= 0)
  );

/** Clicks the k-th cell's ✎ with the mouse (the pointer first rests on the cell, as a reader's does) and waits for that cell's editor. */
async function clickOpens(page: Page, k: number): Promise<void> {
  const button = buttonOf(page, k);
  await button.scrollIntoViewIfNeeded().catch(() => page.locator("main > .qb-cell").nth(k).scrollIntoViewIfNeeded());
  const cell = await page.locator("main > .qb-cell").nth(k).boundingBox();
  if (cell && cell.height > 0) await page.mouse.move(cell.x + cell.width / 2, cell.y + Math.min(cell.height / 2, 10));
  const box = (await button.boundingBox())!;
  // (a button over a shown cell is a glyph on a line of no height: its middle is half a line down)
  await page.mouse.click(box.x + box.width / 2, box.y + (box.height > 0 ? box.height / 2 : 6));
  await page.waitForFunction(
    (text) => document.activeElement?.closest("[data-qb-editor]")?.querySelector(".cm-content")?.textContent?.includes(text),
    firstLine(sources[k])
  );
  await page.keyboard.press("Escape");
  await page.waitForFunction(() => !document.querySelector("[data-qb-editor]"));
}

/** Whether the hidden cells' buttons take any room: each one's boxes. */
const hiddenButtonBoxes = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll("main > button[data-qb-edit]"))
      .filter((b) => b.nextElementSibling?.matches(".qb-cell:empty"))
      .map((b) => b.getClientRects().length)
  );

describe("hidden cells' edit buttons (Chromium, file://)", {timeout: 90_000}, () => {
  for (const [width, height] of [
    [1280, 720],
    [390, 844]
  ]) {
    it(`at ${width}×${height}: a cell with nothing to show takes no room and draws no button while the code is hidden`, async () => {
      const page = await open(width, height);
      try {
        const empty = await emptyCells(page);
        expect(empty.length).toBeGreaterThanOrEqual(2); // the import and `const n = …`
        expect(await hiddenButtonBoxes(page)).toEqual(empty.map(() => 0));
        // what follows a run of hidden cells starts where the block before the run ends
        const gap = await page.evaluate(() => {
          const cells = Array.from(document.querySelectorAll("main > .qb-cell:empty"));
          const first = cells[0];
          let before = first.previousElementSibling;
          while (before && (before.matches("button, .qb-cell:empty") || !before.getClientRects().length))
            before = before.previousElementSibling;
          let after = cells[cells.length - 1].nextElementSibling;
          while (after && (after.matches("button, .qb-cell:empty") || !after.getClientRects().length)) after = after.nextElementSibling;
          return {before: before?.getBoundingClientRect().bottom ?? 0, after: after!.getBoundingClientRect().top};
        });
        expect(gap.after - gap.before).toBeLessThan(60); // the margins of two paragraphs, no row of buttons
      } finally {
        await releaseTab(page);
      }
    });

    it(`at ${width}×${height}: with the code shown, each hidden cell's ✎ is named by its first line, a Tab stop, and the mouse on it opens that cell's editor`, async () => {
      const page = await open(width, height);
      try {
        await page.locator("button[data-qb-show-code]").click();
        await page.waitForSelector("pre.qb-code");
        const empty = await emptyCells(page);
        for (const k of empty) {
          const button = buttonOf(page, k);
          expect(await button.getAttribute("data-qb-line")).toBe(label(sources[k]));
          expect(await button.getAttribute("aria-label")).toBe(`Edit cell: ${label(sources[k])}`);
          expect(await button.getAttribute("tabindex")).toBeNull();
          const box = (await button.boundingBox())!;
          expect(box.x + box.width).toBeLessThanOrEqual(width); // nothing off the screen
        }
        for (const k of empty) await clickOpens(page, k);
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
      const shown = await page.evaluate(() =>
        Array.from(document.querySelectorAll("main > .qb-cell"), (c) => {
          let before = c.previousElementSibling;
          while (before && !before.matches("pre.qb-code") && before.hasAttribute("data-qb-ui") && !before.matches(".qb-edit-panel"))
            before = before.previousElementSibling;
          return before?.matches("pre.qb-code") ? before.textContent : null;
        })
      );
      expect(shown).toEqual(sources);
      // an editor takes its cell's code view's place; closing it brings the view back
      const empty = await emptyCells(page);
      await clickOpens(page, empty[0]);
      expect(await page.locator("pre.qb-code").count()).toBe(sources.length);
      await toggle.click();
      await page.waitForFunction(() => !document.querySelector("pre.qb-code"));
      expect(await toggle.getAttribute("aria-pressed")).toBe("false");
      expect(await hiddenButtonBoxes(page)).toEqual(empty.map(() => 0)); // no room again
      expect(await page.locator("main > button[data-qb-edit]:not([tabindex='-1'])").count()).toBe(0);
    } finally {
      await releaseTab(page);
    }
  });
});
