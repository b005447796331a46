// The language mechanism of the engine on a tiny notebook, in headless Chromium: front matter
// `languages`, the reactive built-in `lang`, `?lang=` (also from file://), the picker that
// switches without a reload and writes `?lang=` (keeping the hash), and the fallback for a
// language the notebook does not declare.
import {mkdtemp, mkdir, rm, writeFile} from "node:fs/promises";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {Browser} from "playwright-core";
import {releaseTab, type SiteFixture, startSite, takeTab} from "./harness.js";

const notebook = `---
title: Languages
languages: [en, hu]
---

\`\`\`js
const words = {en: "Hello", hu: "Szia"};
const runs = (globalThis.__langRuns = (globalThis.__langRuns ?? 0) + 1);
\`\`\`

Greeting: **\${words[lang]}**, number: **\${new Intl.NumberFormat(lang, {minimumFractionDigits: 1}).format(0.5)}**, language: **\${lang}**.
`;
const plain = `---
title: One language
---

Language: **\${lang}**.
`;

let browser: Browser;
let work: string;
let out: string;
let server: {origin: string};
let site: SiteFixture;

beforeAll(async () => {
  // The two notebooks' sources; startSite builds them into its own folder, serves it, opens Chromium.
  work = await mkdtemp(join(tmpdir(), "queuebook-i18n-"));
  const root = join(work, "notebooks");
  await mkdir(root);
  await writeFile(join(root, "words.md"), notebook);
  await writeFile(join(root, "plain.md"), plain);
  site = await startSite(root, {prefix: "queuebook-i18n"});
  ({browser, out} = site);
  server = site;
}, 120_000);

afterAll(async () => {
  await site?.close();
  if (work) await rm(work, {recursive: true, force: true});
});

async function open(url: string) {
  const page = await takeTab(browser);
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.goto(url);
  return {page, errors};
}

const text = "Greeting: Hello, number: 0.5, language: en.";
const magyar = "Greeting: Szia, number: 0,5, language: hu.";

for (const mode of [
  {name: "over HTTP", base: () => server.origin},
  {name: "from file://", base: () => `file://${out}`}
]) {
  describe(`languages ${mode.name}`, () => {
    it("shows the first declared language by default, and a picker of the declared ones", async () => {
      const {page, errors} = await open(`${mode.base()}/words.html`);
      await expect.poll(() => page.locator("main p").last().innerText()).toBe(text);
      expect(await page.locator("select.qb-lang-picker option").evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).toEqual(
        ["en", "hu"]
      );
      expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
      expect(errors).toEqual([]);
      await releaseTab(page);
    });

    it("?lang= picks a declared language", async () => {
      const {page, errors} = await open(`${mode.base()}/words.html?lang=hu`);
      await expect.poll(() => page.locator("main p").last().innerText()).toBe(magyar);
      expect(await page.locator("select.qb-lang-picker").inputValue()).toBe("hu");
      expect(await page.evaluate(() => document.documentElement.lang)).toBe("hu");
      expect(errors).toEqual([]);
      await releaseTab(page);
    });

    it("an undeclared ?lang= falls back to the default", async () => {
      const {page, errors} = await open(`${mode.base()}/words.html?lang=fr`);
      await expect.poll(() => page.locator("main p").last().innerText()).toBe(text);
      expect(await page.locator("select.qb-lang-picker").inputValue()).toBe("en");
      expect(errors).toEqual([]);
      await releaseTab(page);
    });

    it("the picker switches the page without a reload, writes ?lang= and keeps the hash", async () => {
      const {page, errors} = await open(`${mode.base()}/words.html#run=abc&x=1`);
      await expect.poll(() => page.locator("main p").last().innerText()).toBe(text);
      await page.evaluate(() => ((window as any).__marker = "kept"));
      await page.locator("select.qb-lang-picker").selectOption("hu");
      await expect.poll(() => page.locator("main p").last().innerText()).toBe(magyar);
      expect(await page.evaluate(() => (window as any).__marker)).toBe("kept");
      expect(await page.evaluate(() => location.search + location.hash)).toBe("?lang=hu#run=abc&x=1");
      // Only the cells that read lang ran again: the cell without it ran once.
      expect(await page.evaluate(() => (globalThis as any).__langRuns)).toBe(1);
      await page.locator("select.qb-lang-picker").selectOption("en");
      await expect.poll(() => page.locator("main p").last().innerText()).toBe(text);
      expect(await page.evaluate(() => location.search)).toBe("?lang=en");
      expect(errors).toEqual([]);
      await releaseTab(page);
    });

    it("a notebook without languages has no picker and lang is the page's language", async () => {
      const {page, errors} = await open(`${mode.base()}/plain.html?lang=hu`);
      await expect.poll(() => page.locator("main p").last().innerText()).toMatch(/^Language: [a-z]{2}/);
      expect(await page.locator("select.qb-lang-picker").count()).toBe(0);
      expect(errors).toEqual([]);
      await releaseTab(page);
    });
  });
}
