// Notebooks written in Observable Framework's dialect (test/e2e/framework/: a subfolder,
// run=false, html/svg/tex fences, ${…} in HTML blocks, resize, dark, htl, visibility, an input
// that starts undefined, observablehq:stdlib and Framework's npm: modules, a name declared by
// two cells; issue 16: root-relative paths, project modules using observablehq:stdlib and npm:,
// Framework's fence list, page structure and layout classes, packages with a browser field or a
// CommonJS default, FileAttachment's readers) built as a site and opened in headless Chromium:
// every page shows what its cells make and no cell error. Waits are on conditions, never on time.
import {readdir, readFile} from "node:fs/promises";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {Browser, Page} from "playwright-core";
import {releaseTab, type SiteFixture, startSite, takeTab} from "./harness.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
const root = join(packageRoot, "test/e2e/framework");
let browser: Browser;
let out: string;
let server: {origin: string};
let site: SiteFixture;

beforeAll(async () => {
  site = await startSite(root, {prefix: "queuebook-framework"});
  ({browser, out} = site);
  server = site;
}, 120_000);

afterAll(async () => {
  await site?.close();
});

/** Opens a page of the built site, recording page errors and console errors. */
async function open(path: string): Promise<{page: Page; errors: string[]}> {
  const page = await takeTab(browser);
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.goto(`${server.origin}/${path}`);
  return {page, errors};
}

/** Waits until `selector` shows `text` (a condition in the page, not a delay). */
async function shows(page: Page, selector: string, text: string | RegExp): Promise<void> {
  await page.waitForFunction(
    ([selector, source, flags]) => {
      const found = document.querySelector(selector);
      return !!found && new RegExp(source, flags).test(found.textContent ?? "");
    },
    [
      selector,
      typeof text === "string" ? text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") : text.source,
      typeof text === "string" ? "" : text.flags
    ] as const,
    {timeout: 10_000}
  );
}

/** The text of every cell error box on the page. */
const cellErrors = (page: Page) => page.locator(".qb-error").allInnerTexts();

