// An export opened the way JupyterLab's HTML viewer shows it once trusted: the document
// re-serialised without its doctype, so the browser renders it in quirks mode, where KaTeX's DOM
// renderer refuses to run ("KaTeX doesn't work in quirks mode"). The formulas still render.
import {mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {Browser} from "playwright-core";
import {exportNotebook} from "../../src/site/export.js";
import {closeBrowser, launchBrowser} from "./harness.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
const notebooks = join(packageRoot, "notebooks");
let dir: string;
let browser: Browser;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "queuebook-export-quirks-"));
  const {html} = await exportNotebook({file: join(notebooks, "erlang-c.md"), root: notebooks, packageRoot, snapshot: false});
  expect(html.startsWith("<!doctype html>")).toBe(true);
  writeFileSync(join(dir, "standards.html"), html);
  writeFileSync(join(dir, "quirks.html"), html.replace(/^<!doctype html>\s*/i, ""));
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await closeBrowser(browser);
  if (dir) rmSync(dir, {recursive: true, force: true});
});

describe("an export without its doctype (JupyterLab's HTML viewer)", {timeout: 90_000}, () => {
  for (const name of ["quirks", "standards"]) {
    it(`${name}: the formulas render and the page raises no error`, async () => {
      const context = await browser.newContext({viewport: {width: 1280, height: 900}});
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
      await page.goto(`file://${join(dir, `${name}.html`)}`);
      expect(await page.evaluate(() => document.compatMode)).toBe(name === "quirks" ? "BackCompat" : "CSS1Compat");
      await expect.poll(() => page.locator("main .katex").count()).toBeGreaterThan(0);
      // KaTeX's MathML half carries the formula's text for screen readers: C(a,N)
      expect(await page.locator("main .katex-mathml").first().textContent()).toMatch(/C/);
      expect(await page.locator("main .qb-error, main .observablehq--error").count()).toBe(0);
      expect(errors.filter((e) => /quirks|katex/i.test(e))).toEqual([]);
      await context.close();
    });
  }
});
