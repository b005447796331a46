// Editing cells in the page, in real headless Chromium from file://: the erlang-c notebook built
// as a site and exported as one file, and a TypeScript notebook exported. Each run goes through
// the in-browser compiler (src/client/editor) and the runtime; tests wait on the page's
// `data-qb-edits` counter and on the DOM, never on time.
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {Browser, Page} from "playwright-core";
import {buildSite} from "../../src/site/build.js";
import {exportNotebook} from "../../src/site/export.js";
import {closeBrowser, launchBrowser, releaseTab, takeTab} from "./harness.js";
import {applyKept} from "./keptEdits.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
const erlang = readFileSync(join(packageRoot, "notebooks", "erlang-c.md"), "utf8");
/** 1-based line of the first line of `text` in erlang-c.md. */
const lineOf = (text: string) => erlang.split("\n").findIndex((l) => l.startsWith(text)) + 1;
let dir: string;
let browser: Browser;
let built: string;
let exported: string;
let typescript: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "queuebook-edit-"));
  await buildSite({root: join(packageRoot, "notebooks"), out: join(dir, "site"), packageRoot});
  built = `file://${join(dir, "site", "erlang-c.html")}`;
  writeFileSync(
    join(dir, "erlang-c.html"),
    (await exportNotebook({file: join(packageRoot, "notebooks", "erlang-c.md"), packageRoot, snapshot: false})).html
  );
  exported = `file://${join(dir, "erlang-c.html")}`;
  writeFileSync(join(dir, "typed.md"), '# Typed\n\n```ts\nconst k: number = 2;\n```\n\nTen k: <b class="k">${k * 10}</b>.\n');
  writeFileSync(join(dir, "typed.html"), (await exportNotebook({file: join(dir, "typed.md"), packageRoot, snapshot: false})).html);
  typescript = `file://${join(dir, "typed.html")}`;
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
  return page;
}

/** Opens the editor of the cell element `selector` with the keyboard (its edit button takes focus and Enter; a hidden cell's is there once "Show code" is on). */
async function edit(page: Page, selector: string): Promise<void> {
  const before = await page.locator("[data-qb-editor]").count();
  const button = page.locator(selector).locator("xpath=preceding-sibling::button[@data-qb-edit][1]");
  if (!(await button.isVisible()) && (await page.locator("button[data-qb-show-code]").getAttribute("aria-pressed")) !== "true") {
    await page.locator("button[data-qb-show-code]").click();
    await button.waitFor({state: "visible"});
  }
  await button.focus();
  await page.keyboard.press("Enter");
  await page.waitForFunction((n) => document.querySelectorAll("[data-qb-editor]").length > n, before);
}

/** Replaces the focused editor's text and runs it with Shift+Enter; resolves once the page applied it. */
async function run(page: Page, text: string): Promise<void> {
  const count = Number((await page.getAttribute("html", "data-qb-edits")) ?? 0);
  await page.keyboard.press("Control+A");
  await page.keyboard.insertText(text);
  await page.keyboard.press("Shift+Enter");
  await page.waitForSelector(`html[data-qb-edits="${count + 1}"]`);
}

const text = (page: Page, selector: string) => page.locator(selector).first().textContent();
const waitText = (page: Page, selector: string, pattern: RegExp) =>
  page.waitForFunction(([s, p]) => new RegExp(p).test(document.querySelector(s)?.textContent ?? ""), [selector, pattern.source] as const);

async function setSlider(page: Page, index: number, value: number): Promise<void> {
  await page
    .locator("#cell-1 input[type=range]")
    .nth(index)
    .evaluate((input: HTMLInputElement, v) => {
      input.value = String(v);
      input.dispatchEvent(new Event("input", {bubbles: true}));
    }, value);
}

