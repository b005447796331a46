// Shared by the browser tests and the benchmarks: real headless Chromium (Debian's, driven
// by playwright-core), a static file server on loopback, and a site built from a folder.
import {createServer, type Server} from "node:http";
import {readFile, stat} from "node:fs/promises";
import {extname, join, normalize, resolve} from "node:path";
import {existsSync} from "node:fs";
import {chromium, type Browser} from "playwright-core";

export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Chromium as the machine allows: headless, no sandbox (root), no background networking. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(chromiumPath)) throw new Error(`Chromium not found at ${chromiumPath}: apt-get install -y chromium (.ci/run does this)`);
  return chromium.launch({
    executablePath: chromiumPath,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]
  });
}

const types: Record<string, string> = {".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".woff2": "font/woff2", ".csv": "text/csv", ".json": "application/json", ".svg": "image/svg+xml"};

/** A static file server for `dir` on 127.0.0.1 (a free port); resolves with its origin. */
export async function serveStatic(dir: string): Promise<{origin: string; server: Server; close(): Promise<void>}> {
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname));
    let file = join(dir, path);
    try {
      if ((await stat(file)).isDirectory()) file = join(file, "index.html");
      const body = await readFile(file);
      res.writeHead(200, {"content-type": types[extname(file)] ?? "application/octet-stream"});
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
    close: () => new Promise<void>((ok) => server.close(() => ok()))
  };
}

/** A built site served on loopback, with Chromium open on it: what most browser tests need. */
export interface SiteFixture {
  /** The built site's folder. */
  out: string;
  /** `http://127.0.0.1:PORT` serving `out`. */
  origin: string;
  browser: Browser;
  /** Closes the browser and the server and removes the temporary folder. */
  close(): Promise<void>;
}

/** The run's one build of notebooks/ (sharedSite.ts, the browser project's global setup), when `root` is that folder and this is a vitest run of that project. */
async function sharedBuild(root: string, packageRoot: string): Promise<string | undefined> {
  if (!process.env.VITEST || resolve(root) !== join(packageRoot, "notebooks")) return undefined;
  const {inject} = await import("vitest");
  return inject("notebooksSite") || undefined;
}

/** Builds the notebooks under `root` into a fresh temporary folder (notebooks/ itself: the run's one build), serves it and opens Chromium. */
export async function startSite(root: string, options: {prefix?: string; packageRoot?: string} = {}): Promise<SiteFixture> {
  const {mkdtemp, rm} = await import("node:fs/promises");
  const {tmpdir} = await import("node:os");
  const packageRoot = resolve(options.packageRoot ?? new URL("../../", import.meta.url).pathname);
  let out = options.packageRoot === undefined ? await sharedBuild(root, packageRoot) : undefined;
  let work: string | undefined;
  if (!out) {
    const {buildSite} = await import("../../src/site/build.js");
    work = await mkdtemp(join(tmpdir(), `${options.prefix ?? "queuebook-e2e"}-`));
    out = join(work, "site");
    await buildSite({root, out, packageRoot});
  }
  const server = await serveStatic(out);
  const browser = await launchBrowser();
  return {
    out,
    origin: server.origin,
    browser,
    async close() {
      await browser.close();
      await server.close();
      if (work) await rm(work, {recursive: true, force: true});
    }
  };
}
