// The on-call notebook exported as a report, as a reader gets it: with JavaScript off every
// relation of the model is typeset and every chart drawn, the page reads like the live one
// frozen (the dashboard grid, the alert, inputs as their values, no dead buttons), its first
// line names the notebook and the run; two exports made from different working folders and
// temporary folders are the same bytes and name neither; --lang wins over the link's language;
// the PDFs of on-call, the lab and the lecture carry no buttons and no mostly blank page.
import {spawn} from "node:child_process";
import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync} from "node:fs";
import {hostname, tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {Browser} from "playwright-core";
import {closeBrowser, launchBrowser, releaseTab, takeTab} from "./harness.js";
import {runQueuebook} from "../support/queuebookProcess.js";
import {formulaIds} from "../../src/components/oncall/formulas.js";
import {chartSpecs} from "../../src/components/oncall/charts.js";
import {run} from "../../src/sim/oncall/run.js";
import {firstAlertMinute} from "../../src/sim/oncall/metrics.js";
import {blankShares} from "./reportPdf.js";
import en from "../../notebooks/locales/on-call/en.json" with {type: "json"};

const packageRoot = new URL("../../", import.meta.url).pathname;
const notebooks = join(packageRoot, "notebooks");

/** Runs `queuebook …args` in `cwd` with its own temporary folder. */
const cli = (args: string[], cwd: string, tmp: string) => runQueuebook(args, cwd, {TMPDIR: tmp});

let base: string;
let browser: Browser;
/** Two working folders and two temporary folders, named so that a leak of any of them is found. */
const folders = {cwdA: "", cwdB: "", tmpA: "", tmpB: ""};
const alertMinute = firstAlertMinute(run("bad-deploy", {seed: 1}))!;
const state = `run=v1_bad-deploy_s1_m${alertMinute}_en`;

beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), "queuebook-report-"));
  for (const key of Object.keys(folders) as (keyof typeof folders)[]) {
    folders[key] = join(base, `${key}-machine-folder`);
    mkdirSync(folders[key]);
  }
  const oncall = join(notebooks, "on-call.md");
  const [a, b] = await Promise.all([
    cli(["export", oncall, "-o", "on-call.html", "--state", state, "--pdf", "on-call.pdf"], folders.cwdA, folders.tmpA),
    cli(["export", oncall, "-o", "on-call.html", "--state", state], folders.cwdB, folders.tmpB)
  ]);
  for (const result of [a, b]) {
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
  }
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await closeBrowser(browser);
  if (base) rmSync(base, {recursive: true, force: true});
});

/** Opens an export from file:// (every other request refused), with or without JavaScript. */
async function open(file: string, javaScriptEnabled: boolean) {
  const page = await takeTab(browser, {javaScriptEnabled, viewport: {width: 1280, height: 900}});
  const url = `file://${file}`;
  await page.route(/.*/, (route) => (route.request().url().split("#")[0] === url ? route.continue() : route.abort()));
  await page.goto(`${url}#${state}`);
  return {page, close: () => releaseTab(page)};
}

