// Editing under `queuebook dev` as a learner goes on after the first save, in real headless
// Chromium over HTTP on 127.0.0.1: each save reaches the .md and the dev server's live update
// follows; after it, every ✎ (the same cell again, another cell, a prose block, and again
// after a prose save whose live update rebuilt <main>) opens an editor that is in the page,
// has the focus, and runs and saves what is typed into it. A save from another editor (its live
// update carries the file's new version) does not stop the page saving: a cell the outside edit
// left alone saves over it, one it changed is refused with the learner's text kept.
import {mkdirSync, readFileSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {Browser, Page} from "playwright-core";
import {startPreview, type Preview} from "../../src/site/preview.js";
import {closeBrowser, launchBrowser, releaseTab, takeTab, signIn} from "./harness.js";
import {freshFolders} from "../support/folders.js";
import {shownEditButton} from "../support/editButton.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
const folder = freshFolders("qb-edit-dev-again-");
// blocks: 0 the heading and intro, 1 the hidden cell of n (no output), 2 the hidden cell of rate, 3 the prose that shows them
const notebook =
  '# Again\n\nIntro <b class="intro">one</b>.\n\n```js\nconst n = 160;\n```\n\n```js\nconst rate = 2;\n```\n\nn is <b class="n">${n}</b>, load <b class="load">${n * rate}</b>.\n';
let file: string;
let preview: Preview;
let browser: Browser;

beforeAll(async () => {
  const root = join(folder(), "notebooks");
  mkdirSync(root);
  file = join(root, "again.md");
  writeFileSync(file, notebook);
  preview = await startPreview({root, packageRoot, port: 0});
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await closeBrowser(browser);
  await preview?.close();
});

const onDisk = () => readFileSync(file, "utf8");

async function open(): Promise<Page> {
  writeFileSync(file, notebook);
  const page = await takeTab(browser, {viewport: {width: 1280, height: 720}});
  await signIn(page, preview, "/again"); // (saves need the browser signed in, as its user does with the link dev prints)
  await page.waitForSelector('html[data-queuebook-live="connected"]');
  await page.waitForFunction(() => document.querySelector(".load")?.textContent === "320");
  return page;
}

/** The edit button of the `k`-th cell (0-based) or of the prose run holding `selector`. */
function cellButton(page: Page, k: number) {
  return page.locator(".qb-cell").nth(k).locator("xpath=preceding-sibling::button[@data-qb-edit][1]");
}
function proseButton(page: Page, selector: string) {
  return page.locator(`main > :has(${selector})`).locator("xpath=preceding-sibling::button[@data-qb-edit='prose'][1]");
}

/**
 * Presses an edit button (keyboard; a hidden cell's once "Show code" is on) and
 * checks the editor it opens is a working one: in the page, holding the focus, `open` in all.
 */
async function openEditor(page: Page, button: ReturnType<typeof cellButton>, holds: string, open = 1): Promise<void> {
  await (await shownEditButton(page, button)).focus();
  await page.keyboard.press("Enter");
  await page.waitForFunction((text) => {
    const active = document.activeElement;
    const editor = active?.closest("[data-qb-editor]");
    return (
      !!editor && editor.isConnected && !!editor.closest("main") && (editor.querySelector(".cm-content")?.textContent ?? "").includes(text)
    );
  }, holds);
  expect(await page.locator("main [data-qb-editor]").count()).toBe(open);
}

/** Types `text` over the focused editor, runs it, and waits for the save and the live update it causes. */
async function runAndSave(page: Page, text: string, saved: string): Promise<void> {
  const updates = Number((await page.getAttribute("html", "data-queuebook-updates")) ?? 0);
  await page.keyboard.press("Control+A");
  await page.keyboard.insertText(text);
  await page.keyboard.press("Shift+Enter");
  await expect.poll(onDisk, {timeout: 20_000}).toContain(saved);
  await page.waitForFunction((n) => Number(document.documentElement.getAttribute("data-queuebook-updates") ?? 0) > n, updates);
  expect((await page.locator(".qb-edit-status").allTextContents()).join("")).toBe(""); // no refusal shown
}

async function closeEditor(page: Page): Promise<void> {
  await page.keyboard.press("Escape");
  await page.waitForFunction(() => !document.querySelector("[data-qb-editor]"));
}

describe("editing again under queuebook dev (Chromium, HTTP)", {timeout: 90_000}, () => {
  it("after a save and its live update, the same cell opens again and saves again", async () => {
    const page = await open();
    try {
      await openEditor(page, cellButton(page, 0), "const n = 160;");
      await runAndSave(page, "const n = 320;", "const n = 320;");
      await page.waitForFunction(() => document.querySelector(".load")?.textContent === "640");
      await closeEditor(page);
      await openEditor(page, cellButton(page, 0), "const n = 320;");
      await runAndSave(page, "const n = 400;", "const n = 400;");
      await page.waitForFunction(() => document.querySelector(".load")?.textContent === "800");
      expect(onDisk()).toBe(notebook.replace("160", "400"));
    } finally {
      await releaseTab(page);
    }
  });

  it("after a save, a different cell opens and saves, with the first edit kept in the file", async () => {
    const page = await open();
    try {
      await openEditor(page, cellButton(page, 0), "const n = 160;");
      await runAndSave(page, "const n = 100;", "const n = 100;");
      // the first editor left open: the other cell's button still opens its own
      await openEditor(page, cellButton(page, 1), "const rate = 2;", 2);
      await runAndSave(page, "const rate = 3;", "const rate = 3;");
      await page.waitForFunction(() => document.querySelector(".load")?.textContent === "300");
      expect(onDisk()).toBe(notebook.replace("160", "100").replace("rate = 2", "rate = 3"));
    } finally {
      await releaseTab(page);
    }
  });

  it("after a prose save that changes <main>'s structure (main is rebuilt under the open editor), the editor keeps the focus, and prose and cells open working editors again", async () => {
    const page = await open();
    try {
      await openEditor(page, proseButton(page, ".intro"), "Intro");
      // a new heading and paragraph: <main>'s structure changes, the live update rebuilds it
      await runAndSave(page, '# Again\n\n## Added\n\nIntro <b class="intro">two</b>.', "## Added");
      await page.waitForFunction(
        () => document.querySelector("main h2")?.textContent === "Added" && document.querySelector(".intro")?.textContent === "two"
      );
      // the editor keeps the focus through the rebuild (Esc still leaves it); the same prose block, once more
      await closeEditor(page);
      await openEditor(page, proseButton(page, ".intro"), "Added");
      await runAndSave(page, '# Again\n\n## Added\n\nIntro <b class="intro">three</b>.', "three");
      await page.waitForFunction(() => document.querySelector(".intro")?.textContent === "three");
      await closeEditor(page);
      // a cell, and the prose after it
      await openEditor(page, cellButton(page, 0), "const n = 160;");
      await runAndSave(page, "const n = 10;", "const n = 10;");
      await page.waitForFunction(() => document.querySelector(".load")?.textContent === "20");
      await closeEditor(page);
      await openEditor(page, proseButton(page, ".load"), "n is");
      await runAndSave(page, 'Now n is <b class="n">${n}</b>, load <b class="load">${n * rate}</b>.', "Now n is");
      await page.waitForFunction(() => /^Now n is 10/.test(document.querySelector("main > p:has(.load)")?.textContent ?? ""));
      expect(onDisk()).toBe(
        '# Again\n\n## Added\n\nIntro <b class="intro">three</b>.\n\n```js\nconst n = 10;\n```\n\n```js\nconst rate = 2;\n```\n\nNow n is <b class="n">${n}</b>, load <b class="load">${n * rate}</b>.\n'
      );
    } finally {
      await releaseTab(page);
    }
  });

  it("a live update from outside rebuilds <main> under an open editor: it is back in place, ✎ reaches it, and its next save is accepted (the outside edit left its cell alone)", async () => {
    const page = await open();
    try {
      await openEditor(page, cellButton(page, 0), "const n = 160;");
      await runAndSave(page, "const n = 200;", "const n = 200;"); // a save before the outside edit: the page's version moves on
      await page.keyboard.press("Control+Home");
      await page.keyboard.insertText("// mine\n");
      const updates = Number((await page.getAttribute("html", "data-queuebook-updates")) ?? 0);
      await page.evaluate(() => ((document.querySelector("main h1") as any).qbMark = "old"));
      const outside = onDisk().replace("# Again", "# Again, from another editor");
      writeFileSync(file, outside); // another editor saves the file
      await page.waitForFunction((n) => Number(document.documentElement.getAttribute("data-queuebook-updates") ?? 0) > n, updates);
      await page.waitForFunction(() => document.querySelector("main h1")?.textContent === "Again, from another editor");
      expect(await page.evaluate(() => (document.querySelector("main h1") as any).qbMark)).toBeUndefined(); // main was rebuilt
      // the editor is in the page again, before its cell, with the learner's text
      await page.waitForFunction(
        () =>
          document.querySelector("main [data-qb-editor]")?.closest(".qb-edit-panel")?.nextElementSibling?.matches("button[data-qb-edit]") ??
          false
      );
      await page.locator("main h1").click(); // (the focus elsewhere)
      await openEditor(page, cellButton(page, 0), "// mine");
      await page.keyboard.press("Shift+Enter");
      // saved over the other editor's version: its heading and the learner's cell both in the file
      await expect.poll(onDisk, {timeout: 20_000}).toBe(outside.replace("const n = 200;", "// mine\nconst n = 200;"));
      expect((await page.locator(".qb-edit-status").allTextContents()).join("")).toBe("");
      // and the next save too, from another cell
      await openEditor(page, cellButton(page, 1), "const rate = 2;", 2);
      await runAndSave(page, "const rate = 5;", "const rate = 5;");
      await page.waitForFunction(() => document.querySelector(".load")?.textContent === "1000");
      expect(onDisk()).toBe(outside.replace("const n = 200;", "// mine\nconst n = 200;").replace("rate = 2", "rate = 5"));
    } finally {
      await releaseTab(page);
    }
  });

  it("an outside edit to the very cell an editor holds: its save is refused as changed on disk, the learner's text stays, the other cells still save", async () => {
    const page = await open();
    try {
      await openEditor(page, cellButton(page, 0), "const n = 160;");
      await page.keyboard.press("Control+Home");
      await page.keyboard.insertText("// mine\n");
      const updates = Number((await page.getAttribute("html", "data-queuebook-updates")) ?? 0);
      const outside = notebook.replace("const n = 160;", "const n = 170;");
      writeFileSync(file, outside); // another editor changes the same cell
      await page.waitForFunction((n) => Number(document.documentElement.getAttribute("data-queuebook-updates") ?? 0) > n, updates);
      await page.waitForFunction(() => document.querySelector(".load")?.textContent === "340");
      await page.waitForFunction(() => !!document.querySelector("main [data-qb-editor]")?.isConnected);
      await page.focus("main [data-qb-editor] .cm-content");
      await page.keyboard.press("Shift+Enter");
      await page.waitForFunction(() => /changed on disk/.test(document.querySelector(".qb-edit-status")?.textContent ?? ""));
      expect(await page.locator("main [data-qb-editor] .cm-content").textContent()).toContain("// mine");
      expect(onDisk()).toBe(outside); // the other editor's save is kept
      expect(await page.locator(".load").textContent()).toBe("340"); // and what the page shows is the file's
      // another cell opens a working editor and saves over the outside version
      await openEditor(page, cellButton(page, 1), "const rate = 2;", 2);
      await page.keyboard.press("Control+A");
      await page.keyboard.insertText("const rate = 3;");
      await page.keyboard.press("Shift+Enter");
      await expect.poll(onDisk, {timeout: 20_000}).toBe(outside.replace("rate = 2", "rate = 3"));
      await page.waitForFunction(() => document.querySelector(".load")?.textContent === "510");
      expect(await page.locator(".qb-edit-status").allTextContents()).toEqual([expect.stringContaining("changed on disk"), ""]); // (the first panel's refusal stays until it runs again)
    } finally {
      await releaseTab(page);
    }
  });

  it("an outside edit before the editor first loads: the page's source is the file's new version, so the first in-page save is accepted", async () => {
    const page = await open();
    try {
      const updates = Number((await page.getAttribute("html", "data-queuebook-updates")) ?? 0);
      const outside = notebook.replace("Intro", "Intro, from another editor,");
      writeFileSync(file, outside);
      await page.waitForFunction((n) => Number(document.documentElement.getAttribute("data-queuebook-updates") ?? 0) > n, updates);
      expect(await page.evaluate(() => !!(window as any).queuebook.editor)).toBe(false);
      expect(await page.evaluate(() => JSON.parse(document.getElementById("qb-source")!.textContent!).text)).toBe(outside);
      await openEditor(page, cellButton(page, 0), "const n = 160;");
      await runAndSave(page, "const n = 10;", "const n = 10;");
      expect(onDisk()).toBe(outside.replace("160", "10"));
    } finally {
      await releaseTab(page);
    }
  });
});
