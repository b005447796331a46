// Slides on paper: `?present&print` lays the lecture (notebooks/formulas.md) out as one 1280×720
// page per slide with every cell rendered, and `queuebook export --slides --pdf` prints it as a
// PDF of exactly as many 16:9 pages as the lecture has slides, each page its own slide.
import {execFileSync} from "node:child_process";
import {existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {Browser} from "playwright-core";
import {exportNotebook} from "../../src/site/export.js";
import {closeBrowser, launchBrowser, releaseTab, takeTab} from "./harness.js";
import {runCli} from "../cli/run.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
let dir: string;
let url: string;
let browser: Browser;
/** The lecture's slides as presentation mode counts them, and each one's heading. */
const headings: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "queuebook-present-print-"));
  const {html} = await exportNotebook({
    file: join(packageRoot, "notebooks/formulas.md"),
    root: join(packageRoot, "notebooks"),
    packageRoot,
    snapshot: false
  });
  writeFileSync(join(dir, "formulas.html"), html);
  url = `file://${join(dir, "formulas.html")}`;
  browser = await launchBrowser();
  const page = await takeTab(browser, {viewport: {width: 1280, height: 720}});
  await page.goto(`${url}?present#/1`);
  await page.waitForFunction(() => document.querySelectorAll("main svg [fill=red] circle").length === 13, null, {timeout: 30_000});
  const total = Number((await page.locator(".qb-slide-number").innerText()).split(" / ")[1]);
  for (let i = 1; i <= total; i++) {
    headings.push(
      await page.evaluate(
        () => document.querySelector<HTMLElement>("main > .qb-on-slide:is(h2, .qb-title-slide)")?.innerText.split("\n")[0] ?? ""
      )
    );
    await page.keyboard.press("ArrowRight");
  }
  await releaseTab(page);
}, 120_000);

afterAll(async () => {
  await closeBrowser(browser);
  if (dir) rmSync(dir, {recursive: true, force: true});
});

/** The page boxes of a PDF (points), read from its page objects. */
function pdfPages(bytes: Buffer): string[] {
  const text = bytes.toString("latin1");
  const pages = text.split(/\/Type\s*\/Page\b/).slice(1);
  return pages.map((rest) => /\/MediaBox\s*\[([^\]]*)\]/.exec(rest)?.[1].trim().replace(/\s+/g, " ") ?? "?");
}

