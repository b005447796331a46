// The no-script snapshot: a page rendered once in headless Chromium, each cell's output (values,
// tables, charts as SVG, formulas as KaTeX HTML) written into the HTML, so the page reads
// correctly where scripts never run. The live page replaces a cell's snapshot when it first
// renders it (src/client/cells.ts). Outputs are sanitised (src/site/sanitize.ts) before they are
// written anywhere. Also the PDF print of a rendered page. A cell can block the page for good
// (`while (true) {}`), and then nothing inside the page ever runs again, its own deadlines
// included: every render is bounded from Node, which closes Chromium when time is up. A page is
// rendered at an address that is no path of this machine (renderAt.ts), never from a file.
import {existsSync} from "node:fs";
import {createRequire} from "node:module";
import type {Browser, Frame, Page} from "playwright-core";
import {sanitizeOutputs} from "./sanitize.js";
import {applySnapshot, type RenderedPage, type Snapshot} from "./snapshotFill.js";
import {applySnapshotStyles} from "./snapshotStyles.js";
import {relativeToPage} from "./machineFree.js";
import {pageInFolder, RENDER_ORIGIN, type RenderTarget} from "./renderAt.js";

export {applySnapshot, type Snapshot} from "./snapshotFill.js";

/**
 * The Chromiums looked for when QUEUEBOOK_CHROMIUM is not set, first found wins: Debian's
 * headless shell (package chromium-headless-shell: the same engine without the windowed
 * browser, a third less CPU for a render), then Debian's full Chromium.
 */
export const CHROMIUM_CANDIDATES = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"] as const;

/** Where Chromium is looked for: QUEUEBOOK_CHROMIUM, else the first of CHROMIUM_CANDIDATES that exists (the last when none does, for the message). */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env, exists: (path: string) => boolean = existsSync): string {
  if (env.QUEUEBOOK_CHROMIUM) return env.QUEUEBOOK_CHROMIUM;
  return CHROMIUM_CANDIDATES.find((path) => exists(path)) ?? CHROMIUM_CANDIDATES[CHROMIUM_CANDIDATES.length - 1];
}

/** Chromium was not found or could not start: the message says which, in one line. */
export class NoChromium extends Error {}

/** A render that did not give a snapshot or a PDF: the message says why, in one line. */
export class RenderFailed extends Error {}

/** The page did not settle in time (a cell that blocks the page never lets it). */
export class PageTimeout extends RenderFailed {
  constructor(ms: number) {
    super(`the page did not settle within ${Number((ms / 1000).toFixed(1))} s (a cell blocks the page?)`);
  }
}

/** How long one page may take to render, settle and be read, from Node's side. */
export const defaultRenderTimeoutMs = 30_000;

/** The render deadline: QUEUEBOOK_SNAPSHOT_TIMEOUT_S seconds when it is a positive number, else 30 s. */
export function renderTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const seconds = Number(env.QUEUEBOOK_SNAPSHOT_TIMEOUT_S);
  return env.QUEUEBOOK_SNAPSHOT_TIMEOUT_S && seconds > 0 && seconds <= 3600 ? seconds * 1000 : defaultRenderTimeoutMs;
}

/**
 * Runs `work` against `browser` for at most `ms`. When time is up the whole browser is closed
 * (a blocked renderer answers nothing, not even a request to close its page) and a PageTimeout
 * is thrown; any other failure of the work becomes a RenderFailed with its first line.
 */
export async function bounded<T>(browser: Browser, ms: number, work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const running = work();
  const expired = new Promise<"expired">((resolve) => (timer = setTimeout(() => resolve("expired"), ms)));
  try {
    const result = await Promise.race([running, expired]);
    if (result !== "expired") return result;
  } catch (error) {
    if (error instanceof RenderFailed) throw error;
    throw new RenderFailed(`the page could not be rendered: ${String((error as Error)?.message ?? error).split("\n")[0]}`);
  } finally {
    clearTimeout(timer);
  }
  running.catch(() => {}); // it fails as the browser goes
  await closeWithin(browser, 10_000);
  throw new PageTimeout(ms);
}

