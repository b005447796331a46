// Signing in to `queuebook dev` as its user does, in real headless Chromium: the command prints
// a sign-in link; the browser that opens it lands on the clean URL, edits a cell and the save
// reaches the .md; the same link in another browser is refused, and no script of the page can
// read the cookie. With `--open` (npm start's) the opener is handed a private file, which
// Chromium opens from disk: that navigation comes from another site (file://), and the browser
// still lands on the server signed in and saves.
import {spawn, type ChildProcess} from "node:child_process";
import {chmodSync, mkdirSync, readFileSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import type {Browser, Page} from "playwright-core";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {closeBrowser, launchBrowser, releaseTab, takeTab} from "./harness.js";
import {freshFolders} from "../support/folders.js";
import {shownEditButton} from "../support/editButton.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
const folder = freshFolders("qb-dev-signin-");
const notebook = '# Sign in\n\n```js\nconst a = 1;\n```\n\nA is <b id="a">${a}</b>.\n';
let browser: Browser;
const children: ChildProcess[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await Promise.all(
    children.map(
      (child) => new Promise((exited) => (child.exitCode !== null ? exited(null) : (child.once("exit", exited), child.kill("SIGTERM"))))
    )
  );
  await closeBrowser(browser);
});

/** `queuebook dev` on a new folder holding nb.md, as a user starts it; resolves with what it printed. */
async function startDev(args: string[], env: NodeJS.ProcessEnv): Promise<{root: string; url: string; link: string}> {
  const root = join(folder(), "notebooks");
  mkdirSync(root);
  writeFileSync(join(root, "nb.md"), notebook);
  const child = spawn(process.execPath, [join(packageRoot, "bin/queuebook.js"), "dev", "--root", root, "--port", "0", ...args], {
    env,
    stdio: ["ignore", "pipe", "inherit"]
  });
  children.push(child);
  let out = "";
  const [url, link] = await new Promise<[string, string]>((resolve, reject) => {
    child.stdout!.on("data", (d) => {
      out += d;
      const m = /at (http:\/\/127\.0\.0\.1:\d+\/)\n(?:.*\n)*?to edit and save, open (\S+) /.exec(out);
      if (m) resolve([m[1], m[2]]);
    });
    child.on("exit", (code) => reject(new Error(`dev exited early with ${code}`)));
  });
  return {root, url, link};
}

/** Opens the editor of the notebook's first cell with the keyboard, types `text` over it and runs it. */
async function editFirstCell(page: Page, text: string): Promise<void> {
  await (await shownEditButton(page, page.locator("#cell-1").locator("xpath=preceding-sibling::button[@data-qb-edit][1]"))).focus();
  await page.keyboard.press("Enter");
  await page.waitForSelector("[data-qb-editor] .cm-content");
  await page.keyboard.press("Control+A");
  await page.keyboard.insertText(text);
  await page.keyboard.press("Shift+Enter");
}

describe("queuebook dev's sign-in link in Chromium", {timeout: 60_000}, () => {
  it("the printed link signs the browser in at the clean URL; an edit there saves; the link signs no other browser in", async () => {
    const {root, url, link} = await startDev([], {...process.env, BROWSER: "none"});
    const page = await takeTab(browser);
    const other = await browser.newContext();
    try {
      await page.goto(link);
      expect(page.url()).toBe(url); // the token is gone from the address bar and the history
      expect(await page.evaluate(() => document.cookie)).toBe(""); // HttpOnly: no script of any page reads it
      await page.click('a[href="/nb"]');
      await page.waitForSelector('html[data-queuebook-live="connected"]');
      await editFirstCell(page, "const a = 5;");
      await page.waitForFunction(() => document.querySelector("#a")?.textContent === "5");
      await expect.poll(() => readFileSync(join(root, "nb.md"), "utf8")).toBe(notebook.replace("const a = 1;", "const a = 5;"));
      // the same link, in a browser that is not signed in: refused, and no cookie
      const second = await other.newPage();
      const answer = await second.goto(link);
      expect(answer?.status()).toBe(403);
      expect(await other.cookies()).toEqual([]);
    } finally {
      await other.close();
      await releaseTab(page);
    }
  });

  it("--open: Chromium opening the opener's file from disk lands on the server signed in, and saves", async () => {
    const bin = folder();
    const record = join(bin, "opened.json");
    const opener = join(bin, "browser");
    writeFileSync(
      opener,
      `#!${process.execPath}\nrequire("node:fs").writeFileSync(${JSON.stringify(record)}, JSON.stringify(process.argv.slice(2)));\n`
    );
    chmodSync(opener, 0o755);
    const {root, url} = await startDev(["--open"], {...process.env, BROWSER: opener});
    await expect
      .poll(() => {
        try {
          return JSON.parse(readFileSync(record, "utf8"));
        } catch {
          return undefined;
        }
      })
      .toHaveLength(1);
    const [file] = JSON.parse(readFileSync(record, "utf8")) as string[];
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`file://${file}`);
      await page.waitForURL(url);
      expect((await context.cookies(url)).map((c) => [c.httpOnly, c.sameSite])).toEqual([[true, "Strict"]]);
      await page.goto(`${url}nb`);
      await page.evaluate(() => (window as any).queuebook.loadEditor());
      await page.waitForFunction(() => (window as any).queuebook?.edits && document.querySelector("#a")?.textContent === "1");
      expect(await page.evaluate(() => (window as any).queuebook.edits.replace(1, "const a = 7;"))).toEqual({ok: true});
      expect(readFileSync(join(root, "nb.md"), "utf8")).toBe(notebook.replace("const a = 1;", "const a = 7;"));
    } finally {
      await context.close();
    }
  });
});
