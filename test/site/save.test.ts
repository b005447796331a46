// The dev save endpoint over real HTTP on 127.0.0.1: a save writes the notebook as edited
// (equal to the golden splice), a stale page is refused with nothing lost, and every request
// that is not one of the server's own pages, in a browser signed in with a sign-in link (its
// cookie and X-Queuebook-Write), saving an existing notebook inside the folder is refused with
// nothing written anywhere (the whole tree compared before and after).
import {createServer, request, type Server} from "node:http";
import {mkdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {parseNotebook} from "../../src/notebook/parse.js";
import {applyEdits, sourceBlocks, type SourceEdit} from "../../src/notebook/source.js";
import {sourceHash} from "../../src/notebook/sourceContract.js";
import {handleSave, maxSaveBytes, savePath} from "../../src/site/save.js";
import {requestRefusal} from "../../src/site/previewGuard.js";
import {previewAccess} from "../../src/site/previewAccess.js";
import {savingHeaders, signInCookie} from "../support/devAccess.js";
import {freshFolders} from "../support/folders.js";
import {tree} from "../support/tree.js";

const input = new URL("../input/edit-crlf/", import.meta.url).pathname;
const golden = new URL("../output/edit-crlf.md", import.meta.url).pathname;
const original = readFileSync(`${input}original.md`, "utf8");
const edited = applyEdits(
  original,
  sourceBlocks(original, parseNotebook(original, "nb.md").blocks),
  JSON.parse(readFileSync(`${input}edits.json`, "utf8")) as SourceEdit[]
);
const announced: string[] = [];
const access = previewAccess({cookieName: () => "queuebook-dev-test", announce: (link) => announced.push(link)});
let cookie: string;
const folder = freshFolders("qb-save-");

let base: string;
let root: string;
let server: Server;
let port: number;

beforeAll(async () => {
  base = folder();
  root = join(base, "notebooks");
  mkdirSync(join(root, "sub"), {recursive: true});
  mkdirSync(join(root, ".hidden"));
  mkdirSync(join(root, "folder.md"));
  mkdirSync(join(base, "outside"));
  writeFileSync(join(base, "outside", "secret.md"), "outside\n");
  writeFileSync(join(root, "notes.txt"), "notes\n");
  writeFileSync(join(root, ".hidden", "x.md"), "hidden\n");
  writeFileSync(join(root, "sub", "inner.md"), "# Inner\n");
  symlinkSync(join(base, "outside", "secret.md"), join(root, "link.md"));
  symlinkSync(join(base, "outside"), join(root, "linked"));
  symlinkSync(join(root, "sub", "inner.md"), join(root, "inside-link.md"));
  // as the preview server does: a request without Host reaches the guard (403), not Node's bare 400
  server = createServer({requireHostHeader: false}, (req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (url.searchParams.has("token")) access.signIn(req, res, url.pathname, url.searchParams);
    else if (req.url === savePath)
      void handleSave(req, res, {root, realRoot: realpathSync(root), access: access.writeRefusal, guard: (r) => requestRefusal(r, {port})});
    else res.writeHead(404).end();
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  port = (server.address() as {port: number}).port;
  cookie = await signInCookie(`http://127.0.0.1:${port}${access.link()}`);
});
afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

interface Sent {
  method?: string;
  /** Headers to send instead of the page's own (undefined leaves one out; a function makes it from the signed-in cookie). */
  headers?: Record<string, string | undefined | ((cookie: string) => string)>;
  body?: string | object;
}

/** A raw request (any Host, any Origin), with the headers of the server's own page unless overridden. */
function send({
  method = "POST",
  headers = {},
  body = {}
}: {
  method?: string;
  headers?: Record<string, string | undefined>;
  body?: string | object;
}): Promise<{status: number; json: any}> {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  const all: Record<string, string | undefined> = {...savingHeaders(port, cookie), ...headers};
  return new Promise((resolve, reject) => {
    const req = request({host: "127.0.0.1", port, path: savePath, method, setHost: false}, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        resolve({status: res.statusCode!, json: raw ? JSON.parse(raw) : undefined});
      });
    });
    for (const [name, value] of Object.entries(all)) if (value !== undefined) req.setHeader(name, value);
    req.on("error", reject);
    req.end(text);
  });
}