/** Closes the browser, waiting at most `ms` for it (Chromium ends its renderers, blocked or not). */
async function closeWithin(browser: Browser, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([browser.close().catch(() => {}), new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

/** The viewport the snapshot is rendered at (the page's column is 880 px wide at most). */
export const SNAPSHOT_VIEWPORT = {width: 1280, height: 900};

/** Runs `use` with a headless Chromium (what a page may load: openPage). */
export async function withChromium<T>(path: string, use: (browser: Browser) => Promise<T>): Promise<T> {
  if (!existsSync(path)) throw new NoChromium(`Chromium not found at ${path} (set QUEUEBOOK_CHROMIUM)`);
  let chromium;
  try {
    // (required: the CLI runs as one CommonJS script, build/cliLoad.js, with no import() of its own)
    ({chromium} = createRequire(import.meta.url)("playwright-core") as typeof import("playwright-core"));
  } catch {
    throw new NoChromium("playwright-core is not installed");
  }
  let browser: Browser;
  try {
    browser = await chromium.launch({
      executablePath: path,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
        "--font-render-hinting=none"
      ]
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

/**
 * Opens `target` in a new page: its requests to RENDER_ORIGIN are answered from its files (404
 * for any other path), data: and blob: URLs load, every other request (another host, a file:)
 * is refused. Waits until the page settles.
 */
export async function openPage(browser: Browser, target: RenderTarget, viewport = SNAPSHOT_VIEWPORT): Promise<Page> {
  const context = await browser.newContext({viewport, deviceScaleFactor: 1, javaScriptEnabled: true, serviceWorkers: "block"});
  await context.route(/.*/, async (route) => {
    const url = new URL(route.request().url());
    if (url.protocol === "data:" || url.protocol === "blob:") return route.continue();
    if (url.origin !== RENDER_ORIGIN) return route.abort("blockedbyclient");
    let path: string | undefined;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      path = undefined; // a malformed escape names no file
    }
    const file = path === undefined ? undefined : await target.files(path);
    return route.fulfill(
      file ? {status: 200, contentType: file.contentType, body: file.body} : {status: 404, contentType: "text/plain", body: "not found"}
    );
  });
  const page = await context.newPage();
  // Which <style>s the page itself carries, so that those its code adds can be told apart (readStyles).
  await page.addInitScript(() =>
    document.addEventListener("DOMContentLoaded", () => ((window as any).__qbPageStyles = new Set(document.querySelectorAll("style"))), {
      once: true
    })
  );
  await page.goto(target.url, {waitUntil: "load"});
  // Render everything now: views waiting to be scrolled into view (the on-call model), and
  // nothing left to content-visibility (src/client/renderAll.ts).
  await page.evaluate(() => {
    document.documentElement.setAttribute("data-qb-render-all", "");
    dispatchEvent(new Event("queuebook:render-all"));
  });
  await settle(page);
  return page;
}

/**
 * Waits until no cell is pending, no view says it is still drawing (`data-qb-busy`: the on-call
 * charts, drawn a few per animation frame, which a loaded machine can space more than 300 ms
 * apart) and nothing in the page changed for 300 ms (15 s at most: a cell that animates forever
 * is taken as it is then), and the fonts have loaded.
 */
export async function settle(page: Page | Frame): Promise<void> {
  await page.evaluate(async () => {
    const root = document.querySelector("main") ?? document.body;
    let last = performance.now();
    const observer = new MutationObserver(() => (last = performance.now()));
    observer.observe(root, {subtree: true, childList: true, attributes: true, characterData: true});
    const deadline = performance.now() + 15_000;
    while (performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      if (!document.querySelector(".qb-pending, [data-qb-busy]") && performance.now() - last > 300) break;
    }
    observer.disconnect();
    await document.fonts.ready;
  });
}

/** Reads every cell's output from a settled page, made static (input values as attributes, canvases and blob: images as data: URLs); not yet sanitised. */
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
          // frozen: shown as its value, never a control that does nothing
          to.setAttribute("disabled", "");
        } else if (from instanceof HTMLTextAreaElement) {
          to.textContent = from.value;
          to.setAttribute("disabled", "");
        } else if (from instanceof HTMLSelectElement) {
          to.querySelectorAll("option").forEach((option, j) => option.toggleAttribute("selected", from.options[j]?.selected ?? false));
          to.setAttribute("disabled", "");
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
          const blob = await fetch(from.src)
            .then((r) => r.blob())
            .catch(() => undefined);
          (to as HTMLImageElement).src = blob ? await dataUrl(blob) : "";
        }
      }
      // innerHTML writes the text of raw-text elements as it is ("</style><img onerror>" would
      // come back as markup): they are never kept, so drop them, their text with them. The rest
      // is made inert afterwards, in a page where no cell runs (src/site/sanitize.ts).
      for (const element of clone.querySelectorAll("style, script, noscript, xmp, iframe, noembed, noframes, plaintext, template"))
        element.remove();
      // A button does nothing without scripts (Play, Rollback, Copy link), nor does what a view
      // marks as working only live (a player's speeds): not on the snapshot.
      for (const element of clone.querySelectorAll("button, [data-qb-live-only]")) element.remove();
      out[root.id] = clone.innerHTML;
    }
    return out;
  });
}

