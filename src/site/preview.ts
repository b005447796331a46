// The preview server behind `queuebook dev`: plain node:http on loopback. Pages are built on
// request (the same pipeline as the static build); a watcher on the notebooks folder and on
// src/ rebuilds the pages that are open and pushes the new cells to them over Server-Sent
// Events, so the browser re-defines only the cells that changed. Every request first passes
// the guard (previewGuard.ts: Host, Origin, Sec-Fetch-Site) and the path check
// (previewPath.ts: no dot segments); a write also needs the browser signed in with the link
// the terminal printed (previewAccess.ts); a file of the folder that is not a notebook is served
// sandboxed (no script of it runs as this site); the watcher (previewWatch.ts) never leaves the folder.
// A failed rebuild (a notebook gone, the client not compiling) is a notice in the open pages
// and one line in the terminal, never the end of the server.
import {createServer, type IncomingMessage, type Server, type ServerResponse} from "node:http";
import {realpath} from "node:fs/promises";
import {basename, dirname, join, resolve, sep} from "node:path";
import {buildClient} from "../../build/client.js";
import {buildNotebook, type BuiltNotebook} from "./notebook.js";
import {findNotebooks} from "./build.js";
import {pageHead, siteChrome, siteOf} from "./configSite.js";
import {indexEntry, renderIndex, urlPath} from "./page.js";
import {escapeHtml, parseNotebook} from "../notebook/parse.js";
import {defaultMaxFileBytes, mimeType, readInside, type ReadFile} from "../notebook/data.js";
import {oneLine, within} from "../notebook/messages.js";
import {warningLine} from "../notebook/compile.js";
import {hostRefusal, loopbackNames, requestRefusal} from "./previewGuard.js";
import {previewAccess} from "./previewAccess.js";
import {pageName, requestPath} from "./previewPath.js";
import {watchTree, type TreeWatcher} from "./previewWatch.js";
import {handleSave, savePath} from "./save.js";
import {sourceData} from "./pageSource.js";
import {handleModule, modulePath} from "./devModules.js";
import {liveStep} from "./previewPush.js";
import {closeServer} from "../io/closeServer.js";

/** Options of the preview server. */
export interface PreviewOptions {
  root: string;
  packageRoot: string;
  port: number;
  hostname?: string;
  log?: (line: string) => void;
  /** Largest attached file, in bytes (default 50 MB). */
  maxFileBytes?: number;
  /** How many live-update streams may be open at once (default 100); one more is 503. */
  maxStreams?: number;
  /** Builds a page (default buildNotebook): a test holds one build to order two that overlap. */
  buildNotebook?: typeof buildNotebook;
}

/** A running preview server. */
export interface Preview {
  url: string;
  server: Server;
  /** A new sign-in link (the server's URL to `path`, default "/", with a one-time token): the browser that opens it may save (previewAccess.ts). */
  signInLink(path?: string): string;
  /** How many pages the server keeps state for, and how many live-update streams are open (for tests). */
  live(): {pages: number; streams: number};
  close(): Promise<void>;
}

interface OpenPage {
  name: string;
  /** The newest build (the one of the highest version; builds may end out of order). */
  built?: Versioned;
  /** The last few builds by version: a page's script is the one of the HTML it was served with. */
  recent: Map<number, Versioned>;
  /** The last rebuild failed: the open pages show a notice and reload once it builds again. */
  broken?: boolean;
  /** The last version given: every build, of a page request or a change, takes the next. */
  version: number;
  /** The open pages' live-update streams, each with the build its page shows (undefined: not known, or a notice of a failed build). */
  clients: Map<ServerResponse, Versioned | undefined>;
}

type Versioned = BuiltNotebook & {version: number};

/** How many builds of a page are kept for pages served but not yet loaded or connected. */
const RECENT_BUILDS = 4;

/** A file served as is (not attached) may be this large: the notebook folder is the user's own. */
const servedFileBytes = 1024 * 1024 * 1024;

