// What a render is served (the browser side: renderAt.browser.test.ts): the page from memory or a
// site folder at https://queuebook.invalid, nothing outside the folder, by a fixed content type.
import {mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {contentType, pageInFolder, pageInMemory, RENDER_ORIGIN, renderUrl} from "../../src/site/renderAt.js";

let work: string, site: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "queuebook-render-files-"));
  site = join(work, "site");
  mkdirSync(join(site, "_queuebook"), {recursive: true});
  mkdirSync(join(site, ".git"));
  writeFileSync(join(site, "a b.html"), "<p>page</p>");
  writeFileSync(join(site, "_queuebook", "client.js"), "1");
  writeFileSync(join(site, ".git", "config"), "secret");
  writeFileSync(join(work, "outside.txt"), "secret");
  symlinkSync(join(work, "outside.txt"), join(site, "out.txt"));
  symlinkSync(join(site, "_queuebook", "client.js"), join(site, "in.js"));
});
afterAll(() => void (work && rmSync(work, {recursive: true, force: true})));

describe("renderUrl(page) and contentType(path)", () => {
  it("puts the page at the neutral origin, each segment encoded", () => {
    expect(RENDER_ORIGIN).toBe("https://queuebook.invalid");
    expect(renderUrl("sub/a b#1.html")).toBe("https://queuebook.invalid/sub/a%20b%231.html");
  });

  it("types a file by its extension, anything unknown as bytes", () => {
    expect(contentType("x/client.JS")).toBe("text/javascript; charset=utf-8");
    expect(contentType("KaTeX_Main.woff2")).toBe("font/woff2");
    expect(contentType("notes")).toBe("application/octet-stream");
  });
});

describe("pageInMemory(name, html)", () => {
  it("serves the page under its name and nothing else", async () => {
    const target = pageInMemory("erlang-c.html", "<p>x</p>");
    expect(target.url).toBe("https://queuebook.invalid/erlang-c.html");
    expect(await target.files("/erlang-c.html")).toEqual({body: "<p>x</p>", contentType: "text/html; charset=utf-8"});
    expect(await target.files("/other.html")).toBeUndefined();
    expect(await target.files("/")).toBeUndefined();
  });
});

describe("pageInFolder(dir, page)", () => {
  it("serves the folder's regular files, a link inside it too", async () => {
    const target = pageInFolder(site, "a b.html");
    expect(target.url).toBe("https://queuebook.invalid/a%20b.html");
    expect(String((await target.files("/a b.html"))?.body)).toBe("<p>page</p>");
    expect(await target.files("/in.js")).toEqual({body: Buffer.from("1"), contentType: "text/javascript; charset=utf-8"});
  });

  it("serves the page itself from memory when given (not written yet), and the folder's other files beside it", async () => {
    const target = pageInFolder(site, "new page.html", "<p>in memory</p>");
    expect(target.url).toBe("https://queuebook.invalid/new%20page.html");
    expect(await target.files("/new page.html")).toEqual({body: "<p>in memory</p>", contentType: "text/html; charset=utf-8"});
    expect(String((await target.files("/a b.html"))?.body)).toBe("<p>page</p>");
    expect(await target.files("/in.js")).toEqual({body: Buffer.from("1"), contentType: "text/javascript; charset=utf-8"});
    expect(await target.files("/../outside.txt")).toBeUndefined();
  });

  it("answers nothing outside it: dot segments, a link out, a folder, a NUL, an absent file", async () => {
    const target = pageInFolder(site, "a b.html");
    for (const path of [
      "/../outside.txt",
      "/_queuebook/../../outside.txt",
      "/./a b.html",
      "/.git/config",
      "/out.txt",
      "/_queuebook",
      "/",
      "/a b.html\0",
      "/missing.js"
    ]) {
      expect(await target.files(path), path).toBeUndefined();
    }
  });
});
