// The dev server's module endpoint (GET /_queuebook/module) over real HTTP on 127.0.0.1, through
// the running preview server: a page's own request gets the module bundled with the build's
// confinement, cached until its file changes; a wrong Host, a foreign Origin or Sec-Fetch-Site,
// a browser not signed in (no or a wrong cookie) or no X-Queuebook-Write, another method,
// several specifiers, an unknown notebook, and imports outside the project, of an absolute path,
// through a link out, of a pipe, or with a dot segment anywhere in the resolved path (.git,
// .secrets, a dotfile in a package) are refused; every refusal names the specifier only, with
// none of the file's text and no path of this machine.
import {request} from "node:http";
import {mkdirSync, symlinkSync, utimesSync, writeFileSync} from "node:fs";
import {spawnSync} from "node:child_process";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {startPreview, type Preview} from "../../src/site/preview.js";
import {dotted, modulePath} from "../../src/site/devModules.js";
import {freshFolders} from "../support/folders.js";
import {signInCookie} from "../support/devAccess.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
const folder = freshFolders("qb-devmodules-");
const secret = "TOP-SECRET-OUTSIDE";
let base: string;
let preview: Preview;
let port: number;
let cookie: string;
const logged: string[] = [];

beforeAll(async () => {
  // <base>/outside/secret.js, and the project <base>/project with its notebooks/ and src/
  base = folder();
  const project = join(base, "project");
  mkdirSync(join(project, "notebooks"), {recursive: true});
  mkdirSync(join(project, "src"));
  mkdirSync(join(base, "outside"));
  writeFileSync(join(project, "package.json"), "{}\n");
  writeFileSync(join(base, "outside", "secret.js"), `export const secret = "${secret}";\n`);
  writeFileSync(
    join(project, "src", "extra.js"),
    'import {helper} from "./helper.js";\nexport const answer = helper(21);\nexport default "extra";\n'
  );
  writeFileSync(join(project, "src", "helper.js"), "export const helper = (x) => x * 2;\n");
  writeFileSync(join(project, "notebooks", "page.md"), "# Page\n\n```js\nconst x = 1;\n```\n");
  symlinkSync(join(base, "outside", "secret.js"), join(project, "notebooks", "link.js"));
  // what static serving never gives: dot folders of the project, a dotfile of a package, pipes, links into them
  mkdirSync(join(project, ".secrets"));
  writeFileSync(join(project, ".secrets", "keys.json"), `{"key": "${secret}"}\n`);
  mkdirSync(join(project, ".git"));
  writeFileSync(join(project, ".git", "HEAD"), `ref: refs/heads/${secret}\n`);
  writeFileSync(
    join(project, ".git", "config"),
    `[core]\n\trepositoryformatversion = 0\n[remote "origin"]\n\turl = https://${secret}@example.com/x.git\n`
  );
  writeFileSync(join(project, "src", ".env.js"), `export const env = "${secret}";\n`);
  mkdirSync(join(project, "node_modules", "pkg"), {recursive: true});
  writeFileSync(join(project, "node_modules", "pkg", "package.json"), '{"name": "pkg", "main": "index.js"}\n');
  writeFileSync(join(project, "node_modules", "pkg", "index.js"), "export const ok = 1;\n");
  writeFileSync(join(project, "node_modules", "pkg", ".hidden.js"), `export const hidden = "${secret}";\n`);
  symlinkSync(join(project, ".secrets", "keys.json"), join(project, "src", "keys.json"));
  symlinkSync(join(base, "outside", "secret.js"), join(project, "src", "out.js"));
  writeFileSync(join(project, "src", "broken.js"), `export const x = ${secret} @@ 1;\n`);
  spawnSync("mkfifo", [join(project, "src", "pipe.js")]);
  spawnSync("mkfifo", [join(project, "src", "pipe.json")]);
  preview = await startPreview({root: join(project, "notebooks"), packageRoot, port: 0, log: (line) => logged.push(line)});
  port = Number(new URL(preview.url).port);
  cookie = await signInCookie(preview.signInLink());
}, 120_000);
afterAll(() => preview?.close());

/** GET (or `method`) the endpoint with `query`, as the server's own page unless headers say otherwise. */
function get(query: string, headers: Record<string, string | undefined> = {}, method = "GET"): Promise<{status: number; body: string}> {
  const all: Record<string, string> = {host: `127.0.0.1:${port}`, cookie, "x-queuebook-write": "1", "sec-fetch-site": "same-origin"};
  for (const [k, v] of Object.entries(headers)) v === undefined ? delete all[k] : (all[k] = v);
  return new Promise((resolve, reject) => {
    const req = request({host: "127.0.0.1", port, path: `${modulePath}?${query}`, method, headers: all, setHost: false}, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({status: res.statusCode!, body: Buffer.concat(chunks).toString("utf8")}));
    });
    req.on("error", reject);
    req.end();
  });
}

const q = (specifier: string, page = "page") => `page=${encodeURIComponent(page)}&specifier=${encodeURIComponent(specifier)}`;

/** The module a 200 answer holds, run as the page runs it (its default export is the namespace). */
async function run(code: string): Promise<any> {
  return (await import(`data:text/javascript,${encodeURIComponent(code)}`)).default;
}

