// The preview server over real HTTP on 127.0.0.1, with raw requests (http.request and a bare
// socket) so a test can send what a hostile page or a rebinding name would: a foreign Host,
// no Host, a null Origin, a cross-site fetch; paths that climb out, dotfiles, broken escapes;
// a process that read every page and saves with what it read, and a used sign-in link.
// Then the live stream as a page sees it: a notebook deleted while open says so and comes
// back when it is created again.
import {request, type IncomingHttpHeaders} from "node:http";
import {connect} from "node:net";
import {spawnSync} from "node:child_process";
import {mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync, unlinkSync, renameSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {startPreview, type Preview} from "../../src/site/preview.js";
import {buildNotebook} from "../../src/site/notebook.js";
import {sourceHash} from "../../src/notebook/sourceContract.js";
import {previewPackage, type PreviewPackage} from "../support/previewPackage.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
let copy: PreviewPackage;
let dir: string;
let root: string;
let preview: Preview;
let port: number;

beforeAll(async () => {
  copy = previewPackage("queuebook-preview-");
  dir = copy.packageRoot;
  root = copy.notebooks;
  mkdirSync(join(root, "sub"), {recursive: true});
  mkdirSync(join(root, ".git"));
  mkdirSync(join(root, ".drafts"));
  writeFileSync(join(dir, "outside-secret.md"), "# OUTSIDE-SECRET\n");
  writeFileSync(join(dir, "outside.txt"), "OUTSIDE-TEXT");
  writeFileSync(join(root, "hi.md"), "---\ntitle: Hello page\n---\n\n${1 + 1}\n");
  writeFileSync(join(root, "sub", "inner.md"), "---\ntitle: Inner page\n---\n\nInner.\n");
  writeFileSync(join(root, "data.csv"), "a,b\n1,2\n");
  writeFileSync(join(root, ".env"), "TOKEN=DOTENV-SECRET\n");
  writeFileSync(join(root, ".git", "config"), "[core] GIT-SECRET\n");
  writeFileSync(join(root, ".drafts", "draft.md"), "# DRAFT-SECRET\n");
  writeFileSync(join(root, "sub", ".hidden.md"), "# HIDDEN-SECRET\n");
  symlinkSync(join(dir, "outside-secret.md"), join(root, "linked.md"));
  symlinkSync(join(dir, "nowhere.md"), join(root, "dangling.md"));
  symlinkSync(join(dir, "outside.txt"), join(root, "leak.txt"));
  symlinkSync(join(root, "hi.md"), join(root, "alias.md"));
  spawnSync("mkfifo", [join(root, "pipe.md")]);
  preview = await startPreview({root, packageRoot: copy.packageRoot, port: 0});
  port = Number(new URL(preview.url).port);
}, 120_000);

afterAll(async () => {
  await preview?.close();
  copy?.remove();
});

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** GET `path` with exactly the headers given (Host defaults to the server's own, null leaves it out). */
function get(path: string, headers: Record<string, string | null> = {}, method = "GET", to = port): Promise<Reply> {
  const {host = `127.0.0.1:${to}`, ...rest} = headers;
  const sent: Record<string, string> = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== null)) as Record<string, string>;
  if (host !== null) sent.host = host;
  return new Promise((resolve, reject) => {
    const req = request({host: "127.0.0.1", port: to, path, method, headers: sent, setHost: false}, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({status: res.statusCode!, headers: res.headers, body}));
    });
    req.on("error", reject);
    req.end();
  });
}

/** POSTs `body` as JSON to `path` with Host and exactly the headers given. */
function post(path: string, body: object, headers: Record<string, string>): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      {host: "127.0.0.1", port, path, method: "POST", headers: {host: `127.0.0.1:${port}`, ...headers}, setHost: false},
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d) => (text += d));
        res.on("end", () => resolve({status: res.statusCode!, headers: res.headers, body: text}));
      }
    );
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}

