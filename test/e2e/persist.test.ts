// Where edits go on a static page, in Chromium from file:// (the built site): an edit is kept in
// localStorage per page (its location and notebook) and version, survives a reload (offered for
// review, then the editor replays it on Apply: the dependent cell shows the edited value), shows
// the edited marker; Download .md gives the notebook as edited byte for byte; Revert brings the
// original back; edits made to another version of the notebook are set aside with a notice, not applied.
import {mkdirSync, readFileSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {pathToFileURL} from "node:url";
import type {Browser, Page} from "playwright-core";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {parseNotebook} from "../../src/notebook/parse.js";
import {applyEdits, sourceBlocks, type SourceEdit} from "../../src/notebook/source.js";
import {buildSite} from "../../src/site/build.js";
import {freshFolders} from "../support/folders.js";
import {closeBrowser, launchBrowser} from "./harness.js";
import {applyKept} from "./keptEdits.js";

// CRLF, front matter, a tab: the download must keep every byte but the edited body
const original = [
  "---",
  "title: Persist",
  "---",
  "",
  "# Load",
  "",
  "```js",
  'const rate = view(Inputs.range([1, 100], {value: 25, step: 1, label: "rate"}));',
  "```",
  "",
  "```js",
  "const load = rate * 0.04;",
  "```",
  "",
  'Load:\t<span id="load">${load.toFixed(2)}</span>',
  ""
].join("\r\n");
const blocks = sourceBlocks(original, parseNotebook(original, "persist.md").blocks);
const loadCell = blocks.findIndex((b) => b.kind === "cell" && original.slice(b.bodyStart, b.bodyEnd).includes("0.04"));
const edit: SourceEdit = {op: "replace", block: loadCell, text: "const load = rate * 0.1;"};
const expected = applyEdits(original, blocks, [edit]);
const folder = freshFolders("qb-persist-");

let browser: Browser;
let out: string;
let url: string;

beforeAll(async () => {
  const work = folder();
  const root = join(work, "notebooks");
  mkdirSync(root);
  writeFileSync(join(root, "persist.md"), original);
  out = join(work, "site");
  await buildSite({root, out, packageRoot: new URL("../../", import.meta.url).pathname});
  url = pathToFileURL(join(out, "persist.html")).href;
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => closeBrowser(browser));

/** A fresh browser profile (its own localStorage) on the built page, its edits started (the editor chunk loaded, as on a first edit). */
async function open(): Promise<{page: Page; close(): Promise<void>}> {
  const context = await browser.newContext({acceptDownloads: true});
  const page = await context.newPage();
  await page.goto(url);
  await page.evaluate(() => (window as any).queuebook.loadEditor());
  await page.waitForFunction(() => (window as any).queuebook?.edits && document.querySelector("#load")?.textContent !== "");
  return {page, close: () => context.close()};
}

/** Whether the page fetched the editor chunk (editor.js), which also holds where edits go. */
const editorLoaded = (page: Page) =>
  page.evaluate(() => !!(window as any).queuebook.editor || !!document.querySelector('script[src$="editor.js"]'));

const loadShown = (page: Page) => page.locator("#load").textContent();
/** The page's storage keys: its own location (".html" dropped) and its notebook's path. */
const keys = (page: Page) =>
  page.evaluate(() => {
    const scope = `${location.pathname.replace(/\.html$/, "")}|persist.md`;
    return {live: `queuebook:edits:${scope}`, aside: `queuebook:edits-set-aside:${scope}`};
  });

describe("edits on a static page (file://)", () => {
  it("loads no editor chunk for a reader with nothing kept, and loads it at once when edits are kept for the page", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction(
      () => document.querySelector("#load")?.textContent === "1.00" && document.querySelector("button[data-qb-edit]")
    );
    await page.evaluate(() => (window as any).queuebook.defined);
    expect(await editorLoaded(page)).toBe(false);
    expect(await page.evaluate(() => (window as any).queuebook.edits)).toBeUndefined();
    // another version's entry set aside earlier is not this page's: still nothing loaded
    const {live, aside} = await keys(page);
    await page.evaluate((key) => localStorage.setItem(key, JSON.stringify([{v: 1, hash: "0123456789abcdef", edits: [], text: ""}])), aside);
    await page.reload();
    await page.waitForFunction(() => document.querySelector("#load")?.textContent === "1.00");
    await page.evaluate(() => (window as any).queuebook.defined);
    expect(await editorLoaded(page)).toBe(false);
    // an entry for this page: the chunk loads without a click and offers it; Apply applies it
    await page.evaluate(
      ([key, e]) => {
        const source = JSON.parse(document.getElementById("qb-source")!.textContent!);
        localStorage.setItem(key, JSON.stringify({v: 1, hash: source.hash, edits: [e], text: ""}));
      },
      [live, edit] as const
    );
    await page.reload();
    await page.locator("[data-qb-kept]").waitFor();
    expect(await editorLoaded(page)).toBe(true);
    await expect.poll(() => loadShown(page)).toBe("1.00"); // the cells may run after the bar shows
    await applyKept(page);
    await page.waitForFunction(() => document.querySelector("#load")?.textContent === "2.50");
    await context.close();
  });

  it("shows no edits bar on a page nobody edited", async () => {
    const {page, close} = await open();
    expect(await page.locator("[data-qb-edits-bar]").isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-qb-has-edits"))).toBe(false);
    expect(await loadShown(page)).toBe("1.00");
    await close();
  });

  it("keeps an edit across a reload, marks the page edited, downloads the notebook as edited, and Revert brings the original back", async () => {
    const {page, close} = await open();
    const kept = await page.evaluate((e) => (window as any).queuebook.edits.replace(e.block, e.text), edit as any);
    expect(kept).toEqual({ok: true});
    const {live} = await keys(page);
    const stored = await page.evaluate((key) => JSON.parse(localStorage.getItem(key)!), live);
    expect(stored).toMatchObject({v: 1, hash: expect.stringMatching(/^[0-9a-f]{16}$/), edits: [edit], text: expected});
    const bar = page.locator("[data-qb-edits-bar]");
    await expect.poll(() => bar.isVisible()).toBe(true);
    expect(await page.locator("[data-qb-edited]").first().textContent()).toBe("Edited in this browser");

    await page.reload();
    await page.waitForFunction(() => (window as any).queuebook?.edits);
    // kept, offered, not applied until the learner reviews it and chooses Apply
    await page.locator("[data-qb-kept]").waitFor();
    expect(await page.evaluate(() => (window as any).queuebook.edits.current())).toBe(original);
    expect(await bar.isVisible()).toBe(false);
    await applyKept(page);
    expect(await page.evaluate(() => (window as any).queuebook.edits.current())).toBe(expected);
    await expect.poll(() => bar.isVisible()).toBe(true);
    // the editor replays the stored edit: the dependent value is the edited formula's (25 × 0.1)
    await page.waitForFunction(() => document.querySelector("#load")?.textContent === "2.50");

    const link = page.locator("a[data-qb-download]");
    expect(await link.getAttribute("download")).toBe("persist.md");
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(readFileSync(await download.path(), "utf8")).toBe(expected);
    expect(expected).toBe(original.replace("rate * 0.04", "rate * 0.1")); // only the edited body differs

    await Promise.all([page.waitForEvent("load"), page.locator("button[data-qb-revert]").click()]);
    await page.waitForFunction(() => document.querySelector("#load")?.textContent === "1.00");
    expect(await page.evaluate((key) => localStorage.getItem(key), live)).toBeNull();
    expect(await page.locator("[data-qb-edits-bar]").isVisible()).toBe(false);
    await close();
  });

  it("sets aside edits made to another version of the notebook, with a notice, and applies nothing", async () => {
    const {page, close} = await open();
    const earlier = original.replace("0.04", "0.05");
    const {live, aside} = await keys(page);
    await page.evaluate(([key, entry]) => localStorage.setItem(key, JSON.stringify(entry)), [
      live,
      {v: 1, hash: "0123456789abcdef", edits: [edit], text: earlier}
    ] as const);
    await page.reload();
    const notice = page.locator("[data-qb-set-aside]");
    await notice.waitFor();
    expect(await notice.textContent()).toContain("were made to another version of this notebook, so they were set aside, not applied");
    expect(await page.evaluate(() => (window as any).queuebook.edits.current())).toBe(original);
    await expect.poll(() => loadShown(page)).toBe("1.00");
    const [download] = await Promise.all([page.waitForEvent("download"), page.locator("a[data-qb-set-aside-download]").click()]);
    expect(download.suggestedFilename()).toBe("persist.edited-earlier.md");
    expect(readFileSync(await download.path(), "utf8")).toBe(earlier);
    expect(
      await page.evaluate(
        ([l, a]) => [localStorage.getItem(l), JSON.parse(localStorage.getItem(a)!).map((e: any) => e.text)],
        [live, aside]
      )
    ).toEqual([null, [earlier]]);
    await page.locator("button[data-qb-set-aside-discard]").click();
    await expect.poll(() => notice.count()).toBe(0); // (a click can be handled after the next read: on-call.test saw it)
    expect(await page.evaluate((key) => localStorage.getItem(key), aside)).toBeNull();
    await close();
  });

  it("sets aside a stored entry that is not one (hand-edited, a block the notebook lacks) without applying or failing the page", async () => {
    for (const raw of ["{not json", JSON.stringify({v: 1, hash: "x", edits: [{op: "replace", block: "0", text: 1}], text: ""})]) {
      const {page, close} = await open();
      const {live} = await keys(page);
      await page.evaluate(([key, value]) => localStorage.setItem(key, value), [live, raw]);
      await page.reload();
      await page.locator("[data-qb-set-aside]").waitFor();
      expect(await page.locator("a[data-qb-set-aside-download]").count()).toBe(0); // nothing readable to offer
      await expect.poll(() => loadShown(page)).toBe("1.00"); // the cells may run after the notice shows (a full run saw "" once)
      await close();
    }
    const {page, close} = await open();
    const hash = await page.evaluate(() => JSON.parse(document.getElementById("qb-source")!.textContent!).hash);
    const {live} = await keys(page);
    await page.evaluate(([key, entry]) => localStorage.setItem(key, JSON.stringify(entry)), [
      live,
      {v: 1, hash, edits: [{op: "replace", block: 99, text: "x"}], text: "x"}
    ] as const);
    await page.reload();
    await page.locator("[data-qb-set-aside]").waitFor();
    await expect.poll(() => loadShown(page)).toBe("1.00");
    await close();
  });
});
