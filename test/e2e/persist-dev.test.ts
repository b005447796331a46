// Where edits go under `queuebook dev`, in Chromium: the page carries the server's token, an edit
// saves the notebook to its .md (only the edited body changes), and a save after the file
// changed on disk is refused with a message while the file keeps the other edit.
import {mkdirSync, readFileSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import type {Browser} from "playwright-core";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {startPreview, type Preview} from "../../src/site/preview.js";
import {freshFolders} from "../support/folders.js";
import {closeBrowser, launchBrowser, releaseTab, takeTab} from "./harness.js";

const original = "---\r\ntitle: Dev save\r\n---\r\n\r\n```js\r\nconst a = 1;\r\n```\r\n\r\n```js\r\nconst b = a * 2;\r\n```\r\n\r\nb is <span id=\"b\">${b}</span>\r\n";
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
    await page.goto(`${preview.url}nb`);
    await page.evaluate(() => (window as any).queuebook.loadEditor()); // (edits start with the editor chunk, as on a first edit)
    await page.waitForFunction(() => (window as any).queuebook?.edits && document.querySelector("#b")?.textContent === "2");
    expect(await page.getAttribute('meta[name="queuebook-token"]', "content")).toBe(preview.token);
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
});
