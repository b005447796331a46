// Shared by the browser tests and the benchmarks: real headless Chromium (Debian's, driven
// by playwright-core), its tabs kept between tests, a static file server on loopback, and a
// site built from a folder.
import {createServer, type Server} from "node:http";
import {readFile, stat} from "node:fs/promises";
import {extname, join, normalize, resolve} from "node:path";
import {existsSync} from "node:fs";
import {chromium, type Browser, type Page} from "playwright-core";
import {chromiumPath as defaultChromium} from "../../src/site/snapshot.js";
import {closeServer} from "../../src/io/closeServer.js";

/** CHROMIUM_PATH, else the product's own choice (src/site/snapshot.ts): the headless shell when installed, else /usr/bin/chromium. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? defaultChromium({});

/** Chromium as the machine allows: headless, no sandbox (root), no background networking. */
function launchChromium(): Promise<Browser> {
  if (!existsSync(chromiumPath))
    throw new Error(`Chromium not found at ${chromiumPath}: apt-get install -y chromium-headless-shell chromium (.ci/run does this)`);
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic"
    ]
  });
}

/**
 * Whether this process keeps one Chromium for all its files: the browser project sets
 * QUEUEBOOK_TEST_SHARED_BROWSER and runs its files one after another in each worker's module graph
 * (vitest.config.ts: isolate false), so a file starts with a running browser and the tabs earlier
 * files gave back (takeTab), rather than launching its own (0.7 CPU-s) and loading its first pages
 * in new tabs (0.16 CPU-s more a tab in the browser process alone, and a cold renderer).
 */
const sharing = () => process.env.QUEUEBOOK_TEST_SHARED_BROWSER === "1";
let shared: Promise<Browser> | undefined;

/**
 * A Chromium for a test file or a bench: the process's shared one when sharing (launched anew
 * when it is gone), else one of its own. Either way it is given back with closeBrowser.
 */
export async function launchBrowser(): Promise<Browser> {
  if (!sharing()) return launchChromium();
  const running = shared && (await shared.catch(() => undefined));
  if (running?.isConnected()) return running;
  shared = launchChromium();
  return shared;
}

/**
 * Gives back a browser of launchBrowser: closes it, or, when it is the shared one, closes every
 * context the file left open but those of the tabs given back (releaseTab), so the next file
 * finds the browser as launched but for those tabs, each as a new one (tabs.test.ts).
 */
export async function closeBrowser(browser: Browser | undefined): Promise<void> {
  if (!browser) return;
  if (!sharing() || !shared || browser !== (await shared.catch(() => undefined))) return browser.close();
  const kept = new Set([...(idle.get(browser)?.values() ?? [])].flat().map((page) => page.context()));
  await Promise.all(
    browser
      .contexts()
      .filter((context) => !kept.has(context))
      .map((context) => context.close().catch(() => {}))
  );
}

/** What a tab is taken with: the window's size (1280×720 by default), the colour scheme (light) and motion (no preference) it reports; and, fixed for the tab's life, its pixel ratio (1) and whether scripts run (yes). */
export interface TabOptions {
  viewport?: {width: number; height: number};
  colorScheme?: "light" | "dark";
  reducedMotion?: "reduce" | "no-preference";
  deviceScaleFactor?: number;
  javaScriptEnabled?: boolean;
}

/** Tabs given back (releaseTab), each on about:blank, by browser and by what is fixed for a tab's life. */
const idle = new WeakMap<Browser, Map<string, Page[]>>();
/** Each taken tab's kind (idle's key) and the origins it has shown since it was taken. */
const taken = new WeakMap<Page, {kind: string; origins: Set<string>}>();

/**
 * A tab of `browser` for a test to load its page in: one that an earlier test gave back
 * (releaseTab), else a new one, in a context of its own. Loading a notebook in a tab kept this
 * way costs a third to two fifths of the CPU of loading it in a new tab (on-call: 0.42 CPU-s
 * against 1.37, `npm run bench -- tabs`): the tab's renderer, its caches and the scripts it
 * compiled are kept. What the page can tell is as in a new tab: the tab is on about:blank, so
 * the page is a new document; its listeners and routes are the test's own; the localStorage of
 * every origin it showed is empty (and the sessionStorage of the page it was left on: the
 * notebooks use none); the mouse is at the window's corner. Only its history still holds the
 * pages before (no test goes back past its own first page). A test that needs more of a context
 * (a locale, init scripts, storage shared by two tabs, the pages it opens) makes one.
 */
export async function takeTab(browser: Browser, options: TabOptions = {}): Promise<Page> {
  const fixed = {deviceScaleFactor: options.deviceScaleFactor ?? 1, javaScriptEnabled: options.javaScriptEnabled ?? true};
  const kind = JSON.stringify(fixed);
  const page = idle.get(browser)?.get(kind)?.pop() ?? (await browser.newPage(fixed));
  const origins = new Set<string>();
  taken.set(page, {kind, origins});
  page.on("framenavigated", (frame) => {
    const {origin, protocol} = new URL(frame.url());
    if (protocol === "file:") origins.add("file://");
    else if (origin !== "null") origins.add(origin);
  });
  await page.setViewportSize(options.viewport ?? {width: 1280, height: 720});
  await page.emulateMedia({
    colorScheme: options.colorScheme ?? "light",
    reducedMotion: options.reducedMotion ?? "no-preference",
    media: null
  });
  return page;
}

/**
 * Gives a tab of takeTab back for the next test (its storage cleared, on about:blank, its
 * listeners and routes gone); closes any other page. A tab that cannot be reset is closed instead.
 */
