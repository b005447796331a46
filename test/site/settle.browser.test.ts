// settle(page): the snapshot and the print wait for a view that says it is still drawing
// (`data-qb-busy`, as the on-call charts do between animation frames), however long the page
// stays quiet meanwhile. The page's clock is Playwright's fake one, so "quiet for 5 s" takes no time.
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {Browser} from "playwright-core";
import {closeBrowser, launchBrowser} from "../e2e/harness.js";
import {settle} from "../../src/site/snapshot.js";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await closeBrowser(browser);
});

describe("settle(page)", () => {
  it("waits while an element says data-qb-busy, past any quiet time, and returns once it stops", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.clock.install({time: 0});
    await page.setContent('<main><div id="charts" data-qb-busy><p>first chart</p></div></main>');
    let settled = false;
    const settling = settle(page).then(() => (settled = true));
    await page.clock.runFor(5_000); // far past the 300 ms of quiet that settles a page
    // (a round trip after it: had settle's evaluate finished in the page, its answer came first)
    await page.evaluate(() => 0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    await page.evaluate(() => {
      const charts = document.getElementById("charts")!;
      charts.insertAdjacentHTML("beforeend", "<p>last chart</p>");
      charts.removeAttribute("data-qb-busy");
    });
    await page.clock.runFor(1_000);
    await settling;
    expect(settled).toBe(true);
    expect(await page.locator("#charts p").count()).toBe(2);
    await context.close();
  });
});