/** Starts the preview server; rejects with the listen error (e.g. EADDRINUSE). */
export async function startPreview(options: PreviewOptions): Promise<Preview> {
  // a Framework project's observablehq.config.* names the pages' folder and shapes every page, as in the build (src/site/configSite.ts)
  const site = await siteOf(options.root);
  const root = site.root;
  const realRoot = await realpath(root).catch(() => root);
  const log = options.log ?? (() => {});
  for (const w of site.warnings) log(warningLine(w));
  const maxFileBytes = options.maxFileBytes ?? defaultMaxFileBytes;
  const pages = new Map<string, OpenPage>();
  const buildPage = options.buildNotebook ?? buildNotebook;
  const maxStreams = options.maxStreams ?? 100;
  /** Live-update streams open now (each is a page's EventSource). */
  let streams = 0;
  let assets = await buildClient(options.packageRoot);
  /** Why the browser client does not build now (shown to every page that connects), if it does not. */
  let clientError: string | undefined;
  let closed = false;
  const page = (name: string) => {
    let p = pages.get(name);
    if (!p) pages.set(name, (p = {name, version: 0, recent: new Map(), clients: new Map()}));
    return p;
  };

  /** The notebook `name` (no .md) if the server serves it: a readable regular file inside the folder. */
  const notebookFile = async (name: string): Promise<ReadFile | undefined> => {
    const read = await readInside(join(root, `${name}.md`), root, realRoot, maxFileBytes);
    return "bytes" in read ? read : undefined;
  };
  let watchInputs: (inputs: string[]) => void = () => {};
  // Each build is a version of its own, named in its page's script and event-stream URLs: a page
  // gets the script of the HTML it was served with, though a build for a change (or another
  // tab) ended between the two requests, and a page whose stream connects after such a build
  // is sent it then (it was not listening when the others were).
  /** The chrome the pages share, read again for each build: a config's sidebar lists every page's title as it is now. */
  const chrome = async () => {
    const titles = site.config
      ? await Promise.all(
          (await findNotebooks(root)).map(async (file) => ({
            page: file.replace(/\.md$/, ""),
            ...(await pageHead(join(root, file), root, maxFileBytes))
          }))
        )
      : [];
    return siteChrome(site.config, titles, assets);
  };
  const build = async (p: OpenPage): Promise<Versioned> => {
    if (!(await notebookFile(p.name)))
      throw new NotServed(`${p.name}.md is gone (or is no longer a notebook this server serves); this page updates when it is back`);
    const version = ++p.version;
    const name = encodeURIComponent(p.name);
    const built = {
      ...(await buildPage(join(root, `${p.name}.md`), root, {
        assets: "/_queuebook/",
        events: `/_queuebook/events?page=${name}&v=${version}`,
        scriptQuery: `?v=${version}`,
        maxFileBytes,
        save: savePath,
        site: await chrome()
      })),
      version
    };
    p.recent.set(version, built);
    for (const old of p.recent.keys()) if (p.recent.size > RECENT_BUILDS) p.recent.delete(old);
    if (!p.built || version > p.built.version) p.built = built;
    watchInputs(built.inputs);
    for (const w of built.warnings) log(warningLine(w));
    return built;
  };
  const update = (p: OpenPage, built: Versioned) => ({
    type: "update",
    script: `/${urlPath(p.name)}.js?v=${built.version}`,
    html: built.compiled.html,
    source: sourceData(built.compiled)
  });
  /** A failed build as a page may show it: never a path of this machine. */
  const buildFailure = (p: OpenPage, error: unknown) => {
    if (error instanceof NotServed) return error.message;
    log(oneLine(`error: ${p.name}.md: ${(error as Error)?.message ?? error}`));
    return `${p.name}.md could not be built (the terminal running queuebook dev says why)`;
  };

  let address = {port: options.port, names: allowedNames(options.hostname)};
  const hostname = options.hostname ?? "127.0.0.1";
  const origin = () => `http://${hostname.includes(":") ? `[${hostname}]` : hostname}:${address.port}`;
  const access = previewAccess({
    cookieName: () => `queuebook-dev-${address.port}`,
    announce: (link) => log(`to let a browser save, open ${origin()}${link} (the link works once)`)
  });
  // requireHostHeader off: a request without Host gets the guard's 403 like every refusal, not Node's bare 400
  const server = createServer({requireHostHeader: false}, async (req, res) => {
    try {
      await handle(req, res);
    } catch (error) {
      log(oneLine(`error: ${(error as Error)?.message ?? error}`));
      if (res.headersSent) res.destroy();
      else send(res, 500, "text/plain", "internal error (the terminal running queuebook dev says why)\n");
    }
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const hostRefused = hostRefusal(req, address);
    if (hostRefused) return send(res, 403, "text/plain", `forbidden: ${hostRefused}\n`);
    const target = requestPath(req.url ?? "/");
    // a sign-in link, followed from the terminal or from the opener's file:// page (previewAccess.ts)
    if (req.method === "GET" && "path" in target && target.query.has("token"))
      return access.signIn(req, res, (req.url ?? "/").split("?")[0], target.query);
    const refusal = requestRefusal(req, address);
    if (refusal) return send(res, 403, "text/plain", `forbidden: ${refusal}\n`);
    const writes = {root, realRoot, access: access.writeRefusal, guard: (r: IncomingMessage) => requestRefusal(r, address), log};
    if (req.url?.split("?")[0] === savePath) return handleSave(req, res, writes); // the one write (save.ts)
    if (req.url?.split("?")[0] === modulePath) return handleModule(req, res, {...writes, maxFileBytes}); // a new import of an edited cell (devModules.ts)
    if (req.method !== "GET" && req.method !== "HEAD") return send(res, 405, "text/plain", "method not allowed\n");
    if (!("path" in target)) return send(res, target.status, "text/plain", `${target.message}\n`);
    const {path, query} = target;
    if (path === "/_queuebook/events") {
      const name = pageName(query.get("page") ?? "");
      // only the index, a notebook served now and one whose page is open (deleted meanwhile, its
      // page waits to reload): any other name is the 404 of every path, and leaves nothing behind
      if (name === undefined || (name !== "" && !pages.has(name) && !(await notebookFile(name)))) return notFound(res);
      if (streams >= maxStreams)
        return send(res, 503, "text/plain", `too many live pages open (${maxStreams}); close some tabs and reload this one\n`);
      return events(name, versionOf(query), res);
    }
    if (path.startsWith("/_queuebook/")) return file(res, assets, path.slice("/_queuebook/".length));
    // the course page is the home page only where the root has no index.md of its own (as the build)
    const home = path === "/" || path === "/index.html";
    if (home && !(await notebookFile("index"))) return send(res, 200, "text/html", await index());
    const name = home ? "index" : path.slice(1).replace(/\.html$/, "");
    if (name.endsWith(".js") && (await notebookFile(name.slice(0, -3)))) {
      const p = page(name.slice(0, -3));
      try {
        return send(res, 200, "text/javascript", (p.recent.get(versionOf(query)) ?? p.built ?? (await build(p))).script);
      } catch (error) {
        return send(res, 500, "text/plain", `${buildFailure(p, error)}\n`);
      }
    }
    if (name !== "" && !name.endsWith("/") && (await notebookFile(name))) {
      const p = page(name);
      try {
        const built = await build(p);
        p.broken = false;
        return send(res, 200, "text/html", built.html);
      } catch (error) {
        p.broken = true;
        return send(res, 500, "text/html", errorPage(buildFailure(p, error), p.name));
      }
    }
    return file(res, root, path.slice(1), ownFile);
  }

  /** The index: only the notebooks the server serves (a link out of the folder or a pipe is left out, not shown and then refused). */
  async function index(): Promise<string> {
    const names = await findNotebooks(root);
    const entries = await Promise.all(
      names.map(async (n) => {
        const read = await notebookFile(n.replace(/\.md$/, ""));
        if (!read) return undefined;
        const parsed = parseNotebook(read.bytes.toString("utf8"), n);
        return indexEntry(n.replace(/\.md$/, ""), `/${urlPath(n.replace(/\.md$/, ""))}`, parsed);
      })
    );
    return renderIndex(
      entries.filter((e) => e !== undefined),
      {assets: "/_queuebook/", events: "/_queuebook/events?page="}
    );
  }

  /** The live-update stream of page `name`, whose HTML was build `version` (NaN: not said). */
  function events(name: string, version: number, res: ServerResponse) {
    streams++;
    res.on("close", () => streams--);
    res.writeHead(200, {
      "content-type": "text/event-stream",
      "cache-control": "no-store",
      connection: "keep-alive",
      "x-content-type-options": "nosniff"
    });
    res.write("retry: 500\n\n");
    const p = page(name);
    // a stream that names no version (the error page's) is taken to show the newest build; one
    // whose version is no longer kept is not known, and its page reloads
    p.clients.set(res, Number.isNaN(version) ? (p.broken ? undefined : p.built) : p.recent.get(version));
    res.on("close", () => p.clients.delete(res));
    if (clientError) res.write(message({type: "error", message: clientError}));
    else if (!p.broken && p.built) sendBuild(p, res, p.built); // built again since that page was served: it missed the update
  }

  const push = (p: OpenPage, body: object) => {
    for (const client of p.clients.keys()) client.write(message(body));
  };
  /** Brings the page on stream `client` to build `latest` (nothing if it shows that already); whether it was sent new cells. */
  const sendBuild = (p: OpenPage, client: ServerResponse, latest: Versioned): boolean => {
    const step = liveStep(p.clients.get(client), latest);
    if (step === "none") return false;
    client.write(message(step === "reload" ? {type: "reload"} : update(p, latest)));
    p.clients.set(client, latest);
    return step === "update";
  };

  // Changes are gathered for 60 ms, then one refresh runs; a refresh never overlaps another
  // (a change during one runs the next after it), and none can reject.
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  const changed = new Set<string>();
  const onChange = (path: string) => {
    changed.add(path);
    clearTimeout(timer);
    timer = setTimeout(kick, 60);
  };
  const kick = () => {
    if (closed) return;
    if (running) return void (again = true);
    running = refresh()
      .catch((error) => log(oneLine(`error: a change was not applied: ${(error as Error)?.message ?? error}`)))
      .finally(() => {
        running = undefined;
        if (again) (again = false), kick();
      });
  };
  const clientSources = await realpath(join(options.packageRoot, "src", "client")).catch(() => join(options.packageRoot, "src", "client"));

  async function refresh() {
    const files = [...changed];
    changed.clear();
    // (an editor's dotfiles beside the sources, `.x.ts.swp`, are not part of the client)
    if (files.some((f) => within(f, clientSources) && !basename(f).startsWith("."))) {
      try {
        assets = await buildClient(options.packageRoot);
        clientError = undefined;
        for (const p of pages.values()) push(p, {type: "reload"});
        return;
      } catch (error) {
        // the pages keep the client they have (assets is unchanged) and say it does not build
        clientError = `the browser client does not build (pages keep the last one that did): ${clientFailure(error, options.packageRoot)}`;
        log(oneLine(`error: ${clientError}`));
        for (const p of pages.values()) push(p, {type: "error", message: clientError});
      }
    }
    for (const p of pages.values()) {
      if (closed) return;
      if (p.clients.size === 0) continue;
      if (p.name === "") {
        push(p, {type: "reload"}); // the index: notebooks may have come or gone
        continue;
      }
      const inputs = new Set((p.built?.inputs ?? []).map((f) => resolve(f)));
      if (p.built && !p.broken && !files.some((f) => inputs.has(f) || f.endsWith(".md"))) continue;
      try {
        await build(p);
        p.broken = false;
        // Each page is brought to the newest build, judged against the build it shows: a page's
        // request may have built the file again meanwhile (builds end out of order), and a page
        // served that newer build is not sent this one's cells (previewPush.ts). A page back
        // from an error, or needing other <script> chunks in its head, reloads. A change that
        // shows no differently is still sent: the page's next save expects the file as it is now.
        const latest = p.built as Versioned;
        let updated = false;
        for (const client of [...p.clients.keys()]) updated = sendBuild(p, client, latest) || updated;
        if (updated) log(`updated ${p.name}.md`);
      } catch (error) {
        const text = buildFailure(p, error);
        if (error instanceof NotServed && !p.broken) log(oneLine(`warning: ${text}`));
        p.broken = true;
        push(p, {type: "error", message: text});
        for (const client of p.clients.keys()) p.clients.set(client, undefined); // (it reloads once the notebook builds again)
      }
    }
  }

  // The notebooks folder and the client sources are watched as trees; every other folder a
  // page was built from (its imported modules) is watched on its own as pages are built.
  const watchers: TreeWatcher[] = [watchTree(realRoot, {onChange, log}), watchTree(clientSources, {onChange, log})];
  const folders = new Set<string>();
  watchInputs = (inputs) => {
    for (const input of inputs) {
      const folder = dirname(resolve(input));
      if (
        input.includes(`${sep}node_modules${sep}`) ||
        within(folder, realRoot) ||
        within(folder, root) ||
        within(folder, clientSources) ||
        folders.has(folder)
      )
        continue;
      folders.add(folder);
      watchers.push(watchTree(folder, {onChange, log, recursive: false}));
    }
  };
  const closeWatchers = () => {
    closed = true;
    clearTimeout(timer);
    for (const w of watchers) w.close();
  };

  try {
    await Promise.all(watchers.map((w) => w.ready));
    await new Promise<void>((ok, fail) => {
      server.once("error", fail);
      server.listen(options.port, hostname, () => {
        server.off("error", fail);
        ok();
      });
    });
  } catch (error) {
    closeWatchers(); // nothing may keep the process alive
    throw error;
  }
  const bound = server.address();
  const port = typeof bound === "object" && bound ? bound.port : options.port;
  address = {...address, port};
  return {
    url: `${origin()}/`,
    server,
    signInLink: (path = "/") => `${origin()}${access.link(path)}`,
    live: () => ({pages: pages.size, streams}),
    async close() {
      closeWatchers();
      for (const p of pages.values()) for (const c of p.clients.keys()) c.end();
      await closeServer(server); // (a browser's preconnected socket would hold it 60 s)
      await running;
    }
  };
}

/** The build a request names (`?v=N`), NaN when it names none. */
function versionOf(query: URLSearchParams): number {
  const v = query.get("v");
  return v !== null && /^[1-9][0-9]{0,15}$/.test(v) ? Number(v) : NaN;
}

/** A notebook the server no longer serves (deleted, or now a link out of the folder). */
class NotServed extends Error {}

/** The host names a server bound to `hostname` answers to: the loopback names, and a specific name it was given. */
function allowedNames(hostname: string | undefined): string[] {
  const names = [...loopbackNames];
  if (hostname && !["0.0.0.0", "::", "127.0.0.1", "localhost", "::1"].includes(hostname))
    names.push(hostname.includes(":") ? `[${hostname}]` : hostname.toLowerCase());
  return names;
}

/** The client's build error for a page: esbuild's first lines, with this machine's folders left out. */
function clientFailure(error: unknown, packageRoot: string): string {
  const text = String((error as Error)?.message ?? error)
    .split(resolve(packageRoot) + sep)
    .join("");
  return text.split("\n").filter(Boolean).slice(0, 3).join(" ").slice(0, 500);
}

function message(body: object): string {
  return `data: ${JSON.stringify(body)}\n\n`;
}

function send(res: ServerResponse, status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}) {
  res.writeHead(status, {
    "content-type": `${type}; charset=utf-8`,
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    ...headers
  });
  res.end(body);
}