describe("the on-call report with JavaScript off", {timeout: 60_000}, () => {
  it("has every relation of the model typeset: each formula of formulas.ts, in symbols and with the minute's values", async () => {
    const {page, close} = await open(join(folders.cwdA, "on-call.html"), false);
    for (const id of formulaIds) {
      expect(await page.locator(`[data-symbolic="${id}"] .katex`).count(), `${id} in symbols`).toBe(1);
      expect(await page.locator(`[data-formula="${id}"] .katex`).count(), `${id} with values`).toBe(1);
    }
    expect(await page.locator(".oc-model .katex").count()).toBe(formulaIds.length * 2);
    await close();
  });

  it("has every chart drawn, the debrief's too", async () => {
    const {page, close} = await open(join(folders.cwdA, "on-call.html"), false);
    expect(await page.locator(".oc-charts .oc-chart").count()).toBe(chartSpecs.length);
    for (const chart of await page.locator(".oc-charts .oc-chart").all())
      expect(await chart.locator("svg path").count()).toBeGreaterThan(0);
    expect(await page.locator(".oc-debrief svg path").count()).toBeGreaterThan(0);
    await close();
  });

  it("reads like the live page frozen: the dashboard grid, the header apart, the alert styled, inputs as their values, no buttons", async () => {
    const {page, close} = await open(join(folders.cwdA, "on-call.html"), false);
    const columns = await page.locator(".oc-dash").evaluate((e) => getComputedStyle(e).gridTemplateColumns.split(" ").length);
    expect(columns).toBe(4);
    const [clock, minute] = await Promise.all([page.locator(".oc-clock").boundingBox(), page.locator(".oc-minute").boundingBox()]);
    expect(minute!.x).toBeGreaterThan(clock!.x + clock!.width); // not "13:55minute 295"
    const alert = page.locator(".oc-alert");
    expect(await alert.isVisible()).toBe(true);
    expect(await alert.evaluate((e) => getComputedStyle(e).backgroundColor)).toBe("rgb(254, 243, 242)");
    expect(await page.locator("main button").count()).toBe(0); // Play, Rollback, Copy link, the guesses
    expect(await page.locator("main [data-qb-live-only]").count()).toBe(0);
    expect(await page.locator('[data-control="rollback"]').innerText()).not.toMatch(/Redeploys/); // no help for a button that is not there
    expect(await page.locator(".oc-bar").innerText()).not.toMatch(/Speed|×60/); // nor the player's speeds
    const inputs = page.locator("main [data-qb-snapshot] input, main [data-qb-snapshot] select");
    expect(await inputs.count()).toBeGreaterThan(5);
    expect(await page.locator("main [data-qb-snapshot] :is(input, select, textarea):not([disabled])").count()).toBe(0);
    expect(await page.locator(`[data-metric="minute"]`).first().textContent()).toBe(String(alertMinute));
    await close();
  });

  it("names the notebook and the state exported on its first line, and no date", async () => {
    const {page, close} = await open(join(folders.cwdA, "on-call.html"), false);
    const report = page.locator("main > .qb-report");
    expect(await page.locator("main > :first-child").evaluate((e) => e.className)).toBe("qb-report");
    const text = await report.innerText();
    expect(text).toContain("On call");
    expect(text).toContain("on-call.md");
    expect(text).toContain(`scenario bad-deploy, seed 1, minute ${alertMinute}, 0 decisions`);
    expect(text).toContain(`on-call.html#${state}`);
    expect(await report.locator("a").getAttribute("href")).toBe(`#${state}`);
    expect((await report.boundingBox())!.y).toBeLessThan(300);
    expect(readFileSync(join(folders.cwdA, "on-call.html"), "utf8")).not.toMatch(new RegExp(new Date().toISOString().slice(0, 10)));
    await close();
  });
});

describe("render everything now (src/client/renderAll.ts), with JavaScript on", {timeout: 60_000}, () => {
  /** The live export at the top, the model far below the window: how many of its formulas are typeset. */
  async function typeset(query: string, before?: (page: import("playwright-core").Page) => Promise<void>) {
    const page = await takeTab(browser, {viewport: {width: 1280, height: 900}});
    await page.goto(`file://${join(folders.cwdA, "on-call.html")}${query}#${state}`);
    await expect.poll(() => page.locator(".oc-charts .oc-chart svg").count(), {timeout: 30_000}).toBe(chartSpecs.length);
    await expect.poll(() => page.locator("[data-qb-snapshot]").count(), {timeout: 30_000}).toBe(0); // the live page has replaced the snapshot
    const beforeHook = await page.locator(".oc-model .katex").count();
    await before?.(page);
    return {beforeHook, count: () => page.locator(".oc-model .katex").count(), close: () => releaseTab(page)};
  }

  it("off screen, the model waits to be scrolled into view (the case the hook is for)", async () => {
    const {beforeHook, close} = await typeset("");
    expect(beforeHook).toBe(0);
    await close();
  });

  it("?snapshot renders it at once, without scrolling", async () => {
    const {beforeHook, close} = await typeset("?snapshot");
    expect(beforeHook).toBe(formulaIds.length * 2);
    await close();
  });

  it("the browser's print (beforeprint) renders it before the paper is laid out", async () => {
    const {count, close} = await typeset("", (page) => page.evaluate(() => void dispatchEvent(new Event("beforeprint"))));
    expect(await count()).toBe(formulaIds.length * 2); // synchronously, inside the event
    await close();
  });
});

describe("the on-call report is the same bytes wherever it is made", () => {
  it("is within the on-call size goal, snapshot and all (≤ 2 MB)", () => {
    expect(readFileSync(join(folders.cwdA, "on-call.html")).length).toBeLessThanOrEqual(2e6);
  });

  it("two exports from different working and temporary folders are byte-identical", () => {
    expect(readFileSync(join(folders.cwdA, "on-call.html")).equals(readFileSync(join(folders.cwdB, "on-call.html")))).toBe(true);
  });

  it("names nothing of the machine: no working, temporary or project folder, no file:// link, no host name", () => {
    const html = readFileSync(join(folders.cwdA, "on-call.html"), "utf8");
    for (const name of [
      "cwdA-machine-folder",
      "tmpA-machine-folder",
      "queuebook-export-",
      "queuebook-report-",
      packageRoot.replace(/\/$/, ""),
      tmpdir() + "/",
      "file://"
    ]) {
      expect(html.includes(name), name).toBe(false);
    }
    if (hostname().length >= 6) expect(html.includes(hostname())).toBe(false);
    expect(html).toContain(`on-call.html#${state}`); // the run's own link, relative to the file
  });
});

