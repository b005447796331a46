// The edit buttons over cells that show something, and over prose, in real headless Chromium
// from file:// (the built site), on erlang-c and on-call at 1280×720 and 390×844: each is a
// control of at least 24×24 CSS px (WCAG 2.5.8) that overlaps no text of the page and widens
// nothing; it shows while the pointer rests on its block and on keyboard focus, and a click at
// its middle opens its block's editor. It is a Tab stop only while the code is shown.
import {mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import type {Browser, Page} from "playwright-core";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {buildSite} from "../../src/site/build.js";
import {closeBrowser, launchBrowser, releaseTab, takeTab} from "./harness.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
let dir: string;
let browser: Browser;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "queuebook-edit-buttons-"));
  await buildSite({root: join(packageRoot, "notebooks"), out: join(dir, "site"), packageRoot});
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await closeBrowser(browser);
  if (dir) rmSync(dir, {recursive: true, force: true});
});

async function open(name: string, width: number, height: number): Promise<Page> {
  const page = await takeTab(browser, {viewport: {width, height}});
  await page.goto(`file://${join(dir, "site", `${name}.html`)}`);
  await page.waitForFunction(
    () =>
      document.querySelector("main > button[data-qb-edit]") &&
      document.querySelector("main > .qb-cell svg") &&
      !document.querySelector(".qb-pending")
  );
  return page;
}

/** The buttons standing before a block that shows something (a cell with output, echoed code, prose), by their index among main's edit buttons. */
const shownBlocks = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll("main > button[data-qb-edit]"), (b, k) => {
      let next = b.nextElementSibling;
      while (next?.hasAttribute("data-qb-ui")) next = next.nextElementSibling;
      return next && !(next.matches(".qb-cell") && !next.childNodes.length) ? k : -1;
    }).filter((k) => k >= 0)
  );

/** For each of those buttons: its box, and the text of the page its box overlaps (none expected). */
const geometry = (page: Page, ks: number[]) =>
  page.evaluate((ks) => {
    const buttons = Array.from(document.querySelectorAll("main > button[data-qb-edit]"));
    const rects: {text: string; r: DOMRect}[] = [];
    const walker = document.createTreeWalker(document.querySelector("main")!, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim() || node.parentElement?.closest("[data-qb-ui], .katex-mathml, .qb-sr-only, title, style, script"))
        continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      // text a sideways scroller clips (a formula's part beyond its box) is not on screen: only its visible part counts
      let box = node.parentElement;
      while (box && !/auto|scroll/.test(getComputedStyle(box).overflowX)) box = box.parentElement;
      const clip = box?.closest("main") ? box.getBoundingClientRect() : undefined;
      for (const found of range.getClientRects()) {
        const r = clip
          ? DOMRect.fromRect({
              x: Math.max(found.left, clip.left),
              y: Math.max(found.top, clip.top),
              width: Math.min(found.right, clip.right) - Math.max(found.left, clip.left),
              height: Math.min(found.bottom, clip.bottom) - Math.max(found.top, clip.top)
            })
          : found;
        if (r.width > 0 && r.height > 0) rects.push({text: node.textContent.trim().slice(0, 30), r});
      }
    }
    return ks.map((k) => {
      const b = buttons[k].getBoundingClientRect();
      const over = rects.filter(({r}) => r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top).map((t) => t.text);
      return {k, width: b.width, height: b.height, over};
    });
  }, ks);

const opacity = (page: Page, k: number) =>
  page.evaluate((k) => getComputedStyle(document.querySelectorAll("main > button[data-qb-edit]")[k]).opacity, k);

for (const name of ["erlang-c", "on-call"]) {
  describe(`${name}'s edit buttons over what shows (Chromium, file://)`, {timeout: 120_000}, () => {
    for (const [width, height] of [
      [1280, 720],
      [390, 844]
    ]) {
      it(`at ${width}×${height}: each is at least 24×24, overlaps no text, widens nothing; hover and keyboard focus show it; a click on it opens its editor`, async () => {
        const page = await open(name, width, height);
        try {
          const ks = await shownBlocks(page);
          expect(ks.length).toBeGreaterThan(3);
          for (const g of await geometry(page, ks)) {
            expect(g, `button ${g.k}`).toMatchObject({over: []});
            expect(g.width, `button ${g.k}`).toBeGreaterThanOrEqual(24);
            expect(g.height, `button ${g.k}`).toBeGreaterThanOrEqual(24);
          }
          expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

          // the first cell with a chart: hidden, shown while the pointer rests on the chart, and clickable where it shows
          const k = await page.evaluate(() =>
            Array.from(document.querySelectorAll("main > button[data-qb-edit]")).findIndex((b) =>
              b.nextElementSibling?.matches(".qb-cell:has(svg)")
            )
          );
          const button = page.locator("main > button[data-qb-edit]").nth(k);
          await button.evaluate((b) => b.scrollIntoView({block: "center"}));
          await page.mouse.move(1, height - 1);
          await page.waitForFunction(
            (k) => getComputedStyle(document.querySelectorAll("main > button[data-qb-edit]")[k]).opacity === "0",
            k
          );
          const cell = (await page
            .locator("main > button[data-qb-edit]")
            .nth(k)
            .locator("xpath=following-sibling::*[contains(@class, 'qb-cell')][1]")
            .boundingBox())!;
          await page.mouse.move(cell.x + cell.width / 2, cell.y + 12);
          await page.waitForFunction(
            (k) => getComputedStyle(document.querySelectorAll("main > button[data-qb-edit]")[k]).opacity === "1",
            k
          );
          const box = (await button.boundingBox())!;
          await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
          expect(
            await page.evaluate(
              ([x, y]) => document.elementFromPoint(x, y)?.matches("button[data-qb-edit]"),
              [box.x + box.width / 2, box.y + box.height / 2]
            )
          ).toBe(true);
          expect(await opacity(page, k)).toBe("1");
          await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
          await page.waitForSelector("main [data-qb-editor] .cm-content");
          await page.keyboard.press("Escape");
          await page.waitForFunction(() => !document.querySelector("[data-qb-editor]"));

          // keyboard: while the code is hidden no ✎ is a Tab stop (a learner who plays passes none)
          expect(await page.locator("main > button[data-qb-edit]:not([tabindex='-1'])").count()).toBe(0);
          // with the code shown, tabbing on from the button before it reaches it (past the controls between), and focus shows it
          await page.locator("button[data-qb-show-code]").click();
          await page.waitForSelector("pre.qb-code");
          await page.mouse.move(1, height - 1);
          await page
            .locator("main > button[data-qb-edit]")
            .nth(k - 1)
            .focus();
          const reached = (k: number) => document.activeElement === document.querySelectorAll("main > button[data-qb-edit]")[k];
          for (let i = 0; i < 40 && !(await page.evaluate(reached, k)); i++) await page.keyboard.press("Tab");
          expect(
            await page.evaluate(
              (k) =>
                document.activeElement === document.querySelectorAll("main > button[data-qb-edit]")[k] &&
                document.activeElement.matches(":focus-visible"),
              k
            )
          ).toBe(true);
          await page.waitForFunction(
            (k) => getComputedStyle(document.querySelectorAll("main > button[data-qb-edit]")[k]).opacity === "1",
            k
          );
        } finally {
          await releaseTab(page);
        }
      });
    }
  });
}
