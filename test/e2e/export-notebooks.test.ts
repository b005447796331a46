// The project's own notebooks exported to single files and opened from file:// with every
// request refused: the on-call day plays (a minute steps on), the arrival lab takes uploaded
// runs, and the on-call export stays within its size goal (≤ 2 MB, the editor chunk stored deflated).
import {mkdtempSync, readFileSync, rmSync, statSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {Browser} from "playwright-core";
import {exportNotebook} from "../../src/site/export.js";
import {closeBrowser, launchBrowser} from "./harness.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
const notebooks = join(packageRoot, "notebooks");
let dir: string;
let browser: Browser;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "queuebook-export-notebooks-"));
  for (const name of ["on-call", "arrival-lab"]) {
    const {html} = await exportNotebook({file: join(notebooks, `${name}.md`), root: notebooks, packageRoot, snapshot: false});
    writeFileSync(join(dir, `${name}.html`), html);
  }
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await closeBrowser(browser);
  if (dir) rmSync(dir, {recursive: true, force: true});
});

async function open(name: string) {
  const context = await browser.newContext({viewport: {width: 1280, height: 900}});
  const url = `file://${join(dir, `${name}.html`)}`;
  const requests: string[] = [];
  const errors: string[] = [];
  await context.route(/.*/, (route) => {
    if (route.request().url().split("#")[0] === url) return route.continue();
    requests.push(route.request().url());
    return route.abort();
  });
  const page = await context.newPage();
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(url);
  return {page, requests, errors, close: () => context.close()};
}

describe("the project's notebooks as single files", {timeout: 90_000}, () => {
  it("on-call: plays offline, requesting nothing, within 2 MB", async () => {
    expect(statSync(join(dir, "on-call.html")).size).toBeLessThanOrEqual(2e6);
    const {page, requests, errors, close} = await open("on-call");
    const step = page.getByRole("button", {name: "+1 minute"});
    await step.waitFor();
    const before = await page.locator("main").innerText();
    expect(before).toContain("08:00");
    await step.click();
    await expect.poll(async () => (await page.locator("main").innerText()).includes("08:01")).toBe(true);
    expect(requests).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });

  it("arrival lab: takes uploaded runs offline, requesting nothing", async () => {
    const {page, requests, errors, close} = await open("arrival-lab");
    const input = page.locator('input[type=file][name="lab-files"]');
    await input.waitFor({state: "attached"});
    await expect.poll(() => page.locator("main").innerText()).toContain("Showing the embedded runs.");
    const file = join(notebooks, "data/arrival-lab/run-even.csv");
    await input.setInputFiles({name: "run-even.csv", mimeType: "text/csv", buffer: readFileSync(file)});
    await expect.poll(() => page.locator("main").innerText()).toContain("Showing your files:");
    expect(requests).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });
});
