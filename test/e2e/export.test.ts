// `queuebook export` as a user runs it, and its file in real headless Chromium from file://:
// nothing requested from anywhere, a slider still drives its dependents, the no-script
// snapshot shows values, charts and formulas with JavaScript off, hostile data stays text,
// two exports are the same bytes, the PDF carries the chart, and Chromium's absence only
// skips the snapshot.
import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {inflateSync} from "node:zlib";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {Browser, Page} from "playwright-core";
import {closeBrowser, launchBrowser, releaseTab, takeTab} from "./harness.js";
import {runQueuebook} from "../support/queuebookProcess.js";

const HOSTILE = "</script><script>window.pwned = 1</script><!-- \u2028 end";

/** Runs `queuebook …args` in `cwd` with extra environment variables. */
const cli = runQueuebook;

let dir: string;
let browser: Browser;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "queuebook-export-e2e-"));
  writeFileSync(join(dir, "hostile.json"), JSON.stringify([{label: HOSTILE}]));
  writeFileSync(
    join(dir, "deck.md"),
    `---
title: Export deck
description: A slider, a formula, a chart and hostile data
---

# Export deck

\`\`\`js
const x = view(Inputs.range([1, 10], {value: 3, step: 1, label: "x"}));
\`\`\`

Twice x is <span class="twice">\${x * 2}</span>.

\`\`\`js
tex.block\`y = 2 \\times \${x} = \${2 * x}\`
\`\`\`

\`\`\`js
Plot.plot({width: 600, height: 200, marks: [Plot.lineY(d3.range(200).map((i) => Math.sin(i / 20) * x)), Plot.dot([[x, 0]], {r: 5})]})
\`\`\`

\`\`\`js
const rows = await FileAttachment("hostile.json").json();
display(html\`<p class="hostile">\${rows[0].label}</p>\`);
\`\`\`
`
  );
  const first = await cli(["export", "deck.md", "-o", "a.html"], dir);
  expect(first.stderr).toBe("");
  expect(first.code).toBe(0);
  expect(first.stdout).toMatch(/^exported deck\.md to a\.html \(\d+(\.\d+)? [KM]B\) in \d+ ms\n$/);
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await closeBrowser(browser);
  if (dir) rmSync(dir, {recursive: true, force: true});
});

/** Opens the export from file:// with every request but the file itself refused and counted. */
async function open(file: string, options: {javaScriptEnabled?: boolean} = {}) {
  const page = await takeTab(browser, {javaScriptEnabled: options.javaScriptEnabled ?? true});
  const requests: string[] = [];
  const errors: string[] = [];
  const url = `file://${join(dir, file)}`;
  await page.route(/.*/, (route) => {
    const asked = route.request().url();
    if (asked === url) return route.continue();
    requests.push(asked);
    return route.abort();
  });
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.goto(url);
  return {page, requests, errors, close: () => releaseTab(page)};
}

async function setSlider(page: Page, value: number) {
  await page.locator("form input[type=range]").evaluate((input: HTMLInputElement, v) => {
    input.value = String(v);
    input.dispatchEvent(new Event("input", {bubbles: true}));
  }, value);
}