describe("Framework-dialect notebooks, built and opened in Chromium", () => {
  it("fences: run=false is shown not run, html/svg/tex fences and ${…} in HTML blocks are live", async () => {
    const {page, errors} = await open("fences.html");
    await shows(page, "#html-fence", "There are 3 servers; a backtick ` stays.");
    await page.waitForFunction(() => document.querySelectorAll("#svg-fence circle").length === 3);
    await page.waitForFunction(() => !!document.querySelector(".qb-cell .katex-display"));
    await shows(page, "#html-block h2", "3 servers");
    expect(await page.locator("pre code.language-js").first().innerText()).toContain('FileAttachment("data/not-there.csv")');
    expect(await page.locator("pre.qb-echo").innerText()).toContain("const servers = 3;");
    await page.waitForFunction(() => /anonymous|ƒ/.test(document.querySelector("main")!.textContent ?? ""));
    expect(await cellErrors(page)).toEqual([]);
    expect(errors).toEqual([]);
    await releaseTab(page);
  });

  it("built-ins: resize renders at the container's width and again when it changes; dark, htl, visibility", async () => {
    const {page, errors} = await open("builtins.html");
    await page.waitForFunction(() => Number(document.querySelector("#resized")?.getAttribute("data-width")) > 0);
    const width = Number(await page.locator("#resized").getAttribute("data-width"));
    await page.locator("main").evaluate((main: HTMLElement, w) => (main.style.maxWidth = `${Math.floor(w / 2)}px`), width);
    await page.waitForFunction((w) => {
      const now = Number(document.querySelector("#resized")?.getAttribute("data-width"));
      return now > 0 && now < w;
    }, width);
    await shows(page, "#dark", /^(dark|light)$/);
    const scheme = await page.evaluate(() => getComputedStyle(document.body).colorScheme);
    expect(await page.locator("#dark").innerText()).toBe(scheme === "dark" ? "dark" : "light");
    await shows(page, "#htl-namespace", "function");
    await shows(page, "#visible", "visible");
    await shows(page, "#ticks", "1");
    await shows(page, "#width", "number");
    expect(await cellErrors(page)).toEqual([]);
    expect(errors).toEqual([]);
    await releaseTab(page);
  });

  it("display: an expression calling display shows only what it displays; inline arrays read item by item", async () => {
    const {page, errors} = await open("display.html");
    await shows(page, "#expression", "3 = 3");
    await shows(page, "#inline-array", "123");
    await shows(page, "#inline-display", "ab");
    await shows(page, "#twice", "42");
    await page.waitForFunction(() => /2/.test(document.querySelector("#calls .qb-cell")?.textContent ?? ""));
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))); // the runtime's pass is over
    expect((await page.locator("#calls .qb-cell").innerText()).split(/\s+/)).toEqual(["1", "2"]); // not 2 a second time
    expect(await cellErrors(page)).toEqual([]);
    expect(errors).toEqual([]);
    await releaseTab(page);
  });

  it("a page loads KaTeX only when a cell uses tex", async () => {
    expect(await readFile(join(out, "fences.html"), "utf8")).toContain("_queuebook/katex.js");
    for (const page of ["inputs.html", "builtins.html", "let-twice.html"]) {
      expect(await readFile(join(out, page), "utf8"), page).not.toMatch(/_queuebook\/(katex|plot|d3|plot-d3|marked)\.(js|css)/);
    }
  });

  it("inputs: a cell reading a required file input waits, with no error, until a file is chosen", async () => {
    const {page, errors} = await open("inputs.html");
    await shows(page, "#name", "API"); // the page ran: the text input's dependents are shown
    expect(await page.locator("#row-count").innerText()).toBe("rows"); // still waiting: empty, not failed
    expect(await cellErrors(page)).toEqual([]);
    await page
      .locator("input[type=file]")
      .setInputFiles({name: "servers.csv", mimeType: "text/csv", buffer: Buffer.from("server,rate\napi,1\ndb,2\n")});
    await shows(page, "#row-count", "2 rows");
    expect(await cellErrors(page)).toEqual([]);
    expect(errors).toEqual([]);
    await releaseTab(page);
  });

  it("observablehq:stdlib, npm:@observablehq/tex, npm:htl and npm:@observablehq/plot are the page's own", async () => {
    // no second copy bundled: the notebook's own script is small, the page loads the shared chunks
    expect((await readFile(join(out, "stdlib.js"))).length).toBeLessThan(30_000);
    const html = await readFile(join(out, "stdlib.html"), "utf8");
    for (const chunk of ["katex.js", "plot.js"]) expect(html, chunk).toContain(`_queuebook/${chunk}`);
    const {page, errors} = await open("stdlib.html");
    await shows(page, "#servers", "api, db, cache");
    await page.waitForFunction(() => !!document.querySelector("#tex-import .katex"));
    await page.waitForFunction(() => document.querySelectorAll(".qb-cell svg rect").length === 3);
    await shows(page, "#stdlib-resize", "true");
    // `import {md} from "@observablehq/stdlib"` (md is not in Framework's stdlib) is the built-in; the cell's other import runs
    await shows(page, "#stdlib-md", "svg and 3 servers");
    expect(await cellErrors(page)).toEqual([]);
    expect(errors).toEqual([]);
    await releaseTab(page);
  });

  it("a name declared with let by two cells: both cells run, only a cell reading it fails, as in Framework", async () => {
    const {page, errors} = await open("let-twice.html");
    await shows(page, "#first-let", "first");
    await shows(page, "#second-let", "second");
    await shows(page, "#independent", "still runs");
    await page.waitForFunction(() => document.querySelectorAll(".qb-error").length > 0);
    expect(await cellErrors(page)).toEqual([
      expect.stringMatching(/^RuntimeError: total is defined more than once\s*let-twice\.md:2[0-9]:1$/)
    ]);
    expect(errors).toEqual([]);
    await releaseTab(page);
  });

  it("a notebook in a subfolder imports a Framework npm: module and reads a file from the parent folder", async () => {
    const {page, errors} = await open("week-1/queues.html");
    await shows(page, "#week-rate", "rate 4");
    await shows(page, "#week-servers", "3 servers");
    await page.locator("input[type=range]").evaluate((input: HTMLInputElement) => {
      input.value = "7";
      input.dispatchEvent(new Event("input", {bubbles: true}));
    });
    await shows(page, "#week-rate", "rate 7");
    expect(await cellErrors(page)).toEqual([]);
    expect(errors).toEqual([]);
    await releaseTab(page);
  });

  it("root-relative paths: an import, a FileAttachment, an image and a link from a subfolder reach the notebook root", async () => {
    const {page, errors} = await open("sub/paths.html");
    await shows(page, "#root-import", "two is 2");
    await shows(page, "#root-file", "3 servers");
    await shows(page, "#root-module-note", "a note beside the module"); // the module's file, loaded on use from the site's root
    // both images load (naturalWidth > 0: the file is in the built site, not a 404)
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll("main img")].length === 2 &&
        [...document.querySelectorAll("main img")].every((img) => (img as HTMLImageElement).naturalWidth === 4)
    );
    expect(await page.locator("main img").first().getAttribute("src")).toBe("../data/pic.png");
    expect(await page.locator("#root-link").getAttribute("href")).toBe("../fences.html");
    expect(await readFile(join(out, "data/pic.png"))).toEqual(await readFile(join(root, "data/pic.png")));
    // A cell's file of 8 KB or more is written once into the site (as a module's), not into the
    // page's script, and loads when the cell reads it, from file:// too; a small one is in the page.
    await shows(page, "#root-big-file", "1500 requests, the slowest 254 ms");
    const script = await readFile(join(out, "sub", "paths.js"), "utf8");
    expect(script).not.toContain("1500,");
    expect(script).toContain("api,120");
    const local = await browser.newPage();
    await local.goto(`file://${join(out, "sub", "paths.html")}`);
    await shows(local, "#root-big-file", "1500 requests, the slowest 254 ms");
    await shows(local, "#root-file", "3 servers");
    await local.close();
    expect(await cellErrors(page)).toEqual([]);
    expect(errors).toEqual([]);
    await releaseTab(page);
  });

  it('project modules: observablehq:stdlib\'s FileAttachment is relative to the module, npm: imports and import("npm:d3") resolve', async () => {
    const {page, errors} = await open("modules.html");
    await shows(page, "#module-file", "api, db, cache");
    await shows(page, "#module-note", "a note beside the module");
    await shows(page, "#module-note-href", "a note beside the module"); // FileAttachment(…).href: the file as itself, fetched
    // the module's files are written once for the site, not into each page that imports it
    const script = await readFile(join(out, "modules.js"), "utf8");
    expect(script).not.toContain("a note beside the module");
    const keys = (await readdir(join(out, "_queuebook", "files"))).filter((f) => f.endsWith(".js")).map((f) => f.slice(0, -3));
    expect(keys.filter((key) => script.includes(`"${key}"`))).toHaveLength(2); // note.txt and servers.csv, named by key only
    // from file:// too: a classic script, not fetch
    const local = await browser.newPage();
    await local.goto(`file://${join(out, "modules.html")}`);
    await shows(local, "#module-note", "a note beside the module");
    await shows(local, "#module-file", "api, db, cache");
    await local.close();
    await shows(page, "#module-generators", "true");
    await page.waitForFunction(() => document.querySelectorAll("#module-chart svg rect").length === 3);
    await shows(page, "#dynamic-npm", "6");
    expect(await readFile(join(out, "modules.html"), "utf8")).toContain("_queuebook/plot"); // the module's Plot is the page's chunk
    expect(await cellErrors(page)).toEqual([]);
    expect(errors).toEqual([]);
    await releaseTab(page);
  });

  it("fences: only Framework's tags run; ```javascript, ```typescript, ```python are code, ```sql run=false is code, ```mermaid says it is not run", async () => {
    const {page, errors} = await open("fences-framework.html");
    await shows(page, "#ran", "the js cell ran");
    expect(await page.locator(".qb-cell").count()).toBe(1);
    for (const lang of ["javascript", "typescript", "python", "sql", "mermaid"])
      expect(await page.locator(`pre code.language-${lang}`).count(), lang).toBe(1);
    expect(await page.locator(".qb-fence-note").allInnerTexts()).toEqual([expect.stringContaining("mermaid")]);
    expect(await cellErrors(page)).toEqual([]);
    expect(errors).toEqual([]);
    await releaseTab(page);
  });

  it("Framework's page: #observablehq-main, the grid, card, note and text classes, FileAttachment.name, a Markdown image", async () => {
    const {page, errors} = await open("layout.html");
    await page.setViewportSize({width: 1280, height: 800});
    await shows(page, "#main-width", "measured");
    await shows(page, "#file-name", "pic.png");
    const style = await page.evaluate(() => {
      const css = (selector: string, pseudo?: string) => getComputedStyle(document.querySelector(selector)!, pseudo);
      return {
        columns: css("#grid").gridTemplateColumns.split(" ").length,
        display: css("#grid").display,
        radius: css("#card-a").borderTopLeftRadius,
        big: css("#big").fontSize,
        red: css("#red").color,
        tip: css("#tip", "::before").content,
        warning: css("#warning", "::before").content
      };
    });
    expect(style).toEqual({
      columns: 2,
      display: "grid",
      radius: "12px",
      big: "32px",
      red: "rgb(255, 114, 92)",
      tip: '"Tip"',
      warning: '"Careful"'
    });
    await page.setViewportSize({width: 500, height: 800}); // narrower than the grid's 640px breakpoint: one column
    await page.waitForFunction(() => getComputedStyle(document.querySelector("#grid")!).gridTemplateColumns.split(" ").length === 1);
    await page.waitForFunction(() => (document.querySelector("main img") as HTMLImageElement | null)?.naturalWidth === 4);
    expect(await cellErrors(page)).toEqual([]);
    expect(errors).toEqual([]);
    await releaseTab(page);
  });

  it("packages: a browser field's false is an empty module, a CommonJS default export is what Framework gives, npm:pkg@range uses the local copy", async () => {
    const {page, errors} = await open("packages.html");
    await shows(page, "#browser-false", "browser");
    // As jsDelivr's +esm and Framework's own npm bundling (Rollup's commonjs): with __esModule, the default import is exports.default
    await shows(page, "#cjs-default", "hello page, undefined, function");
    await shows(page, "#versioned", "0.3.1");
    expect(await cellErrors(page)).toEqual([]);
    expect(errors).toEqual([]);
    await releaseTab(page);
  });

  it("FileAttachment's readers: csv({array}), xml(), html(), stream(), xlsx(); Framework's implicit names queuebook lacks say what to do", async () => {
    const {page, errors} = await open("files.html");
    await shows(page, "#csv-array", '["server","rate"] 4 number');
    await shows(page, "#xml", "2 entries");
    await shows(page, "#html-doc", "from html");
    await shows(page, "#stream", "server,rate");
    await shows(page, "#xlsx", "runs,empty"); // ExcelJS, from the page's xlsx chunk
    // Framework's implicit echarts (not carried) and sample dataset penguins: the cell says what to install or attach
    await page.waitForFunction(() => document.querySelectorAll(".qb-error").length === 2);
    // the cell's own error: what is missing and what to do (not "input `echarts` failed")
    expect(await cellErrors(page)).toEqual([
      expect.stringMatching(
        /^RuntimeError: echarts is not defined: Observable Framework imports it implicitly \(npm:echarts\) and queuebook does not; install it \(npm install echarts\) and add a cell: import \* as echarts from "npm:echarts"\s+files\.md:\d+:1$/
      ),
      expect.stringMatching(
        /^RuntimeError: penguins is not defined: it is one of Observable Framework's sample datasets.*FileAttachment\("penguins\.csv"\)\.csv\(\{typed: true\}\)\s+files\.md:\d+:1$/
      )
    ]);
    expect(errors).toEqual([]);
    await releaseTab(page);
  });

  it("import.meta.resolve: an installed package's file and a notebook file fetch from blob: URLs; a missing package says what to install", async () => {
    const {page, errors} = await open("maps.html");
    await shows(page, "#atlas", "3 states");
    await shows(page, "#resolved-local", "server,rate");
    await shows(page, "#same-url", "true");
    await page.waitForFunction(() => document.querySelectorAll(".qb-error").length === 1);
    expect(await cellErrors(page)).toEqual([
      expect.stringMatching(
        /^Error: import\.meta\.resolve\("npm:qb-not-installed@1\/x\.json"\) is not installed: qb-not-installed is not in the project's node_modules \(npm install qb-not-installed@1\)\s+maps\.md:\d+:\d+$/
      )
    ]);
    const script = await readFile(join(out, "maps.js"), "utf8");
    expect(script.replace(/message:`[^`]*`/g, "")).not.toContain("import.meta"); // (only the error message names it)
    expect(script).toContain("GeometryCollection"); // the package's file is embedded in the page's script
    expect(errors).toEqual([]);
    await releaseTab(page);
  });

  it("links to notebooks (.md, a root path without extension) open the built pages, over HTTP and from file://", async () => {
    const {page, errors} = await open("sub/links.html");
    const hrefs = await page.locator("main a").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(hrefs).toEqual(["./paths.html", "../fences.html#top", "../sub/paths.html", "../layout.html"]);
    await page.waitForFunction(() =>
      [...document.querySelectorAll("main img")].every((img) => (img as HTMLImageElement).naturalWidth === 4)
    );
    const local = await browser.newPage();
    for (const [name, title] of [
      ["the paths page by its root path", "Root-relative paths"],
      ["the fences page, one folder up", null],
      ["the paths page", "Root-relative paths"]
    ] as const) {
      await local.goto(`file://${join(out, "sub/links.html")}`);
      await Promise.all([local.waitForEvent("load"), local.getByRole("link", {name, exact: true}).click()]);
      expect(local.url()).toMatch(/^file:\/\/.*\.html(#top)?$/);
      if (title) expect(await local.locator("h1").first().innerText()).toBe(title);
      else expect(local.url()).toMatch(/\/fences\.html#top$/);
    }
    await local.close();
    expect(errors).toEqual([]);
    await releaseTab(page);
  });

  it("the index lists every notebook, the subfolder's included", async () => {
    const {page, errors} = await open("index.html");
    const hrefs = await page.locator("main a").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    for (const name of [
      "fences",
      "builtins",
      "display",
      "inputs",
      "stdlib",
      "let-twice",
      "week-1/queues",
      "sub/paths",
      "sub/links",
      "modules",
      "fences-framework",
      "layout",
      "packages",
      "files",
      "maps"
    ]) {
      expect(
        hrefs.some((href) => href?.replace(/\.html$/, "") === name || href?.replace(/\.html$/, "") === `./${name}`),
        name
      ).toBe(true);
    }
    expect(errors).toEqual([]);
    await releaseTab(page);
  });
});