/** The stylesheets the page's code added (in <head> or in a cell's output), in document order; not yet checked. */
export async function readStyles(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const own: Set<Element> = (window as any).__qbPageStyles ?? new Set();
    return Array.from(document.querySelectorAll("style"), (style) => (own.has(style) ? "" : (style.textContent ?? ""))).filter(
      (css) => css.trim() !== ""
    );
  });
}

export type {RenderedPage} from "./snapshotFill.js";

/** Renders `target` and reads it (outputs, styles, hash), within `timeoutMs` (a RenderFailed or PageTimeout otherwise). */
export async function renderSnapshot(browser: Browser, target: RenderTarget, timeoutMs = defaultRenderTimeoutMs): Promise<RenderedPage> {
  return bounded(browser, timeoutMs, async () => {
    const page = await openPage(browser, target);
    try {
      const outputs = await readSnapshot(page);
      const styles = await readStyles(page);
      const hash = await page.evaluate(() => location.hash);
      // (in the same context, its pages closed first: half the CPU of a context of its own)
      return {outputs: await sanitizeOutputs(page.context(), outputs), styles, hash};
    } finally {
      await page.context().close();
    }
  });
}

/** Renders `target` and returns its sanitised snapshot, within `timeoutMs` (a RenderFailed or PageTimeout otherwise). */
export async function snapshotPage(browser: Browser, target: RenderTarget, timeoutMs = defaultRenderTimeoutMs): Promise<Snapshot> {
  return (await renderSnapshot(browser, target, timeoutMs)).outputs;
}

/** A4 less the print margins, in CSS pixels: the width the page is laid out at for paper. */
const PRINT_WIDTH = Math.round(((210 - 24) / 25.4) * 96);

/** Prints `target` to PDF bytes: A4, the print stylesheet, page numbers; within `timeoutMs` (a RenderFailed or PageTimeout otherwise). */
export async function printPdf(browser: Browser, target: RenderTarget, timeoutMs = defaultRenderTimeoutMs): Promise<Buffer> {
  return bounded(browser, timeoutMs, () => printOpened(browser, target));
}

async function printOpened(browser: Browser, target: RenderTarget): Promise<Buffer> {
  const page = await openPage(browser, target, {width: PRINT_WIDTH, height: 1100});
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

/** `queuebook build --snapshot`: how to render, and where to say that a snapshot was skipped. */
export interface SiteSnapshot {
  chromium: string;
  /** The deadline of one page (default 30 s). */
  timeoutMs?: number;
  /** Says why the snapshot was skipped: of one page (`page`, relative to the site), or of all when `page` is undefined. */
  skipped(reason: string, page?: string): void;
}

/**
 * The no-script snapshot of each page of the site being built in `dir`: the page's HTML with
 * its cells' outputs and the styles they need written in, by page (paths relative to `dir`).
 * A page is rendered from memory (`html`: it is written once, by the caller, with its snapshot)
 * beside the folder's assets, scripts and images; one Chromium for all. A page that does not
 * render in time gets none (Chromium is closed and a new one renders the rest); without
 * Chromium no page does. `skipped` says so.
 */
export async function snapshotSite(
  dir: string,
  pages: readonly {page: string; html: string}[],
  options: SiteSnapshot
): Promise<Map<string, string>> {
  const done = new Map<string, string>();
  const rest = [...pages];
  while (rest.length) {
    try {
      await withChromium(options.chromium, async (browser) => {
        while (rest.length) {
          const {page, html} = rest.shift()!;
          let rendered: RenderedPage;
          try {
            // (rendered at RENDER_ORIGIN with the site's files; links the page writes of itself become relative to its folder)
            const target = pageInFolder(dir, page, html);
            rendered = relativeToPage(await renderSnapshot(browser, target, options.timeoutMs), target.url);
          } catch (error) {
            if (!(error instanceof RenderFailed)) throw error;
            options.skipped(`${error.message}; the page is written without it`, page);
            if (error instanceof PageTimeout) return; // that Chromium is closed: a new one for the rest
            continue;
          }
          done.set(page, applySnapshotStyles(applySnapshot(html, rendered.outputs), rendered.styles));
        }
      });
    } catch (error) {
      if (!(error instanceof NoChromium)) throw error;
      options.skipped(error.message);
      break;
    }
  }
  return done;
}