/**
 * How a file of the notebook folder (not a notebook: an image, an HTML or SVG file, data) is
 * served: in a sandbox of its own, an opaque origin where no script runs, so a scripted file in
 * the folder never acts as this site (reads its pages, saves with the browser's cookie). As an
 * <img> or a download it is the same bytes; only opening it as a page is sandboxed.
 */
const ownFile = {"content-security-policy": "sandbox"};

/** The one answer for every path not served: whether something exists there is not told. */
function notFound(res: ServerResponse) {
  send(res, 404, "text/plain", "not found\n");
}

/**
 * Sends the file at `path` (checked by requestPath: no dot segments) under `dir`, with `headers`; a link
 * pointing out of `dir`, anything but a regular file (a folder, a pipe) and an unreadable
 * file are all the same 404 as a missing one.
 */
async function file(res: ServerResponse, dir: string, path: string, headers: Record<string, string> = {}) {
  const realDir = await realpath(dir).catch(() => undefined);
  const read = realDir ? await readInside(join(dir, path), dir, realDir, servedFileBytes) : undefined;
  if (!read || !("bytes" in read)) return notFound(res);
  send(res, 200, mimeType(path), read.bytes, headers);
}

/** A notebook that cannot be built: the reason, and the live connection that reloads it once it builds. */
function errorPage(message: string, name: string): string {
  const events = escapeHtml(`/_queuebook/events?page=${encodeURIComponent(name)}`);
  return `<!doctype html><meta charset="utf-8"><title>queuebook: error</title><link rel="stylesheet" href="/_queuebook/style.css"><meta name="queuebook-dev" content="${events}"><script src="/_queuebook/client.js"></script><main class="qb-notebook"><h1>This notebook cannot be built</h1><pre class="qb-error">${escapeHtml(message)}</pre></main>`;
}
