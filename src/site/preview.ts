// The preview server behind `queuebook dev`: plain node:http on loopback. Pages are built on
// request (the same pipeline as the static build); a watcher on the notebooks folder and on
// src/ rebuilds the pages that are open and pushes the new cells to them over Server-Sent
// Events, so the browser re-defines only the cells that changed.
import {createServer, type IncomingMessage, type Server, type ServerResponse} from "node:http";
import {watch, type FSWatcher as NodeWatcher} from "node:fs";
import {readFile, realpath, stat} from "node:fs/promises";
import {dirname, join, normalize, resolve, sep} from "node:path";
import {buildClient} from "../../build/client.js";
import {buildNotebook, type BuiltNotebook} from "./notebook.js";
import {findNotebooks} from "./build.js";
import {orderOf, renderIndex, urlPath} from "./page.js";
import {escapeHtml, parseNotebook} from "../notebook/parse.js";
import {defaultMaxFileBytes, mimeType, oneLine, readInside} from "../notebook/data.js";
import {warningLine} from "../notebook/compile.js";

/** Options of the preview server. */
export interface PreviewOptions {
  root: string;
  packageRoot: string;
  port: number;
  hostname?: string;
  log?: (line: string) => void;
  /** Largest attached file, in bytes (default 50 MB). */
  maxFileBytes?: number;
}

/** A running preview server. */
export interface Preview {
  url: string;
  server: Server;
  close(): Promise<void>;
}

type FSWatcher = NodeWatcher & {recursive: boolean};

interface OpenPage {
  name: string;
  built?: BuiltNotebook;
  version: number;
  clients: Set<ServerResponse>;
}

