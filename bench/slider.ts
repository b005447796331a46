// Slider → chart latency on a built notebook page, measured the same way whatever built it
// (queuebook or Observable Framework), so the two can be compared side by side.
import type {Browser, Page} from "playwright-core";

/** A notebook page open in Chromium, with the count of non-loopback requests it tried. */
export interface OpenNotebook {
  page: Page;
  /** Requests to anything but 127.0.0.1/localhost, aborted before they left the machine. */
  blocked: string[];
}

const loopback = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** Aborts and records every request that would leave the machine (fonts, CDNs, telemetry). */
export async function blockExternal(page: Page): Promise<string[]> {
  const blocked: string[] = [];
  await page.route("**/*", (route) => {
    const url = new URL(route.request().url());
    if ((url.protocol === "http:" || url.protocol === "https:") && !loopback.has(url.hostname)) {
      blocked.push(url.href);
      return route.abort("blockedbyclient");
    }
    return route.continue();
  });
  return blocked;
}

/** Opens `url` with external requests blocked and waits until its chart (an <svg>) is drawn. */
export async function openNotebook(browser: Browser, url: string): Promise<OpenNotebook> {
  const page = await browser.newPage();
  const blocked = await blockExternal(page);
  await page.goto(url);
  await page.waitForSelector("main input[type=range]");
  await page.waitForSelector("main svg");
  return {page, blocked};
}

/**
 * Sets the page's slider to each of `values` in turn and returns, for each, the time in ms from
 * dispatching the input event to the new chart being in the DOM (so every dependent cell has
 * run). The slider is the page's first range input; the chart's cell is the child of <main>
 * that holds the <svg>: the same code finds both on a queuebook page and on a Framework page.
 */
export async function sliderLatencies(page: Page, values: number[]): Promise<number[]> {
  await page.bringToFront(); // both runtimes wait for an animation frame: keep this tab's frames coming
  return page.evaluate(async (values) => {
    const main = document.querySelector("main")!;
    const input = main.querySelector<HTMLInputElement>("input[type=range]")!;
    const out: number[] = [];
    for (const value of values) {
      await new Promise((r) => setTimeout(r, 30)); // let the page idle between inputs
      const before = main.querySelector("svg")!;
      let chart: Element = before;
      while (chart.parentElement !== main) chart = chart.parentElement!;
      const done = new Promise<number>((resolve, reject) => {
        const timeout = setTimeout(() => reject(new Error(`no new chart 5 s after the input (value ${value})`)), 5000);
        const observer = new MutationObserver(() => {
          const svg = chart.querySelector("svg");
          if (!svg || svg === before) return; // wait for the redrawn chart, not the old one
          const end = performance.now();
          observer.disconnect();
          clearTimeout(timeout);
          resolve(end);
        });
        observer.observe(chart, {childList: true, subtree: true});
      });
      input.value = String(value);
      const start = performance.now();
      input.dispatchEvent(new Event("input", {bubbles: true}));
      out.push((await done) - start);
    }
    return out;
  }, values);
}
