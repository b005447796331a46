// Every page of the documentation (docs/, built by queuebook) in headless Chromium: each cell and
// inline value runs with no error and nothing on the console, and the notebook-format page's
// example is live: its sliders change the values and the chart beside them, computed by src/sim.
import {readdirSync} from "node:fs";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {Page} from "playwright-core";
import {releaseTab, startSite, takeTab, type SiteFixture} from "../e2e/harness.js";
import {axeViolations, forceVisible, readable} from "../e2e/a11y.js";
import {erlangC} from "../../src/sim/formulas/queue.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
const pages = readdirSync(join(packageRoot, "docs"))
  .filter((name) => name.endsWith(".md"))
  .map((name) => name.replace(/\.md$/, ""))
  .sort();
let site: SiteFixture;

beforeAll(async () => {
  site = await startSite(join(packageRoot, "docs"), {prefix: "queuebook-docs"});
}, 120_000);

afterAll(async () => {
  await site?.close();
});

/** Opens a docs page, recording console errors and uncaught exceptions. */
async function open(name: string, viewport = {width: 1280, height: 720}): Promise<{page: Page; problems: string[]}> {
  const page = await takeTab(site.browser, {viewport});
  const problems: string[] = [];
  page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
  page.on("pageerror", (e) => problems.push(e.message));
  await page.goto(`${site.origin}/${name}.html`);
  return {page, problems};
}

/** True once the page has loaded, no cell is pending and every inline value shows something. */
const ran = () =>
  document.readyState === "complete" &&
  document.querySelector("main .qb-pending") === null &&
  [...document.querySelectorAll("main .qb-inline")].every((e) => (e.textContent ?? "").trim() !== "");

describe("docs/ in Chromium", () => {
  for (const name of pages) {
    it(`${name}: every cell runs with no error`, async () => {
      const {page, problems} = await open(name);
      await expect.poll(() => page.evaluate(ran)).toBe(true);
      const errors = await page.locator(".qb-error").allInnerTexts();
      expect(errors).toEqual([]);
      expect(problems).toEqual([]);
      await releaseTab(page);
    });
    it(`${name}: meets WCAG 2.1 AA (axe)`, async () => {
      const {page} = await open(name);
      await expect.poll(() => page.evaluate(ran)).toBe(true);
      await forceVisible(page);
      expect(readable(await axeViolations(page))).toEqual([]);
      await releaseTab(page);
    });
    it(`${name}: reads on a 390 px phone with no sideways scroll`, async () => {
      const {page, problems} = await open(name, {width: 390, height: 844});
      await expect.poll(() => page.evaluate(ran)).toBe(true);
      expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
      expect(problems).toEqual([]);
      await releaseTab(page);
    });
  }

  it("notebook-format: the sliders change the example beside them, with src/sim's numbers", async () => {
    const {page, problems} = await open("notebook-format");
    const card = page.locator(".card .big").first();
    await expect.poll(() => card.textContent()).toBe(`${(erlangC(25 * 0.04, 4) * 100).toFixed(1)} %`);
    const dot = page.locator("svg circle").first();
    const before = await dot.getAttribute("cx");
    await page.getByRole("slider", {name: "Requests per second"}).fill("60");
    await expect.poll(() => card.textContent()).toBe(`${(erlangC(60 * 0.04, 4) * 100).toFixed(1)} %`);
    await expect.poll(() => dot.getAttribute("cx")).not.toBe(before);
    await page.getByRole("slider", {name: "Servers"}).fill("3");
    await expect.poll(() => card.textContent()).toBe(`${(erlangC(60 * 0.04, 3) * 100).toFixed(1)} %`);
    expect(problems).toEqual([]);
    await releaseTab(page);
  });
});
