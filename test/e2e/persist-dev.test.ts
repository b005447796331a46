// Where edits go under `queuebook dev`, in Chromium: the page carries no secret, and a browser
// signed in with the server's link saves an edit to its .md (only the edited body changes); a save
// after the file changed on disk is refused with a message while the file keeps the other edit;
// a browser not signed in is told how to sign in and saves nothing.
import {mkdirSync, readFileSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import type {Browser} from "playwright-core";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {startPreview, type Preview} from "../../src/site/preview.js";
import {freshFolders} from "../support/folders.js";
import {closeBrowser, launchBrowser, releaseTab, takeTab, signIn} from "./harness.js";

const original =
  '---\r\ntitle: Dev save\r\n---\r\n\r\n```js\r\nconst a = 1;\r\n```\r\n\r\n```js\r\nconst b = a * 2;\r\n```\r\n\r\nb is <span id="b">${b}</span>\r\n';
const folder = freshFolders("qb-persist-dev-");
let browser: Browser;
let preview: Preview;
let root: string;

beforeAll(async () => {
  root = join(folder(), "notebooks");
  mkdirSync(root);
  writeFileSync(join(root, "nb.md"), original);
  preview = await startPreview({root, packageRoot: new URL("../../", import.meta.url).pathname, port: 0});
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await closeBrowser(browser);
  await preview?.close();
});

describe("edits under queuebook dev", () => {
  it("saves an edit into the .md (only that body), and refuses a save once the file changed on disk", async () => {
    const page = await takeTab(browser);
    await signIn(page, preview, "/nb");
    await page.evaluate(() => (window as any).queuebook.loadEditor()); // (edits start with the editor chunk, as on a first edit)
    await page.waitForFunction(() => (window as any).queuebook?.edits && document.querySelector("#b")?.textContent === "2");
    expect(await page.locator('meta[name="queuebook-token"]').count()).toBe(0);
    expect(await page.getAttribute('meta[name="queuebook-save"]', "content")).toBe("/_queuebook/save");
    // blocks: 0 the cell of a, 1 the cell of b, 2 the prose
    const result = await page.evaluate(() => (window as any).queuebook.edits.replace(1, "const b = a * 3;"));
    expect(result).toEqual({ok: true});
    expect(readFileSync(join(root, "nb.md"), "utf8")).toBe(original.replace("a * 2", "a * 3"));
    // a second save from the same page expects the version it saved
    expect(await page.evaluate(() => (window as any).queuebook.edits.replace(1, "const b = a * 4;"))).toEqual({ok: true});
    const saved = original.replace("a * 2", "a * 4");
    expect(readFileSync(join(root, "nb.md"), "utf8")).toBe(saved);
    // someone edits the file in another editor: the page's next save is refused, the file kept
    const other = saved.replace("const a = 1;", "const a = 10;");
    writeFileSync(join(root, "nb.md"), other);
    const refused = await page.evaluate(() => (window as any).queuebook.edits.replace(1, "const b = a * 5;"));
    expect(refused.ok).toBe(false);
    expect(refused.message).toMatch(/^not saved: nb\.md changed on disk since this page loaded it; your text is still in the editor/);
    expect(readFileSync(join(root, "nb.md"), "utf8")).toBe(other);
    await releaseTab(page);
  });

  it("refuses a save from a browser not signed in, saying how to sign in, and saves once it is", async () => {
    writeFileSync(join(root, "nb.md"), original);
    const page = await takeTab(browser);
    try {
      await page.goto(`${preview.url}nb`); // typed or bookmarked: reading needs nothing
      await page.evaluate(() => (window as any).queuebook.loadEditor());
      await page.waitForFunction(() => (window as any).queuebook?.edits && document.querySelector("#b")?.textContent === "2");
      const refused = await page.evaluate(() => (window as any).queuebook.edits.replace(1, "const b = a * 7;"));
      expect(refused.ok).toBe(false);
      expect(refused.message).toMatch(
        /^not saved: this browser may not write to queuebook dev yet: open the sign-in link its terminal printed/
      );
      expect(readFileSync(join(root, "nb.md"), "utf8")).toBe(original);
      await signIn(page, preview, "/nb");
      await page.evaluate(() => (window as any).queuebook.loadEditor());
      await page.waitForFunction(() => (window as any).queuebook?.edits && document.querySelector("#b")?.textContent === "2");
      expect(await page.evaluate(() => (window as any).queuebook.edits.replace(1, "const b = a * 7;"))).toEqual({ok: true});
      expect(readFileSync(join(root, "nb.md"), "utf8")).toBe(original.replace("a * 2", "a * 7"));
    } finally {
      await releaseTab(page);
    }
  });
});