describe("editing erlang-c.md in the page (built site and export, file://)", {timeout: 60_000}, () => {
  for (const [name, url] of [
    ["built", () => built],
    ["exported", () => exported]
  ] as const) {
    it(`${name}: a cell edit re-runs its dependents; the slider keeps its value`, async () => {
      const page = await open(url());
      try {
        // every code cell has an edit button; the editor chunk is not loaded until one is used
        expect(await page.locator("button[data-qb-edit='cell']").count()).toBe(await page.locator("main > .qb-cell").count());
        expect(await page.evaluate(() => !!(window as any).queuebook.editor)).toBe(false);
        await setSlider(page, 1, 20); // instances
        await waitText(page, "#inline-1", /^320$/);
        await edit(page, "#cell-3");
        expect(await page.locator("[data-qb-editor].cm-editor").count()).toBe(1);
        expect(await text(page, "[data-qb-editor] .cm-content")).toContain("const n = instances * WORKERS_PER_INSTANCE;");
        await run(
          page,
          "const n = instances * WORKERS_PER_INSTANCE * 2;\nconst s = serviceMs / 1000;\nconst a = lambda * s;\nconst wait = a < n ? erlangC(a, n) : 1;"
        );
        await waitText(page, "#inline-1", /^640$/);
        expect(await page.locator("#cell-1 input[type=range]").nth(1).inputValue()).toBe("20");
        await setSlider(page, 1, 5); // the edited cell follows the slider too
        await waitText(page, "#inline-1", /^160$/);
        await page.keyboard.press("Escape");
        expect(await page.locator("[data-qb-editor]").count()).toBe(0);
      } finally {
        await releaseTab(page);
      }
    });
  }

  it("a reload offers the stored edit, and Apply replays it through the editor (static page: localStorage)", async () => {
    const page = await open(built);
    try {
      await edit(page, "#cell-3");
      await run(
        page,
        "const n = instances * WORKERS_PER_INSTANCE * 4;\nconst s = serviceMs / 1000;\nconst a = lambda * s;\nconst wait = a < n ? erlangC(a, n) : 1;"
      );
      await waitText(page, "#inline-1", /^640$/);
      await page.reload();
      await page.locator("[data-qb-kept]").waitFor();
      await waitText(page, "#inline-1", /^160$/); // the original, until the learner applies it
      await applyKept(page);
      await page.waitForSelector('html[data-qb-edits="1"]');
      await waitText(page, "#inline-1", /^640$/);
      await page.evaluate(() => localStorage.clear());
    } finally {
      await releaseTab(page);
    }
  });

  it("Download .md hands over the notebook as last edited, however soon it is used: by keyboard, and by a script's click", async () => {
    const page = await open(built);
    const cell = (factor: number) =>
      `const n = instances * WORKERS_PER_INSTANCE * ${factor};\nconst s = serviceMs / 1000;\nconst a = lambda * s;\nconst wait = a < n ? erlangC(a, n) : 1;`;
    const downloaded = async (use: () => Promise<unknown>) => {
      const [download] = await Promise.all([page.waitForEvent("download"), use()]);
      return readFileSync((await download.path())!, "utf8");
    };
    try {
      await edit(page, "#cell-3");
      await run(page, cell(2));
      await run(page, cell(3)); // the link's blob is made again once the page is idle, or when the link is used
      const link = page.locator("a[data-qb-download]");
      const byKeyboard = await downloaded(async () => {
        await link.focus();
        await page.keyboard.press("Enter");
      });
      expect(byKeyboard).toBe(await page.evaluate(() => (window as any).queuebook.edits.current()));
      expect(byKeyboard).toContain("WORKERS_PER_INSTANCE * 3;");
      await page.focus("[data-qb-editor] .cm-content"); // back in the editor, still open
      await run(page, cell(5));
      // a click alone (no pointer over it, no focus first)
      const byClick = await downloaded(() => link.evaluate((a: HTMLAnchorElement) => a.click()));
      expect(byClick).toContain("WORKERS_PER_INSTANCE * 5;");
      await page.evaluate(() => localStorage.clear());
    } finally {
      await releaseTab(page);
    }
  });

  it("a syntax error shows at the cell with its line:column in the notebook; the page keeps running, a fix recovers it", async () => {
    const page = await open(built);
    try {
      await edit(page, "#cell-3");
      await run(page, "const n = instances *;");
      await waitText(page, "#cell-3", /SyntaxError/);
      expect(await text(page, "#cell-3")).toContain(`erlang-c.md:${lineOf("const n = instances")}:22`);
      // message and place read (and are heard) apart, and the editor's lines are numbered as the notebook's
      expect(await page.locator("#cell-3 .qb-error").textContent()).toMatch(
        new RegExp(`\\S \\(?erlang-c\\.md:${lineOf("const n = instances")}:22`)
      );
      expect(await page.locator("[data-qb-editor] .cm-lineNumbers .cm-gutterElement").allTextContents()).toContain(
        String(lineOf("const n = instances"))
      );
      expect(await page.locator("[data-qb-editor] .cm-lineNumbers .cm-gutterElement").allTextContents()).not.toContain("1");
      await waitText(page, "#inline-1", /input `n` failed/);
      // the sliders, which do not depend on the cell, still run: the number box follows the range
      await setSlider(page, 0, 2000);
      await page.waitForFunction(() => (document.querySelector("#cell-1 input[type=number]") as HTMLInputElement)?.value === "2000");
      await run(
        page,
        "const n = instances * WORKERS_PER_INSTANCE;\nconst s = serviceMs / 1000;\nconst a = lambda * s;\nconst wait = a < n ? erlangC(a, n) : 1;"
      );
      await waitText(page, "#inline-1", /^160$/);
      expect(await page.locator("#cell-3 .qb-error").count()).toBe(0);
    } finally {
      await releaseTab(page);
    }
  });

  it("a runtime error and a name defined twice show at their cells as a build shows them", async () => {
    const page = await open(built);
    try {
      await edit(page, "#cell-3");
      await run(
        page,
        "const n = instances * WORKERS_PER_INSTANCE;\nconst s = serviceMs / 1000;\nconst a = lambda * s;\nconst wait = a < n ? erlangC(a, n) : 1;\nconst lambda = 1;"
      );
      await waitText(page, "#cell-4", /lambda is defined more than once/);
      await run(
        page,
        'const n = instances * WORKERS_PER_INSTANCE;\nconst s = serviceMs / 1000;\nconst a = lambda * s;\nconst wait = a < n ? erlangC(a, n) : 1;\nthrow new Error("boom");'
      );
      await waitText(page, "#cell-3", /boom/);
      expect(await text(page, "#cell-3")).toContain(`erlang-c.md:${lineOf("const n = instances")}`);
    } finally {
      await releaseTab(page);
    }
  });

  it("inserts a code cell below, deletes it and an original cell, and undo brings each back", async () => {
    const page = await open(built);
    try {
      const cells = await page.locator("main > .qb-cell").count();
      await edit(page, "#cell-3");
      const count = Number((await page.getAttribute("html", "data-qb-edits")) ?? 0);
      await page.click("[data-qb-insert-cell]");
      await page.waitForSelector(`html[data-qb-edits="${count + 1}"]`);
      expect(await page.locator("main > .qb-cell").count()).toBe(cells + 1);
      await run(page, "n * 1000"); // the new panel has focus
      await waitText(page, "#cell-4", /^160000$/);
      await setSlider(page, 1, 20);
      await waitText(page, "#cell-4", /^320000$/);
      // delete the new cell, then undo
      await page.locator(".qb-edit-panel:has([data-qb-editor]:focus-within) [data-qb-delete]").click();
      await page.waitForFunction((n) => document.querySelectorAll("main > .qb-cell").length === n, cells);
      expect(await page.locator("main").textContent()).not.toContain("320000");
      await page.click("[data-qb-undo]");
      await page.waitForFunction((n) => document.querySelectorAll("main > .qb-cell").length === n, cells + 1);
      await waitText(page, "#cell-4", /^320000$/);
      // delete the chart (an original cell): its output goes; undo redraws it
      await edit(page, "#cell-6");
      await page.locator(".qb-edit-panel:has([data-qb-editor]:focus-within) [data-qb-delete]").click();
      await page.waitForFunction((n) => document.querySelectorAll("main > .qb-cell").length === n, cells);
      expect(await page.locator("main svg").count()).toBe(0);
      await page.click("[data-qb-undo]");
      await page.waitForSelector("#cell-6 svg");
      expect(await page.locator("#cell-1 input[type=range]").nth(1).inputValue()).toBe("20");
    } finally {
      await releaseTab(page);
    }
  });

  it("an import the page holds works in an edited cell; one it does not hold names the module and says it works in dev", async () => {
    const page = await open(exported);
    try {
      await edit(page, "#cell-3");
      await run(
        page,
        'import {erlangC as c2} from "../src/sim/formulas/queue.js";\nconst n = instances * 16;\nconst s = serviceMs / 1000;\nconst a = lambda * s;\nconst wait = a < n ? c2(a, n) : 1;'
      );
      await waitText(page, "#inline-2", /\d/);
      expect(await text(page, "#cell-3")).toBe("");
      await run(page, 'import {nope} from "../src/sim/elsewhere.js";\nconst n = 1;');
      await waitText(page, "#cell-3", /elsewhere/);
      const message = await text(page, "#cell-3");
      expect(message).toContain('"../src/sim/elsewhere.js"');
      expect(message).toContain("queuebook dev");
    } finally {
      await releaseTab(page);
    }
  });

  it("edits prose: the Markdown renders with live ${…}", async () => {
    const page = await open(built);
    try {
      await page.locator("main > button[data-qb-edit='prose']").nth(1).focus();
      await page.keyboard.press("Enter");
      await page.waitForSelector("[data-qb-editor]");
      await run(page, "Now **${n * 3}** workers.");
      await page.waitForFunction(() => Array.from(document.querySelectorAll("main strong")).some((s) => s.textContent === "480"));
    } finally {
      await releaseTab(page);
    }
  });
});