const saveOf = (path: string, text = edited, expected = sourceHash(original)) => ({path, expected, text});

describe("handleSave(req, res, options): POST /_queuebook/save", () => {
  it("writes the notebook as edited, byte for byte the golden splice, and returns its hash; the next save expects that hash", async () => {
    writeFileSync(join(root, "nb.md"), original);
    const first = await send({body: saveOf("nb.md")});
    expect(first).toEqual({status: 200, json: {hash: sourceHash(edited)}});
    expect(readFileSync(join(root, "nb.md"), "utf8")).toBe(readFileSync(golden, "utf8"));
    const again = edited.replace("0.05", "0.06");
    expect((await send({body: saveOf("nb.md", again, first.json.hash)})).status).toBe(200);
    expect(readFileSync(join(root, "nb.md"), "utf8")).toBe(again);
  });
  it("saves a notebook in a subfolder, and the Host and Origin may be localhost", async () => {
    const text = "# Inner, edited\n";
    const result = await send({
      headers: {host: `localhost:${port}`, origin: `http://localhost:${port}`},
      body: saveOf("sub/inner.md", text, sourceHash("# Inner\n"))
    });
    expect(result.status).toBe(200);
    expect(readFileSync(join(root, "sub", "inner.md"), "utf8")).toBe(text);
    writeFileSync(join(root, "sub", "inner.md"), "# Inner\n");
  });
  it("refuses a save when the file changed on disk since the page loaded it (409), and nothing is lost", async () => {
    const onDisk = original.replace("0.04", "0.07"); // someone else's edit, in another editor
    writeFileSync(join(root, "nb.md"), onDisk);
    const before = tree(base);
    const result = await send({body: saveOf("nb.md")});
    expect(result.status).toBe(409);
    expect(result.json.error).toMatch(/^not saved: nb\.md changed on disk since this page loaded it; your text is still in the editor/);
    expect(tree(base)).toEqual(before);
    expect(readFileSync(join(root, "nb.md"), "utf8")).toBe(onDisk);
  });

  const refusals: [string, Sent, number, RegExp][] = [
    ["a foreign Host (DNS rebinding)", {headers: {host: "evil.example", origin: "http://evil.example"}}, 403, /Host/],
    ["the right name on another port", {headers: {host: "127.0.0.1:1", origin: "http://127.0.0.1:1"}}, 403, /Host/],
    ["no Host", {headers: {host: undefined}}, 403, /Host/],
    ["a foreign Origin", {headers: {origin: "http://evil.example"}}, 403, /Origin/],
    ["Origin null (a file:// page, a sandboxed frame)", {headers: {origin: "null"}}, 403, /Origin/],
    ["no Origin (not a page's fetch)", {headers: {origin: undefined}}, 403, /Origin/],
    ["an Origin on another loopback name than the Host", {headers: {origin: "http://localhost:PORT"}}, 403, /Origin/],
    ["a cross-site Sec-Fetch-Site", {headers: {"sec-fetch-site": "cross-site"}}, 403, /Sec-Fetch-Site/],
    ["no cookie (a process that read every page: they hold no secret)", {headers: {cookie: undefined}}, 403, /sign-in link/],
    [
      "a forged Origin and no cookie",
      {headers: {cookie: undefined, origin: "http://127.0.0.1:PORT", host: "127.0.0.1:PORT"}},
      403,
      /sign-in link/
    ],
    ["a wrong cookie", {headers: {cookie: "queuebook-dev-test=guess"}}, 403, /sign-in link/],
    ["the cookie one character short", {headers: {cookie: (c: string) => c.slice(0, -1)}}, 403, /sign-in link/],
    [
      "the cookie's value under another server's name",
      {headers: {cookie: (c: string) => c.replace("queuebook-dev-test=", "queuebook-dev-other=")}},
      403,
      /sign-in link/
    ],
    [
      "the cookie with the old page token header instead of X-Queuebook-Write",
      {headers: {"x-queuebook-write": undefined, "x-queuebook-token": (c: string) => c.split("=")[1]}},
      403,
      /X-Queuebook-Write/
    ],
    ["no X-Queuebook-Write (what a cross-site form sends)", {headers: {"x-queuebook-write": undefined}}, 403, /X-Queuebook-Write/],
    ["X-Queuebook-Write other than 1", {headers: {"x-queuebook-write": "yes"}}, 403, /X-Queuebook-Write/],
    ["a form post (not JSON)", {headers: {"content-type": "application/x-www-form-urlencoded"}}, 403, /JSON/],
    ["a GET", {method: "GET", body: ""}, 403, /POST/],
    ["a path out of the folder", {body: saveOf("../outside/secret.md")}, 403, /existing notebook/],
    ["an absolute path", {body: saveOf("/etc/passwd.md")}, 403, /existing notebook/],
    ["a link out of the folder", {body: saveOf("link.md")}, 403, /existing notebook/],
    ["a file under a linked folder", {body: saveOf("linked/secret.md")}, 403, /existing notebook/],
    ["a link inside the folder (a save would replace the link, not its file)", {body: saveOf("inside-link.md")}, 403, /existing notebook/],
    ["a file that is not .md", {body: saveOf("notes.txt")}, 403, /existing notebook/],
    ["a new path", {body: saveOf("new.md")}, 403, /existing notebook/],
    ["a new path in a new folder", {body: saveOf("made/up.md")}, 403, /existing notebook/],
    ["a dot folder", {body: saveOf(".hidden/x.md")}, 403, /existing notebook/],
    ["a folder named .md", {body: saveOf("folder.md")}, 403, /existing notebook/],
    ["a backslash path", {body: saveOf("sub\\inner.md")}, 403, /existing notebook/],
    ["a body that is not JSON", {body: "{path:"}, 400, /not JSON/],
    ["a body without the fields", {body: {path: "nb.md"}}, 400, /path, expected and text/]
  ];
  for (const [name, sent, status, message] of refusals) {
    it(`refuses ${name} (${status}), writing nothing`, async () => {
      writeFileSync(join(root, "nb.md"), original);
      const headers = Object.fromEntries(
        Object.entries(sent.headers ?? {}).map(([k, v]) => [k, typeof v === "function" ? v(cookie) : v?.replace("PORT", String(port))])
      );
      const before = tree(base);
      const result = await send({...sent, headers, body: sent.body ?? saveOf("nb.md")});
      expect(result.status).toBe(status);
      expect(result.json.error).toMatch(/^not saved: /);
      expect(result.json.error).toMatch(message);
      expect(result.json.error).not.toContain(base); // no path of this machine
      expect(tree(base)).toEqual(before);
    });
  }
  it("refuses a body over 4 MB (413), declared or streamed, writing nothing", async () => {
    writeFileSync(join(root, "nb.md"), original);
    const before = tree(base);
    const big = saveOf("nb.md", "x".repeat(maxSaveBytes));
    expect((await send({body: big})).status).toBe(413);
    expect(tree(base)).toEqual(before);
    // without Content-Length (chunked): counted as it arrives
    const chunked = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: "127.0.0.1",
          port,
          path: savePath,
          method: "POST",
          headers: {...savingHeaders(port, cookie), "transfer-encoding": "chunked"}
        },
        (res) => {
          res.resume();
          resolve(res.statusCode!);
        }
      );
      req.on("error", reject);
      const piece = "x".repeat(1024 * 1024);
      for (let i = 0; i < 5; i++) req.write(piece);
      req.end();
    });
    expect(chunked).toBe(413);
    expect(tree(base)).toEqual(before);
  });
  it("takes a body just under the bound", async () => {
    writeFileSync(join(root, "nb.md"), original);
    const text = `${original}${"y".repeat(maxSaveBytes - original.length - 200)}\n`;
    expect((await send({body: saveOf("nb.md", text)})).status).toBe(200);
    expect(readFileSync(join(root, "nb.md"), "utf8")).toBe(text);
  });
});
