// Issue 36: what Framework projects use that queuebook had not carried: the implicit imports
// (aq, topojson, L, _, Arrow), a project module with top-level await, FileAttachment's readers
// (xlsx, zip, sqlite, arquero) and DuckDB (```sql fences, front matter sql:, DuckDBClient),
// built as a site and opened from file:// in Chromium with every request off the page refused.
// Each fixture (test/e2e/framework-libraries/) is minimal and written for this test.
import {mkdtempSync, readFileSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {pathToFileURL} from "node:url";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {Browser, Page} from "playwright-core";
import {buildSite} from "../../src/site/build.js";
import {closeBrowser, launchBrowser} from "./harness.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
const root = join(packageRoot, "test/e2e/framework-libraries");
let browser: Browser;
let out: string;

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), "queuebook-framework-libraries-"));
  await buildSite({root, out, packageRoot, effects: {warn() {}}} as Parameters<typeof buildSite>[0]);
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await closeBrowser(browser);
  if (out) rmSync(out, {recursive: true, force: true});
});

/** Opens a built page from file://, off-page requests refused and counted. */
async function open(name: string): Promise<{page: Page; errors: string[]; blocked: string[]}> {
  const context = await browser.newContext();
  const blocked: string[] = [];
  await context.route("**/*", (route) => {
    const url = route.request().url();
    if (/^(file|data|blob):/.test(url)) return route.continue();
    blocked.push(url);
    return route.abort("blockedbyclient");
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(pathToFileURL(join(out, name)).href);
  return {page, errors, blocked};
}

/** Waits until `selector` shows `text` (a condition in the page), failing with what the page shows instead. */
async function shows(page: Page, selector: string, text: string, timeout = 20_000): Promise<void> {
  try {
    await page.waitForFunction(([s, t]) => document.querySelector(s)?.textContent?.includes(t), [selector, text] as const, {timeout});
  } catch {
    const errors = await page.locator(".qb-error").allInnerTexts();
    expect({text: await page.locator(selector).textContent(), errors}).toEqual({text, errors: []});
  }
}

describe("Framework's libraries offline (issue 36)", () => {
  it("implicit aq, topojson, L, _ and Arrow, npm:arquero, and a module with top-level await", async () => {
    const {page, errors, blocked} = await open("implicit.html");
    await shows(page, "#aq", "60");
    await shows(page, "#libs", "function function function function");
    await shows(page, "#explicit", "2");
    await shows(page, "#tla", "42");
    expect(await page.locator(".qb-error").count()).toBe(0);
    expect([errors, blocked]).toEqual([[], []]);
    await page.context().close();
  }, 60_000);

  it("loads only the chunks a page uses: a page without them carries none", () => {
    const html = readFileSync(join(out, "implicit.html"), "utf8");
    for (const chunk of ["arquero", "topojson", "leaflet", "lodash", "arrow"]) expect(html).toContain(`_queuebook/${chunk}.js`);
    expect(html).toContain("_queuebook/leaflet.css");
    expect(html).not.toContain("duckdb");
    const readers = readFileSync(join(out, "readers.html"), "utf8");
    for (const chunk of ["xlsx", "zip", "sqlite", "arquero"]) expect(readers).toContain(`_queuebook/${chunk}.js`);
    expect(readers).not.toMatch(/_queuebook\/(duckdb|leaflet|topojson)/);
  });

  it("FileAttachment .xlsx(), .zip() and its files, .sqlite() and .arquero()", async () => {
    const {page, errors, blocked} = await open("readers.html");
    await shows(page, "#xlsx", "runs,empty a=12 b=30");
    await shows(page, "#zip", "inside/notes.txt,inside/runs.csv");
    await shows(page, "#zip-file", "hello from the archive 2");
    await shows(page, "#sqlite", "42");
    await shows(page, "#arquero", "3");
    expect([errors, blocked]).toEqual([[], []]);
    await page.context().close();
  }, 60_000);

  it("Framework's widths: a grid-cols-4 page shows four cards in a row at 1920 px; theme wide spans the window", async () => {
    const {page} = await open("layout.html");
    await page.setViewportSize({width: 1920, height: 1000});
    const boxes = await page
      .locator(".card")
      .evaluateAll((cards) =>
        cards.map((c) => c.getBoundingClientRect()).map((r) => ({top: Math.round(r.top), width: Math.round(r.width)}))
      );
    expect(new Set(boxes.map((b) => b.top)).size).toBe(1);
    for (const {width} of boxes) expect(width).toBeGreaterThanOrEqual(250);
    const wide = await open("wide.html");
    await wide.page.setViewportSize({width: 1920, height: 1000});
    expect(await wide.page.locator("main").evaluate((m) => m.getBoundingClientRect().width)).toBeGreaterThan(1800);
    await page.context().close();
    await wide.page.context().close();
  });

  it("a parameterized page ([product].md): its imports run, observable.params is there, a file named by a param says which it looked for", async () => {
    const {page, errors, blocked} = await open("product/[product].html");
    await shows(page, "#imported", "IMPORTED");
    await shows(page, "#param", "[undefined]");
    // no value here: the file it names is looked for, and named, as Framework's FileAttachment does for a file it lacks
    await page.waitForFunction(() => document.querySelector("#summary .qb-error")?.textContent?.includes("undefined-summary.json"));
    expect(await page.locator(".qb-error").count()).toBe(2); // the cell calling FileAttachment, and the one showing summary
    expect([errors, blocked]).toEqual([[], []]);
    await page.context().close();
  });

  it("DuckDB from file://: front matter sql:, ```sql id= and a shown table, DuckDBClient over JSON and an array, the module's sql", async () => {
    const {page, errors, blocked} = await open("duckdb.html");
    await shows(page, "#sql-id", "b,c", 90_000);
    // `import {sql} from "npm:@observablehq/duckdb"` beside `sql:` front matter (was "sql is defined more than once")
    await shows(page, "#imported", "3 runs", 90_000);
    await shows(page, "#client", "42 2", 90_000);
    await page.waitForFunction(
      () => Array.from(document.querySelectorAll(".qb-cell table")).some((t) => /\bn\b[\s\S]*\b3\b/.test(t.textContent ?? "")),
      undefined,
      {timeout: 30_000}
    );
    expect(await page.locator(".qb-error").allInnerTexts()).toEqual([]);
    expect([errors, blocked]).toEqual([[], []]);
    await page.context().close();
  }, 180_000);
});