/** Sends raw request bytes over a socket; resolves with the whole response text. */
function raw(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.end(text));
    let reply = "";
    socket.setEncoding("utf8");
    socket.on("data", (d) => (reply += d));
    socket.on("end", () => resolve(reply));
    socket.on("error", reject);
  });
}

/** What a refusal must look like: status, one line of plain text, no path of this machine. */
function expectRefused(reply: Reply, status: number, what: string) {
  expect(reply.status, what).toBe(status);
  expect(reply.headers["content-type"], what).toBe("text/plain; charset=utf-8");
  expect(reply.body, what).toMatch(/^[^\n]+\n$/);
  for (const path of [dir, tmpdir(), packageRoot, process.cwd()]) expect(reply.body, what).not.toContain(path);
  expect(reply.body, what).not.toMatch(/SECRET|OUTSIDE/);
}

describe("startPreview: who may ask (Host, Origin, Sec-Fetch-Site on every request)", () => {
  const everything = [
    "/",
    "/index.html",
    "/hi",
    "/hi.js",
    "/data.csv",
    "/.env",
    "/nope",
    "/_queuebook/client.js",
    "/_queuebook/events?page=hi",
    "/_queuebook/events?page="
  ];

  it("refuses a foreign Host (DNS rebinding) with 403 and one line, on every kind of path, the event stream too", async () => {
    for (const path of everything) {
      for (const host of [`evil.example:${port}`, "evil.example", `127.0.0.1:${port + 1}`, `localhost.:${port}`])
        expectRefused(await get(path, {host}), 403, `${host} ${path}`);
    }
  });

  it("refuses before anything else: a foreign Host's POST is 403, not 405", async () => {
    expectRefused(await get("/", {host: "evil.example"}, "POST"), 403, "POST");
  });

  it("refuses a request without Host, HTTP/1.0 and HTTP/1.1 alike", async () => {
    expect(await raw("GET /.env HTTP/1.0\r\n\r\n")).toMatch(/^HTTP\/1\.1 403 /);
    expect(await raw("GET / HTTP/1.1\r\nConnection: close\r\n\r\n")).toMatch(/^HTTP\/1\.1 403 /);
    expectRefused(await get("/", {host: null}), 403, "no host");
  });

  it("serves its own loopback names on its port", async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`])
      expect((await get("/hi", {host})).status, host).toBe(200);
  });

  it("refuses a null or foreign Origin, serves its own", async () => {
    for (const origin of ["null", "http://evil.example", `http://evil.example:${port}`, `http://127.0.0.1:${port + 1}`]) {
      expectRefused(await get("/_queuebook/events?page=hi", {origin}), 403, origin);
      expectRefused(await get("/hi.js", {origin}), 403, origin);
    }
    expect((await get("/hi.js", {origin: `http://localhost:${port}`})).status).toBe(200);
  });

  it("refuses cross-site and same-site fetches, serves same-origin ones and the reader's own navigation", async () => {
    for (const site of ["cross-site", "same-site"]) expectRefused(await get("/hi.js", {"sec-fetch-site": site}), 403, site);
    for (const site of ["same-origin", "none"]) expect((await get("/hi.js", {"sec-fetch-site": site})).status, site).toBe(200);
  });

  it("puts no secret in any answer: a page names its save endpoint only; what a local process reads from it cannot save", async () => {
    const html = (await get("/hi")).body;
    expect(html).toContain('<meta name="queuebook-save" content="/_queuebook/save">');
    expect(html).not.toMatch(/queuebook-token|token=/);
    for (const path of ["/", "/hi", "/hi.js", "/data.csv", "/_queuebook/client.js", "/nope"])
      expect((await get(path)).headers["set-cookie"], path).toBeUndefined();
    // curl read the page; it sends back the page's own headers, its Origin forged, and no cookie
    const source = join(root, "hi.md");
    const before = readFileSync(source, "utf8");
    const forged = await post(
      "/_queuebook/save",
      {path: "hi.md", expected: sourceHash(before), text: "# FORGED\n"},
      {origin: `http://127.0.0.1:${port}`, "sec-fetch-site": "same-origin", "x-queuebook-write": "1", "content-type": "application/json"}
    );
    expect(forged.status).toBe(403);
    expect(JSON.parse(forged.body).error).toMatch(/sign-in link/);
    expect(readFileSync(source, "utf8")).toBe(before);
  });

  it("signs a browser in with a link it gives, once: the cookie and the clean URL; the link again is refused; the cookie saves", async () => {
    const link = new URL(preview.signInLink("/hi"));
    expect(`${link.origin}/`).toBe(preview.url);
    const first = await get(link.pathname + link.search, {"sec-fetch-site": "none"});
    expect([first.status, first.headers.location]).toEqual([303, "/hi"]);
    const cookie = first.headers["set-cookie"]![0].split(";")[0];
    expect(cookie).toMatch(new RegExp(`^queuebook-dev-${port}=[A-Za-z0-9_-]{43}$`));
    const again = await get(link.pathname + link.search);
    expect([again.status, again.headers["set-cookie"]]).toEqual([403, undefined]);
    const source = join(root, "hi.md");
    const before = readFileSync(source, "utf8");
    const saved = await post(
      "/_queuebook/save",
      {path: "hi.md", expected: sourceHash(before), text: before},
      {origin: `http://127.0.0.1:${port}`, cookie, "x-queuebook-write": "1", "content-type": "application/json"}
    );
    expect(saved.status).toBe(200);
    // another server run's links and cookie are nothing here, and its links are its own
    const other = await startPreview({root, packageRoot: copy.packageRoot, port: 0});
    try {
      const otherLink = new URL(other.signInLink());
      expect((await get(otherLink.pathname + otherLink.search)).status).toBe(403);
    } finally {
      await other.close();
    }
  });

  it("never sends a sign-in on to another host: a path that would (//host, an encoded slash, a backslash) names no page, and the token stays unused", async () => {
    const link = new URL(preview.signInLink());
    for (const path of ["//evil.example/", "/%2F%2Fevil.example/", "/%5Cevil.example/", "/\\evil.example/"]) {
      const reply = await get(`${path}${link.search}`, {"sec-fetch-site": "none"});
      expect(reply.status, path).toBe(404);
      expect([reply.headers.location, reply.headers["set-cookie"]], path).toEqual([undefined, undefined]);
    }
    expect((await get(link.pathname + link.search)).status).toBe(303);
  });

  it("takes a sign-in link followed from another site (the opener's file:// page), but never for a foreign Host", async () => {
    const link = new URL(preview.signInLink());
    expectRefused(await get(link.pathname + link.search, {host: `evil.example:${port}`}), 403, "foreign host");
    const followed = await get(link.pathname + link.search, {"sec-fetch-site": "cross-site"});
    expect(followed.status).toBe(200);
    expect(followed.headers["set-cookie"]?.[0]).toMatch(/HttpOnly; SameSite=Strict; Path=\/$/);
    expect(followed.body).toContain('<meta http-equiv="refresh" content="0;url=/">');
  });
});

