// The preview server's request checks on their own: which Host, Origin and Sec-Fetch-Site
// headers pass (previewGuard.ts), and which request targets name a servable path
// (previewPath.ts). The server tests (preview-server.test.ts) send the same over real HTTP.
import {describe, expect, it} from "vitest";
import fc from "fast-check";
import {requestRefusal, type ServerAddress} from "../../src/site/previewGuard.js";
import {pageName, requestPath} from "../../src/site/previewPath.js";

const port = 3100;
const refusal = (headers: Record<string, string>, address: ServerAddress = {port}) => requestRefusal({headers}, address);

describe("requestRefusal(request, address)", () => {
  it("serves the server's own loopback names with its port, in any case", () => {
    for (const host of ["127.0.0.1:3100", "localhost:3100", "[::1]:3100", "LOCALHOST:3100"]) expect(refusal({host}), host).toBeUndefined();
  });

  it("refuses every other Host: foreign names (DNS rebinding), other ports, no port, look-alikes, none at all", () => {
    for (const host of [
      "evil.example:3100",
      "evil.example",
      "127.0.0.1:3101",
      "127.0.0.1",
      "localhost",
      "127.0.0.1:03100",
      "localhost.:3100",
      "localhost:3100.evil.example",
      "127.0.0.2:3100",
      "0.0.0.0:3100",
      "::1:3100",
      "[::1]",
      "127.0.0.1:3100@evil.example",
      "127.0.0.1:3100, evil.example",
      ""
    ]) {
      expect(refusal({host}), host).toMatch(/Host header/);
    }
    expect(refusal({})).toMatch(/Host header/);
  });

  it("takes a Host without port only on port 80, where browsers leave it out", () => {
    expect(refusal({host: "localhost"}, {port: 80})).toBeUndefined();
    expect(refusal({host: "localhost:80"}, {port: 80})).toBeUndefined();
    expect(refusal({host: "localhost"}, {port: 8080})).toMatch(/Host/);
  });

  it("serves an Origin that is this server (any of its names), refuses null and foreign origins", () => {
    const host = "127.0.0.1:3100";
    for (const origin of ["http://127.0.0.1:3100", "http://localhost:3100", "http://[::1]:3100"])
      expect(refusal({host, origin}), origin).toBeUndefined();
    for (const origin of [
      "null",
      "http://evil.example:3100",
      "https://127.0.0.1:3100",
      "http://127.0.0.1:3101",
      "http://127.0.0.1",
      "http://127.0.0.1:3100/",
      "http://127.0.0.1:3100, http://evil.example",
      "file://",
      ""
    ]) {
      expect(refusal({host, origin}), origin).toMatch(/Origin header/);
    }
  });

  it("refuses cross-site and same-site fetches (another site's <script src>), serves same-origin and the reader's own navigation", () => {
    const host = "localhost:3100";
    for (const site of ["same-origin", "none"]) expect(refusal({host, "sec-fetch-site": site}), site).toBeUndefined();
    for (const site of ["cross-site", "same-site", "", "same-origin, cross-site"])
      expect(refusal({host, "sec-fetch-site": site}), site).toMatch(/Sec-Fetch-Site/);
  });

  it("checks Host before Origin: a foreign Host is refused even with a matching Origin", () => {
    expect(refusal({host: "evil.example:3100", origin: "http://127.0.0.1:3100"})).toMatch(/Host header/);
  });

  it("answers in one line that names the allowed hosts and never echoes the request's headers", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (host, origin) => {
        const reason = refusal({host: `${host}.x`, origin});
        expect(reason).toBeDefined();
        expect(reason).not.toMatch(/\n/);
        if (host.length > 3) expect(reason).not.toContain(host);
      })
    );
  });

  it("takes the names it is given instead of the loopback ones", () => {
    expect(refusal({host: "box.local:3100"}, {port, names: ["box.local"]})).toBeUndefined();
    expect(refusal({host: "127.0.0.1:3100"}, {port, names: ["box.local"]})).toMatch(/Host/);
  });
});

describe("requestPath(target)", () => {
  it("decodes each segment and keeps the query", () => {
    expect(requestPath("/a%23b.js?v=3")).toMatchObject({path: "/a#b.js"});
    expect((requestPath("/x?page=a%2Fb") as {query: URLSearchParams}).query.get("page")).toBe("a/b");
    expect(requestPath("/")).toMatchObject({path: "/"});
    expect(requestPath("/sub/")).toMatchObject({path: "/sub/"});
    expect(requestPath("/data/r%C3%A9sum%C3%A9.csv")).toMatchObject({path: "/data/résumé.csv"});
  });

  it("is 404 for dotfiles, dot-folders and dot segments, encoded or not, at any depth", () => {
    for (const target of [
      "/.env",
      "/.git/config",
      "/sub/.hidden",
      "/%2egit/config",
      "/%2Eenv",
      "/..",
      "/../x",
      "/a/./b",
      "/%2e%2e/x",
      "/a/%2e%2e/%2e%2e/etc/passwd",
      "/_queuebook/%2e%2e/package.json"
    ]) {
      expect(requestPath(target), target).toEqual({status: 404, message: "not found"});
    }
  });

  it("is 404 for a segment hiding a separator or a NUL, and for empty inner segments", () => {
    for (const target of ["/..%2foutside-secret", "/..%2Fnope", "/a%2fb", "/a%5cb", "/..%5c..%5cx", "/a%00.md", "/a//b", "//etc/passwd"]) {
      expect(requestPath(target), target).toEqual({status: 404, message: "not found"});
    }
  });

  it("is 400 for a broken percent escape and for targets that are not a path", () => {
    for (const target of ["/%E0%A4%A", "/%zz", "/%", "/a/%C3", "/%ED%A0%80", "*", "http://evil.example/x", ""]) {
      expect(requestPath(target), target).toMatchObject({status: 400});
    }
  });

  it("never yields a path with a dot segment, whatever the target", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("a", ".", "..", "%2e", "%2E%2e", "%2f", "/", "%5c", "b.md", "%", "%zz", ".git", "?", "x%00"), {
          maxLength: 8
        }),
        (parts) => {
          const parsed = requestPath("/" + parts.join(""));
          if ("path" in parsed) for (const segment of parsed.path.split("/")) expect(segment.startsWith(".")).toBe(false);
        }
      )
    );
  });
});

describe("pageName(value)", () => {
  it("takes a notebook's name, the index's empty one, and refuses names a path would refuse", () => {
    expect(pageName("")).toBe("");
    expect(pageName("sub/on-call")).toBe("sub/on-call");
    expect(pageName("a#b 50%")).toBe("a#b 50%");
    for (const name of ["../x", "sub/../../x", ".git/config", "a//b", "sub/", "a\\b"]) expect(pageName(name), name).toBeUndefined();
  });
});
