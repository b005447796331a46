// The no-script snapshot: a page rendered once in headless Chromium, each cell's output (values,
// tables, charts as SVG, formulas as KaTeX HTML) written into the HTML, so the page reads
// correctly where scripts never run. The live page replaces a cell's snapshot when it first
// renders it (src/client/cells.ts). Also the PDF print of a rendered page.
import {existsSync} from "node:fs";
import {readFile, writeFile} from "node:fs/promises";
import {join} from "node:path";
import {pathToFileURL} from "node:url";
import type {Browser, Page} from "playwright-core";

/** Where Chromium is looked for: QUEUEBOOK_CHROMIUM, else Debian's /usr/bin/chromium. */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.QUEUEBOOK_CHROMIUM || "/usr/bin/chromium";
}

/** Chromium was not found or could not start: the message says which, in one line. */
export class NoChromium extends Error {}

/** The viewport the snapshot is rendered at (the page's column is 880 px wide at most). */
export const SNAPSHOT_VIEWPORT = {width: 1280, height: 900};

/** Runs `use` with a headless Chromium that may load nothing but file: and data: URLs. */
export async function withChromium<T>(path: string, use: (browser: Browser) => Promise<T>): Promise<T> {
  if (!existsSync(path)) throw new NoChromium(`Chromium not found at ${path} (set QUEUEBOOK_CHROMIUM)`);
  let chromium;
  try {
    ({chromium} = await import("playwright-core"));
  } catch {
    throw new NoChromium("playwright-core is not installed");
  }
  let browser: Browser;
  try {
    browser = await chromium.launch({
      executablePath: path,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic", "--font-render-hinting=none"]
    });
  } catch (error) {
    throw new NoChromium(`Chromium at ${path} did not start: ${String((error as Error).message).split("\n")[0]}`);
  }
  try {
    return await use(browser);
  } finally {
    await browser.close().catch(() => {});
  }
}

/** Opens `url` (file:) in a new page whose every other request is refused; waits until it settles. */
export async function openPage(browser: Browser, url: string, viewport = SNAPSHOT_VIEWPORT): Promise<Page> {
  const context = await browser.newContext({viewport, deviceScaleFactor: 1, javaScriptEnabled: true, serviceWorkers: "block"});
  await context.route(/.*/, (route) => {
    const scheme = new URL(route.request().url()).protocol;
    return scheme === "file:" || scheme === "data:" || scheme === "blob:" ? route.continue() : route.abort("blockedbyclient");
  });
  const page = await context.newPage();
  await page.goto(url, {waitUntil: "load"});
  await settle(page);
  return page;
}

/**
 * Waits until no cell is pending and nothing in the page changed for 300 ms (15 s at most: a
 * cell that animates forever is taken as it is then), and the fonts have loaded.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const root = document.querySelector("main") ?? document.body;
    let last = performance.now();
    const observer = new MutationObserver(() => (last = performance.now()));
    observer.observe(root, {subtree: true, childList: true, attributes: true, characterData: true});
    const deadline = performance.now() + 15_000;
    while (performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      if (!document.querySelector(".qb-pending") && performance.now() - last > 300) break;
    }
    observer.disconnect();
    await document.fonts.ready;
  });
}

/** Each cell's rendered output as HTML, by the id of its element (cells showing nothing are left out). */
export type Snapshot = Record<string, string>;