export async function releaseTab(page: Page): Promise<void> {
  if (page.isClosed()) return;
  const tab = taken.get(page);
  if (!tab) return page.close();
  taken.delete(page);
  try {
    page.removeAllListeners();
    await page.unrouteAll({behavior: "ignoreErrors"});
    await page.evaluate(() => sessionStorage.clear()).catch(() => {});
    await page.mouse.move(0, 0);
    // Off the page first, then its origins' localStorage cleared: Chromium commits a page's
    // writes a moment after they are made (at the latest as the page goes), so a write still on
    // its way could otherwise land after the clear (reasoned from tabs.test's race, not seen).
    await page.goto("about:blank");
    await page.context().clearCookies(); // (a dev server's session cookie: the next test signs in anew)
    const cdp = await page.context().newCDPSession(page);
    for (const origin of tab.origins) await cdp.send("Storage.clearDataForOrigin", {origin, storageTypes: "local_storage"});
    await cdp.detach();
  } catch {
    return page.close().catch(() => {});
  }
  const browser = page.context().browser();
  if (!browser) return page.close();
  const kinds = idle.get(browser) ?? new Map<string, Page[]>();
  idle.set(browser, kinds);
  kinds.set(tab.kind, [...(kinds.get(tab.kind) ?? []), page]);
}

/**
 * Signs `page`'s browser in to a dev server (src/site/previewAccess.ts) as its user does: opens a
 * sign-in link to `path` (the link the terminal prints, made anew: each works once) and waits for
 * the page it moves on to, so the page's saves and new imports carry the session cookie.
 */
export async function signIn(page: Page, preview: {signInLink(path?: string): string}, path = "/"): Promise<void> {
  const link = preview.signInLink(path);
  await page.goto(link);
  const clean = new URL(link);
  clean.searchParams.delete("token");
  if (page.url() !== clean.href) throw new Error(`signing in ended at ${page.url()}, not ${clean.href}`);
}

const types: Record<string, string> = {
  ".html": "text/html",
  ".js": "text/javascript",
  ".css": "text/css",
  ".woff2": "font/woff2",
  ".csv": "text/csv",
  ".json": "application/json",
  ".svg": "image/svg+xml"
};

/**
 * A static file server for `dir` on 127.0.0.1 (a free port); resolves with its origin. With
 * `unchanging` (a folder nothing writes into while it is served: the run's one build of
 * notebooks/) its files may be cached for the run, and a tab kept from test to test (takeTab)
 * then loads a notebook from its cache, its scripts compiled already: a fifth less CPU a load.
 */
export async function serveStatic(
  dir: string,
  options: {unchanging?: boolean} = {}
): Promise<{origin: string; server: Server; close(): Promise<void>}> {
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname));
    let file = join(dir, path);
    try {
      if ((await stat(file)).isDirectory()) file = join(file, "index.html");
      const body = await readFile(file);
      res.writeHead(200, {
        "content-type": types[extname(file)] ?? "application/octet-stream",
        ...(options.unchanging ? {"cache-control": "max-age=86400"} : {})
      });
      res.end(body);
    } catch {
      res.writeHead(404).end("not found");
    }
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const address = server.address() as {port: number};
  return {
    origin: `http://127.0.0.1:${address.port}`,
    server,
    close: () => closeServer(server) // (Chromium's preconnected sockets would hold a plain close() 60 s)
  };
}

/** A built site served on loopback, with Chromium open on it: what most browser tests need. */
export interface SiteFixture {
  /** The built site's folder. */
  out: string;
  /** `http://127.0.0.1:PORT` serving `out`. */
  origin: string;
  browser: Browser;
  /** Gives the browser back (closeBrowser), stops the server (not the run's own) and removes the temporary folder. */
  close(): Promise<void>;
}

/** The run's one build of notebooks/ and its server (sharedSite.ts, the browser project's global setup), when `root` is that folder and this is a vitest run of that project. */
async function sharedBuild(root: string, packageRoot: string): Promise<{out: string; origin: string} | undefined> {
  if (!process.env.VITEST || resolve(root) !== join(packageRoot, "notebooks")) return undefined;
  const {inject} = await import("vitest");
  const out = inject("notebooksSite");
  const origin = inject("notebooksOrigin");
  return out && origin ? {out, origin} : undefined;
}

/** Builds the notebooks under `root` into a fresh temporary folder and serves it (notebooks/ itself: the run's one build and server), and opens Chromium. */
export async function startSite(root: string, options: {prefix?: string; packageRoot?: string} = {}): Promise<SiteFixture> {
  const {mkdtemp, rm} = await import("node:fs/promises");
  const {tmpdir} = await import("node:os");
  const packageRoot = resolve(options.packageRoot ?? new URL("../../", import.meta.url).pathname);
  const run = options.packageRoot === undefined ? await sharedBuild(root, packageRoot) : undefined;
  let work: string | undefined;
  let served: {out: string; origin: string; close(): Promise<void>};
  if (run) served = {...run, close: async () => {}};
  else {
    const {buildSite} = await import("../../src/site/build.js");
    work = await mkdtemp(join(tmpdir(), `${options.prefix ?? "queuebook-e2e"}-`));
    const out = join(work, "site");
    await buildSite({root, out, packageRoot});
    served = {out, ...(await serveStatic(out))};
  }
  const browser = await launchBrowser();
  return {
    out: served.out,
    origin: served.origin,
    browser,
    async close() {
      await closeBrowser(browser);
      await served.close();
      if (work) await rm(work, {recursive: true, force: true});
    }
  };
}