describe("the lecture's slides on paper", {timeout: 180_000}, () => {
  it("?present&print: a 1280×720 page per slide, in order, every cell rendered, nothing of the page chrome", async () => {
    expect(headings.length).toBe(16); // the title, the introduction, the 13 relations and the Erlang C checkpoint
    const page = await takeTab(browser, {viewport: {width: 1280, height: 720}});
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${url}?present&print`);
    await expect.poll(() => page.locator("main svg [fill=red] circle").count(), {timeout: 30_000}).toBe(13);
    const laid = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>("main > .qb-print-slide")).map((section) => {
        const box = section.getBoundingClientRect();
        return {
          // the page is main, 1280 px wide; each slide a 720 px band of it, one after the other
          page: document.querySelector("main")!.getBoundingClientRect().width,
          top: box.top - document.querySelector("main")!.getBoundingClientRect().top,
          height: box.height,
          heading: section.querySelector<HTMLElement>("h2, .qb-title-slide")?.innerText.split("\n")[0] ?? "",
          // a slide that is taller than its page is scaled down to it, never cut or spilled
          fits: (section.firstElementChild as HTMLElement).getBoundingClientRect().bottom <= box.bottom + 1
        };
      })
    );
    expect(laid.map((s) => s.heading)).toEqual(headings);
    laid.forEach((slide, i) => expect(slide).toMatchObject({page: 1280, top: 720 * i, height: 720, fits: true}));
    expect(await page.locator(".qb-pending, .qb-error").count()).toBe(0);
    expect(await page.locator(".qb-nav").isVisible()).toBe(false);
    expect(await page.locator(".qb-slide-number").count()).toBe(0);
    await page.emulateMedia({media: "print"});
    const pdf = await page.pdf({preferCSSPageSize: true, printBackground: true});
    expect(pdfPages(pdf)).toEqual(headings.map(() => "0 0 960 540")); // 1280×720 CSS px = 960×540 pt: 16:9
    expect(errors).toEqual([]);
    await releaseTab(page);
  });

  it("a slide taller than its page is scaled down to the page, not spilled onto a second one", async () => {
    const deck = `---\ntitle: Tall\n---\n\n## Short\n\nOne line.\n\n## Tall\n\n${Array.from({length: 40}, (_, i) => `Line ${i + 1}.`).join("\n\n")}\n\n## After\n\nThe end.\n`;
    writeFileSync(join(dir, "tall.md"), deck);
    const {html} = await exportNotebook({file: join(dir, "tall.md"), packageRoot, snapshot: false});
    writeFileSync(join(dir, "tall.html"), html);
    const page = await takeTab(browser, {viewport: {width: 1280, height: 720}});
    await page.goto(`file://${join(dir, "tall.html")}?present&print`);
    await expect.poll(() => page.locator("main > .qb-print-slide").count()).toBe(4);
    const tall = page.locator(".qb-print-slide[data-slide='3'] .qb-print-inner");
    await expect.poll(() => tall.evaluate((e) => e.style.transform)).toMatch(/^scale\(0\.\d+\)$/);
    expect(await tall.evaluate((e) => e.getBoundingClientRect().bottom <= e.parentElement!.getBoundingClientRect().bottom + 1)).toBe(true);
    expect(await page.locator(".qb-print-slide[data-slide='3']").innerText()).toContain("Line 40.");
    expect(await page.locator(".qb-print-slide[data-slide='2'] .qb-print-inner").evaluate((e) => e.style.transform)).toBe(""); // a slide that fits stays as it is
    await page.emulateMedia({media: "print"});
    expect(pdfPages(await page.pdf({preferCSSPageSize: true}))).toHaveLength(4);
    await releaseTab(page);
  });

  it("export --slides --pdf writes only the PDF: as many 16:9 pages as slides, each page its slide", async () => {
    const work = mkdtempSync(join(tmpdir(), "queuebook-slides-pdf-"));
    try {
      const result = await runCli(
        ["export", join(packageRoot, "notebooks/formulas.md"), "--slides", "--pdf", "lecture.pdf", "--no-snapshot"],
        {cwd: work, timeoutMs: 150_000}
      );
      expect(result.stderr).toBe("");
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^exported .*formulas\.md to lecture\.pdf in \d+ ms\n$/);
      expect(readdirSync(work)).toEqual(["lecture.pdf"]);
      const bytes = readFileSync(join(work, "lecture.pdf"));
      expect(pdfPages(bytes)).toEqual(headings.map(() => "0 0 960 540"));
      // each page holds its own slide's heading (poppler's pdftotext reads the pages' text)
      const pdftotext = ["/usr/bin/pdftotext", "/usr/local/bin/pdftotext"].find(existsSync);
      expect(pdftotext, "pdftotext not found: apt-get install -y poppler-utils").toBeDefined();
      const pages = execFileSync(pdftotext!, ["-layout", join(work, "lecture.pdf"), "-"], {encoding: "utf8"})
        .split("\f")
        .filter((p) => p.trim());
      expect(pages.length).toBe(headings.length);
      const squash = (s: string) => s.replace(/\s+/g, "");
      headings.forEach((heading, i) => expect(squash(pages[i]), `page ${i + 1}`).toContain(squash(heading).slice(0, 12)));
    } finally {
      rmSync(work, {recursive: true, force: true});
    }
  });

  it("export --slides without --pdf is refused in one line with the usage, exit 2, nothing written", async () => {
    const work = mkdtempSync(join(tmpdir(), "queuebook-slides-usage-"));
    try {
      const result = await runCli(["export", join(packageRoot, "notebooks/formulas.md"), "--slides"], {cwd: work});
      expect(result.code).toBe(2);
      const [first, ...rest] = result.stderr.split("\n");
      expect(first).toBe("queuebook export: --slides needs --pdf FILE.pdf: it prints the slides, one per page");
      expect(rest.join("\n")).toContain("usage: queuebook export <notebook.md>");
      expect(result.stderr).not.toMatch(/\bat .*\.(ts|js):\d+/); // no stack trace
      expect(readdirSync(work)).toEqual([]);
    } finally {
      rmSync(work, {recursive: true, force: true});
    }
  });
});