describe("startPreview: what may be read (one 404 for everything not served, 400 for broken escapes)", () => {
  it("never serves dotfiles or dot-folders, encoded or not, nor notebooks in them", async () => {
    for (const path of [
      "/.env",
      "/.git/config",
      "/%2egit/config",
      "/%2Eenv",
      "/sub/.hidden.md",
      "/sub/.hidden",
      "/.drafts/draft",
      "/.drafts/draft.js",
      "/.drafts/draft.md"
    ]) {
      expectRefused(await get(path), 404, path);
    }
  });

  it("answers the same 404 for a path out of the folder whether or not something is there", async () => {
    const missing = await get("/..%2fnowhere-at-all");
    expectRefused(missing, 404, "missing");
    for (const path of [
      "/..%2foutside-secret",
      "/..%2foutside-secret.js",
      "/..%2foutside-secret.md",
      "/..%2foutside.txt",
      "/%2e%2e/outside.txt",
      "/sub/..%2f..%2foutside-secret",
      "/..%5coutside-secret"
    ]) {
      const reply = await get(path);
      expect({status: reply.status, body: reply.body}, path).toEqual({status: missing.status, body: missing.body});
    }
  });

  it("answers the same 404 for a link out of the folder, a dangling link, a pipe and a missing notebook", async () => {
    const missing = await get("/nope");
    expectRefused(missing, 404, "missing");
    for (const path of [
      "/linked",
      "/linked.js",
      "/linked.md",
      "/linked.html",
      "/dangling",
      "/dangling.js",
      "/leak.txt",
      "/pipe",
      "/pipe.js",
      "/pipe.md",
      "/sub",
      "/sub/"
    ]) {
      const reply = await get(path);
      expect({status: reply.status, body: reply.body}, path).toEqual({status: missing.status, body: missing.body});
    }
  });

  it("answers 400 in one line for broken percent escapes, wherever they are", async () => {
    for (const path of ["/%E0%A4%A", "/%zz", "/%", "/sub/%C3", "/_queuebook/%zz", "/%zz.js"]) expectRefused(await get(path), 400, path);
  });

  it("refuses an event stream for a page name that climbs out or names a dotfile", async () => {
    for (const name of ["..%2Foutside-secret", ".env", "sub%2F..%2F..%2Fx"])
      expectRefused(await get(`/_queuebook/events?page=${name}`), 404, name);
  });

  it("still serves notebooks, their scripts, links inside the folder and plain files", async () => {
    expect((await get("/hi")).body).toContain("Hello page");
    expect((await get("/alias")).status).toBe(200); // a link to a notebook inside the folder
    expect((await get("/sub/inner")).body).toContain("Inner.");
    expect((await get("/hi.js")).headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect((await get("/data.csv")).body).toBe("a,b\n1,2\n");
    expect((await get("/_queuebook/client.js")).status).toBe(200);
    expect((await get("/data.csv")).headers["x-content-type-options"]).toBe("nosniff");
  });

  it("serves every file of the folder that is not a notebook sandboxed (CSP sandbox, nosniff); its pages and scripts as the site", async () => {
    writeFileSync(join(root, "page.html"), "<script>fetch('/hi')</script>");
    writeFileSync(join(root, "pic.svg"), '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    writeFileSync(join(root, "sub", "notes.txt"), "notes");
    for (const path of ["/data.csv", "/page.html", "/pic.svg", "/sub/notes.txt"]) {
      const reply = await get(path);
      expect(reply.status, path).toBe(200);
      expect([reply.headers["content-security-policy"], reply.headers["x-content-type-options"]], path).toEqual(["sandbox", "nosniff"]);
    }
    expect((await get("/pic.svg")).headers["content-type"]).toBe("image/svg+xml; charset=utf-8");
    for (const path of ["/", "/hi", "/hi.html", "/hi.js", "/_queuebook/client.js"]) {
      const reply = await get(path);
      expect(reply.status, path).toBe(200);
      expect(reply.headers["content-security-policy"], path).toBeUndefined();
    }
  });

  it("links a page's shared assets from /_queuebook/ at any depth, and its own script beside it", async () => {
    const inner = (await get("/sub/inner")).body;
    expect(inner).toContain('<link rel="stylesheet" href="/_queuebook/style.css">');
    expect(inner).toContain('<script src="/_queuebook/client.js"></script>');
    expect(inner).toMatch(/<script src="inner\.js\?v=\d+"><\/script>/);
    expect(inner).not.toContain("../_queuebook/");
    for (const src of [...inner.matchAll(/<(?:script src|link rel="stylesheet" href)="(\/_queuebook\/[^"]+)"/g)].map((m) => m[1]))
      expect((await get(src)).status, src).toBe(200);
  });

  it("lists in the index only the notebooks it serves", async () => {
    const index = (await get("/")).body;
    for (const href of ['href="/hi"', 'href="/alias"', 'href="/sub/inner"']) expect(index).toContain(href);
    for (const hidden of ["/linked", "/dangling", "/pipe", "draft", "hidden", "OUTSIDE-SECRET"]) expect(index).not.toContain(hidden);
    for (const href of [...index.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1]).filter((h) => h.startsWith("/")))
      expect((await get(href)).status, href).toBe(200);
  });
});

/** A live-update message as the server sends it. */
interface Message {
  type: string;
  message?: string;
  html?: string;
  script?: string;
}

/** An open event stream as a page holds it (`more`: the rest of its query); `next()` resolves with the next message. */
async function stream(page: string, more = "", to = port) {
  const queue: Message[] = [];
  const waiting: ((m: Message) => void)[] = [];
  const req = request({
    host: "127.0.0.1",
    port: to,
    path: `/_queuebook/events?page=${encodeURIComponent(page)}${more}`,
    headers: {host: `127.0.0.1:${to}`}
  });
  const opened = new Promise<void>((resolve, reject) => {
    req.on("error", reject);
    req.on("response", (res) => {
      let buffer = "";
      res.setEncoding("utf8");
      res.on("data", (d) => {
        buffer += d;
        for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
          const line = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!line.startsWith("data: ")) continue;
          const message = JSON.parse(line.slice(6));
          const w = waiting.shift();
          if (w) w(message);
          else queue.push(message);
        }
      });
      resolve();
    });
  });
  req.end();
  await opened;
  return {
    next: (): Promise<Message> => (queue.length ? Promise.resolve(queue.shift()!) : new Promise((resolve) => waiting.push(resolve))),
    close: () => req.destroy()
  };
}