/** Starts the preview server; rejects with the listen error (e.g. EADDRINUSE). */
export async function startPreview(options: PreviewOptions): Promise<Preview> {
  const root = resolve(options.root);
  const log = options.log ?? (() => {});
  const pages = new Map<string, OpenPage>();
  let assets = await buildClient(options.packageRoot);
  const page = (name: string) => {
    let p = pages.get(name);
    if (!p) pages.set(name, (p = {name, version: 0, clients: new Set()}));
    return p;
  };
  let watchInputs: (inputs: string[]) => void = () => {};
  const build = async (p: OpenPage) => {
    p.built = await buildNotebook(join(root, `${p.name}.md`), root, {events: `/_queuebook/events?page=${encodeURIComponent(p.name)}`, scriptQuery: `?v=${p.version}`, maxFileBytes: options.maxFileBytes});
    watchInputs(p.built.inputs);
    for (const w of p.built.warnings) log(warningLine(w));
    return p.built;
  };

  const server = createServer(async (req, res) => {
    try {
      await handle(req, res);
    } catch (error) {
      send(res, 500, "text/html", errorPage((error as Error).message));
    }
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://localhost");
    const path = decodeURIComponent(url.pathname);
    if (req.method !== "GET" && req.method !== "HEAD") return send(res, 405, "text/plain", "method not allowed\n");
    if (path === "/_queuebook/events") return events(url.searchParams.get("page") ?? "", res);
    if (path.startsWith("/_queuebook/")) return file(res, assets, path.slice("/_queuebook/".length));
    if (path === "/" || path === "/index.html") {
      const names = await findNotebooks(root);
      const realRoot = await realpath(root).catch(() => root); // once per index, not once per notebook
      const entries = await Promise.all(names.map(async (n) => {
        // read as the build reads notebooks: a pipe or a link out of the folder is not waited on nor shown
        const read = await readInside(join(root, n), root, realRoot, options.maxFileBytes ?? defaultMaxFileBytes);
        const parsed = "bytes" in read ? parseNotebook(read.bytes.toString("utf8"), n) : undefined;
        return {href: `/${urlPath(n.replace(/\.md$/, ""))}`, title: parsed?.title ?? n, description: parsed?.description ?? "", order: parsed ? orderOf(parsed.data) : undefined};
      }));
      return send(res, 200, "text/html", renderIndex(entries, {assets: "/_queuebook/", events: "/_queuebook/events?page="}));
    }
    const name = path.slice(1).replace(/\.html$/, "");
    if (name.endsWith(".js") && (await exists(join(root, name.replace(/\.js$/, ".md"))))) {
      const p = page(name.replace(/\.js$/, ""));
      return send(res, 200, "text/javascript", (p.built ?? (await build(p))).script);
    }
    if (await exists(join(root, `${name}.md`))) {
      const p = page(name);
      const built = await build(p);
      return send(res, 200, "text/html", built.html.replace(/(src|href)="(_queuebook\/|(\.\.\/)+_queuebook\/)/g, '$1="/_queuebook/'));
    }
    return file(res, root, path);
  }

  function events(name: string, res: ServerResponse) {
    res.writeHead(200, {"content-type": "text/event-stream", "cache-control": "no-store", connection: "keep-alive"});
    res.write("retry: 500\n\n");
    const p = page(name);
    p.clients.add(res);
    res.on("close", () => p.clients.delete(res));
  }

  const push = (p: OpenPage, message: object) => {
    for (const client of p.clients) client.write(`data: ${JSON.stringify(message)}\n\n`);
  };

  let timer: NodeJS.Timeout | undefined;
  const changed = new Set<string>();
  const onChange = (file: string) => {
    changed.add(file);
    clearTimeout(timer);
    timer = setTimeout(refresh, 60);
  };
  async function refresh() {
    const files = [...changed];
    changed.clear();
    const clientSources = join(options.packageRoot, "src", "client") + sep;
    if (files.some((f) => f.startsWith(clientSources))) {
      assets = await buildClient(options.packageRoot);
      for (const p of pages.values()) push(p, {type: "reload"});
      return;
    }
    for (const p of pages.values()) {
      if (p.clients.size === 0) continue;
      if (p.name === "") {
        push(p, {type: "reload"}); // the index: notebooks may have come or gone
        continue;
      }
      const inputs = new Set((p.built?.inputs ?? []).map((f) => resolve(f)));
      if (p.built && !files.some((f) => inputs.has(f) || f.endsWith(".md"))) continue;
      const before = p.built;
      p.version++;
      try {
        const after = await build(p);
        if (before && after.script === before.script && after.compiled.html === before.compiled.html) continue;
        if (before && after.compiled.chunks.join() !== before.compiled.chunks.join()) {
          push(p, {type: "reload"}); // the page needs other <script> chunks in its head
          continue;
        }
        log(`updated ${p.name}.md`);
        push(p, {type: "update", script: `/${p.name}.js?v=${p.version}`, html: after.compiled.html});
      } catch (error) {
        log(oneLine(`error: ${(error as Error).message}`));
        push(p, {type: "reload"});
      }
    }
  }

  // The notebooks folder and the client sources are watched recursively; every other folder a
  // page was built from (its imported modules) is watched as pages are built.
  const watchers = new Map<string, FSWatcher>();
  const watchDir = (dir: string, recursive: boolean) => {
    if (watchers.has(dir) || [...watchers.keys()].some((w) => dir.startsWith(w + sep) && watchers.get(w)!.recursive)) return;
    try {
      const watcher = Object.assign(watch(dir, {recursive}, (_event, file) => file && onChange(resolve(dir, file.toString()))), {recursive});
      watchers.set(dir, watcher);
    } catch (error) {
      log(`warning: cannot watch ${dir}: ${(error as Error).message}`);
    }
  };
  watchDir(root, true);
  watchDir(join(options.packageRoot, "src", "client"), true);
  watchInputs = (inputs) => {
    for (const input of inputs) if (!input.includes(`${sep}node_modules${sep}`)) watchDir(dirname(resolve(input)), false);
  };

  const hostname = options.hostname ?? "127.0.0.1";
  try {
    await new Promise<void>((ok, fail) => {
      server.once("error", fail);
      server.listen(options.port, hostname, () => {
        server.off("error", fail);
        ok();
      });
    });
  } catch (error) {
    for (const w of watchers.values()) w.close(); // nothing may keep the process alive
    throw error;
  }
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  return {
    url: `http://${hostname}:${port}/`,
    server,
    async close() {
      clearTimeout(timer);
      for (const w of watchers.values()) w.close();
      for (const p of pages.values()) for (const c of p.clients) c.end();
      await new Promise<void>((ok) => server.close(() => ok()));
    }
  };
}

function send(res: ServerResponse, status: number, type: string, body: string | Buffer) {
  res.writeHead(status, {"content-type": `${type}; charset=utf-8`, "cache-control": "no-store"});
  res.end(body);
}

/**
 * Sends the file at `path` under `dir`; anything outside `dir` (say, `%2e%2e/`, or a link
 * pointing out of it) and anything but a regular file (a pipe) is not found.
 */
async function file(res: ServerResponse, dir: string, path: string) {
  const normal = resolve(dir, `.${sep}${normalize(path)}`);
  const real = normal.startsWith(resolve(dir) + sep) ? await realpath(normal).catch(() => undefined) : undefined;
  const realDir = await realpath(dir).catch(() => resolve(dir));
  if (!real || !real.startsWith(realDir + sep) || !(await exists(real))) return send(res, 404, "text/plain", "not found\n");
  send(res, 200, mimeType(normal), await readFile(real));
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then((s) => s.isFile(), () => false);
}

function errorPage(message: string): string {
  return `<!doctype html><meta charset="utf-8"><title>queuebook: error</title><link rel="stylesheet" href="/_queuebook/style.css"><main class="qb-notebook"><h1>This notebook cannot be built</h1><pre class="qb-error">${escapeHtml(message)}</pre></main>`;
}