/** Reads every cell's output from a settled page, made static and safe to embed. */
export async function readSnapshot(page: Page): Promise<Snapshot> {
  return page.evaluate(async () => {
    const out: Record<string, string> = {};
    const dataUrl = (blob: Blob) =>
      new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.onerror = () => resolve("");
        reader.readAsDataURL(blob);
      });
    const fields = "input, textarea, select, canvas, img";
    for (const root of document.querySelectorAll<HTMLElement>(".qb-cell[id], .qb-inline[id]")) {
      if (!root.childNodes.length) continue;
      const clone = root.cloneNode(true) as HTMLElement;
      const live = root.querySelectorAll(fields);
      const copies = clone.querySelectorAll(fields);
      for (let i = 0; i < live.length; i++) {
        const from = live[i];
        const to = copies[i];
        if (from instanceof HTMLInputElement) {
          if (from.type === "checkbox" || from.type === "radio") to.toggleAttribute("checked", from.checked);
          else if (from.type !== "file" && from.type !== "password") to.setAttribute("value", from.value);
        } else if (from instanceof HTMLTextAreaElement) {
          to.textContent = from.value;
        } else if (from instanceof HTMLSelectElement) {
          to.querySelectorAll("option").forEach((option, j) => option.toggleAttribute("selected", from.options[j]?.selected ?? false));
        } else if (from instanceof HTMLCanvasElement) {
          const img = document.createElement("img");
          try {
            img.src = from.toDataURL("image/png");
          } catch {
            // a tainted canvas has no pixels to give
          }
          img.width = from.width;
          img.height = from.height;
          img.style.cssText = from.style.cssText;
          to.replaceWith(img);
        } else if (from instanceof HTMLImageElement && from.src.startsWith("blob:")) {
          const blob = await fetch(from.src).then((r) => r.blob()).catch(() => undefined);
          (to as HTMLImageElement).src = blob ? await dataUrl(blob) : "";
        }
      }
      // Static and self-contained: no scripts, no handlers, nothing that loads from elsewhere.
      for (const element of clone.querySelectorAll("script, iframe, object, embed, link, meta, base")) element.remove();
      for (const element of [clone, ...clone.querySelectorAll("*")]) {
        for (const attr of Array.from(element.attributes)) {
          const name = attr.name.toLowerCase();
          const value = attr.value.trim().toLowerCase();
          const loads = ["src", "srcset", "poster", "data", "background", "action", "formaction"].includes(name) || ((name === "href" || name === "xlink:href") && element.localName !== "a");
          if (name.startsWith("on") || value.startsWith("javascript:") || (loads && !value.startsWith("data:") && !value.startsWith("#"))) {
            element.removeAttribute(attr.name);
          } else if (name === "style" && /url\(\s*['"]?(?!data:|#)/i.test(attr.value)) {
            element.removeAttribute(attr.name);
          }
        }
      }
      out[root.id] = clone.innerHTML;
    }
    return out;
  });
}

/** The page with each cell's snapshot written into its empty element (marked data-qb-snapshot). */
export function applySnapshot(html: string, snapshot: Snapshot): string {
  return html.replace(/<(div|span)(\s[^>]*?)><\/\1>/g, (whole, tag: string, attrs: string) => {
    if (!/\bclass="[^"]*\bqb-(?:cell|inline)\b/.test(attrs)) return whole;
    const id = /\bid="([^"]+)"/.exec(attrs)?.[1];
    const inner = id !== undefined && Object.hasOwn(snapshot, id) ? snapshot[id] : undefined;
    return inner ? `<${tag}${attrs} data-qb-snapshot>${inner}</${tag}>` : whole;
  });
}

/** Renders the page at `url` and returns its snapshot. */
export async function snapshotPage(browser: Browser, url: string): Promise<Snapshot> {
  const page = await openPage(browser, url);
  try {
    return await readSnapshot(page);
  } finally {
    await page.context().close();
  }
}

/** A4 less the print margins, in CSS pixels: the width the page is laid out at for paper. */
const PRINT_WIDTH = Math.round(((210 - 24) / 25.4) * 96);

/** Prints the page at `url` to PDF bytes: A4, the print stylesheet, page numbers. */
export async function printPdf(browser: Browser, url: string): Promise<Buffer> {
  const page = await openPage(browser, url, {width: PRINT_WIDTH, height: 1100});
  try {
    await page.emulateMedia({media: "print"});
    await settle(page);
    // (bytes, not page.pdf's path: that would create missing folders on the way)
    return await page.pdf({
      format: "A4",
      printBackground: true,
      displayHeaderFooter: true,
      headerTemplate: "<span></span>",
      footerTemplate: `<div style="width:100%;font:9px sans-serif;color:#6b7280;text-align:center"><span class="pageNumber"></span> / <span class="totalPages"></span></div>`,
      margin: {top: "14mm", bottom: "16mm", left: "12mm", right: "12mm"}
    });
  } finally {
    await page.context().close();
  }
}

/** `queuebook build --snapshot`: how to render, and where to say that it was skipped. */
export interface SiteSnapshot {
  chromium: string;
  skipped(reason: string): void;
}

/**
 * Writes the no-script snapshot into each built page under `dir` (paths relative to it), one
 * Chromium for all; without Chromium the pages stay as built and `skipped` says why.
 */
export async function snapshotSite(dir: string, pages: readonly string[], options: SiteSnapshot): Promise<void> {
  try {
    await withChromium(options.chromium, async (browser) => {
      for (const page of pages) {
        const file = join(dir, page);
        const snapshot = await snapshotPage(browser, pathToFileURL(file).href);
        await writeFile(file, applySnapshot(await readFile(file, "utf8"), snapshot));
      }
    });
  } catch (error) {
    if (!(error instanceof NoChromium)) throw error;
    options.skipped(error.message);
  }
}
