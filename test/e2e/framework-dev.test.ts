// Framework-dialect pages under `queuebook dev`, over real HTTP on 127.0.0.1 and in Chromium:
// from a notebook in a subfolder, root-relative images (`![a](/data/pic.png)`, `<img src="/…">`)
// load as in the built site, and links to notebooks (`./paths.md`, `/sub/paths`, `/layout`) open
// the pages; the server's path rules still hold (dot segments, outside the folder: 404).
import {readFile} from "node:fs/promises";
import {request} from "node:http";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {Browser} from "playwright-core";
import {startPreview, type Preview} from "../../src/site/preview.js";
import {closeBrowser, launchBrowser, releaseTab, takeTab} from "./harness.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
const root = join(packageRoot, "test/e2e/framework");
let preview: Preview;
let browser: Browser;

beforeAll(async () => {
  preview = await startPreview({root, packageRoot, port: 0});
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await closeBrowser(browser);
  await preview?.close();
});

/** GET `path` as a page of this server would (its own Host), the path sent exactly as given. */
function get(path: string): Promise<{status: number; type: string; body: Buffer}> {
  const {port, hostname} = new URL(preview.url);
  return new Promise((resolve, reject) => {
    const req = request({host: hostname, port, path, headers: {host: `${hostname}:${port}`}}, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (d: Buffer) => chunks.push(d));
      res.on("end", () => resolve({status: res.statusCode!, type: String(res.headers["content-type"]), body: Buffer.concat(chunks)}));
    });
    req.on("error", reject);
    req.end();
  });
}

/** The `attribute` of every `<tag>` in `html`, in order. */
const attributes = (html: string, tag: string, attribute: string) =>
  [...html.matchAll(new RegExp(`<${tag}\\s[^>]*?\\b${attribute}="([^"]*)"`, "g"))].map((m) => m[1]);

describe("queuebook dev: a subfolder notebook's root-relative images and links to notebooks", () => {
  it("serves every image src and link href of the page as the built site does, resolved against the page's URL", async () => {
    for (const pagePath of ["/sub/links", "/sub/links.html"]) {
      const page = await get(pagePath);
      expect(page.status).toBe(200);
      const html = page.body.toString("utf8");
      const srcs = attributes(html.slice(html.indexOf("<main")), "img", "src");
      expect(srcs).toEqual(["/data/pic.png", "/data/pic.png"]);
      const pic = await readFile(join(root, "data/pic.png"));
      for (const src of srcs) {
        const image = await get(new URL(src, `http://x${pagePath}`).pathname);
        expect([image.status, image.type]).toEqual([200, "image/png; charset=utf-8"]);
        expect(image.body.equals(pic)).toBe(true);
      }
      const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
      const hrefs = attributes(main, "a", "href").filter((href) => !href.startsWith("#")); // (the page's skip link)
      expect(hrefs).toEqual(["./paths.html", "../fences.html#top", "/sub/paths.html", "/layout.html"]);
      for (const href of hrefs) {
        const target = await get(new URL(href, `http://x${pagePath}`).pathname);
        expect(target.status, href).toBe(200);
        expect(target.type, href).toBe("text/html; charset=utf-8");
        const title = {
          "./paths.html": "Root-relative paths",
          "/sub/paths.html": "Root-relative paths",
          "../fences.html#top": "Fences",
          "/layout.html": "Framework&#39;s page and styles"
        }[href];
        expect(target.body.toString("utf8"), href).toMatch(new RegExp(`<title>${title}`));
      }
    }
  });
  it("keeps the server's path rules: a relative image climbing out, a dot segment, a dotfile are 404", async () => {
    for (const path of ["/sub/../data/pic.png", "/../pic.png", "/data/%2e%2e/sub/links.md", "/.git/config"])
      expect((await get(path)).status, path).toBe(404);
    expect((await get("/data/pic.png")).status).toBe(200); // the same file by its own path
  });
  it("in Chromium: both root-relative images decode, and a link by root path and a link to a .md open their pages", async () => {
    const page = await takeTab(browser);
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(new URL("sub/links", preview.url).href);
    await page.waitForFunction(
      () => {
        const images = [...document.querySelectorAll("main img")] as HTMLImageElement[];
        return images.length === 2 && images.every((img) => img.complete && img.naturalWidth === 4);
      },
      undefined,
      {timeout: 10_000}
    );
    for (const name of ["the paths page by its root path", "the paths page"]) {
      await page.goto(new URL("sub/links", preview.url).href);
      await Promise.all([page.waitForEvent("load"), page.getByRole("link", {name, exact: true}).click()]);
      expect(new URL(page.url()).pathname).toBe("/sub/paths.html");
      expect(await page.locator("h1").first().innerText()).toBe("Root-relative paths");
    }
    expect(errors).toEqual([]);
    await releaseTab(page);
  });
});

describe("queuebook dev: the home page (issue 36)", () => {
  it("serves the root's own index.md at / (as the build does), the course page only where there is none", async () => {
    const {mkdtemp, writeFile, rm} = await import("node:fs/promises");
    const {tmpdir} = await import("node:os");
    const own = await mkdtemp(join(tmpdir(), "queuebook-home-"));
    await writeFile(join(own, "index.md"), "# Project home\n\nWritten by the project.\n");
    await writeFile(join(own, "other.md"), "# Other\n");
    const served = await startPreview({root: own, packageRoot, port: 0});
    try {
      for (const path of ["/", "/index.html"]) {
        const res = await fetch(new URL(path, served.url));
        const body = await res.text();
        expect([path, res.status, body.includes("<h1")]).toEqual([path, 200, true]);
        expect([body.includes("Written by the project."), body.includes("qb-course")]).toEqual([true, false]); // the page, not the course listing it
      }
    } finally {
      await served.close();
      await rm(own, {recursive: true, force: true});
    }
    const course = await get("/"); // test/e2e/framework has no index.md: the course page lists its notebooks
    expect(course.body.toString()).toContain("qb-course");
  }, 60_000);
});
