// Edits planted in localStorage by another file, in Chromium from file:// (every file:// page
// shares one storage): a "report" opened from disk writes entries under every key layout the
// page has read (the page's own key, its set-aside list, the older per-notebook key; and, for an
// export shown from a blob: URL, the notebook's path alone) with the notebook's public hash, or
// rewrites the learner's own entry. No planted code runs, no planted
// markup enters the page and the bar claims no edits until the learner has read them in the
// review and chosen Apply; the learner's own edits come back after Apply.
import {cpSync, mkdirSync, readFileSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {pathToFileURL} from "node:url";
import type {Browser, BrowserContext, Page} from "playwright-core";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {buildSite} from "../../src/site/build.js";
import {exportNotebook} from "../../src/site/export.js";
import {sourceHash} from "../../src/notebook/sourceContract.js";
import {freshFolders} from "../support/folders.js";
import {axeViolations, readable, tabTo} from "./a11y.js";
import {closeBrowser, launchBrowser, serveStatic} from "./harness.js";
import {applyKept} from "./keptEdits.js";
import {shownEditButton} from "../support/editButton.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
// blocks: 0 the heading, 1 the cell, 2 the prose with the shown value
const notebook = '# Planted\n\n```js\nconst rate = 25;\n```\n\nLoad: <span id="load">${(rate * 0.04).toFixed(2)}</span>\n';
const hash = sourceHash(notebook);
/** What a hostile file plants: a cell that marks the page, prose with an <img onerror> and javascript: links. */
const planted = [
  {
    op: "insert",
    after: 1,
    block: 3,
    kind: "cell",
    lang: "js",
    text: "globalThis.plantedRan = true;\ndocument.body.append(Object.assign(document.createElement('div'), {id: 'planted-cell'}));"
  },
  {
    op: "replace",
    block: 2,
    text: 'Load: <span id="load">${(rate * 0.04).toFixed(2)}</span>\n\n<img id="planted-img" src="x" onerror="globalThis.plantedImg = true"> <a id="planted-a" href="javascript:globalThis.plantedLink = true">report</a> [more](javascript:globalThis.plantedLink=true)'
  }
];
const folder = freshFolders("qb-edits-planted-");

let browser: Browser;
let work: string;
let pages: {site: string; exported: string; renamed: string};
let reports: {plant: string; rewrite: string};
/** The work folder over http on 127.0.0.1: an export shown from a blob: URL (as JupyterLab's HTML viewer shows one) has that origin's storage. */
let server: Awaited<ReturnType<typeof serveStatic>>;

/** A file the learner opens from disk whose script runs `body` (the storage keys and entries as JSON, every `<` escaped). */
function hostileFile(name: string, body: string): string {
  const file = join(work, name);
  writeFileSync(file, `<!doctype html><title>Report</title><p>A report.</p><script>${body.replace(/</g, "\\u003c")}</script>`);
  return pathToFileURL(file).href;
}

/** The page's own key (its location, .html dropped, and its notebook's path). */
const scopeOf = (url: string, prefix = "queuebook:edits:") => `${prefix}${new URL(url).pathname.replace(/\.html$/, "")}|planted.md`;

beforeAll(async () => {
  work = folder();
  const root = join(work, "notebooks");
  mkdirSync(root);
  writeFileSync(join(root, "planted.md"), notebook);
  await buildSite({root, out: join(work, "site"), packageRoot});
  mkdirSync(join(work, "export"));
  const {html} = await exportNotebook({file: join(root, "planted.md"), packageRoot, snapshot: false});
  writeFileSync(join(work, "export", "planted.html"), html);
  mkdirSync(join(work, "elsewhere"));
  cpSync(join(work, "export", "planted.html"), join(work, "elsewhere", "renamed.html"));
  pages = {
    site: pathToFileURL(join(work, "site", "planted.html")).href,
    exported: pathToFileURL(join(work, "export", "planted.html")).href,
    renamed: pathToFileURL(join(work, "elsewhere", "renamed.html")).href
  };
  const entry = {v: 1, hash, edits: planted, text: "planted"};
  reports = {
    // every layout: the built page's own key, the export's set-aside list, the older per-notebook key
    plant: hostileFile(
      "report.html",
      `
      localStorage.setItem(${JSON.stringify(scopeOf(pages.site))}, ${JSON.stringify(JSON.stringify(entry))});
      localStorage.setItem(${JSON.stringify(scopeOf(pages.exported, "queuebook:edits-set-aside:"))}, ${JSON.stringify(JSON.stringify([entry]))});
      localStorage.setItem("queuebook:edits:planted.md", ${JSON.stringify(JSON.stringify(entry))});
      document.title = "planted";`
    ),
    // the learner's own entry, its edits kept and the planted ones added after them
    rewrite: hostileFile(
      "rewrite.html",
      `
      const key = ${JSON.stringify(scopeOf(pages.site))};
      const entry = JSON.parse(localStorage.getItem(key));
      entry.edits.push(...${JSON.stringify(planted)});
      localStorage.setItem(key, JSON.stringify(entry));
      document.title = "rewritten";`
    )
  };
  // the key of a page shown from a blob: URL: the notebook's path alone (served over http, below)
  hostileFile(
    "report-blob.html",
    `
    localStorage.setItem("queuebook:edits:blob:|planted.md", ${JSON.stringify(JSON.stringify(entry))});
    document.title = "planted";`
  );
  writeFileSync(join(work, "probe.html"), "<!doctype html><title>Probe</title>");
  server = await serveStatic(work);
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await closeBrowser(browser);
  await server?.close();
});

/** Opens `url` in `context` and waits for the notebook to have run (its cells defined and the value shown). */
async function open(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => /\d/.test(document.querySelector("#load")?.textContent ?? ""));
  await page.evaluate(() => (window as any).queuebook.defined);
  return page;
}