describe("startPreview: the event streams", () => {
  it("answers a name that is no notebook 404, keeping nothing: 400 requests with 15 KB names leave the server's state as it was", async () => {
    await get("/hi"); // (a page the server keeps state for already)
    const before = preview.live();
    expect(before.pages).toBeGreaterThan(0);
    for (let batch = 0; batch < 8; batch++) {
      const answers = await Promise.all(
        Array.from({length: 50}, (_, i) => get(`/_queuebook/events?page=${String.fromCharCode(97 + (i % 26)).repeat(15_000)}${batch}-${i}`))
      );
      for (const answer of answers) expect(answer.status).toBe(404);
    }
    expect(preview.live()).toEqual(before);
  });

  it("takes at most maxStreams streams at once (503 past it), and the next once one closes", async () => {
    const own = await startPreview({root, packageRoot: copy.packageRoot, port: 0, maxStreams: 2});
    const ownPort = Number(new URL(own.url).port);
    const open = () =>
      new Promise<{status: number; close(): void}>((resolve, reject) => {
        const req = request(
          {host: "127.0.0.1", port: ownPort, path: "/_queuebook/events?page=hi", headers: {host: `127.0.0.1:${ownPort}`}},
          (res) => resolve({status: res.statusCode!, close: () => req.destroy()})
        );
        req.on("error", reject);
        req.end();
      });
    try {
      const [a, b] = [await open(), await open()];
      expect([a.status, b.status]).toEqual([200, 200]);
      const refused = await open();
      expect(refused.status).toBe(503);
      refused.close();
      expect(own.live().streams).toBe(2);
      a.close();
      await expect.poll(() => own.live().streams).toBe(1);
      const c = await open();
      expect(c.status).toBe(200);
      b.close();
      c.close();
    } finally {
      await own.close();
    }
  });
});