describe("queuebook export", {timeout: 90_000}, () => {
  it("opens from file:// requesting nothing, and a slider still changes its dependents", async () => {
    const {page, requests, errors, close} = await open("a.html");
    await expect.poll(() => page.locator(".twice").innerText()).toBe("6");
    await expect.poll(() => page.locator(".katex").first().innerText()).toContain("2×3=6");
    const before = await page.locator("svg circle").getAttribute("cx");
    await setSlider(page, 7);
    await expect.poll(() => page.locator(".twice").innerText()).toBe("14");
    await expect.poll(() => page.locator(".katex").first().innerText()).toContain("2×7=14");
    expect(await page.locator("svg circle").getAttribute("cx")).not.toBe(before);
    expect(await page.locator("[data-qb-snapshot]").count()).toBe(0); // every snapshot replaced
    expect(requests).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });

  it("shows values, charts and formulas with JavaScript disabled", async () => {
    const {page, requests, close} = await open("a.html", {javaScriptEnabled: false});
    expect(await page.locator(".twice").innerText()).toBe("6");
    expect(await page.locator(".qb-noscript").innerText()).toContain("JavaScript on");
    expect(await page.locator(".katex").first().innerText()).toContain("2×3=6");
    expect(await page.locator("svg path").count()).toBeGreaterThan(1);
    expect(await page.locator("form input[type=range]").getAttribute("value")).toBe("3");
    expect(await page.locator(".hostile").textContent()).toBe(HOSTILE);
    expect(requests).toEqual([]);
    await close();
  });

  it("presents from the exported file: the snapshot's note neither adds a slide nor repeats the title", async () => {
    const {page, requests, close} = await open("a.html");
    await page.evaluate(() => (location.hash = "#/2"));
    await expect.poll(() => page.locator(".qb-slide-number").textContent()).toBe("2 / 2"); // title, then the content
    expect(await page.locator("main > .qb-on-slide form input[type=range]").count()).toBe(1);
    expect(await page.locator("main > h1.qb-on-slide").count()).toBe(0); // the title slide has the title
    expect(requests).toEqual([]);
    await close();
  });

  it("keeps hostile data inert: text on the page, never a script", async () => {
    const {page, close} = await open("a.html");
    await expect.poll(() => page.locator(".hostile").textContent()).toBe(HOSTILE);
    expect(await page.evaluate(() => (window as any).pwned)).toBeUndefined();
    expect(await page.locator("script:not([type])").count()).toBe(3 + 1); // client, katex, plot-d3 chunks + the notebook (data blocks have a type)
    await close();
    const html = readFileSync(join(dir, "a.html"), "utf8");
    expect(html.includes("window.pwned = 1</script>")).toBe(false);
  });

  it("writes the same bytes for the same inputs (the file's name is one: the report's link is relative to it)", async () => {
    mkdirSync(join(dir, "again"), {recursive: true});
    const again = await cli(["export", "deck.md", "-o", "again/a.html"], dir);
    expect(again.code).toBe(0);
    expect(readFileSync(join(dir, "a.html")).equals(readFileSync(join(dir, "again", "a.html")))).toBe(true);
    const renamed = await cli(["export", "deck.md", "-o", "b.html"], dir);
    expect(renamed.code).toBe(0);
    expect(readFileSync(join(dir, "b.html"), "utf8")).toBe(readFileSync(join(dir, "a.html"), "utf8").replaceAll("a.html", "b.html"));
  });

  it("prints a PDF with the chart (--pdf)", async () => {
    const result = await cli(["export", "deck.md", "--pdf", "deck.pdf"], dir);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const pdf = readFileSync(join(dir, "deck.pdf"));
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    // The chart's 200-point line is drawn as path segments ("x y l") in a page's content stream.
    const text = pdf.toString("latin1");
    let lineTo = 0;
    for (const match of text.matchAll(/stream\r?\n/g)) {
      const start = match.index! + match[0].length;
      try {
        lineTo += (
          inflateSync(pdf.subarray(start, text.indexOf("endstream", start)))
            .toString("latin1")
            .match(/ l\n/g) ?? []
        ).length;
      } catch {
        // not a deflated stream (an image, a font)
      }
    }
    expect(lineTo).toBeGreaterThanOrEqual(199);
    expect(existsSync(join(dir, "deck.html"))).toBe(false); // --pdf alone writes only the PDF
  });

  it("without Chromium still exports, saying in one line that the snapshot was skipped", async () => {
    const result = await cli(["export", "deck.md", "-o", "plain.html"], dir, {QUEUEBOOK_CHROMIUM: join(dir, "no-chromium")});
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(
      `queuebook export: no-script snapshot skipped: Chromium not found at ${join(dir, "no-chromium")} (set QUEUEBOOK_CHROMIUM)\n`
    );
    const html = readFileSync(join(dir, "plain.html"), "utf8");
    expect(html.includes(" data-qb-snapshot>")).toBe(false); // (the client and its CSS name the attribute)
    const {page, requests, close} = await open("plain.html");
    await expect.poll(() => page.locator(".twice").innerText()).toBe("6");
    expect(requests).toEqual([]);
    await close();
  });

  it("opens at --state and in --lang", async () => {
    writeFileSync(join(dir, "lang.md"), '---\ntitle: Lang\nlanguages: [en, ja]\n---\n\n<p class="out">${lang} ${location.hash}</p>\n');
    const result = await cli(["export", "lang.md", "-o", "lang.html", "--lang", "ja", "--state", "run=v1_abc", "--no-snapshot"], dir);
    expect(result.code).toBe(0);
    const {page, close} = await open("lang.html");
    await expect.poll(() => page.locator(".out").innerText()).toBe("ja #run=v1_abc");
    await close();
  });

  it("queuebook build --snapshot gives every page the same no-script snapshot (off by default)", async () => {
    const site = mkdtempSync(join(tmpdir(), "queuebook-snapshot-site-"));
    try {
      const plain = await cli(["build", "--root", dir, "-o", join(site, "plain")], dir);
      expect(plain.code).toBe(0);
      expect(readFileSync(join(site, "plain", "deck.html"), "utf8").includes(" data-qb-snapshot>")).toBe(false);
      const built = await cli(["build", "--root", dir, "-o", join(site, "snap"), "--snapshot"], dir);
      expect(built.stderr).toBe("");
      expect(built.code).toBe(0);
      const context = await browser.newContext({javaScriptEnabled: false});
      const page = await context.newPage();
      await page.goto(`file://${join(site, "snap", "deck.html")}`);
      expect(await page.locator(".twice").innerText()).toBe("6");
      expect(await page.locator(".katex").count()).toBeGreaterThan(0);
      expect(await page.locator("main svg").count()).toBeGreaterThan(0);
      // the chart's own stylesheet (Plot's) is kept for readers without scripts, and the site's folder is named nowhere
      const snapped = readFileSync(join(site, "snap", "deck.html"), "utf8");
      expect(snapped).toMatch(/<noscript><style data-qb-snapshot-style>\n[^<]*plot-/);
      expect(snapped.includes(site)).toBe(false);
      await context.close();
    } finally {
      rmSync(site, {recursive: true, force: true});
    }
  });

  it("bad input (also an output that cannot be written): one line and the usage, exit 2; a missing notebook: one line, exit 1; nothing written", async () => {
    const lang = await cli(["export", "deck.md", "--lang", "fr", "-o", "x.html"], dir);
    expect(lang.code).toBe(2);
    expect(lang.stderr.split("\n")[0]).toBe("queuebook export: --lang fr: the notebook declares no languages");
    const state = await cli(["export", "deck.md", "--state", "a b", "-o", "x.html"], dir);
    expect(state.code).toBe(2);
    const none = await cli(["export", "missing.md", "-o", "x.html"], dir);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/^queuebook export: cannot read missing\.md: [^\n]+\n$/); // one line
    expect(existsSync(join(dir, "x.html"))).toBe(false);
    const folder = await cli(["export", "deck.md", "--pdf", join(dir, "missing", "x.pdf")], dir);
    expect(folder.code).toBe(2); // checked before any rendering (test/e2e/export-guards.test.ts)
    expect(folder.stderr.split("\n")[0]).toBe("queuebook export: cannot write missing/x.pdf: folder missing does not exist"); // shown relative to the current folder
    expect(existsSync(join(dir, "missing"))).toBe(false); // no folder made on the way
    const noFile = await cli(["export"], dir);
    expect(noFile.code).toBe(2);
    expect(noFile.stderr.split("\n")[0]).toBe("queuebook export: missing the notebook to export");
  });
});
