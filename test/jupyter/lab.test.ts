// The harness's JupyterLab in headless Chromium, used as a student would: the file browser, the
// editor and its save, and a prebuilt extension loaded through module federation whose plugin
// needs the frontend's own shared singletons. The page logs no error.
import {mkdir, mkdtemp, readFile, rm, writeFile} from "node:fs/promises";
import {tmpdir} from "node:os";
import {join} from "node:path";
import type {Browser, Page} from "playwright-core";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {closeBrowser, launchBrowser, releaseTab, takeTab} from "../e2e/harness.js";
import {startJupyterLab, type JupyterLab} from "./harness.js";
import {buildLabextension} from "./labextension.js";

const fixtureSource = new URL("../fixtures/jupyter/hello-extension", import.meta.url).pathname;

let root: string;
let lab: JupyterLab;
let browser: Browser;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "queuebook-jupyter-root-"));
  await writeFile(join(root, "notes.md"), "# Notes\n\nQueues grow when arrivals outpace service.\n");
  await mkdir(join(root, "lessons"));
  await writeFile(join(root, "lessons", "queue.md"), "# Queue\n\nA lesson in a folder.\n");
  const [extension, started] = await Promise.all([buildLabextension(fixtureSource), launchBrowser()]);
  browser = started;
  lab = await startJupyterLab({root, labextensions: [extension]});
  page = await takeTab(browser);
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  await page.goto(lab.url);
});

afterAll(async () => {
  if (page) await releaseTab(page);
  await closeBrowser(browser);
  await lab?.close();
  if (root) await rm(root, {recursive: true, force: true});
});

describe("startJupyterLab({root, labextensions})", () => {
  it("serves JupyterLab whose file browser lists the root's files", async () => {
    const listing = page.locator(".jp-DirListing-content .jp-DirListing-itemText");
    await expect.poll(() => listing.allTextContents()).toEqual(["lessons", "notes.md"]);
    // The token left the address bar once the login cookie was set.
    expect(new URL(page.url()).searchParams.has("token")).toBe(false);
  });

  it("opens a .md in the editor, and Ctrl+S writes the edit to disk", async () => {
    await page.locator(".jp-DirListing-content .jp-DirListing-item", {hasText: "notes.md"}).dblclick();
    const editor = page.locator(".jp-FileEditor .cm-content");
    await expect.poll(() => editor.textContent()).toContain("Queues grow when arrivals outpace service.");
    await editor.click();
    await page.keyboard.press("Control+End");
    await page.keyboard.type("Edited in JupyterLab.");
    await page.keyboard.press("Control+s");
    await expect
      .poll(() => readFile(join(root, "notes.md"), "utf8"))
      .toBe("# Notes\n\nQueues grow when arrivals outpace service.\nEdited in JupyterLab.");
  });

  it("loads a prebuilt extension whose plugin activates with the frontend's shared singletons", async () => {
    await expect.poll(() => page.locator("#queuebook-fixture").textContent()).toBe("queuebook fixture extension active");
    const activated = await page.evaluate(() => {
      const app = (window as unknown as {jupyterapp: {isPluginActivated(id: string): boolean; commands: {hasCommand(id: string): boolean}}})
        .jupyterapp;
      return {
        plugin: app.isPluginActivated("queuebook-harness-fixture:plugin"),
        command: app.commands.hasCommand("queuebook-fixture:open")
      };
    });
    expect(activated).toEqual({plugin: true, command: true});
    // The command opens a file through the host's IDocumentManager, the token it was given.
    await page.evaluate(() =>
      (window as unknown as {jupyterapp: {commands: {execute(id: string, args: object): Promise<unknown>}}}).jupyterapp.commands.execute(
        "queuebook-fixture:open",
        {path: "lessons/queue.md"}
      )
    );
    const opened = page.locator(".jp-MainAreaWidget.jp-Document:visible .cm-content");
    await expect.poll(() => opened.textContent()).toContain("A lesson in a folder.");
  });

  it("logs no console error", () => {
    expect(errors).toEqual([]);
  });
});

describe("startJupyterLab({root, overrides}) and close()", () => {
  it("serves the overrides as the settings' defaults, and close() stops the server", async () => {
    const defaultViewers = {markdown: "Markdown Preview"};
    const other = await startJupyterLab({root, overrides: {"@jupyterlab/docmanager-extension:plugin": {defaultViewers}}});
    const headers = {authorization: `token ${other.token}`};
    try {
      const settings = await fetch(`${other.origin}/lab/api/settings/@jupyterlab/docmanager-extension:plugin`, {headers});
      // JupyterLab applies overrides.json as the schema's defaults.
      const {schema} = (await settings.json()) as {schema: {properties: {defaultViewers: {default: unknown}}}};
      expect(schema.properties.defaultViewers.default).toEqual(defaultViewers);
    } finally {
      await other.close();
    }
    await expect(fetch(`${other.origin}/api/status`, {headers})).rejects.toThrow();
  });
});

describe("startJupyterLab with a folder that is not a built extension", () => {
  it("rejects with serve.py's one-line reason", async () => {
    await expect(startJupyterLab({root, labextensions: [root]})).rejects.toThrow(/--labextension .*: no readable package\.json/);
  });
});
