// The preview server in real Chromium: editing a notebook's cell updates the open page in
// place (no reload: a marker set on window survives), editing a src/ module the notebook
// imports updates it too, and inserting a cell runs only that cell. A notebook deleted while
// open says so in its page and comes back when it is created again; a syntax error in the
// browser client is a notice in the open pages (which keep the client they have) until it is
// fixed; a page of another origin can neither load the server's scripts nor open its stream.
// Every wait is on a condition in the page (the live connection open, an update applied, an
// output shown), never on time. The server runs on a private copy of the package, so an edit
// of src/client by anyone else does not reload these pages, and breaking its client breaks
// nobody's.
import {readFileSync, writeFileSync, unlinkSync, mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {Browser, Page} from "playwright-core";
import {startPreview, type Preview} from "../../src/site/preview.js";
import {closeBrowser, launchBrowser, releaseTab, serveStatic, takeTab} from "./harness.js";
import {previewPackage, type PreviewPackage} from "../support/previewPackage.js";

let copy: PreviewPackage;
let dir: string;
let preview: Preview;
let browser: Browser;
const logged: string[] = [];

beforeAll(async () => {
  copy = previewPackage("queuebook-dev-");
  dir = copy.packageRoot; // the project: its notebooks may import its modules
  writeFileSync(join(dir, "helper.ts"), "export const label = (x: number): string => `value ${x}`;\n");
  writeFileSync(join(copy.notebooks, "live.md"), notebook("1 + 1", "first"));
  preview = await startPreview({root: copy.notebooks, packageRoot: copy.packageRoot, port: 0, log: (line) => logged.push(line)});
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await closeBrowser(browser);
  await preview?.close();
  copy?.remove();
});

/** Opens a page of the preview and waits until its live-update connection is open. */
async function openLive(path: string): Promise<{page: Page; errors: string[]}> {
  const page = await takeTab(browser);
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(preview.url + path);
  await page.waitForFunction(() => document.documentElement.getAttribute("data-queuebook-live") === "connected");
  return {page, errors};
}

/** Waits until the page has applied `count` live updates, then for the runtime's next two frames (its computations run on frames). */
async function applied(page: Page, count: number): Promise<void> {
  await page.waitForFunction((n) => Number(document.documentElement.getAttribute("data-queuebook-updates")) >= n, count, {timeout: 10_000});
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

function notebook(expression: string, prose: string) {
  return `# Live\n\n${prose}\n\n\`\`\`js\nimport {label} from "../helper.js";\n\`\`\`\n\n\`\`\`js\nhtml\`<p id="out">\${label(${expression})}</p>\`\n\`\`\`\n\n\`\`\`js\nconst stable = (window.__runs = (window.__runs ?? 0) + 1);\n\`\`\`\n`;
}

describe("queuebook dev", () => {
  it("serves the index and the notebook", async () => {
    const index = await (await fetch(preview.url)).text();
    expect(index).toContain('href="/live"');
    const page = await fetch(preview.url + "live");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('name="queuebook-dev"');
    expect((await fetch(preview.url + "nope")).status).toBe(404);
    expect(await (await fetch(preview.url + "live.md")).text()).toContain("# Live"); // files beside the notebooks are served
    for (const escapePath of ["%2e%2e/helper.ts", "..%2fhelper.ts", "_queuebook/%2e%2e/%2e%2e/package.json"]) {
      expect((await fetch(preview.url + escapePath)).status, escapePath).toBe(404); // never a file outside the folders served
    }
  });

  it("updates an open page in place when a cell or an imported module changes", async () => {
    const {page, errors} = await openLive("live");
    await expect.poll(() => page.locator("#out").textContent()).toBe("value 2");
    await page.evaluate(() => ((window as any).__marker = "kept"));

    writeFileSync(join(copy.notebooks, "live.md"), notebook("20 + 1", "first"));
    await expect.poll(() => page.locator("#out").textContent(), {timeout: 10_000}).toBe("value 21");
    await applied(page, 1);
    expect(await page.evaluate(() => (window as any).__marker)).toBe("kept");
    expect(await page.evaluate(() => (window as any).__runs)).toBe(1); // unchanged cells did not re-run

    writeFileSync(join(dir, "helper.ts"), "export const label = (x: number): string => `changed ${x}`;\n");
    await expect.poll(() => page.locator("#out").textContent(), {timeout: 10_000}).toBe("changed 21");

    writeFileSync(join(copy.notebooks, "live.md"), notebook("20 + 1", "second paragraph"));
    await expect.poll(() => page.locator("main").innerText(), {timeout: 10_000}).toContain("second paragraph");
    await expect.poll(() => page.locator("#out").textContent()).toBe("changed 21");
    expect(errors).toEqual([]);
    await releaseTab(page);
  });

  it("a prose edit keeps showing only the page's language of a passage written in several", async () => {
    const blocks = (en: string, hu: string) =>
      `---\nlanguages: [en, hu]\n---\n\n<div lang="en">\n\n${en}\n\n</div>\n<div lang="hu">\n\n${hu}\n\n</div>\n\n\`\`\`js\nimport {showLanguageBlocks} from "../src/page/prose.js";\n\`\`\`\n\n\`\`\`js\n{ showLanguageBlocks(lang); }\n\`\`\`\n`;
    writeFileSync(join(copy.notebooks, "langs.md"), blocks("english one", "magyar egy"));
    const {page, errors} = await openLive("langs?lang=hu");
    await expect.poll(() => page.locator("main").innerText()).toContain("magyar egy");
    expect(await page.locator("main").innerText()).not.toContain("english one");
    writeFileSync(join(copy.notebooks, "langs.md"), blocks("english two", "magyar kettő"));
    await expect.poll(() => page.locator("main").innerText(), {timeout: 10_000}).toContain("magyar kettő");
    expect(await page.locator("main").innerText()).not.toContain("english two");
    expect(errors).toEqual([]);
    await releaseTab(page);
  });

  it("inserting a cell runs only that cell: the cells after it keep their outputs and do not re-run", async () => {
    const counted = (name: string) =>
      `\`\`\`js\nhtml\`<p id="${name}">${name} ran \${(window.__${name} = (window.__${name} ?? 0) + 1)} time(s)</p>\`\n\`\`\`\n`;
    const file = join(copy.notebooks, "insert.md");
    writeFileSync(file, `# Insert\n\n${counted("a")}\n${counted("b")}`);
    const {page, errors} = await openLive("insert");
    await expect.poll(() => page.locator("#b").textContent()).toBe("b ran 1 time(s)");
    await page.locator("#a").evaluate((p) => ((p as any).__same = true)); // the very element must stay

    writeFileSync(file, `# Insert\n\n${counted("first")}\n${counted("a")}\nProse between.\n\n${counted("middle")}\n${counted("b")}`);
    await expect.poll(() => page.locator("#middle").textContent(), {timeout: 10_000}).toBe("middle ran 1 time(s)");
    await applied(page, 1);
    await expect.poll(() => page.locator("#first").textContent()).toBe("first ran 1 time(s)");
    expect(await page.evaluate(() => [(window as any).__a, (window as any).__b])).toEqual([1, 1]);
    expect(await page.locator("#a").evaluate((p) => (p as any).__same)).toBe(true);
    // the elements keep their identity (data-cell) and take their new positions (id)
    expect(await page.locator(".qb-cell").evaluateAll((cells) => cells.map((c) => c.id))).toEqual(["cell-1", "cell-2", "cell-3", "cell-4"]);
    expect(await page.locator("#cell-2 #a").count()).toBe(1);
    expect(errors).toEqual([]);
    await releaseTab(page);
  });
});

describe("queuebook dev through failures", {timeout: 120_000}, () => {
  it("a notebook deleted while open says so in its page, and the page updates again once it is created again", async () => {
    const file = join(copy.notebooks, "gone.md");
    writeFileSync(file, '# Gone\n\n```js\nhtml`<p id="g">${6 * 7}</p>`\n```\n');
    const {page, errors} = await openLive("gone");
    await expect.poll(() => page.locator("#g").textContent()).toBe("42");
    unlinkSync(file);
    const notice = page.locator("#qb-dev-notice");
    await expect.poll(() => notice.textContent(), {timeout: 10_000}).toContain("gone.md is gone");
    expect(await page.locator("#g").textContent()).toBe("42"); // the page keeps what it showed
    writeFileSync(file, '# Gone\n\n```js\nhtml`<p id="g">${6 * 7 + 1}</p>`\n```\n');
    await expect.poll(() => page.locator("#g").textContent(), {timeout: 10_000}).toBe("43");
    await page.waitForFunction(() => document.documentElement.getAttribute("data-queuebook-live") === "connected");
    expect(await notice.count()).toBe(0);
    // and it keeps updating in place after coming back
    writeFileSync(file, '# Gone\n\n```js\nhtml`<p id="g">${6 * 7 + 2}</p>`\n```\n');
    await expect.poll(() => page.locator("#g").textContent(), {timeout: 10_000}).toBe("44");
    expect(errors).toEqual([]);
    await releaseTab(page);
  });

  it("a syntax error in the browser client is a notice in the open pages, which keep working, until it is fixed", async () => {
    const {page, errors} = await openLive("live");
    await expect.poll(() => page.locator("#out").count()).toBe(1);
    const before = await page.locator("#out").textContent();
    await page.evaluate(() => ((window as any).__marker = "kept"));
    const source = join(copy.packageRoot, "src", "client", "diff.ts");
    const good = readFileSync(source, "utf8");
    logged.length = 0;
    writeFileSync(source, good + "\nexport const = ;\n");
    const notice = page.locator("#qb-dev-notice");
    await expect.poll(() => notice.textContent(), {timeout: 30_000}).toContain("the browser client does not build");
    expect(await notice.textContent()).not.toContain(copy.packageRoot); // no path of this machine
    expect(await page.evaluate(() => (window as any).__marker)).toBe("kept"); // not reloaded onto a broken client
    expect(await page.locator("#out").textContent()).toBe(before);

    // the server keeps serving: pages opened now get the last good client and the notice
    const late = await openLive("live");
    await expect.poll(() => late.page.locator("#out").textContent()).toBe(before);
    await expect.poll(() => late.page.locator("#qb-dev-notice").textContent()).toContain("does not build");
    expect(logged.filter((line) => line.startsWith("error:"))).toHaveLength(1);
    expect(logged.join("\n")).toMatch(/diff\.ts/);

    writeFileSync(source, good);
    await page.waitForFunction(() => (window as any).__marker === undefined && !document.getElementById("qb-dev-notice"), undefined, {
      timeout: 30_000
    });
    await page.waitForFunction(() => document.documentElement.getAttribute("data-queuebook-live") === "connected");
    await expect.poll(() => page.locator("#out").textContent()).toBe(before);
    expect([...errors, ...late.errors]).toEqual([]);
    await late.page.close();
    await releaseTab(page);
  });

  it("a page of another origin can neither run the server's scripts nor open its event stream", async () => {
    const site = mkdtempSync(join(tmpdir(), "queuebook-dev-foreign-"));
    const target = preview.url.replace(/\/$/, "");
    writeFileSync(
      join(site, "index.html"),
      `<!doctype html><script>
      window.results = {};
      const events = new EventSource(${JSON.stringify(target + "/_queuebook/events?page=live")});
      events.onopen = () => (window.results.events = "open");
      events.onerror = () => (window.results.events ??= "refused");
      fetch(${JSON.stringify(target + "/live.md")}).then((r) => r.text()).then((t) => (window.results.fetch = t), () => (window.results.fetch = "refused"));
      const script = document.createElement("script");
      script.src = ${JSON.stringify(target + "/_queuebook/client.js")};
      script.onload = () => (window.results.script = typeof queuebook);
      script.onerror = () => (window.results.script = "refused");
      document.head.append(script);
    </script>`
    );
    const foreign = await serveStatic(site);
    const page = await browser.newPage();
    try {
      await page.goto(foreign.origin + "/index.html");
      await page.waitForFunction(() => ["events", "fetch", "script"].every((k) => (window as any).results[k]), undefined, {
        timeout: 10_000
      });
      expect(await page.evaluate(() => (window as any).results)).toEqual({events: "refused", fetch: "refused", script: "refused"});
    } finally {
      await releaseTab(page);
      await foreign.close();
      rmSync(site, {recursive: true, force: true});
    }
  });
});
