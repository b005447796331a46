// Presentation mode in real headless Chromium, on an exported single file opened from file://:
// `?present` and `p` enter it, the keys move slides and the hash follows (other hash parts
// kept), a reload lands on the same slide, a focused slider keeps its arrow keys, charts take
// the slide's width, type scales with the screen, cells stay live, and Esc leaves.
import {mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {Browser, Page} from "playwright-core";
import {exportNotebook} from "../../src/site/export.js";
import {closeBrowser, launchBrowser, releaseTab, takeTab} from "./harness.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
let dir: string;
let url: string;
let browser: Browser;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "queuebook-present-"));
  writeFileSync(
    join(dir, "deck.md"),
    `---
title: The deck
description: Three slides and a rule
---

# The deck

\`\`\`js
const x = view(Inputs.range([1, 10], {value: 3, step: 1, label: "x"}));
\`\`\`

## Square

The square is <span class="square">\${x * x}</span>.

## Chart

\`\`\`js
Plot.plot({width, height: 200, marks: [Plot.lineY([1, 2, 3])]})
\`\`\`

---

After the rule.
`
  );
  const {html} = await exportNotebook({file: join(dir, "deck.md"), packageRoot, snapshot: false});
  writeFileSync(join(dir, "deck.html"), html);
  url = `file://${join(dir, "deck.html")}`;
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await closeBrowser(browser);
  if (dir) rmSync(dir, {recursive: true, force: true});
});

async function open(suffix: string, viewport = {width: 1280, height: 720}) {
  const page = await takeTab(browser, {viewport});
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(url + suffix);
  await expect.poll(() => page.locator("form input[type=range]").count()).toBe(1);
  return {page, errors, close: () => releaseTab(page)};
}

/** The text of what the slide shows: the visible children of main, and the counter. */
async function slide(page: Page) {
  return page.evaluate(() => ({
    hash: location.hash,
    number: document.querySelector(".qb-slide-number")?.textContent ?? null,
    shown: Array.from(document.querySelectorAll("main > *"))
      .filter((e) => (e as HTMLElement).offsetParent !== null || getComputedStyle(e).display !== "none")
      .map((e) => (e as HTMLElement).innerText.trim().split("\n")[0])
      .filter(Boolean)
  }));
}

describe("presentation mode", {timeout: 60_000}, () => {
  it("?present opens the title slide; keys move slides and the hash follows, other parts kept", async () => {
    const {page, errors, close} = await open("?present#run=abc");
    expect(await slide(page)).toEqual({hash: "#/1&run=abc", number: "1 / 5", shown: ["The deck"]});
    await page.keyboard.press("ArrowRight");
    expect(await slide(page)).toMatchObject({hash: "#/2&run=abc", number: "2 / 5"}); // the slider before the first ##
    await page.keyboard.press("PageDown");
    expect(await slide(page)).toMatchObject({hash: "#/3&run=abc", shown: ["Square", "The square is 9."]});
    await page.keyboard.press(" ");
    expect((await slide(page)).shown[0]).toBe("Chart");
    await page.keyboard.press("End");
    expect(await slide(page)).toMatchObject({hash: "#/5&run=abc", shown: ["After the rule."]});
    await page.keyboard.press("PageUp");
    await page.keyboard.press("ArrowLeft");
    expect((await slide(page)).shown[0]).toBe("Square");
    await page.keyboard.press("Home");
    expect((await slide(page)).number).toBe("1 / 5");
    await page.keyboard.press("Escape");
    expect(await page.evaluate(() => location.search + location.hash)).toBe("#run=abc"); // ?present and #/N gone
    expect(errors).toEqual([]);
    await close();
  });

  it("a reload or a shared link lands on the same slide", async () => {
    const {page, close} = await open("#/3");
    expect((await slide(page)).shown[0]).toBe("Square");
    await page.keyboard.press("ArrowRight");
    await expect.poll(async () => (await slide(page)).number).toBe("4 / 5"); // the slide the link now names
    await page.reload();
    await expect.poll(async () => (await slide(page)).number).toBe("4 / 5");
    expect((await slide(page)).shown[0]).toBe("Chart");
    await close();
  });

  it("cells stay live: a slider on its slide still drives the next one, and keeps its arrow keys", async () => {
    const {page, close} = await open("?present#/2");
    await page.locator("form input[type=range]").focus();
    await page.keyboard.press("ArrowRight"); // the focused slider takes it: 3 → 4
    expect((await slide(page)).number).toBe("2 / 5");
    await page.keyboard.press("PageDown"); // a clicker always turns the slide
    // (the slider's new value reaches the square through the runtime, a moment after the key)
    await expect.poll(() => slide(page)).toMatchObject({number: "3 / 5", shown: ["Square", "The square is 16."]});
    await close();
  });

  it("charts take the slide's width; type scales with the screen", async () => {
    for (const viewport of [
      {width: 1280, height: 720},
      {width: 1920, height: 1080}
    ]) {
      const {page, close} = await open("?present#/4", viewport);
      const measured = await page.evaluate(() => {
        const main = document.querySelector("main")!;
        const style = getComputedStyle(main);
        const svg = document.querySelector("main svg")!;
        return {
          chart: Number(svg.getAttribute("width")),
          content: main.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
          // the rendered size of body text: CSS size × the stage's scale
          text: parseFloat(style.fontSize) * (main.getBoundingClientRect().width / main.offsetWidth)
        };
      });
      expect(measured.chart).toBe(Math.floor(measured.content));
      expect(measured.text).toBeGreaterThanOrEqual(viewport.width >= 1920 ? 32 : 21); // readable from the back of a room
      await close();
    }
  });

  it("p enters at the slide being read, f goes fullscreen, Esc leaves and takes the slide out of the URL", async () => {
    const {page, close} = await open("#run=abc");
    expect(await page.evaluate(() => document.documentElement.classList.contains("qb-present"))).toBe(false);
    await page.keyboard.press("p");
    expect(await slide(page)).toMatchObject({hash: "#/1&run=abc", number: "1 / 5"});
    await page.keyboard.press("f");
    await expect.poll(() => page.evaluate(() => document.fullscreenElement === document.documentElement)).toBe(true);
    await page.keyboard.press("Escape");
    expect(await slide(page)).toMatchObject({hash: "#run=abc", number: null});
    await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBe(null);
    expect(await page.evaluate(() => document.documentElement.classList.contains("qb-present"))).toBe(false);
    expect(await page.locator("main h1").isVisible()).toBe(true);
    await close();
  });
});
