// Presentation mode on the preview server: a live update that adds a section while a lecturer
// presents keeps the slide, brings the new slide in, and keeps the title slide.
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {Browser} from "playwright-core";
import {startPreview, type Preview} from "../../src/site/preview.js";
import {closeBrowser, launchBrowser, releaseTab, takeTab} from "./harness.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
let dir: string;
let preview: Preview;
let browser: Browser;

const deck = (extra: string) => `---\ntitle: Live deck\n---\n\n## One\n\n\`\`\`js\n1 + 1\n\`\`\`\n\n## Two\n\nSecond.\n${extra}`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "queuebook-present-dev-"));
  mkdirSync(join(dir, "notebooks"));
  writeFileSync(join(dir, "package.json"), "{}\n");
  writeFileSync(join(dir, "notebooks", "deck.md"), deck(""));
  preview = await startPreview({root: join(dir, "notebooks"), packageRoot, port: 0});
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await closeBrowser(browser);
  await preview?.close();
  rmSync(dir, {recursive: true, force: true});
});

describe("presentation mode with live updates", {timeout: 60_000}, () => {
  it("an edit adds a slide; the current slide and the title slide stay", async () => {
    const page = await takeTab(browser, {viewport: {width: 1280, height: 720}});
    await page.goto(`${preview.url}deck?present#/3`);
    await page.waitForFunction(() => document.documentElement.getAttribute("data-queuebook-live") === "connected");
    const counter = page.locator(".qb-slide-number");
    await expect.poll(() => counter.textContent()).toBe("3 / 3");
    writeFileSync(join(dir, "notebooks", "deck.md"), deck("\n## Three\n\nThird.\n"));
    await expect.poll(() => counter.textContent(), {timeout: 20_000}).toBe("3 / 4");
    expect(await page.locator("main > .qb-on-slide").first().innerText()).toBe("Two");
    await page.keyboard.press("ArrowRight");
    expect(await page.locator("main > .qb-on-slide").first().innerText()).toBe("Three");
    await page.keyboard.press("Home");
    expect(await page.locator("main > .qb-on-slide h1").innerText()).toBe("Live deck");
    await releaseTab(page);
  });
});
