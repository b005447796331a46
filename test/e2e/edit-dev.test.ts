// Editing under `queuebook dev`, in real headless Chromium over HTTP on 127.0.0.1: an edited
// cell imports a project module the page never bundled and it runs (the dev server bundles it
// on request, devModules.ts); an import outside the project is the cell's error, naming the
// module and holding nothing of the file; and the dev server's live update after the save
// leaves <main> as it is (the edit buttons are the page's UI, not the notebook's structure).
import {mkdirSync, readFileSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {Browser, Page} from "playwright-core";
import {startPreview, type Preview} from "../../src/site/preview.js";
import {closeBrowser, launchBrowser, releaseTab, takeTab, signIn} from "./harness.js";
import {freshFolders} from "../support/folders.js";
import {shownEditButton} from "../support/editButton.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
const folder = freshFolders("qb-edit-dev-");
const secret = "TOP-SECRET-OUTSIDE";
const notebook = '# Page\n\n```js\nconst x = 1;\n```\n\nTen x: <b class="x">${x * 10}</b>.\n\n```js\nconst y = 2;\n```\n';
let project: string;
let preview: Preview;
let browser: Browser;

beforeAll(async () => {
  const base = folder();
  project = join(base, "project");
  mkdirSync(join(project, "notebooks"), {recursive: true});
  mkdirSync(join(project, "src"));
  mkdirSync(join(base, "outside"));
  writeFileSync(join(project, "package.json"), "{}\n");
  writeFileSync(join(base, "outside", "secret.js"), `export const secret = "${secret}";\n`);
  writeFileSync(join(project, "src", "extra.js"), 'import {helper} from "./helper.js";\nexport const answer = helper(21);\n');
  writeFileSync(join(project, "src", "helper.js"), "export const helper = (x) => x * 2;\n");
  preview = await startPreview({root: join(project, "notebooks"), packageRoot, port: 0});
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await closeBrowser(browser);
  await preview?.close();
});

/** A fresh page of the notebook as first written (a test before may have saved edits into it). */
async function open(): Promise<Page> {
  writeFileSync(join(project, "notebooks", "page.md"), notebook);
  const page = await takeTab(browser);
  await signIn(page, preview, "/page"); // (saves and new imports need the browser signed in)
  await page.waitForSelector('html[data-queuebook-live="connected"]');
  await page.waitForFunction(() => document.querySelector(".x")?.textContent === "10");
  return page;
}

/** Opens the editor of cell element `selector` with the keyboard. */
async function edit(page: Page, selector: string): Promise<void> {
  await (await shownEditButton(page, page.locator(selector).locator("xpath=preceding-sibling::button[@data-qb-edit][1]"))).focus();
  await page.keyboard.press("Enter");
  await page.waitForSelector("[data-qb-editor] .cm-content");
}

/** Replaces the focused editor's text and runs it; resolves once the page applied it. */
async function run(page: Page, text: string): Promise<void> {
  const count = Number((await page.getAttribute("html", "data-qb-edits")) ?? 0);
  await page.keyboard.press("Control+A");
  await page.keyboard.insertText(text);
  await page.keyboard.press("Shift+Enter");
  await page.waitForSelector(`html[data-qb-edits="${count + 1}"]`);
}

describe("editing under queuebook dev (Chromium, HTTP)", {timeout: 60_000}, () => {
  it("an edited cell imports a project module the page did not bundle, and it runs; the save reaches the file", async () => {
    const page = await open();
    try {
      await edit(page, "#cell-1");
      await run(page, 'import {answer} from "../src/extra.js";\nconst x = answer;');
      await page.waitForFunction(() => document.querySelector(".x")?.textContent === "420");
      expect(await page.locator("#cell-1 .qb-error").count()).toBe(0);
      await expect
        .poll(() => readFileSync(join(project, "notebooks", "page.md"), "utf8"))
        .toContain('import {answer} from "../src/extra.js";');
    } finally {
      await releaseTab(page);
    }
  });

  it("an import outside the project is the cell's error, naming the module, with nothing of the file in the page", async () => {
    const page = await open();
    try {
      await edit(page, "#cell-1");
      await run(page, 'import {secret} from "../../outside/secret.js";\nconst x = secret.length;');
      await page.waitForFunction(() => /outside/.test(document.querySelector("#cell-1")?.textContent ?? ""));
      const message = await page.locator("#cell-1").textContent();
      expect(message).toContain('"../../outside/secret.js"');
      expect(message).toContain("outside the project");
      expect(await page.content()).not.toContain(secret);
      await run(page, "const x = 3;"); // and back
      await page.waitForFunction(() => document.querySelector(".x")?.textContent === "30");
    } finally {
      await releaseTab(page);
    }
  });

  it("the live update after a save keeps <main>'s elements: the edit buttons do not count as a change of structure", async () => {
    const page = await open();
    try {
      const updates = Number((await page.getAttribute("html", "data-queuebook-updates")) ?? 0);
      await page.evaluate(() => ((document.querySelector("main p") as any).qbMark = "kept"));
      await edit(page, "#cell-2");
      await run(page, "const y = 5;");
      await page.waitForSelector(`html[data-queuebook-updates="${updates + 1}"]`); // the server saw the saved file
      expect(await page.evaluate(() => (document.querySelector("main p") as any).qbMark)).toBe("kept");
      expect(await page.locator("[data-qb-editor]").count()).toBe(1); // the editor is still open
    } finally {
      await releaseTab(page);
    }
  });
});