describe("startPreview: an open page through a notebook's deletion", () => {
  it("says a deleted notebook is gone, and reloads the page when it is created again", async () => {
    const file = join(root, "gone.md");
    writeFileSync(file, "# Gone\n\nFirst.\n");
    expect((await get("/gone")).status).toBe(200);
    const live = await stream("gone");
    try {
      unlinkSync(file);
      const notice = await live.next();
      expect(notice.type).toBe("error");
      expect(notice.message).toContain("gone.md is gone");
      expect(notice.message).not.toContain(dir);
      writeFileSync(file, "# Gone\n\nBack again.\n");
      expect((await live.next()).type).toBe("reload");
      expect((await get("/gone")).body).toContain("Back again.");
      // and it keeps updating after coming back
      writeFileSync(file, "# Gone\n\nEdited after.\n");
      const update = await live.next();
      expect(update.type).toBe("update");
      expect(update.html).toContain("Edited after.");
    } finally {
      live.close();
    }
  });

  it("does the same when the notebook is moved away and back, or becomes a link out of the folder", async () => {
    const file = join(root, "moved.md");
    writeFileSync(file, "# Moved\n");
    expect((await get("/moved")).status).toBe(200);
    const live = await stream("moved");
    try {
      renameSync(file, join(dir, "moved-away.md"));
      expect((await live.next()).type).toBe("error");
      renameSync(join(dir, "moved-away.md"), file);
      expect((await live.next()).type).toBe("reload");
      unlinkSync(file);
      symlinkSync(join(dir, "outside-secret.md"), file);
      const notice = await live.next();
      expect(notice.type).toBe("error");
      expect(JSON.stringify(notice)).not.toContain("OUTSIDE-SECRET");
      expect((await get("/moved")).status).toBe(404);
      unlinkSync(file);
      writeFileSync(file, "# Moved\n\nReal again.\n");
      expect((await live.next()).type).toBe("reload");
    } finally {
      live.close();
    }
  });

  it("serves and updates a notebook in a folder made after the server started, and after that folder is removed and made again", async () => {
    const folder = join(root, "later");
    mkdirSync(folder);
    writeFileSync(join(folder, "new.md"), "# New\n\nOne.\n");
    expect((await get("/later/new")).body).toContain("One.");
    const live = await stream("later/new");
    try {
      writeFileSync(join(folder, "new.md"), "# New\n\nTwo.\n");
      expect((await live.next()).html).toContain("Two.");
      rmSync(folder, {recursive: true});
      expect((await live.next()).type).toBe("error");
      mkdirSync(folder);
      writeFileSync(join(folder, "new.md"), "# New\n\nThree.\n");
      expect((await live.next()).type).toBe("reload");
      writeFileSync(join(folder, "new.md"), "# New\n\nFour.\n");
      expect((await live.next()).html).toContain("Four.");
    } finally {
      live.close();
    }
  });
});

