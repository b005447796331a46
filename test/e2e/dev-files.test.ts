// A scripted file in the notebook folder, under `queuebook dev`, in real headless Chromium with
// the browser signed in: the same script that saves a planted notebook when it runs as the site
// (the control, run in the notebook's own page) does nothing from an HTML or SVG file of the
// folder, which the server sends sandboxed (CSP sandbox: no script runs); an SVG the notebook
// shows as an <img> still renders.
import {mkdirSync, readFileSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import type {Browser, Page} from "playwright-core";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {startPreview, type Preview} from "../../src/site/preview.js";
import {closeBrowser, launchBrowser, releaseTab, signIn, takeTab} from "./harness.js";
import {freshFolders} from "../support/folders.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
const folder = freshFolders("qb-dev-files-");
const notebook = '# Files\n\n<img id="pic" src="pic.svg" alt="a square">\n\n```js\nconst a = 1;\n```\n';
/** What a hostile file runs: read a page of the site for its source's version, then save a planted notebook. */
const attack = `(async () => {
  const html = await (await fetch("/nb")).text();
  const source = JSON.parse(new DOMParser().parseFromString(html, "text/html").getElementById("qb-source").textContent);
  const saved = await fetch("/_queuebook/save", {method: "POST", headers: {"content-type": "application/json", "x-queuebook-write": "1"}, body: JSON.stringify({path: "nb.md", expected: source.hash, text: "# PLANTED\\n"})});
  document.title = "saved " + saved.status;
})();`;
let root: string;
let preview: Preview;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  root = join(folder(), "notebooks");
  mkdirSync(root);
  writeFileSync(join(root, "nb.md"), notebook);
  writeFileSync(
    join(root, "pic.svg"),
    '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><rect width="40" height="30" fill="teal"/></svg>'
  );
  writeFileSync(join(root, "evil.html"), `<!doctype html><title>evil</title><script>${attack}</script>`);
  writeFileSync(
    join(root, "evil.svg"),
    `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script><![CDATA[${attack}]]></script></svg>`
  );
  preview = await startPreview({root, packageRoot, port: 0});
  browser = await launchBrowser();
  page = await takeTab(browser);
  await signIn(page, preview, "/nb");
}, 120_000);
afterAll(async () => {
  if (page) await releaseTab(page);
  await closeBrowser(browser);
  await preview?.close();
});

describe("a scripted file in the notebook folder under queuebook dev (Chromium, signed in)", {timeout: 60_000}, () => {
  it("the attack saves when it runs as the site (the control: it is a real one)", async () => {
    try {
      await page.goto(`${preview.url}nb`);
      await page.evaluate(attack);
      await page.waitForFunction(() => document.title.startsWith("saved "));
      expect(await page.title()).toBe("saved 200");
      expect(readFileSync(join(root, "nb.md"), "utf8")).toBe("# PLANTED\n");
    } finally {
      writeFileSync(join(root, "nb.md"), notebook);
    }
  });

  for (const file of ["evil.html", "evil.svg"]) {
    it(`${file}, opened as a page, runs no script: nothing is saved`, async () => {
      // whichever comes first: Chromium saying it refused the script, or the script's save answered
      const blocked = page.waitForEvent("console", (m) => /Blocked script execution .*sandboxed/.test(m.text())).then(() => "blocked");
      const answer = await page.goto(`${preview.url}${file}`);
      const saved = page
        .waitForFunction(() => document.title.startsWith("saved "))
        .then(
          () => "saved",
          () => "gone"
        );
      expect(await Promise.race([blocked, saved])).toBe("blocked");
      expect(readFileSync(join(root, "nb.md"), "utf8")).toBe(notebook);
      expect(answer?.headers()["content-security-policy"]).toBe("sandbox");
      expect(await page.evaluate(() => origin)).toBe("null"); // (and were it to run, an opaque origin: no cookie, no Origin of the site)
    });
  }

  it("an SVG of the folder shown as the notebook's <img> still renders", async () => {
    writeFileSync(join(root, "nb.md"), notebook);
    await page.goto(`${preview.url}nb`);
    await page.waitForFunction(() => {
      const img = document.getElementById("pic") as HTMLImageElement | null;
      return !!img && img.complete;
    });
    expect(
      await page.evaluate(() => [
        (document.getElementById("pic") as HTMLImageElement).naturalWidth,
        (document.getElementById("pic") as HTMLImageElement).naturalHeight
      ])
    ).toEqual([40, 30]);
  });
});