/** What a page of that origin sees in its storage, in key order. */
const stored = (page: Page) =>
  page.evaluate(() =>
    JSON.stringify(
      Object.keys(localStorage)
        .sort()
        .map((key) => [key, localStorage.getItem(key)])
    )
  );

/**
 * Runs the hostile file in `context` (its script writes the storage) and closes it; then waits
 * until another page of that origin sees what it wrote (Chromium hands a page's storage writes to
 * the other pages asynchronously: on a loaded machine the next page could load before them).
 */
async function runReport(context: BrowserContext, url: string, title: string): Promise<void> {
  const page = await context.newPage();
  await page.goto(url);
  expect(await page.title()).toBe(title); // (its script ran to the end)
  const written = await stored(page);
  await page.close();
  const probe = await context.newPage();
  await probe.goto(new URL("probe.html", url).href);
  await expect.poll(() => stored(probe), {timeout: 20_000}).toBe(written);
  await probe.close();
}

/** Everything a planted entry would leave in the page if it were applied: none of it may be there. */
const traces = (page: Page) =>
  page.evaluate(() => ({
    ran: [(window as any).plantedRan, (window as any).plantedImg, (window as any).plantedLink].some((v) => v !== undefined),
    cell: !!document.getElementById("planted-cell"),
    img: document.querySelectorAll("img[onerror], #planted-img").length,
    javascriptLinks: Array.from(document.querySelectorAll("a[href]")).filter((a) => /^\s*javascript:/i.test(a.getAttribute("href")!))
      .length,
    claimsEdited:
      Array.from(document.querySelectorAll<HTMLElement>("[data-qb-edited]")).some((e) => e.checkVisibility()) ||
      document.documentElement.hasAttribute("data-qb-has-edits"),
    load: document.querySelector("#load")?.textContent
  }));
const clean = {ran: false, cell: false, img: 0, javascriptLinks: 0, claimsEdited: false, load: "1.00"};

/** Edits the cell through the page's editor (its ✎ button, the keyboard, Shift+Enter), as a learner does. */
async function editCell(page: Page, code: string): Promise<void> {
  const count = Number((await page.getAttribute("html", "data-qb-edits")) ?? 0);
  await (await shownEditButton(page, page.locator("button[data-qb-edit='cell']").first())).focus();
  await page.keyboard.press("Enter");
  await page.locator("[data-qb-editor]").waitFor();
  await page.keyboard.press("Control+A");
  await page.keyboard.insertText(code);
  await page.keyboard.press("Shift+Enter");
  await page.waitForSelector(`html[data-qb-edits="${count + 1}"]`);
  await page.keyboard.press("Escape");
}