describe("startPreview: a page and the build it was served", () => {
  it("serves a page the script of its own HTML though the notebook was built again since, and sends that build when its stream connects", async () => {
    const file = join(root, "race.md");
    const version = (html: string) => {
      const script = /<script src="race\.js\?v=(\d+)"/.exec(html)?.[1];
      const events = /<meta name="queuebook-dev" content="\/_queuebook\/events\?page=race(?:&amp;|&#38;)v=(\d+)">/.exec(html)?.[1];
      expect(script).toBeDefined();
      expect(events).toBe(script); // the script and the stream name the same build
      return Number(script);
    };
    writeFileSync(file, '# Race\n\n```js\nconst word = "FIRST-" + "WORD";\n```\n\n${word}\n');
    const first = version((await get("/race")).body);
    // saved (or opened in another tab) between this page's HTML and its script and stream
    writeFileSync(file, '# Race\n\n```js\nconst word = "SECOND-" + "WORD";\n```\n\n${word}\n');
    const second = version((await get("/race")).body);
    expect(second).toBeGreaterThan(first);
    const script = (await get(`/race.js?v=${first}`)).body;
    expect(script).toContain("FIRST-");
    expect(script).not.toContain("SECOND-");
    expect((await get(`/race.js?v=${second}`)).body).toContain("SECOND-");
    const late = await stream("race", `&v=${first}`);
    const current = await stream("race", `&v=${second}`);
    try {
      const missed = await late.next();
      expect(missed.type).toBe("update");
      expect(missed.script).toBe(`/race.js?v=${second}`);
      // a page that has the newest build is sent nothing on connecting: its first message is the next change
      writeFileSync(file, '# Race\n\n```js\nconst word = "THIRD-" + "WORD";\n```\n\n${word}\n');
      for (const live of [current, late]) {
        const next = await live.next();
        expect(next.type).toBe("update");
        expect((await get(next.script!)).body).toContain("THIRD-");
      }
    } finally {
      late.close();
      current.close();
    }
  });
});

