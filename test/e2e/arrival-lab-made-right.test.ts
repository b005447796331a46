// Issue 19, "the lab, made right", in real Chromium: step 8 says "not answered yet" until the form
// changes; uploads add to what is loaded and a clear returns to the embedded runs; the Try-it
// sliders follow the reader into steps 3–7 as a bar bound to the same inputs; one palette for the
// shapes on the lab and formulas.md; the ja page carries no Korean, the seed's 参考 lines and
// s7.divisor once. And no shipped page logs an error or a warning, at 1280×720 and 390×844, in
// each language it declares, also through a full-page screenshot (whose relayout reports a width
// of 0: the lab's charts drew negative rects then).
import {mkdtemp, rm, writeFile} from "node:fs/promises";
import {readdirSync, readFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {Browser, Page} from "playwright-core";
import {outputNames} from "../../src/lab/analyze.js";
import {simulateLabFiles} from "../../src/lab/simLab.js";
import {shapeColors, shapeHex} from "../../src/components/shapePalette.js";
import {releaseTab, type SiteFixture, startSite, takeTab} from "./harness.js";
import {readFixture} from "../support/fixtures.js";
import {labBlocks} from "../components/lab/labProse.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
const dataDir = join(packageRoot, "notebooks/data/arrival-lab");
const committed = new Map(readdirSync(dataDir).map((name) => [name, readFileSync(join(dataDir, name), "utf8")]));
const en = JSON.parse(readFileSync(join(packageRoot, "notebooks/locales/arrival-lab/en.json"), "utf8"));
// The lab's Japanese sentences as the notebook's ja blocks write them, and seed 003's lines.
const jaUnits = labBlocks()
  .filter((b) => b.lang === "ja")
  .flatMap((b) => b.units);
const seed = readFixture("seeds/003_13d5c54a9ee7623f.txt").split("\n");
const other = simulateLabFiles({serviceMs: 30, workers: 3, burstSize: 10, networkS: 0.0015, seed: 5});

let site: SiteFixture;
let browser: Browser;
let tmp: string;

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), "queuebook-lab-right-"));
  for (const [name, text] of other) await writeFile(join(tmp, name), text);
  await writeFile(join(tmp, "arrival-model.txt"), committed.get("arrival-model.txt")!);
  site = await startSite(join(packageRoot, "notebooks"), {prefix: "queuebook-lab-right-site"});
  browser = site.browser;
}, 120_000);

afterAll(async () => {
  await site?.close();
  if (tmp) await rm(tmp, {recursive: true, force: true});
});

/** A page with every console error and warning (and uncaught error) kept. */
async function open(url: string, viewport = {width: 1280, height: 720}): Promise<{page: Page; messages: string[]}> {
  const page = await takeTab(browser, {viewport});
  const messages: string[] = [];
  page.on("console", (m) => (m.type() === "error" || m.type() === "warning") && messages.push(`${m.type()}: ${m.text()}`));
  page.on("pageerror", (e) => messages.push(`pageerror: ${e.message}`));
  await page.goto(url);
  return {page, messages};
}

/** Waits until the page's cells have run: some rendered, none pending. */
async function settled(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            document.querySelectorAll(".qb-cell:not(:empty)").length > 0 && document.querySelectorAll(".qb-cell.qb-pending").length === 0
        ),
      {timeout: 30_000}
    )
    .toBe(true);
}

const labLoaded = (page: Page) => expect.poll(() => page.locator("pre.lab-answer").count(), {timeout: 30_000}).toBe(8);

describe("every shipped page, in each language it declares", () => {
  it("logs no console error or warning at 1280×720 (and 390×844), through a full-page screenshot too", async () => {
    const pages = readdirSync(site.out).filter((name) => name.endsWith(".html"));
    expect(pages).toEqual(expect.arrayContaining(["arrival-lab.html", "formulas.html", "index.html", "on-call.html"]));
    const found: string[] = [];
    for (const name of pages) {
      // The languages its notebook's front matter declares (the index and a one-language page: the default alone).
      const source = join(packageRoot, "notebooks", name.replace(/\.html$/, ".md"));
      const declared = readdirSync(join(packageRoot, "notebooks")).includes(name.replace(/\.html$/, ".md"))
        ? /^languages: \[(.*)\]$/m.exec(readFileSync(source, "utf8"))?.[1]
        : undefined;
      const langs = (declared ?? "")
        .split(",")
        .map((l) => l.trim())
        .filter(Boolean);
      for (const [k, lang] of (langs.length ? langs : [""]).entries()) {
        // Every language at 1280×720; the phone's 390×844 in the default language (the layout does not change with it).
        for (const viewport of k === 0
          ? [
              {width: 1280, height: 720},
              {width: 390, height: 844}
            ]
          : [{width: 1280, height: 720}]) {
          const {page, messages} = await open(`${site.origin}/${name}${lang ? `?lang=${lang}` : ""}`, viewport);
          if (name !== "index.html") await settled(page);
          await page.screenshot({fullPage: true, type: "jpeg", quality: 1}); // relayout: the container's width reads 0 for a moment (JPEG: the pixels are not looked at, and encode in a fraction of PNG's time)
          found.push(...messages.map((m) => `${name} ${lang} ${viewport.width}: ${m}`));
          await releaseTab(page);
        }
      }
    }
    expect(found).toEqual([]);
  }, 600_000);
});

