// The preview server in real Chromium: editing a notebook's cell updates the open page in
// place (no reload: a marker set on window survives), editing a src/ module the notebook
// imports updates it too, and inserting a cell runs only that cell. Every wait is on a
// condition in the page (the live connection open, an update applied, an output shown), never
// on time.
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {Browser, Page} from "playwright-core";
import {startPreview, type Preview} from "../../src/site/preview.js";
import {launchBrowser} from "./harness.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
let dir: string;
let preview: Preview;
let browser: Browser;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "queuebook-dev-"));
  mkdirSync(join(dir, "notebooks"));
  writeFileSync(join(dir, "package.json"), "{}\n"); // the project: its notebooks may import its modules
  writeFileSync(join(dir, "helper.ts"), "export const label = (x: number): string => `value ${x}`;\n");
  writeFileSync(join(dir, "notebooks", "live.md"), notebook("1 + 1", "first"));
  preview = await startPreview({root: join(dir, "notebooks"), packageRoot, port: 0});
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await preview?.close();
  rmSync(dir, {recursive: true, force: true});
});

/** Opens a page of the preview and waits until its live-update connection is open. */
async function openLive(path: string): Promise<{page: Page; errors: string[]}> {
  const page = await browser.newPage();
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
    for (const escape of ["%2e%2e/helper.ts", "..%2fhelper.ts", "_queuebook/%2e%2e/%2e%2e/package.json"]) {
      expect((await fetch(preview.url + escape)).status, escape).toBe(404); // never a file outside the folders served
    }
  });

  it("updates an open page in place when a cell or an imported module changes", async () => {
    const {page, errors} = await openLive("live");
    await expect.poll(() => page.locator("#out").textContent()).toBe("value 2");
    await page.evaluate(() => ((window as any).__marker = "kept"));

    writeFileSync(join(dir, "notebooks", "live.md"), notebook("20 + 1", "first"));
    await expect.poll(() => page.locator("#out").textContent(), {timeout: 10_000}).toBe("value 21");
    await applied(page, 1);
    expect(await page.evaluate(() => (window as any).__marker)).toBe("kept");
    expect(await page.evaluate(() => (window as any).__runs)).toBe(1); // unchanged cells did not re-run

    writeFileSync(join(dir, "helper.ts"), "export const label = (x: number): string => `changed ${x}`;\n");
    await expect.poll(() => page.locator("#out").textContent(), {timeout: 10_000}).toBe("changed 21");

    writeFileSync(join(dir, "notebooks", "live.md"), notebook("20 + 1", "second paragraph"));
    await expect.poll(() => page.locator("main").innerText(), {timeout: 10_000}).toContain("second paragraph");
    await expect.poll(() => page.locator("#out").textContent()).toBe("changed 21");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("inserting a cell runs only that cell: the cells after it keep their outputs and do not re-run", async () => {
    const counted = (name: string) => `\`\`\`js\nhtml\`<p id="${name}">${name} ran \${(window.__${name} = (window.__${name} ?? 0) + 1)} time(s)</p>\`\n\`\`\`\n`;
    const file = join(dir, "notebooks", "insert.md");
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
    await page.close();
  });
});
