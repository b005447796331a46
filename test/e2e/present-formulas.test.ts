// The formulas lecture (notebooks/formulas.md) exported and presented from file://: no cell
// fails, every relation has its own slide with sliders, the formula with values, and a chart
// with the current point marked; moving a slider changes the formula's values on the slide.
import {mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {Browser} from "playwright-core";
import {exportNotebook} from "../../src/site/export.js";
import {closeBrowser, launchBrowser, releaseTab, takeTab} from "./harness.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
const relations = [
  "Little's law",
  "Erlang B",
  "Erlang C",
  "P(W > t)",
  "The p99 approximation",
  "The TTL cache hit rate",
  "Database query time",
  "Service time",
  "Burn rate and error budget",
  "The autoscaler rule",
  "CV of inter-arrival times",
  "N / (R + Z)",
  "⌈λS⌉ against the observed burst maximum"
];
let dir: string;
let browser: Browser;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "queuebook-formulas-"));
  const {html} = await exportNotebook({
    file: join(packageRoot, "notebooks/formulas.md"),
    root: join(packageRoot, "notebooks"),
    packageRoot,
    snapshot: false
  });
  writeFileSync(join(dir, "formulas.html"), html);
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await closeBrowser(browser);
  if (dir) rmSync(dir, {recursive: true, force: true});
});

describe("notebooks/formulas.md presented", {timeout: 90_000}, () => {
  it("one relation per slide, each with sliders, its formula, a chart with the current point, and no errors", async () => {
    const page = await takeTab(browser, {viewport: {width: 1280, height: 720}});
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`file://${join(dir, "formulas.html")}?present#/3`);
    await expect.poll(() => page.locator("main svg [fill=red] circle").count(), {timeout: 30_000}).toBe(relations.length);
    expect(await page.locator(".qb-error").count()).toBe(0);
    let checkpoints = 0;
    for (const [i, title] of relations.entries()) {
      // a predict-then-reveal slide between two relations holds its checkpoint and nothing else to check here
      while (
        await page.evaluate(() =>
          Array.from(document.querySelectorAll("main > .qb-on-slide")).some((e) => e.querySelector("[data-qb-checkpoint]"))
        )
      ) {
        checkpoints++;
        await page.keyboard.press("ArrowRight");
      }
      const slide = await page.evaluate(() => {
        const shown = Array.from(document.querySelectorAll<HTMLElement>("main > .qb-on-slide"));
        return {
          heading: shown.find((e) => e.tagName === "H2")?.innerText ?? "",
          inputs: shown.reduce((n, e) => n + e.querySelectorAll("form input").length, 0),
          formulas: shown.reduce((n, e) => n + e.querySelectorAll(".katex-display").length, 0),
          marked: shown.reduce((n, e) => n + e.querySelectorAll("svg [fill=red] circle").length, 0),
          notice: shown.some((e) => e.tagName === "P" && e.innerText.startsWith("Notice:"))
        };
      });
      expect(slide.heading.startsWith(title), `slide ${i + 3}: ${slide.heading}`).toBe(true);
      expect(slide.inputs).toBeGreaterThan(0);
      expect(slide.formulas).toBeGreaterThan(0);
      expect(slide.marked).toBe(1);
      expect(slide.notice).toBe(true);
      await page.keyboard.press("ArrowRight");
    }
    expect(checkpoints).toBe(1); // "Predict: who waits?", after Erlang C
    expect(errors).toEqual([]);
    await releaseTab(page);
  });

  it("a slider moves the values in its formula", async () => {
    const page = await takeTab(browser, {viewport: {width: 1280, height: 720}});
    await page.goto(`file://${join(dir, "formulas.html")}?present#/3`);
    const formula = page.locator("main > .qb-on-slide .katex-display .katex-html").first();
    await expect.poll(() => formula.innerText()).toContain("=50.0");
    await page
      .locator("main > .qb-on-slide form input[type=range]")
      .first()
      .evaluate((input: HTMLInputElement) => {
        input.value = "500";
        input.dispatchEvent(new Event("input", {bubbles: true}));
      });
    await expect.poll(() => formula.innerText()).toContain("=100.0");
    await releaseTab(page);
  });
});
