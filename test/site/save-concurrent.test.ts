// Saves that race, over real sockets on 127.0.0.1: several pages (or tabs) save the same
// notebook at once, each expecting the version they all loaded. Exactly one wins (200, its text
// is the file), every other one is told the file changed (409) and the file never holds its text;
// saves of different files do not wait on each other's outcome. fast-check draws the number of
// racers, their texts and the files they aim at.
import {createServer, request, type Server} from "node:http";
import {mkdirSync, readFileSync, realpathSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import fc from "fast-check";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {sourceHash} from "../../src/notebook/sourceContract.js";
import {handleSave, savePath} from "../../src/site/save.js";
import {requestRefusal} from "../../src/site/previewGuard.js";
import {previewAccess} from "../../src/site/previewAccess.js";
import {freshFolders} from "../support/folders.js";
import {savingHeaders, signInCookie} from "../support/devAccess.js";

const folder = freshFolders("qb-save-race-");
const access = previewAccess({cookieName: () => "queuebook-dev-race", announce: () => {}});
let cookie: string;
let root: string;
let server: Server;
let port: number;

beforeAll(async () => {
  root = join(folder(), "notebooks");
  mkdirSync(join(root, "sub"), {recursive: true});
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

/** One save on a socket of its own (no keep-alive pool: the requests are truly concurrent). */
function save(body: {path: string; expected: string; text: string}): Promise<{status: number; json: any}> {
  return new Promise((resolve, reject) => {
    const req = request(
      {host: "127.0.0.1", port, path: savePath, method: "POST", agent: false, headers: savingHeaders(port, cookie)},
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => resolve({status: res.statusCode!, json: JSON.parse(Buffer.concat(chunks).toString("utf8"))}));
      }
    );
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}

describe("handleSave(req, res, options): concurrent saves of one version", () => {
  it("one wins (200, its text is the file, its hash the file's), every other is 409 and its text is nowhere", async () => {
    const files = ["a.md", "b.md", "sub/c.md"];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({file: fc.constantFrom(...files), text: fc.string({maxLength: 40})}), {minLength: 2, maxLength: 8}),
        fc.string({maxLength: 20}),
        async (racers, base) => {
          const original = `# Original ${base}\n`;
          for (const f of files) writeFileSync(join(root, f), original);
          // distinct texts, none the original: a loser's text can never be mistaken for the winner's
          const saves = racers.map((r, i) => ({path: r.file, expected: sourceHash(original), text: `${r.text}\n<!-- racer ${i} -->\n`}));
          const answers = await Promise.all(saves.map(save));
          for (const f of files) {
            const mine = saves.map((s, i) => ({s, a: answers[i]})).filter(({s}) => s.path === f);
            const onDisk = readFileSync(join(root, f), "utf8");
            if (mine.length === 0) {
              expect(onDisk).toBe(original);
              continue;
            }
            const won = mine.filter(({a}) => a.status === 200);
            expect(
              won.map(({a}) => a.status),
              f
            ).toEqual([200]);
            expect(onDisk).toBe(won[0].s.text);
            expect(won[0].a.json).toEqual({hash: sourceHash(onDisk)});
            for (const {a} of mine.filter(({a}) => a.status !== 200)) {
              expect(a.status).toBe(409);
              expect(a.json.error).toMatch(/changed on disk since this page loaded it; your text is still in the editor/);
            }
          }
        }
      ),
      {numRuns: 30}
    );
  });

  it("leaves no temporary file beside a notebook after racing saves", async () => {
    writeFileSync(join(root, "a.md"), "# A\n");
    await Promise.all(Array.from({length: 6}, (_, i) => save({path: "a.md", expected: sourceHash("# A\n"), text: `# A ${i}\n`})));
    const {readdirSync} = await import("node:fs");
    expect(readdirSync(root).filter((n) => n.startsWith("."))).toEqual([]);
  });
});
