// Editing's loose ends, in real headless Chromium from file:// (erlang-c.md built as a site):
// "+ Text below" beside prose adds to that prose block (the page and the .md read again agree
// on one run of prose, and its editor holds both), from a prose panel and from a cell's; a
// page whose editor.js cannot load says so in the page, never in a dialog; and resting the
// pointer on an edit button loads the editor before the click.
import {cpSync, mkdtempSync, readFileSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {Browser, Page} from "playwright-core";
import {buildSite} from "../../src/site/build.js";
import {closeBrowser, launchBrowser, releaseTab, takeTab} from "./harness.js";
import {applyKept} from "./keptEdits.js";
import {shownEditButton} from "../support/editButton.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
const erlang = readFileSync(join(packageRoot, "notebooks", "erlang-c.md"), "utf8");
/** 1-based line of the first line of `text` in erlang-c.md. */
const lineOf = (text: string) => erlang.split("\n").findIndex((l) => l.startsWith(text)) + 1;
let dir: string;
let browser: Browser;
let built: string;
let broken: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "queuebook-edit-loose-"));
  await buildSite({root: join(packageRoot, "notebooks"), out: join(dir, "site"), packageRoot});
  built = `file://${join(dir, "site", "erlang-c.html")}`;
  // the same site without its editor chunk
  cpSync(join(dir, "site"), join(dir, "broken"), {recursive: true});
  rmSync(join(dir, "broken", "_queuebook", "editor.js"));
  broken = `file://${join(dir, "broken", "erlang-c.html")}`;
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await closeBrowser(browser);
  if (dir) rmSync(dir, {recursive: true, force: true});
});

async function open(url: string): Promise<Page> {
  const page = await takeTab(browser, {viewport: {width: 1280, height: 900}});
  await page.goto(url);
  await page.waitForFunction(() => /\d/.test(document.querySelector("#inline-1")?.textContent ?? ""));
  await page.evaluate(() => localStorage.clear());
  return page;
}

/** Opens the editor the edit button `button` (a locator's selector) stands for, with the keyboard. */
async function press(page: Page, button: string): Promise<void> {
  const before = await page.locator("[data-qb-editor]").count();
  await (await shownEditButton(page, page.locator(button))).focus();
  await page.keyboard.press("Enter");
  await page.waitForFunction((n) => document.querySelectorAll("[data-qb-editor]").length > n, before);
}

/** Clicks `selector` in the focused panel and waits until the page applied the change. */
async function clickApplied(page: Page, selector: string): Promise<void> {
  const count = Number((await page.getAttribute("html", "data-qb-edits")) ?? 0);
  await page.locator(`.qb-edit-panel:has([data-qb-editor]:focus-within) ${selector}`).click();
  await page.waitForSelector(`html[data-qb-edits="${count + 1}"]`);
}

/** The paragraphs of main's prose between cell elements `#cell-a` and `#cell-b`, as text. */
const proseBetween = (page: Page, a: number, b: number) =>
  page.evaluate(
    ([a, b]) => {
      const out: string[] = [];
      for (let e = document.getElementById(`cell-${a}`)?.nextElementSibling; e && e.id !== `cell-${b}`; e = e.nextElementSibling)
        if (!e.hasAttribute("data-qb-ui")) out.push(e.textContent ?? "");
      return out;
    },
    [a, b] as const
  );

