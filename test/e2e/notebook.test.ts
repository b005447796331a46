// Browser tests: the built site in real headless Chromium, served over HTTP and opened
// straight from disk (file://). A slider drives a derived cell, an inline expression and a
// Plot chart; broken cells show their errors while the rest of the page works; no console
// errors; no request leaves the site's own files.
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {Browser, Page} from "playwright-core";
import {releaseTab, type SiteFixture, startSite, takeTab} from "./harness.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
let browser: Browser;
let out: string;
let server: {origin: string};
let site: SiteFixture;

beforeAll(async () => {
  site = await startSite(join(packageRoot, "test/e2e/notebooks"), {prefix: "queuebook-e2e"});
  ({browser, out} = site);
  server = site;
}, 120_000);

afterAll(async () => {
  await site?.close();
});

/** Opens a page, recording console errors, page errors and every request URL. */
async function open(url: string) {
  const page = await takeTab(browser);
  const consoleErrors: string[] = [];
  const requests: string[] = [];
  page.on("console", (m) => m.type() === "error" && consoleErrors.push(m.text()));
  page.on("pageerror", (e) => consoleErrors.push(e.message));
  page.on("request", (r) => requests.push(r.url()));
  await page.goto(url);
  return {page, consoleErrors, requests};
}

async function setSlider(page: Page, value: number) {
  await page.locator("#cell-1 input[type=range]").evaluate((input: HTMLInputElement, v) => {
    input.value = String(v);
    input.dispatchEvent(new Event("input", {bubbles: true}));
  }, value);
}

const modes = [
  {name: "over HTTP", base: () => `${server.origin}/`, own: (url: string) => url.startsWith(server.origin + "/")},
  {name: "from file://", base: () => `file://${out}/`, own: (url: string) => url.startsWith(`file://${out}/`)}
];

for (const mode of modes) {
  describe(`built site ${mode.name}`, () => {
    it("index lists the notebooks with title and description", async () => {
      const {page, consoleErrors} = await open(mode.base() + "index.html");
      const text = await page.locator("main").innerText();
      expect(text).toContain("Reactive basics");
      expect(text).toContain("A slider drives a value, an inline expression and a chart");
      expect(text).toContain("Errors stay in their cells");
      expect(consoleErrors).toEqual([]);
      await releaseTab(page);
    });

    it("a slider updates its dependent cell, inline expression and Plot chart", async () => {
      const {page, consoleErrors, requests} = await open(mode.base() + "reactive.html");
      await expect.poll(() => page.locator("#derived").textContent()).toBe("doubled = 20");
      await expect.poll(() => page.locator("#inline-wrap").textContent()).toBe("21");
      const path = page.locator("#cell-4 svg g[aria-label=line] path").first();
      const before = await path.getAttribute("d");
      expect(before?.length).toBeGreaterThan(1000);
      await setSlider(page, 30);
      await expect.poll(() => page.locator("#derived").textContent()).toBe("doubled = 60");
      await expect.poll(() => page.locator("#inline-wrap").textContent()).toBe("61");
      await expect.poll(() => path.getAttribute("d")).not.toBe(before);
      await expect.poll(() => page.locator("#cell-5 .katex").count()).toBeGreaterThan(0);
      await expect.poll(() => page.locator("#rows").textContent()).toBe("3");
      expect(await page.locator("main").innerText()).toContain("first latency 40.2 ms");
      await expect.poll(() => page.locator("#d3-sum").textContent()).toBe("6"); // npm:d3@7 read from the page's d3
      expect(consoleErrors).toEqual([]);
      expect(requests.filter((url) => !mode.own(url) && !url.startsWith("data:") && !url.startsWith("blob:"))).toEqual([]);
      await releaseTab(page);
    });

    it("a syntax error, a throwing cell and a cycle show their errors while the rest works", async () => {
      const {page, consoleErrors, requests} = await open(mode.base() + "errors.html");
      await expect.poll(() => page.locator("#still-works").textContent()).toBe("good × 2 = 42");
      const cell = (n: number) => page.locator(`#cell-${n}`);
      await expect.poll(() => cell(2).innerText()).toMatch(/SyntaxError.*Unexpected token.*errors\.md:12:21/s);
      await expect.poll(() => cell(3).innerText()).toContain("boom from thrower");
      await expect.poll(() => cell(4).innerText()).toMatch(/thrower/);
      await expect.poll(() => cell(4).innerText()).toMatch(/input/i);
      await expect.poll(() => cell(5).innerText()).toContain("circular definition");
      await expect.poll(() => cell(6).innerText()).toContain("circular definition");
      await expect.poll(() => cell(8).innerText()).toContain("rejected on purpose");
      expect(await cell(1).locator(".qb-error").count()).toBe(0);
      expect(await cell(7).locator(".qb-error").count()).toBe(0);
      expect(consoleErrors).toEqual([]);
      expect(requests.filter((url) => !mode.own(url) && !url.startsWith("data:") && !url.startsWith("blob:"))).toEqual([]);
      await releaseTab(page);
    });
  });
}
