// WCAG 2.1 A/AA by axe-core on the single-file export of every shipped notebook: the export opened
// from file:// live (one file per notebook, switched to each language it declares in place through
// its picker, each switch checked to have re-rendered; axe, light and dark, in the language it opens
// in: the export's own chrome and inlined assets, the markup of the other languages being the built
// page's that a11y.test.ts checks), and the no-script snapshot of `export --lang L` for each language
// as a reader without scripts sees it (JavaScript off shows the snapshot, in its language; axe, which
// needs timers, runs on a copy with the scripts removed and the <noscript> parts shown), light and
// dark. At 1280×720, with the parts skipped off screen (content-visibility) forced to render.
import {mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {Browser, BrowserContext, Page} from "playwright-core";
import {exportNotebook} from "../../src/site/export.js";
import {applySnapshot, snapshotPage} from "../../src/site/snapshot.js";
import {pageInMemory} from "../../src/site/renderAt.js";
import {closeBrowser, launchBrowser, takeTab} from "./harness.js";
import {luminance} from "../support/contrast.js";
import {loadOnce, pageLoadTimeout} from "./pages.js";
import {axeViolations, forceVisible, languageShown, readable, settled, shippedNotebooks, switchLanguage} from "./a11y.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
const folder = join(packageRoot, "notebooks");
const notebooks = shippedNotebooks(folder);
let dir: string;
let browser: Browser;
/** Without JavaScript (the snapshot as such a reader gets it), and with it (axe on the stripped copy). */
let off: Page, on: Page;
let contexts: BrowserContext[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "queuebook-a11y-export-"));
  browser = await launchBrowser();
  // The snapshot is taken as `export` takes it (snapshotPage, applySnapshot), but in the tests'
  // browser (launchBrowser) rather than a Chromium started per export.
  for (const notebook of notebooks) {
    const file = join(folder, `${notebook.name}.md`);
    // the live export: every declared language, its picker switching them
    const live = (await exportNotebook({file, root: folder, packageRoot, snapshot: false})).html;
    writeFileSync(join(dir, `${notebook.name}.html`), live);
    for (const lang of notebook.languages) {
      const name = `${notebook.name}.${lang}.html`;
      // (a notebook that declares no languages has one page: the live export is it)
      const html = notebook.declared ? (await exportNotebook({file, root: folder, packageRoot, snapshot: false, lang})).html : live;
      writeFileSync(join(dir, name), html);
      const snapshotted = applySnapshot(html, await snapshotPage(browser, pageInMemory(name, html)));
      writeFileSync(join(dir, `nojs-${name}`), snapshotted);
      // axe needs timers, which a page with JavaScript off does not run: it checks the page as a
      // script-less reader gets it instead, the scripts gone and the <noscript> parts shown
      writeFileSync(join(dir, `stripped-${name}`), withoutScripts(snapshotted));
    }
  }
  contexts = [
    await browser.newContext({viewport: {width: 1280, height: 720}, javaScriptEnabled: false}),
    await browser.newContext({viewport: {width: 1280, height: 720}})
  ];
  [off, on] = await Promise.all(contexts.map((c) => c.newPage()));
}, 600_000);

afterAll(async () => {
  await closeBrowser(browser);
  if (dir) rmSync(dir, {recursive: true, force: true});
});

/** The relative luminance of the page's background (the body's, else the root's): near 1 light, near 0 dark. */
async function pageBackgroundLuminance(page: Page): Promise<number> {
  const color = await page.evaluate(() => {
    const body = getComputedStyle(document.body).backgroundColor;
    return body === "rgba(0, 0, 0, 0)" ? getComputedStyle(document.documentElement).backgroundColor : body;
  });
  const [r, g, b] = (color.match(/[\d.]+/g) ?? ["255", "255", "255"]).slice(0, 3).map(Number);
  return luminance(`#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`);
}

/** The page again in the dark colour scheme, emulated in place (its stylesheet follows it): dark, and no axe violation; then light again. */
async function expectCleanInDark(page: Page): Promise<void> {
  await page.emulateMedia({colorScheme: "dark"});
  try {
    expect(await pageBackgroundLuminance(page), "the dark scheme's background").toBeLessThan(0.05);
    expect(readable(await axeViolations(page))).toEqual([]);
  } finally {
    await page.emulateMedia({colorScheme: "light"});
  }
}

