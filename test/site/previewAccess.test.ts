// The dev server's write access over real HTTP on 127.0.0.1 (a bare server mounting it, as the
// preview does): a sign-in link sets the session cookie once and sends the browser on to its
// clean URL; a used or guessed token signs nobody in; a write needs the cookie and
// X-Queuebook-Write; a write refused for want of a link gets one new link printed, not one a
// request.
import {createServer, request, type IncomingHttpHeaders, type Server} from "node:http";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {previewAccess, type PreviewAccess} from "../../src/site/previewAccess.js";

let announced: string[] = [];
let access: PreviewAccess;
let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (url.searchParams.has("token")) return access.signIn(req, res, url.pathname, url.searchParams);
    const refusal = access.writeRefusal(req);
    res.writeHead(refusal ? 403 : 200).end(refusal ?? "written");
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  port = (server.address() as {port: number}).port;
});
afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

/** A fresh access of a new server run (nothing given, nothing announced). */
function fresh(): void {
  announced = [];
  access = previewAccess({cookieName: () => `queuebook-dev-${port}`, announce: (link) => announced.push(link)});
}

function get(path: string, headers: Record<string, string> = {}): Promise<{status: number; headers: IncomingHttpHeaders; body: string}> {
  return new Promise((resolve, reject) => {
    const req = request({host: "127.0.0.1", port, path, headers}, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({status: res.statusCode!, headers: res.headers, body}));
    });
    req.on("error", reject);
    req.end();
  });
}

const cookieOf = (headers: IncomingHttpHeaders) => headers["set-cookie"]?.[0]?.split(";")[0];

describe("previewAccess(options).signIn(req, res, path, query)", () => {
  it("sets the session cookie (HttpOnly, SameSite=Strict, Path=/) and sends the browser on to the link's clean URL", async () => {
    fresh();
    const link = access.link("/sub/page");
    expect(link).toMatch(/^\/sub\/page\?token=[A-Za-z0-9_-]{43}$/);
    const answer = await get(link.replace("?", "?lang=hu&"), {"sec-fetch-site": "none"});
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe("/sub/page?lang=hu");
    expect(answer.headers["set-cookie"]).toEqual([
      expect.stringMatching(new RegExp(`^queuebook-dev-${port}=[A-Za-z0-9_-]{43}; HttpOnly; SameSite=Strict; Path=/$`))
    ]);
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(answer.body).toBe("");
  });

  it("signs in once: the used link, a guessed token and an empty one are 403 with no cookie", async () => {
    fresh();
    const link = access.link();
    expect((await get(link)).status).toBe(303);
    for (const path of [link, "/?token=guess", "/?token=", `${link}x`]) {
      const again = await get(path);
      expect(again.status, path).toBe(403);
      expect(again.headers["set-cookie"], path).toBeUndefined();
      expect(again.body).toMatch(/^this sign-in link was used already or is not this server's/);
    }
  });

  it("sends a browser signed in already on, though its link was used (the terminal's link clicked twice)", async () => {
    fresh();
    const link = access.link("/nb");
    const cookie = cookieOf((await get(link)).headers)!;
    const again = await get(link, {cookie});
    expect([again.status, again.headers.location]).toEqual([303, "/nb"]);
  });

  it("answers a navigation from another site (the opener's file:// page) with a page that moves on from this origin, so the cookie goes with the next request", async () => {
    fresh();
    const answer = await get(`${access.link("/a")}&x=%22%3E%3Cb%3E`, {"sec-fetch-site": "cross-site"});
    expect(answer.status).toBe(200);
    expect(cookieOf(answer.headers)).toMatch(new RegExp(`^queuebook-dev-${port}=`));
    expect(answer.body).toContain('<meta http-equiv="refresh" content="0;url=/a?x=%22%3E%3Cb%3E">');
    expect(answer.body).not.toContain("<b>");
  });

  it("keeps at most 16 unused links: the oldest is dropped", async () => {
    fresh();
    const links = Array.from({length: 17}, () => access.link());
    expect((await get(links[0])).status).toBe(403);
    expect((await get(links[1])).status).toBe(303);
  });
});

describe("previewAccess(options).writeRefusal(req)", () => {
  it("lets a write through with the cookie and X-Queuebook-Write: 1, and refuses it without either", async () => {
    fresh();
    const cookie = cookieOf((await get(access.link())).headers)!;
    expect((await get("/w", {cookie, "x-queuebook-write": "1"})).status).toBe(200);
    const refused: Record<string, string>[] = [
      {cookie},
      {cookie, "x-queuebook-write": "true"},
      {"x-queuebook-write": "1"},
      {cookie: cookie.slice(0, -1), "x-queuebook-write": "1"},
      {cookie: `other=${cookie.split("=")[1]}`, "x-queuebook-write": "1"}
    ];
    for (const headers of refused) {
      expect((await get("/w", headers)).status, JSON.stringify(headers)).toBe(403);
    }
    // (another run's cookie is nothing to this one)
    const before = access;
    fresh();
    const other = cookieOf((await get(access.link())).headers)!;
    expect(other).not.toBe(cookie);
    expect((await get("/w", {cookie, "x-queuebook-write": "1"})).status).toBe(403);
    access = before;
  });

  it("prints one new link when a write is refused and every link was used; none more until that one is used", async () => {
    fresh();
    expect((await get("/w", {"x-queuebook-write": "1"})).status).toBe(403);
    expect(announced).toHaveLength(1);
    for (let i = 0; i < 5; i++) await get("/w", {"x-queuebook-write": "1"});
    expect(announced).toHaveLength(1);
    const cookie = cookieOf((await get(announced[0])).headers)!;
    expect((await get("/w", {cookie, "x-queuebook-write": "1"})).status).toBe(200);
    await get("/w", {"x-queuebook-write": "1"}); // another browser, not signed in
    expect(announced).toHaveLength(2);
    expect(announced[1]).not.toBe(announced[0]);
  });

  it("prints nothing while a link given is unused", async () => {
    fresh();
    access.link();
    await get("/w", {"x-queuebook-write": "1"});
    await get("/?token=guess");
    expect(announced).toEqual([]);
  });
});