describe("+ Text below beside prose (built site, file://)", {timeout: 60_000}, () => {
  it("from a prose panel: the new paragraph joins that block, the one panel holds both, and a reload agrees", async () => {
    const page = await open(built);
    try {
      await press(page, "#cell-4 ~ button[data-qb-edit='prose'] >> nth=0"); // the prose after the formula
      await clickApplied(page, "[data-qb-insert-prose]");
      expect(await page.locator("[data-qb-editor]").count()).toBe(1);
      expect(await page.locator("[data-qb-editor] .cm-content").textContent()).toMatch(/p99 latency[\s\S]*New text\./);
      const after = await proseBetween(page, 4, 5);
      expect(after[after.length - 1]).toBe("New text.");
      // typing replaces the selected placeholder, in the same block
      await page.keyboard.insertText("Mine.");
      await page.keyboard.press("Shift+Enter");
      await page.waitForFunction(() => Array.from(document.querySelectorAll("main p")).some((p) => p.textContent === "Mine."));
      await page.reload();
      await applyKept(page); // (kept edits wait for the learner's review)
      await page.waitForFunction(() => Array.from(document.querySelectorAll("main p")).some((p) => p.textContent === "Mine."));
      await press(page, "#cell-4 ~ button[data-qb-edit='prose'] >> nth=0");
      expect(await page.locator("[data-qb-editor] .cm-content").textContent()).toMatch(/p99 latency[\s\S]*Mine\./);
      // one run of prose between the two cells: one edit button for it
      expect(
        await page.evaluate(() => {
          let n = 0;
          for (let e = document.getElementById("cell-4")?.nextElementSibling; e && e.id !== "cell-5"; e = e.nextElementSibling)
            if (e.matches("button[data-qb-edit='prose']")) n++;
          return n;
        })
      ).toBe(1);
    } finally {
      await page.evaluate(() => localStorage.clear());
      await releaseTab(page);
    }
  });

  it("from a cell panel followed by prose: the paragraph opens the top of that prose block, right below the cell", async () => {
    const page = await open(built);
    try {
      await press(page, "#cell-4 >> xpath=preceding-sibling::button[@data-qb-edit][1]");
      await clickApplied(page, "[data-qb-insert-prose]");
      expect(await page.locator("[data-qb-editor]").count()).toBe(2); // the cell's and the prose's
      expect(await page.locator("[data-qb-editor]:focus-within .cm-content").textContent()).toMatch(/^New text\.[\s\S]*p99 latency/);
      expect((await proseBetween(page, 4, 5))[0]).toBe("New text.");
      expect(await page.locator("main > .qb-cell").count()).toBe(await page.locator("button[data-qb-edit='cell']").count());
    } finally {
      await page.evaluate(() => localStorage.clear());
      await releaseTab(page);
    }
  });
});

describe("positions after an edit that adds lines (built site, file://)", {timeout: 60_000}, () => {
  it("a cell below that now fails says where it is now, though it was not recompiled", async () => {
    const page = await open(built);
    try {
      await press(page, "#cell-3 >> xpath=preceding-sibling::button[@data-qb-edit][1]");
      const count = Number((await page.getAttribute("html", "data-qb-edits")) ?? 0);
      await page.keyboard.press("Control+A");
      // two lines more, and an `a` the formula's a.toFixed(1) throws on
      await page.keyboard.insertText(
        "// one\n// two\nconst n = instances * WORKERS_PER_INSTANCE;\nconst s = serviceMs / 1000;\nconst a = null;\nconst wait = 0;"
      );
      await page.keyboard.press("Shift+Enter");
      await page.waitForSelector(`html[data-qb-edits="${count + 1}"]`);
      await page.waitForFunction(() => /TypeError/.test(document.querySelector("#cell-4")?.textContent ?? ""));
      expect(await page.locator("#cell-4").textContent()).toContain(`erlang-c.md:${lineOf("tex.block") + 2}`);
    } finally {
      await page.evaluate(() => localStorage.clear());
      await releaseTab(page);
    }
  });
});

describe("loading the editor (built site, file://)", {timeout: 60_000}, () => {
  it("a page whose editor.js is missing says so in the page, not in a dialog", async () => {
    const page = await open(broken);
    const dialogs: string[] = [];
    page.on("dialog", (d) => (dialogs.push(d.message()), void d.dismiss()));
    try {
      // "Show code" (which draws #cell-3's ✎) is the editor's too: pressing it is the first try
      await page.locator("button[data-qb-show-code]").focus();
      await page.keyboard.press("Enter");
      await page.waitForSelector(".qb-edit-notice[role=alert]");
      expect(await page.locator(".qb-edit-notice").textContent()).toContain("editor.js");
      expect(dialogs).toEqual([]);
      await page.locator(".qb-edit-notice button").click();
      await expect.poll(() => page.locator(".qb-edit-notice").count()).toBe(0); // (a click can be handled after the next read: on-call.test saw it)
      expect(await page.locator("#inline-1").textContent()).toMatch(/\d/); // the notebook runs on
    } finally {
      await releaseTab(page);
    }
  });

  it("resting the pointer on an edit button loads the editor before any click", async () => {
    const page = await open(built);
    try {
      expect(await page.evaluate(() => !!(window as any).queuebook.editor)).toBe(false);
      // #cell-3 (`const n = …`) shows nothing: with "Show code" on, its button stands at the end of its code
      const button = await shownEditButton(page, page.locator("#cell-3 >> xpath=preceding-sibling::button[@data-qb-edit][1]"));
      await button.hover();
      const box = (await button.boundingBox())!;
      expect(
        await page.evaluate(
          ([x, y]) => document.elementFromPoint(x, y)?.closest("button[data-qb-edit]")?.nextElementSibling?.id,
          [box.x + box.width / 2, box.y + box.height / 2]
        )
      ).toBe("cell-3");
      await page.waitForFunction(() => !!(window as any).queuebook.editor);
      expect(await page.locator("[data-qb-editor]").count()).toBe(0); // loaded, not opened
    } finally {
      await releaseTab(page);
    }
  });
});