/** The page as a browser without scripts shows it: no <script>, the <noscript> contents as markup. */
function withoutScripts(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "").replace(/<\/?noscript>/g, "");
}

describe("axe, WCAG 2.1 A and AA: single-file exports live, every language", {timeout: 90_000}, () => {
  for (const notebook of notebooks)
    describe(`${notebook.name} export`, () => {
      const opened = loadOnce(async () => {
        const page = await takeTab(browser, {viewport: {width: 1280, height: 720}});
        const errors: string[] = [];
        page.on("pageerror", (e) => errors.push(e.message));
        await page.goto(`file://${join(dir, `${notebook.name}.html`)}`, {timeout: pageLoadTimeout});
        await settled(page);
        await forceVisible(page);
        await settled(page);
        return {page, errors};
      });
      for (const lang of notebook.languages)
        it(`${notebook.name} export, live in ${lang}: ${lang === notebook.languages[0] ? "no violation" : "switched in place"}`, async () => {
          const {page, errors} = opened();
          const was = await page.evaluate(() => document.documentElement.lang);
          const before = await switchLanguage(page, lang);
          const shown = await languageShown(page);
          expect(shown.html).toBe(lang);
          expect(shown.ownHidden).toBe(0);
          if (was !== lang) expect(shown.text, `switched from ${was} to ${lang}: the page's text changed`).not.toBe(before);
          // axe on the language the export opens in, light and dark: what is the export's own (its chrome,
          // its inlined stylesheet and assets). The notebook's markup in each other language is the built
          // page's, which a11y.test.ts checks language by language in both schemes.
          if (lang === notebook.languages[0]) {
            expect(readable(await axeViolations(page))).toEqual([]);
            await expectCleanInDark(page);
          }
          expect(errors.splice(0)).toEqual([]);
        });
    });
});

describe("axe, WCAG 2.1 A and AA: the no-script snapshot of each export --lang", {timeout: 90_000}, () => {
  /** Each snapshot's text as the test above read it, JavaScript off (read again where that test did not run). */
  const snapshotTexts = new Map<string, string>();
  for (const notebook of notebooks)
    for (const lang of notebook.languages)
      it(`${notebook.name} export --lang ${lang}, no-script snapshot: in ${lang}, no violation`, async () => {
        const name = `${notebook.name}.${lang}.html`;
        // with JavaScript off the file shows its snapshot, in its language
        await off.goto(`file://${join(dir, `nojs-${name}`)}`, {timeout: pageLoadTimeout});
        expect(await off.evaluate(() => document.documentElement.lang)).toBe(lang);
        expect(await off.locator("[data-qb-snapshot]").count()).toBeGreaterThan(0);
        expect(await off.locator("script").count()).toBeGreaterThan(0); // (the stripped copy below drops these)
        const text = await off.locator("main").innerText();
        snapshotTexts.set(name, text);
        await on.goto(`file://${join(dir, `stripped-${name}`)}`, {timeout: pageLoadTimeout});
        await forceVisible(on);
        expect(await on.evaluate(() => document.documentElement.lang)).toBe(lang);
        expect(await on.locator("[data-qb-snapshot]").count()).toBeGreaterThan(0);
        expect(await on.locator("main").innerText()).toBe(text); // the copy axe reads is the page as shown
        expect(readable(await axeViolations(on))).toEqual([]);
        await expectCleanInDark(on); // a reader without scripts on a dark screen: the snapshot keeps the page's stylesheet
      });
  it("each language's snapshot is its own: the texts differ", async () => {
    for (const notebook of notebooks.filter((n) => n.languages.length > 1)) {
      const texts = new Set<string>();
      for (const lang of notebook.languages) {
        const name = `${notebook.name}.${lang}.html`;
        if (!snapshotTexts.has(name)) {
          await off.goto(`file://${join(dir, `nojs-${name}`)}`, {timeout: pageLoadTimeout});
          snapshotTexts.set(name, await off.locator("main").innerText());
        }
        texts.add(snapshotTexts.get(name)!);
      }
      expect(texts.size, notebook.name).toBe(notebook.languages.length);
    }
  });
});
