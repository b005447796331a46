// WCAG 2.1 A/AA by axe-core on the single-file export of every shipped notebook, in its
// default language, opened from file:// live, and its no-script snapshot as a reader without
// scripts sees it (JavaScript off shows the snapshot; axe, which needs timers, runs on a copy
// with the scripts removed and the <noscript> parts shown). At 1280×720, with
// the parts skipped off screen (content-visibility) forced to render.
import {mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {Browser} from "playwright-core";
import {exportNotebook} from "../../src/site/export.js";
import {applySnapshot, snapshotPage} from "../../src/site/snapshot.js";
import {launchBrowser} from "./harness.js";
import {pageLoadTimeout} from "./pages.js";
import {axeViolations, forceVisible, settled, shippedNotebooks, type Violation} from "./a11y.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
const folder = join(packageRoot, "notebooks");
const notebooks = shippedNotebooks(folder);
// The default language of each notebook: the other languages are the same page with other
// strings, checked live on the site in every mode (a11y.test.ts); a snapshot per language would
// take minutes more on a shared machine.
const views = notebooks.map((notebook) => ({notebook, lang: notebook.languages[0], file: `${notebook.name}.html`}));
let dir: string;
let browser: Browser;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "queuebook-a11y-export-"));
  browser = await launchBrowser();
  // The snapshot is taken as `export` takes it (snapshotPage, applySnapshot), but in this file's one
  // browser rather than a Chromium started per export.
  for (const {notebook, file} of views) {
    const {html} = await exportNotebook({file: join(folder, `${notebook.name}.md`), root: folder, packageRoot, snapshot: false});
    writeFileSync(join(dir, file), html);
    const snapshot = await snapshotPage(browser, `file://${join(dir, file)}`);
    const snapshotted = applySnapshot(html, snapshot);
    writeFileSync(join(dir, `nojs-${file}`), snapshotted);
    // axe needs timers, which a page with JavaScript off does not run: it checks the page as a
    // script-less reader gets it instead, the scripts gone and the <noscript> parts shown
    writeFileSync(join(dir, `stripped-${file}`), withoutScripts(snapshotted));
  }
}, 400_000);

afterAll(async () => {
  await browser?.close();
  if (dir) rmSync(dir, {recursive: true, force: true});
});

/** The page as a browser without scripts shows it: no <script>, the <noscript> contents as markup. */
function withoutScripts(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "").replace(/<\/?noscript>/g, "");
}

const readable = (violations: Violation[]) => violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target).join(", ")}`);

describe("axe, WCAG 2.1 A and AA: single-file exports, live and without scripts", {timeout: 90_000}, () => {
  for (const {notebook, lang, file} of views)
    for (const scripts of [true, false]) {
      it(`${notebook.name} export, ${scripts ? "live" : "no-script snapshot"}: no violation`, async () => {
        if (!scripts) {
          // with JavaScript off the file shows its snapshot, in its language
          const off = await browser.newContext({viewport: {width: 1280, height: 720}, javaScriptEnabled: false});
          const page = await off.newPage();
          await page.goto(`file://${join(dir, `nojs-${file}`)}`, {timeout: pageLoadTimeout});
          expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
          expect(await page.locator("[data-qb-snapshot]").count()).toBeGreaterThan(0);
          expect(await page.locator("script").count()).toBeGreaterThan(0); // (the stripped copy below drops these)
          await off.close();
        }
        const context = await browser.newContext({viewport: {width: 1280, height: 720}});
        const page = await context.newPage();
        const errors: string[] = [];
        page.on("pageerror", (e) => errors.push(e.message));
        await page.goto(`file://${join(dir, scripts ? file : `stripped-${file}`)}`, {timeout: pageLoadTimeout});
        if (scripts) await settled(page);
        await forceVisible(page);
        if (scripts) await settled(page);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
        if (!scripts) expect(await page.locator("[data-qb-snapshot]").count()).toBeGreaterThan(0);
        expect(readable(await axeViolations(page))).toEqual([]);
        expect(errors).toEqual([]);
        await context.close();
      });
    }
});