describe("export --lang", {timeout: 120_000}, () => {
  /** The export's language as its live page shows it: html lang, the title, the run link's language. */
  async function languageOf(args: string[]): Promise<{html: string; h1: string; hash: string; code: number | null}> {
    const out = join(folders.cwdA, "lang.html");
    rmSync(out, {force: true});
    const result = await cli(["export", join(notebooks, "on-call.md"), "-o", out, "--no-snapshot", ...args], folders.cwdA, folders.tmpA);
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`file://${out}`);
    await expect.poll(() => page.locator("main h1").innerText(), {timeout: 30_000}).not.toBe("");
    await expect.poll(() => page.evaluate(() => location.hash), {timeout: 30_000}).toMatch(/run=v1_/);
    const shown = {
      html: await page.evaluate(() => document.documentElement.lang),
      h1: await page.locator("main h1").innerText(),
      hash: await page.evaluate(() => location.hash),
      code: result.code
    };
    await context.close();
    return shown;
  }

  it("an explicit --lang wins over the link's language, and the run's link says so", async () => {
    const shown = await languageOf(["--state", "run=v1_free_s1_m0_en", "--lang", "hu"]);
    expect(shown.code).toBe(0);
    expect(shown.html).toBe("hu");
    expect(shown.h1).toMatch(/Ügyelet/);
    expect(shown.hash).toContain("_hu");
    expect(shown.hash).not.toContain("_en");
  });

  it("the other way round too: a Hungarian link exported --lang en is English", async () => {
    const shown = await languageOf(["--state", "run=v1_surge_s3_m10_hu", "--lang", "en"]);
    expect(shown.html).toBe("en");
    expect(shown.h1).toMatch(/On call/);
    expect(shown.hash).toContain("v1_surge_s3_m10_en");
  });

  it("without --lang the link's language is the export's, and the file says it", async () => {
    const shown = await languageOf(["--state", "run=v1_free_s1_m0_pt"]);
    expect(shown.html).toBe("pt");
    expect(readFileSync(join(folders.cwdA, "lang.html"), "utf8")).toContain('<meta name="queuebook-lang" content="pt">');
  });
});

describe("on paper", {timeout: 240_000}, () => {
  /** Page texts and blank shares of a PDF (pdftotext and pdftoppm, poppler-utils). */
  function pdfText(file: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const child = spawn("pdftotext", ["-layout", file, "-"], {stdio: ["ignore", "pipe", "pipe"]});
      let out = "";
      child.stdout.on("data", (d) => (out += d));
      child.on("error", reject);
      child.on("close", () => resolve(out));
    });
  }

  it("the on-call PDF: every relation, no buttons, players or share fields, no mostly blank page but the last", async () => {
    const file = join(folders.cwdA, "on-call.pdf");
    const text = await pdfText(file);
    for (const word of ["+1 minute", "Copy link", "×60", "Commit my guess"]) expect(text.includes(word), word).toBe(false);
    expect(text).toContain("bad-deploy");
    // The model rendered for paper: its line of the minute, and the relations typeset (λ(t) = λ0 …)
    const clock = run("bad-deploy", {seed: 1})[alertMinute].clock;
    expect(text).toContain((en as Record<string, string>)["model.now"].replace("{minute}", String(alertMinute)).replace("{clock}", clock));
    expect(text).toMatch(/λ\(t\) = λ0/);
    // A chart's title is on the page of its chart: the chart's x-axis label follows it there.
    const pages = text.split("\f");
    const titles = chartSpecs.map((c) => (en as Record<string, string>)[`chart.${c.id}`]).filter((title) => title && !title.includes("{"));
    expect(titles.length).toBeGreaterThan(5);
    for (const title of titles) {
      const page = pages.find((p) => p.includes(title));
      expect(page, title).toBeDefined();
      expect(page!.slice(page!.indexOf(title)), title).toContain("time of day");
    }
    const blank = await blankShares(file);
    expect(blank.length).toBeGreaterThan(3);
    blank.slice(0, -1).forEach((share, i) => expect(share, `page ${i + 1}`).toBeLessThanOrEqual(0.7));
  });

  it.each(["arrival-lab", "formulas"])("the %s PDF: no mostly blank page but the last, no buttons", async (name) => {
    const pdf = join(folders.cwdB, `${name}.pdf`);
    const result = await cli(["export", join(notebooks, `${name}.md`), "--pdf", pdf], folders.cwdB, folders.tmpB);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(existsSync(pdf)).toBe(true);
    const blank = await blankShares(pdf);
    expect(blank.length).toBeGreaterThan(1);
    blank.slice(0, -1).forEach((share, i) => expect(share, `page ${i + 1}`).toBeLessThanOrEqual(0.7));
    expect(await pdfText(pdf)).not.toContain("Show code");
  });
});
