// Browser test of a built site with a notebook in a subfolder (issue 7) and hostile cells
// (issue 11): the index links to week-1/intro.html and to a page named a#b.md, and the
// subfolder page runs its local module, a shared package and a file from elsewhere in the
// root, while a broken cell and a refused file show their errors at their cells. Over HTTP
// and from file://.
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {Browser} from "playwright-core";
import {startSite, type SiteFixture} from "../e2e/harness.js";

const base = mkdtempSync(join(tmpdir(), "queuebook-subfolder-"));
const root = join(base, "notebooks");
let out: string;
let browser: Browser;
let server: {origin: string};
let site: SiteFixture;

const fence = (source: string) => "```js\n" + source + "\n```\n\n";

beforeAll(async () => {
  mkdirSync(join(root, "week-1"), {recursive: true});
  mkdirSync(join(root, "data"));
  writeFileSync(join(base, "secret.txt"), "SECRET-BESIDE-THE-ROOT");
  writeFileSync(join(root, "data", "runs.csv"), "run,ms\n1,12\n2,15\n3,11\n");
  writeFileSync(join(root, "week-1", "helper.js"), "export const week = 1;\n");
  writeFileSync(
    join(root, "week-1", "intro.md"),
    [
      "---\ntitle: Week one\n---\n\n# Week one\n\n",
      fence('import {week} from "./helper.js";'),
      fence('import * as Inputs from "npm:@observablehq/inputs";'),
      fence('const rows = await FileAttachment("../data/runs.csv").csv({typed: true});'),
      fence('html`<p id="summary">week ${week}: ${rows.length} runs, ${typeof Inputs.range}</p>`'),
      fence("const a = 1; a = 2;"),
      fence('FileAttachment("../../secret.txt").text()'),
      'Inline: <span id="inline">${week * 10}</span>\n'
    ].join("")
  );
  writeFileSync(join(root, "a#b.md"), "# Hash in the name\n\n" + fence('html`<p id="hash-page">${1 + 1}</p>`'));
  site = await startSite(root, {prefix: "queuebook-subfolder-site"});
  ({browser, out} = site);
  server = site;
}, 120_000);

afterAll(async () => {
  await site?.close();
  rmSync(base, {recursive: true, force: true});
});

const modes = [
  {name: "over HTTP", base: () => `${server.origin}/`},
  {name: "from file://", base: () => `file://${out}/`}
];

for (const mode of modes) {
  describe(`a built site with a subfolder notebook, ${mode.name}`, () => {
    it("the index links to the subfolder page, which runs its imports and file, and shows its broken cells' errors", async () => {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
      await page.goto(mode.base() + "index.html");
      await page.getByRole("link", {name: "Week one"}).click();
      await page.waitForURL(/week-1\/intro\.html$/);
      await expect.poll(() => page.locator("#summary").textContent()).toBe("week 1: 3 runs, function");
      await expect.poll(() => page.locator("#inline").innerText()).toBe("10");
      await expect.poll(() => page.locator("#cell-5").innerText()).toMatch(/Cannot assign to "a" because it is a constant/);
      await expect
        .poll(() => page.locator("#cell-6").innerText())
        .toMatch(/FileAttachment "\.\.\/\.\.\/secret\.txt" is outside the notebook folder/);
      expect(await page.content()).not.toContain("SECRET-BESIDE-THE-ROOT");
      expect(errors).toEqual([]);
      await page.close();
    });

    it("the index links to a page whose name holds #, URL-encoded", async () => {
      const page = await browser.newPage();
      await page.goto(mode.base() + "index.html");
      await page.getByRole("link", {name: "Hash in the name"}).click();
      await expect.poll(() => page.locator("#hash-page").textContent()).toBe("2");
      await page.close();
    });
  });
}
