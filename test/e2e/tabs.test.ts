// The tabs the browser tests reuse (takeTab and releaseTab in harness.ts): a tab given back and
// taken again is the same tab, and what a page in it can tell is as in a new tab.
import {mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, expect, it} from "vitest";
import type {Browser} from "playwright-core";
import {closeBrowser, launchBrowser, releaseTab, serveStatic, takeTab} from "./harness.js";

let dir: string;
let browser: Browser;
let server: Awaited<ReturnType<typeof serveStatic>>;
const page = `<!doctype html><title>t</title><script>
  document.title = [localStorage.getItem("k") ?? "none", sessionStorage.getItem("k") ?? "none", String(window.mark ?? "none")].join(" ");
  localStorage.setItem("k", "kept"); sessionStorage.setItem("k", "kept"); window.mark = "set";
  console.log("loaded");
</script>`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "queuebook-tabs-"));
  writeFileSync(join(dir, "a.html"), page);
  server = await serveStatic(dir);
  browser = await launchBrowser();
});

afterAll(async () => {
  await closeBrowser(browser);
  await server?.close();
  if (dir) rmSync(dir, {recursive: true, force: true});
});

it("a tab given back is taken again, and its page finds no storage, no globals and no listeners of the last test", async () => {
  const urls = [`${server.origin}/a.html`, `file://${join(dir, "a.html")}`];
  const first = await takeTab(browser);
  const heard: string[] = [];
  first.on("console", (m) => m.type() === "log" && heard.push(m.text()));
  for (const url of urls) {
    await first.goto(url);
    expect(await first.title()).toBe("none none none");
    // Within one taking the tab keeps what its pages stored, as a tab does. (Chromium commits a
    // file:// page's localStorage a moment after the write: a reload at once read the origin
    // before it, 3 times in 40 with a new tab each time, none in 80 over http. So reload until the
    // write is in; a tab that dropped what was stored never gets there.)
    const reloaded = async () => {
      await first.reload();
      return first.title();
    };
    await expect.poll(reloaded, {message: url}).toBe("kept kept none");
  }
  expect(heard.length).toBeGreaterThanOrEqual(4);
  expect(new Set(heard)).toEqual(new Set(["loaded"]));
  const heardBefore = heard.length;
  await releaseTab(first);
  expect(first.url()).toBe("about:blank");

  const again = await takeTab(browser, {viewport: {width: 390, height: 844}, colorScheme: "dark"});
  expect(again).toBe(first);
  for (const url of urls) {
    await again.goto(url);
    // both origins' localStorage is empty, not only the one the tab was left on
    expect(await again.title(), url).toBe("none none none");
  }
  expect(heard).toHaveLength(heardBefore); // the last taking's listener heard none of these
  expect(await again.evaluate(() => [innerWidth, innerHeight, matchMedia("(prefers-color-scheme: dark)").matches])).toEqual([
    390,
    844,
    true
  ]);
  await releaseTab(again);
  const light = await takeTab(browser);
  expect(light).toBe(first);
  expect(await light.evaluate(() => [innerWidth, matchMedia("(prefers-color-scheme: dark)").matches])).toEqual([1280, false]);
  await releaseTab(light);
});

it("a page not from takeTab is closed when given back; a closed tab is not taken again", async () => {
  const other = await browser.newPage();
  await releaseTab(other);
  expect(other.isClosed()).toBe(true);
  const tab = await takeTab(browser);
  await tab.close();
  await releaseTab(tab);
  expect(await takeTab(browser)).not.toBe(tab);
});

it("a tab is taken again only with what is fixed for its life: scripts on or off, its pixel ratio; motion and scheme are reset", async () => {
  const off = await takeTab(browser, {javaScriptEnabled: false, reducedMotion: "reduce"});
  await off.goto(`${server.origin}/a.html`);
  expect(await off.title()).toBe("t"); // the script did not run
  await releaseTab(off);
  const on = await takeTab(browser);
  expect(on).not.toBe(off);
  await on.goto(`${server.origin}/a.html`);
  expect(await on.title()).toBe("none none none");
  expect(await on.evaluate(() => [devicePixelRatio, matchMedia("(prefers-reduced-motion: reduce)").matches])).toEqual([1, false]);
  const offAgain = await takeTab(browser, {javaScriptEnabled: false});
  expect(offAgain).toBe(off);
  const sharp = await takeTab(browser, {deviceScaleFactor: 2, reducedMotion: "reduce"});
  await sharp.goto(`${server.origin}/a.html`);
  expect(await sharp.evaluate(() => [devicePixelRatio, matchMedia("(prefers-reduced-motion: reduce)").matches])).toEqual([2, true]);
  for (const tab of [on, offAgain, sharp]) await releaseTab(tab);
});