describe("the lab's step 8 and uploads", () => {
  it("says 'not answered yet' until the form changes, then grades the decision as typed", async () => {
    const {page, messages} = await open(`${site.origin}/arrival-lab.html`);
    await labLoaded(page);
    const step8 = page.locator(".lab-grade").first();
    await expect.poll(() => step8.locator("[data-pending]").innerText()).toBe(en["grade.pending"].replace("{total}", "5"));
    expect(await step8.locator("li.fail, li.ok").count()).toBe(0);
    expect(await step8.locator("li.pending").count()).toBe(5);
    expect(await step8.innerText()).not.toMatch(/checks fail/);
    await page.locator("form.lab-decision textarea[name=risk]").fill("x");
    await expect.poll(() => step8.locator(".lab-error").innerText()).toMatch(/^\d of 5 checks fail\.$/);
    expect(await step8.locator("[data-pending]").count()).toBe(0);
    expect(messages).toEqual([]);
    await releaseTab(page);
  }, 60_000);

  it("adds each upload to what is loaded, grades arrival-model.txt alone with the rest, and clears back to the embedded runs", async () => {
    const {page, messages} = await open(`${site.origin}/arrival-lab.html`);
    await labLoaded(page);
    const grader = page.locator(".lab-grade").last();
    const input = page.locator("input[name=lab-files]");
    const loaded = () => page.locator(".lab-upload-status li").allInnerTexts();
    await input.setInputFiles([join(tmp, "arrival-model.txt")]);
    await expect.poll(loaded).toEqual(["arrival-model.txt"]);
    await expect.poll(() => grader.locator(".lab-ok").count()).toBe(1); // nothing reported missing
    expect(await grader.locator('li[data-rule="present"]').getAttribute("class")).toBe("ok");
    await input.setInputFiles([join(tmp, "srv-burst.csv")]);
    await expect.poll(loaded).toEqual(["arrival-model.txt", "srv-burst.csv (150 rows)"]);
    const merged = new Map(committed).set("srv-burst.csv", other.get("srv-burst.csv")!);
    const {analyzeLab} = await import("../../src/lab/analyze.js");
    const expected = new Map(analyzeLab((name) => merged.get(name)).files);
    await expect.poll(() => page.locator(`pre.lab-answer[data-file="queue.tsv"]`).textContent()).toBe(expected.get("queue.tsv"));
    await input.setInputFiles([join(tmp, "srv-even.csv")]); // a third file adds; the others stay
    await expect.poll(loaded).toEqual(["arrival-model.txt", "srv-burst.csv (150 rows)", "srv-even.csv (150 rows)"]);
    merged.set("srv-even.csv", other.get("srv-even.csv")!);
    const both = new Map(analyzeLab((name) => merged.get(name)).files);
    await expect.poll(() => page.locator(`pre.lab-answer[data-file="queue.tsv"]`).textContent()).toBe(both.get("queue.tsv"));
    await page.locator("button.lab-upload-reset").click();
    await expect.poll(() => page.locator(`pre.lab-answer[data-file="queue.tsv"]`).textContent()).toBe(committed.get("queue.tsv"));
    expect(await page.locator(".lab-upload-status").innerText()).toBe(en["upload.embedded"]);
    expect(outputNames).toContain("arrival-model.txt");
    expect(messages).toEqual([]);
    await releaseTab(page);
  }, 90_000);
});

describe("the Try-it sliders in reach of their figures", () => {
  for (const viewport of [
    {width: 1280, height: 720},
    {width: 390, height: 844}
  ]) {
    it(`shows a bar of the same sliders while steps 3–7 are on screen, bound both ways (${viewport.width}×${viewport.height})`, async () => {
      const {page, messages} = await open(`${site.origin}/arrival-lab.html`, viewport);
      await labLoaded(page);
      const bar = page.locator(".lab-try-bar");
      expect(await bar.isHidden()).toBe(true);
      // Step 5's queue figures, scrolled to until they stay in the window: the figures above them
      // render (content-visibility) as the page scrolls past, and their real heights move it.
      const queuePair = page.locator(".lab-pair").nth(2);
      const inWindow = () =>
        queuePair.evaluate(
          (n) =>
            new Promise<boolean>((done) =>
              requestAnimationFrame(() =>
                requestAnimationFrame(() => done(n.getBoundingClientRect().top < innerHeight && n.getBoundingClientRect().bottom > 0))
              )
            )
        );
      await expect.poll(async () => (await queuePair.scrollIntoViewIfNeeded(), (await inWindow()) && inWindow())).toBe(true);
      await expect.poll(() => bar.isVisible()).toBe(true);
      if (!(await bar.locator(".lab-try-bar-body").isVisible())) await bar.locator("button").click(); // folded on a phone
      expect(await bar.locator("button").getAttribute("aria-expanded")).toBe("true");
      const copy = bar.locator('label[data-key="rate"] input[type=range]');
      await copy.evaluate((range: HTMLInputElement) => {
        range.value = "40";
        range.dispatchEvent(new Event("input", {bubbles: true}));
      });
      const original = page.locator(`.lab-try form:has(label:text-is("${en["try.rate"]}")) input[type=range]`);
      await expect.poll(() => original.inputValue()).toBe("40");
      await expect.poll(() => page.locator(".lab-pair [data-sim]").first().getAttribute("data-sim")).toContain("rate=40");
      await original.evaluate((range: HTMLInputElement) => {
        range.value = "30";
        range.dispatchEvent(new Event("input", {bubbles: true}));
      });
      await expect.poll(() => copy.inputValue()).toBe("30");
      await page.locator(".lab-try").scrollIntoViewIfNeeded(); // the sliders themselves in view: no bar
      await expect.poll(() => bar.isHidden()).toBe(true);
      await page.locator("form.lab-decision").scrollIntoViewIfNeeded(); // step 8: past the figures
      await expect.poll(() => bar.isHidden()).toBe(true);
      expect(messages).toEqual([]);
      await releaseTab(page);
    }, 60_000);
  }
});