describe(`GET ${modulePath}?page=…&specifier=…`, () => {
  it("bundles a project module the notebook did not import, with its own imports, as the page's cells would import it", async () => {
    const answer = await get(q("../src/extra.js"));
    expect(answer.status).toBe(200);
    const module = await run(answer.body);
    expect([module.answer, module.default]).toEqual([42, "extra"]);
  });

  it("serves from its cache until a file of the module changes", async () => {
    const first = await get(q("../src/helper.js"));
    expect((await run(first.body)).helper(2)).toBe(4);
    expect((await get(q("../src/helper.js"))).body).toBe(first.body);
    writeFileSync(join(base, "project", "src", "helper.js"), "export const helper = (x) => x * 3;\n");
    const later = new Date(Date.now() + 5000);
    utimesSync(join(base, "project", "src", "helper.js"), later, later); // a new time even on a coarse clock
    expect((await run((await get(q("../src/helper.js"))).body)).helper(2)).toBe(6);
  });

  it("refuses requests that are not the server's own page's in a signed-in browser: Host, Origin, Sec-Fetch-Site, cookie, X-Queuebook-Write", async () => {
    for (const headers of [
      {host: `evil.example:${port}`},
      {host: `127.0.0.1:${port + 1}`},
      {host: undefined},
      {origin: "http://evil.example"},
      {origin: "null"},
      {"sec-fetch-site": "cross-site"},
      {cookie: undefined},
      {cookie: `${cookie}x`},
      {cookie: cookie.replace(/=.*/, "=guessed")},
      {"x-queuebook-write": undefined},
      {"x-queuebook-write": "0"}
    ]) {
      const answer = await get(q("../src/extra.js"), headers);
      expect(answer.status, JSON.stringify(headers)).toBe(403);
      expect(answer.body).not.toContain("helper");
    }
  });

  it("answers GET only, one specifier of one known notebook per request", async () => {
    expect((await get(q("../src/extra.js"), {}, "POST")).status).toBe(405);
    expect((await get(q("../src/extra.js"), {}, "HEAD")).status).toBe(405);
    expect((await get(`${q("../src/extra.js")}&specifier=${encodeURIComponent("../src/helper.js")}`)).status).toBe(400);
    expect((await get("page=page")).status).toBe(400);
    for (const page of ["missing", "../project/notebooks/page", ".hidden", ""])
      expect((await get(q("../src/extra.js", page))).status, page).toBe(404);
  });

  it("refuses what the build refuses: outside the project, an absolute path, a link out, a missing file; naming no path of this machine", async () => {
    // (a leading "/" is the notebook folder, as in the build: a machine's absolute path is not found there)
    for (const [specifier, status] of [
      ["../../outside/secret.js", 403],
      ["./link.js", 403],
      ["/../../outside/secret.js", 403],
      [`${base}/outside/secret.js`, 404]
    ] as const) {
      const answer = await get(q(specifier));
      expect(answer.status, specifier).toBe(status);
      expect(answer.body).not.toContain(secret);
      expect(answer.body.replace(specifier, "")).not.toContain(base);
      expect(answer.body.trim().split("\n")).toHaveLength(1);
    }
    const missing = await get(q("../src/nope.js"));
    expect(missing.status).toBe(404);
    expect(missing.body).toContain("nope.js");
    expect(missing.body).not.toContain(base);
  });

  it("refuses a dot segment anywhere in the resolved path, a pipe and a link out, naming the specifier only", async () => {
    for (const specifier of [
      "../.secrets/keys.json",
      "../.git/HEAD",
      "../.git/config",
      "../src/.env.js",
      "../src/keys.json",
      "pkg/.hidden.js",
      "../src/out.js",
      "../src/pipe.js",
      "../src/pipe.json"
    ]) {
      // (../src/keys.json is a link into .secrets, ../src/out.js one out of the project)
      const answer = await get(q(specifier));
      expect(answer.status, specifier).toBe(403);
      expect(answer.body.startsWith(`cannot import ${JSON.stringify(specifier)}: `), answer.body).toBe(true);
      expect(answer.body.trim().split("\n"), specifier).toHaveLength(1);
      expect(answer.body, specifier).not.toContain(secret);
      expect(answer.body, specifier).not.toMatch(/core|remote|refs|origin|example\.com|repositoryformat/);
      expect(answer.body, specifier).not.toContain(base);
    }
    expect((await get(q("pkg"))).status).toBe(200); // (the package itself is importable)
  });

  it("says a module that does not build is so, naming the specifier only; the terminal gets the reason", async () => {
    const answer = await get(q("../src/broken.js"));
    expect(answer.status).toBe(422);
    expect(answer.body).toBe('cannot import "../src/broken.js": it does not build (the terminal running queuebook dev says why)\n');
    expect(logged.some((line) => line.includes("broken.js") && !line.includes(base))).toBe(true);
  });
});

describe("dotted(file, project)", () => {
  it("is true for a dot segment inside the project or inside a package, not for a package manager's store or the folders above", () => {
    const project = "/home/u/.work/app";
    const cases: [string, boolean][] = [
      ["/home/u/.work/app/src/x.js", false], // (.work is above the project)
      ["/home/u/.work/app/.git/config", true],
      ["/home/u/.work/app/src/.env", true],
      ["/home/u/.work/app/src/a/.hidden/x.js", true],
      ["/home/u/.work/app/node_modules/d3/src/index.js", false],
      ["/home/u/.work/app/node_modules/pkg/.env.js", true],
      ["/home/u/.work/app/node_modules/.pnpm/d3@7.9.0/node_modules/d3/src/index.js", false],
      ["/home/u/.work/app/node_modules/.pnpm/d3@7.9.0/node_modules/d3/.secret", true],
      ["/home/u/.work/node_modules/hoisted/index.js", false],
      ["/home/u/.work/node_modules/hoisted/.x/index.js", true]
    ];
    for (const [file, expected] of cases) expect(dotted(file, project), file).toBe(expected);
  });
});