describe("edits planted by another file (file://)", () => {
  it("under every key layout: nothing planted runs or renders, the bar claims no edits, the review shows the code as text", async () => {
    const context = await browser.newContext({acceptDownloads: true});
    try {
      await runReport(context, reports.plant, "planted");
      // the built page's own key: offered, not applied
      const site = await open(context, pages.site);
      await site.locator("[data-qb-kept]").waitFor();
      expect(await site.locator("[data-qb-kept]").innerText()).toContain("kept in this browser, not applied");
      expect(await traces(site)).toEqual(clean);
      // the review shows what would run and what would render, as text
      await site.locator("button[data-qb-review]").click();
      const dialog = site.locator("dialog[data-qb-edits-review][open]");
      await dialog.waitFor();
      const shown = await dialog.locator("[data-qb-review-diff]").allInnerTexts();
      expect(shown.join("\n")).toContain("+ globalThis.plantedRan = true;");
      expect(shown.join("\n")).toContain('+ <img id="planted-img" src="x" onerror="globalThis.plantedImg = true">');
      expect(await dialog.locator("h3").allInnerTexts()).toEqual(["New code cell (JavaScript)", "Text at line 7: changed"]);
      expect(await traces(site)).toEqual(clean); // (shown as text: no element of it in the page)
      await dialog.locator("button[data-qb-review-discard]").click();
      await expect.poll(() => site.evaluate((key) => localStorage.getItem(key), scopeOf(pages.site))).toBeNull();
      expect(await site.locator("[data-qb-kept]").count()).toBe(0);
      expect(await traces(site)).toEqual(clean);

      // the export's set-aside list holding this version's entry: offered the same way, not applied
      const exported = await open(context, pages.exported);
      await exported.locator("[data-qb-kept]").waitFor();
      expect(await traces(exported)).toEqual(clean);
      await exported.reload(); // undecided: asked again on the next load, still nothing applied
      await exported.waitForFunction(() => /\d/.test(document.querySelector("#load")?.textContent ?? ""));
      await exported.locator("[data-qb-kept]").waitFor();
      expect(await traces(exported)).toEqual(clean);

      // a renamed copy has no key of its own: the older per-notebook key is not read at all
      const renamed = await open(context, pages.renamed);
      expect(await renamed.evaluate(() => !!(window as any).queuebook.editor || !!(window as any).queuebook.edits)).toBe(false);
      expect(await renamed.locator("[data-qb-kept], [data-qb-set-aside]").count()).toBe(0);
      expect(await traces(renamed)).toEqual(clean);
      await renamed.evaluate(() => (window as any).queuebook.loadEditor());
      await renamed.waitForFunction(() => (window as any).queuebook.edits);
      expect(await renamed.evaluate(() => (window as any).queuebook.edits.pending())).toBeUndefined();
      expect(await renamed.evaluate(() => localStorage.getItem("queuebook:edits:planted.md"))).not.toBeNull(); // neither read nor adopted
      expect(await traces(renamed)).toEqual(clean);
    } finally {
      await context.close();
    }
  }, 60_000);

  it("an export shown from a blob: URL (its key by notebook alone), planted by another page of that origin: nothing runs or renders before Apply", async () => {
    const context = await browser.newContext();
    try {
      await runReport(context, `${server.origin}/report-blob.html`, "planted");
      const page = await context.newPage();
      await page.goto(`${server.origin}/report-blob.html`);
      await Promise.all([
        page.waitForURL(/^blob:/),
        page
          .evaluate(async () => {
            const html = await (await fetch("/export/planted.html")).text();
            location.href = URL.createObjectURL(new Blob([html], {type: "text/html"}));
          })
          // the navigation may tear down the context before evaluate hears back (seen on a loaded machine)
          .catch((error: Error) => {
            if (!/context was destroyed|navigat/i.test(error.message)) throw error;
          })
      ]);
      await page.waitForFunction(() => /\d/.test(document.querySelector("#load")?.textContent ?? ""));
      await page.locator("[data-qb-kept]").waitFor();
      await page.evaluate(() => (window as any).queuebook.defined);
      expect(await traces(page)).toEqual(clean);
      await page.locator("button[data-qb-review]").click();
      expect((await page.locator("dialog[data-qb-edits-review][open] [data-qb-review-diff]").allInnerTexts()).join("\n")).toContain(
        "+ globalThis.plantedRan = true;"
      );
      expect(await traces(page)).toEqual(clean);
    } finally {
      await context.close();
    }
  }, 60_000);

  it("a genuine entry rewritten by another file: nothing runs before Apply, the review lists the learner's edit and the planted code, Esc leaves it undecided", async () => {
    const context = await browser.newContext();
    try {
      const page = await open(context, pages.site);
      await editCell(page, "const rate = 50;");
      await page.waitForFunction(() => document.querySelector("#load")?.textContent === "2.00");
      await runReport(context, reports.rewrite, "rewritten");
      await page.reload();
      await page.waitForFunction(() => /\d/.test(document.querySelector("#load")?.textContent ?? ""));
      await page.locator("[data-qb-kept]").waitFor();
      await page.evaluate(() => (window as any).queuebook.defined);
      expect(await traces(page)).toEqual(clean); // not even the learner's own edit, before Apply
      // by keyboard: the review opens on its heading, Esc closes it and gives the focus back
      await page.locator("button[data-qb-review]").focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("qb-edits-review-title");
      const dialog = page.locator("dialog[data-qb-edits-review]");
      const diff = (await dialog.locator("[data-qb-review-diff]").allInnerTexts()).join("\n");
      expect(diff).toContain("− const rate = 25;\n+ const rate = 50;");
      expect(diff).toContain("+ globalThis.plantedRan = true;");
      await page.keyboard.press("Escape");
      await expect.poll(() => page.evaluate(() => document.activeElement?.hasAttribute("data-qb-review"))).toBe(true);
      expect(await dialog.evaluate((d: HTMLDialogElement) => d.open)).toBe(false);
      // an ✎ pressed meanwhile opens the review, not an editor that would write over the kept edits
      await (await shownEditButton(page, page.locator("button[data-qb-edit='cell']").first())).click();
      await page.locator("dialog[data-qb-edits-review][open]").waitFor();
      expect(await page.locator("[data-qb-editor]").count()).toBe(0);
      expect(await page.evaluate(() => (window as any).queuebook.edits.replace(1, "const rate = 1;"))).toMatchObject({ok: false});
      expect(await traces(page)).toEqual(clean);
    } finally {
      await context.close();
    }
  }, 60_000);

  it("the learner's own edits come back after Apply, the bar says so then, and the next load asks again", async () => {
    const context = await browser.newContext({acceptDownloads: true});
    try {
      const page = await open(context, pages.site);
      await editCell(page, "const rate = 50;");
      await page.reload();
      await page.waitForFunction(() => /\d/.test(document.querySelector("#load")?.textContent ?? ""));
      await page.locator("[data-qb-kept]").waitFor();
      expect(await traces(page)).toEqual(clean);
      // by keyboard alone: Tab to "Review edits", Enter, Tab to Apply (each stop's focus shows), Enter
      expect(await tabTo(page, "button[data-qb-review]")).toEqual([]);
      await page.keyboard.press("Enter");
      await page.locator("dialog[data-qb-edits-review][open]").waitFor();
      expect(readable(await axeViolations(page))).toEqual([]);
      expect(await tabTo(page, "button[data-qb-review-apply]")).toEqual([]);
      await page.keyboard.press("Enter");
      await page.waitForFunction(() => document.querySelector("#load")?.textContent === "2.00");
      await expect.poll(() => page.locator("[data-qb-edited]").isVisible()).toBe(true);
      expect(await page.locator("[data-qb-edited]").textContent()).toBe("Edited in this browser");
      expect(await page.evaluate(() => document.activeElement?.hasAttribute("data-qb-edits-bar"))).toBe(true);
      expect(await page.locator("[data-qb-kept]").count()).toBe(0);
      const [download] = await Promise.all([page.waitForEvent("download"), page.locator("a[data-qb-download]").click()]);
      expect(readFileSync(await download.path(), "utf8")).toBe(notebook.replace("const rate = 25;", "const rate = 50;"));
      // edits made after Apply are kept on top of them
      await editCell(page, "const rate = 75;");
      await page.waitForFunction(() => document.querySelector("#load")?.textContent === "3.00");
      await page.reload();
      await page.locator("[data-qb-kept]").waitFor();
      expect((await traces(page)).load).toBe("1.00");
      await applyKept(page);
      await page.waitForFunction(() => document.querySelector("#load")?.textContent === "3.00");
    } finally {
      await context.close();
    }
  }, 60_000);
});