describe("one palette for the three shapes", () => {
  it("draws even, poisson and burst in the same colours on the lab and on formulas.md", async () => {
    const lab = (await open(`${site.origin}/arrival-lab.html`)).page;
    await labLoaded(lab);
    // The queue figure of step 5 (one path per shape, in the lab's order).
    // Each stroke names the shape's variable (the page's scheme picks the colour) and, on this light page, draws its light colour.
    const labStrokes = await lab
      .locator(".lab-pair")
      .nth(2)
      .locator("svg path")
      .evaluateAll((paths) =>
        paths
          .map((p) => ({named: p.getAttribute("stroke") ?? "", drawn: getComputedStyle(p).stroke}))
          .filter((c) => c.named.startsWith("var(--qb-shape"))
      );
    expect(labStrokes.slice(0, 3).map((c) => c.named)).toEqual([shapeColors.even, shapeColors.poisson, shapeColors.burst]);
    const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(", ")})`;
    expect(labStrokes.slice(0, 3).map((c) => c.drawn)).toEqual(
      [shapeHex.light.even, shapeHex.light.poisson, shapeHex.light.burst].map(rgb)
    );
    await lab.close();
    const formulas = (await open(`${site.origin}/formulas.html`)).page;
    await settled(formulas);
    const byShape = await formulas.evaluate(() => {
      const out: Record<string, string> = {};
      for (const swatch of document.querySelectorAll("[class$='-swatch']")) {
        const name = swatch.textContent?.trim() ?? "";
        const fill = swatch.querySelector("svg")?.getAttribute("fill");
        if (fill && /^(even|poisson|burst)$/.test(name)) out[name] = fill;
      }
      return out;
    });
    expect(byShape).toEqual(shapeColors);
    await formulas.close();
  }, 60_000);
});

describe("the lab in Japanese", () => {
  it("has no Korean, the seed's 参考 lines beside this project's server, and s7.divisor once", async () => {
    const {page, messages} = await open(`${site.origin}/arrival-lab.html?lang=ja`);
    await labLoaded(page);
    // textContent: innerText leaves out what content-visibility keeps unrendered off screen.
    const text = (await page.locator("main").textContent())!;
    expect(text).not.toMatch(/[\uac00-\ud7af]/);
    const references = seed.slice(seed.indexOf("参考") + 2, seed.indexOf("参考") + 5); // working folder, the one prepared file, the server
    expect(references.map((line) => line.slice(0, 4))).toEqual(["作業ディ", "用意され", "負荷対象"]);
    for (const line of references) expect(text).toContain(line);
    expect(text).toContain("queuebook lab server 8080 40 4");
    const divisor = jaUnits.filter((unit) => unit.startsWith("割り算の分母"));
    expect(divisor).toHaveLength(1);
    expect(text.split(divisor[0]).length - 1).toBe(1);
    expect(text).toContain("<形> <成功件数> <p50> <p95>");
    expect(text).not.toContain("1台の外へ");
    expect(text).not.toContain("同じ契約");
    const example = await page.locator('pre.lab-answer[data-file="arrival-model.txt"]').textContent();
    expect(example).toMatch(/^evidence=schedules\.tsvで、/m);
    expect(messages).toEqual([]);
    await releaseTab(page);
  }, 60_000);

  it("the English page has no Korean either", async () => {
    const {page} = await open(`${site.origin}/arrival-lab.html`);
    await labLoaded(page);
    const text = (await page.locator("main").textContent())!;
    expect(text).not.toMatch(/[\uac00-\ud7af]/);
    expect(text).toContain("python3 gen.py <even|poisson|burst> <requests> <requests per second> <seed> <output CSV> [URL]");
    await releaseTab(page);
  }, 60_000);
});