describe("editing a TypeScript cell (export, file://)", {timeout: 60_000}, () => {
  it("strips types in the browser; a TypeScript syntax error has its line:column in the notebook", async () => {
    const page = await open(typescript);
    try {
      expect(await text(page, ".k")).toBe("20");
      await edit(page, "#cell-1");
      await run(page, "type K = number;\nconst k: K = (5 as number);");
      await waitText(page, ".k", /^50$/);
      await run(page, "const k: number = 5;\nconst j: = 1;");
      await waitText(page, "#cell-1", /SyntaxError/);
      expect(await text(page, "#cell-1")).toContain("typed.md:5:");
    } finally {
      await releaseTab(page);
    }
  });
});

describe("editing in presentation mode (export, file://)", {timeout: 60_000}, () => {
  it("the slide keys stay in the editor, Shift+Enter updates the slide, the editor scales with the stage", async () => {
    const page = await takeTab(browser, {viewport: {width: 1920, height: 1080}});
    try {
      await page.goto(`${exported}?present#/3`);
      await page.waitForFunction(() => /\d/.test(document.querySelector("#inline-1")?.textContent ?? ""));
      await edit(page, "#cell-3");
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("ArrowLeft");
      await page.keyboard.press("End");
      expect(await page.evaluate(() => location.hash)).toBe("#/3");
      await run(
        page,
        "const n = instances * WORKERS_PER_INSTANCE * 3;\nconst s = serviceMs / 1000;\nconst a = lambda * s;\nconst wait = a < n ? erlangC(a, n) : 1;"
      );
      await waitText(page, "#inline-1", /^480$/);
      const ratio = await page.locator("[data-qb-editor]").evaluate((e: HTMLElement) => e.getBoundingClientRect().width / e.offsetWidth);
      const stage = await page.locator("main").evaluate((e: HTMLElement) => e.getBoundingClientRect().width / e.offsetWidth);
      expect(ratio).toBeCloseTo(stage, 2);
      expect(stage).toBeGreaterThan(1.2);
      // code at the slide's size, and the "edited" bar clear of the slide counter
      expect(
        await page.locator("[data-qb-editor] .cm-content").evaluate((e) => parseFloat(getComputedStyle(e).fontSize))
      ).toBeGreaterThanOrEqual(20);
      const overlap = await page.evaluate(() => {
        const a = document.querySelector("[data-qb-edits-bar]")!.getBoundingClientRect();
        const b = document.querySelector(".qb-slide-number")!.getBoundingClientRect();
        return a.width > 0 && b.width > 0 && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      });
      expect(overlap).toBe(false);
      expect(await page.locator("[data-qb-edits-bar]").isVisible()).toBe(true);
      await page.keyboard.press("Escape"); // leaves the editor, not the slides
      expect(await page.locator("[data-qb-editor]").count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.classList.toString())).toMatch(/present/);
    } finally {
      await releaseTab(page);
    }
  });
});
