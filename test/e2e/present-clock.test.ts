// The presenter view's clock in real headless Chromium, under Playwright's fake clock: it counts
// the time since the view opened, and stops (its interval cleared, its panel gone) when the
// window goes away, but not when the page is only put in the back/forward cache.
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {Page} from "playwright-core";
import {exportedPage} from "../support/exportedPage.js";

let deck: Awaited<ReturnType<typeof exportedPage>>;
beforeAll(async () => {
  deck = await exportedPage("---\ntitle: The deck\n---\n\n# The deck\n\n## One\n\nFirst.\n\n## Two\n\nSecond.\n");
}, 120_000);
afterAll(() => deck?.close());

/** The presenter view of the deck under a fake clock; `intervals()` in the page counts the 1-second intervals not cleared. */
async function presenterView(): Promise<Page> {
  const page = await (await deck.browser.newContext({viewport: {width: 1280, height: 720}})).newPage();
  // paused: the clock moves only when the test runs it (runFor), never with the machine's time
  await page.clock.install({time: new Date("2024-05-06T10:00:00")});
  await page.clock.pauseAt(new Date("2024-05-06T10:00:01"));
  await page.addInitScript(() => {
    const open = new Set<unknown>();
    const set = window.setInterval,
      clear = window.clearInterval;
    Object.assign(window, {
      setInterval: (handler: TimerHandler, ms?: number, ...rest: unknown[]) => {
        const id = set(handler, ms, ...rest);
        if (ms === 1000) open.add(id);
        return id;
      },
      clearInterval: (id?: number) => (open.delete(id), clear(id)),
      intervals: () => open.size
    });
  });
  await page.goto(`${deck.url}?present&presenter`);
  await page.waitForSelector(".qb-presenter-panel .qb-presenter-elapsed");
  return page;
}

const elapsed = (page: Page) => page.evaluate(() => document.querySelector(".qb-presenter-elapsed")?.textContent ?? null);
const intervals = (page: Page) => page.evaluate(() => (window as any).intervals() as number);
const hide = (page: Page, persisted: boolean) =>
  page.evaluate((persisted) => dispatchEvent(new PageTransitionEvent("pagehide", {persisted})), persisted);

describe("the presenter view's clock", {timeout: 60_000}, () => {
  it("counts the time since the view opened, and stops when the window goes away", async () => {
    const page = await presenterView();
    expect(await elapsed(page)).toBe("00:00");
    await page.clock.runFor(61_000);
    expect(await elapsed(page)).toBe("01:01");
    const running = await intervals(page);
    expect(running).toBeGreaterThanOrEqual(1);
    await hide(page, false);
    expect(await intervals(page)).toBe(running - 1);
    expect(await page.locator(".qb-presenter-panel").count()).toBe(0);
    await page.context().close();
  });

  it("keeps running when the page only goes into the back/forward cache", async () => {
    const page = await presenterView();
    const running = await intervals(page);
    await hide(page, true);
    expect(await intervals(page)).toBe(running);
    await page.clock.runFor(2_000);
    expect(await elapsed(page)).toBe("00:02");
    await page.context().close();
  });
});
