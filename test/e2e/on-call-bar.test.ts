// The on-call player's bar as a screen-reader user and a phone user meet it: a stop at an event
// and the day's end are said once through the page's one polite live region; at the day's last
// minute Play and "+1 minute" say they cannot act (aria-disabled, focus kept) and the bar offers
// the debrief; on a 390 px phone the bar is one row and the stop toggle and slider wait behind "⋯".
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {Page} from "playwright-core";
import {releaseTab, startSite, takeTab, type SiteFixture} from "./harness.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
let site: SiteFixture;

beforeAll(async () => {
  site = await startSite(join(packageRoot, "notebooks"), {prefix: "queuebook-oncall-bar"});
}, 120_000);

afterAll(async () => {
  await site?.close();
});

/** The on-call page at `hash`, once its bar is drawn. */
async function open(hash: string, viewport = {width: 1280, height: 720}): Promise<{page: Page; errors: string[]}> {
  const page = await takeTab(site.browser, {viewport});
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`${site.origin}/on-call.html${hash}`);
  await page.locator('.oc-bar [data-action="play"]').waitFor();
  return {page, errors};
}

const minute = (page: Page) => page.locator('.oc-bar [data-metric="minute"]').getAttribute("data-value");

describe("the on-call bar", () => {
  it("a stop at an event is said once through the page's one polite live region", async () => {
    const {page, errors} = await open("#run=v1_bad-deploy_s1_m0_en");
    expect(await page.locator("[data-oc-live]").count()).toBe(1);
    expect(await page.locator("[data-oc-live]").getAttribute("aria-live")).toBe("polite");
    await page.locator('.oc-bar [data-speed="60"]').click();
    await page.locator('.oc-bar [data-action="play"]').click();
    const note = page.locator(".oc-pause-note");
    await note.waitFor({state: "visible", timeout: 30_000});
    const said = await note.innerText();
    expect(said).toMatch(/\d\d:\d\d/);
    await expect.poll(() => page.locator("[data-oc-live]").textContent()).toBe(said);
    expect(errors).toEqual([]);
    await releaseTab(page);
  });

  it("at the day's last minute Play and +1 minute cannot act and say so; the end is said and the debrief offered", async () => {
    const {page, errors} = await open("#run=v1_free_s1_m1438_en");
    expect(await minute(page)).toBe("1438");
    const step = page.locator('.oc-bar [data-action="step"]');
    expect(await step.getAttribute("aria-disabled")).toBe("false");
    await step.click();
    await expect.poll(() => minute(page)).toBe("1439");
    await expect.poll(() => step.getAttribute("aria-disabled")).toBe("true");
    expect(await page.locator('.oc-bar [data-action="play"]').getAttribute("aria-disabled")).toBe("true");
    const end = page.locator(".oc-end-note");
    expect(await end.isVisible()).toBe(true);
    await expect.poll(() => page.locator("[data-oc-live]").textContent()).toContain(await end.locator("strong").innerText());
    // pressed anyway (by keyboard: a pointer tool would wait for an aria-disabled button): nothing moves, the focus stays
    await step.focus();
    await page.keyboard.press("Enter");
    await page.locator('.oc-bar [data-action="play"]').focus();
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.action)).toBe("play");
    expect(await minute(page)).toBe("1439");
    expect(await page.locator('.oc-bar [data-action="play"]').getAttribute("aria-pressed")).toBe("false");
    // the debrief, offered: it takes the focus
    await end.locator('[data-action="to-debrief"]').click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains("oc-debrief-box"))).toBe(true);
    expect(errors).toEqual([]);
    await releaseTab(page);
  });

  it("opened at the day's end, the bar offers the debrief too", async () => {
    const {page, errors} = await open("#run=v1_free_s1_m1439_en");
    await page.locator('.oc-end-note [data-action="to-debrief"]').waitFor({state: "visible"});
    expect(errors).toEqual([]);
    await releaseTab(page);
  });

  it("on a 390 px phone: one compact row; the stop toggle and the slider open behind ⋯ (aria-expanded)", async () => {
    const {page, errors} = await open("#run=v1_free_s1_m0_en", {width: 390, height: 844});
    const more = page.locator('.oc-bar [data-action="more"]');
    expect(await more.isVisible()).toBe(true);
    expect(await page.locator(".oc-bar .oc-scrub").isVisible()).toBe(false);
    expect(await more.getAttribute("aria-expanded")).toBe("false");
    await more.click();
    expect(await more.getAttribute("aria-expanded")).toBe("true");
    expect(await page.locator(".oc-bar .oc-scrub").isVisible()).toBe(true);
    expect(await page.locator('.oc-bar [data-action="pause-on-events"]').isVisible()).toBe(true);
    // the buttons still have their names where only their signs show
    expect(await page.locator('.oc-bar [data-action="step"]').getAttribute("aria-disabled")).toBe("false");
    expect((await page.getByRole("button", {name: /\+1 minute/}).count()) >= 1).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    await releaseTab(page);
  });
});