describe("startPreview: builds that end out of order", () => {
  it("sends no page the cells of a rebuild that ended after a newer build, and leaves none on them", async () => {
    // A change's rebuild reads the file, and is held; the file is written back and a new tab's
    // request builds it again, newer; then the held rebuild ends. (CI once saw the page of the
    // newer build sent the older cells, and the next rebuild, matching the newest, left it there.)
    let hold: Promise<void> | undefined;
    let holding: () => void = () => {};
    const held = new Promise<void>((ok) => (holding = ok));
    const own = await startPreview({
      root,
      packageRoot: copy.packageRoot,
      port: 0,
      buildNotebook: async (...args) => {
        const built = await buildNotebook(...args);
        const gate = hold;
        hold = undefined;
        if (gate) holding(), await gate;
        return built;
      }
    });
    const ownPort = Number(new URL(own.url).port);
    const file = join(root, "order.md");
    const text = (word: string) => `# Order\n\n\`\`\`js\nconst word = "${word}-" + "WORD";\n\`\`\`\n\n\${word}\n`;
    const versionOf = (html: string) => Number(/order\.js\?v=(\d+)/.exec(html)?.[1]);
    try {
      writeFileSync(file, text("FIRST"));
      const first = versionOf((await get("/order", {}, "GET", ownPort)).body);
      const old = await stream("order", `&v=${first}`, ownPort);
      let release: () => void = () => {};
      hold = new Promise<void>((ok) => (release = ok));
      writeFileSync(file, text("SECOND")); // the rebuild for this reads SECOND, then waits
      await held;
      writeFileSync(file, text("FIRST")); // written back (a test's reset, an editor's undo)
      const newest = versionOf((await get("/order", {}, "GET", ownPort)).body);
      expect(newest).toBeGreaterThan(first);
      const fresh = await stream("order", `&v=${newest}`, ownPort);
      release(); // the held rebuild (SECOND) ends after the newer build (FIRST)
      writeFileSync(file, text("THIRD")); // a marker: the next message each page gets is this change
      for (const live of [fresh, old]) {
        const next = await live.next();
        expect(next.type).toBe("update");
        expect((await get(next.script!, {}, "GET", ownPort)).body).toContain("THIRD-");
      }
    } finally {
      await own.close();
      rmSync(file, {force: true});
    }
  });
});

describe("startPreview: close()", () => {
  it("ends every connection, also one a browser opened ahead and never sent a request on, and an idle kept-alive one", async () => {
    const own = await startPreview({root, packageRoot: copy.packageRoot, port: 0});
    const ownPort = Number(new URL(own.url).port);
    const ended = (socket: ReturnType<typeof connect>) => new Promise<void>((ok) => socket.once("close", () => ok()));
    // Chromium opens sockets before it needs them (preconnect): Node's server.close() alone
    // waits on such a socket until its headers timeout, 60 s.
    const ahead = connect(ownPort, "127.0.0.1");
    await new Promise<void>((ok) => ahead.once("connect", () => ok()));
    const kept = connect(ownPort, "127.0.0.1");
    const answered = new Promise<string>((ok) => kept.once("data", (d: Buffer) => ok(d.toString("latin1"))));
    kept.write(`GET /hi HTTP/1.1\r\nHost: 127.0.0.1:${ownPort}\r\nConnection: keep-alive\r\n\r\n`);
    expect((await answered).split("\r\n")[0]).toBe("HTTP/1.1 200 OK");
    await Promise.all([own.close(), ended(ahead), ended(kept)]);
    expect([ahead.destroyed, kept.destroyed]).toEqual([true, true]);
  });
});
