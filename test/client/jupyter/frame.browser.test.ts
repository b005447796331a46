// The lesson frame (src/client/jupyter/frame.ts) in Chromium, held by a scripted stand-in for the
// extension's view (test/support/jupyter/fakeTab.html): the lesson is compiled in the page, its
// files and locales come through the tab, only the tab that holds the frame is listened to.
// The same frame inside a real JupyterLab: test/jupyter/.
import {cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync} from "node:fs";
import {tmpdir} from "node:os";
import {join, relative} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {Browser, Frame, Page} from "playwright-core";
import {buildLessonFrame} from "../../../jupyter/frame.js";
import {closeBrowser, launchBrowser, serveStatic} from "../../e2e/harness.js";
import {shownEditButton} from "../../support/editButton.js";

const packageRoot = new URL("../../../", import.meta.url).pathname;
const notebooks = join(packageRoot, "notebooks");
let dir: string;
let browser: Browser;
let served: Awaited<ReturnType<typeof serveStatic>>;

/** Every file under notebooks/ but the .md files, by path (what the tab can read for a lesson there). */
function notebookFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of readdirSync(notebooks, {recursive: true}).map(String)) {
    const path = join(notebooks, name);
    if (statSync(path).isFile() && !name.endsWith(".md")) files[relative(notebooks, path)] = readFileSync(path, "utf8");
  }
  return files;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "queuebook-frame-"));
  const frame = await buildLessonFrame(packageRoot);
  cpSync(frame.dir, join(dir, "frame"), {recursive: true});
  cpSync(new URL("../../support/jupyter/fakeTab.html", import.meta.url).pathname, join(dir, "index.html"));
  served = await serveStatic(dir);
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await closeBrowser(browser);
  await served?.close();
  if (dir) rmSync(dir, {recursive: true, force: true});
});

/** A tab holding the lesson `path` (text from notebooks/ unless given), with its console errors. */
async function open(
  path: string,
  options: {text?: string; files?: Record<string, string>; hold?: string; viewport?: {width: number; height: number}} = {}
): Promise<{page: Page; frame: Frame; errors: string[]; close(): Promise<void>}> {
  const context = await browser.newContext({viewport: options.viewport ?? {width: 1280, height: 720}});
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  const lesson = {
    path,
    text: options.text ?? readFileSync(join(notebooks, path), "utf8"),
    files: options.files ?? notebookFiles(),
    hold: options.hold
  };
  await page.addInitScript((value) => void ((window as any).lesson = value), lesson);
  await page.goto(`${served.origin}/`);
  const frame = await (await page.waitForSelector("#lesson")).contentFrame();
  await frame!.waitForSelector("html[data-qb-lesson]");
  return {page, frame: frame!, errors, close: () => context.close()};
}

/** Opens the editor of the lesson's first cell with the keyboard. */
async function editFirstCell(frame: Frame): Promise<void> {
  await (
    await shownEditButton(frame, frame.locator("main > .qb-cell").first().locator("xpath=preceding-sibling::button[@data-qb-edit][1]"))
  ).focus();
  await frame.page().keyboard.press("Enter");
  await frame.waitForSelector("[data-qb-editor] .cm-content");
}

/** Replaces the focused editor's text and runs it (Shift+Enter); resolves once the lesson applied it. */
async function run(frame: Frame, text: string): Promise<void> {
  const count = Number((await frame.getAttribute("html", "data-qb-edits")) ?? 0);
  const keyboard = frame.page().keyboard;
  await keyboard.press("Control+A");
  await keyboard.insertText(text);
  await keyboard.press("Shift+Enter");
  await frame.waitForSelector(`html[data-qb-edits="${count + 1}"]`);
}

const small =
  '---\ntitle: Edit me\n---\n\n# Edit me\n\nSome prose.\n\n```js\nconst x = 10;\n```\n\nTen times: <span class="x">${x * 10}</span>\n';

describe("the lesson frame", {timeout: 120_000}, () => {
  it("a run (Shift+Enter) hands the tab the notebook with that fence's bytes alone changed; Ctrl+S asks the tab to save", async () => {
    const {page, frame, errors, close} = await open("edit.md", {text: small, files: {}});
    await expect.poll(() => frame.locator(".x").innerText()).toBe("100");
    await editFirstCell(frame);
    await run(frame, "const x = 20;");
    await expect.poll(() => frame.locator(".x").innerText()).toBe("200");
    await expect.poll(() => page.evaluate(() => (window as any).lesson.text)).toBe(small.replace("const x = 10;", "const x = 20;"));
    await expect.poll(() => frame.locator("[data-qb-edited]").innerText()).toContain("Edited in JupyterLab");
    await frame.page().keyboard.press("Control+S");
    await expect.poll(() => page.evaluate(() => (window as any).log.filter((m: any) => m.type === "save").length)).toBe(1);
    expect(errors).toEqual([]);
    await close();
  });

  it("a run made to a version the document no longer has is refused: the learner's text stays in the editor", async () => {
    const {page, frame, close} = await open("edit.md", {text: small, files: {}});
    await expect.poll(() => frame.locator(".x").innerText()).toBe("100");
    await editFirstCell(frame);
    // another view changed the document, and the change has not reached the lesson yet
    await page.evaluate(() => ((window as any).lesson.text += "\nA line from the text editor.\n"));
    await run(frame, "const x = 30;");
    await expect.poll(() => frame.locator(".qb-edit-status").first().innerText()).toContain("changed in JupyterLab");
    expect(await frame.locator("[data-qb-editor] .cm-content").innerText()).toContain("const x = 30;");
    expect(await page.evaluate(() => (window as any).lesson.text)).toContain("const x = 10;");
    await close();
  });

  it("erlang-c: the lesson runs live: a slider re-renders its dependents, KaTeX renders, no error", async () => {
    const {frame, errors, close} = await open("erlang-c.md");
    await expect.poll(() => frame.locator("main .katex").count()).toBeGreaterThan(0);
    const sentence = frame.locator("main p", {hasText: "workers busy"}).first();
    await sentence.waitFor();
    const before = await sentence.innerText();
    const slider = frame.locator('input[type="range"]').first();
    await slider.fill("2000");
    await expect.poll(() => sentence.innerText()).not.toBe(before);
    expect(await frame.evaluate(() => document.title)).toBe("How long will a request wait?");
    expect(errors).toEqual([]);
    await close();
  });

  it("on-call: its locales are read through the tab, relative to the lesson, and the day plays", async () => {
    const {page, frame, errors, close} = await open("on-call.md");
    const step = frame.getByRole("button", {name: "+1 minute"});
    await step.waitFor();
    await step.click();
    await expect.poll(async () => (await frame.locator("main").innerText()).includes("08:01")).toBe(true);
    const reads = await page.evaluate(() => (window as any).log.filter((m: any) => m.type === "read").map((m: any) => m.name));
    expect(reads).toEqual(expect.arrayContaining(["./locales/on-call/en.json", "./locales/on-call/hu.json"]));
    expect(errors).toEqual([]);
    await close();
  });

  it("a file the tab refuses fails the cell that asks for it, with the tab's reason", async () => {
    const text =
      '# Files\n\n```js\nconst rows = FileAttachment("data/missing.csv").csv();\n```\n\n```js\nconst fine = 1 + 1;\n```\n\nFine: ${fine}\n';
    const {frame, close} = await open("files.md", {text, files: {}});
    await expect.poll(async () => frame.locator("main").innerText()).toContain("no such file beside the lesson");
    await expect.poll(async () => frame.locator("main").innerText()).toContain("Fine: 2");
    await close();
  });

  it("the cells that read no file run while the tab is still reading the files; the others run once the files come", async () => {
    const text =
      '# Files\n\n```js\nconst rows = await FileAttachment("data/rows.csv").csv();\n```\n\nRows: <span class="rows">${rows.length}</span>\n\n```js\nconst fine = 1 + 1;\n```\n\nFine: <span class="fine">${fine}</span>\n';
    const {page, frame, errors, close} = await open("files.md", {text, files: {"data/rows.csv": "a,b\n1,2\n3,4\n"}, hold: "rows\\.csv$"});
    await expect.poll(() => frame.locator(".fine").innerText()).toBe("2");
    await expect.poll(() => page.evaluate(() => (window as any).held.length)).toBe(1); // (the read went out, unanswered)
    expect(await frame.locator(".rows").innerText()).toBe("");
    await page.evaluate(() => (window as any).release());
    await expect.poll(() => frame.locator(".rows").innerText()).toBe("2");
    expect(errors).toEqual([]);
    await close();
  });

  it("an import the module map does not hold is a cell error naming the module", async () => {
    const text = '# Imports\n\n```js\nimport {nothing} from "../src/no/such/module.js";\n```\n';
    const {frame, close} = await open("imports.md", {text, files: {}});
    await expect.poll(async () => frame.locator("main").innerText()).toContain("../src/no/such/module.js");
    await close();
  });

  it("the document changed in the tab: the lesson adopts it, the cells that did not change keep running", async () => {
    const {page, frame, close} = await open("erlang-c.md");
    await frame.locator("main .katex").first().waitFor();
    const text = readFileSync(join(notebooks, "erlang-c.md"), "utf8").replace(
      "# How long will a request wait?",
      "# How long will a request wait, really?"
    );
    await page.evaluate((t) => (window as any).sendSource(t), text);
    await expect.poll(() => frame.locator("main h1").first().innerText()).toBe("How long will a request wait, really?");
    expect(await frame.evaluate(() => JSON.parse(document.getElementById("qb-source")!.textContent!).text)).toBe(text);
    await close();
  });

  it("a hostile window's messages (not the tab holding the frame) are ignored", async () => {
    const {page, frame, close} = await open("erlang-c.md");
    await frame.locator("main .katex").first().waitFor();
    // the lesson records whatever its <main> ever shows, so a change undone later still counts
    await frame.evaluate(() => {
      (window as any).seen = "";
      new MutationObserver(() => ((window as any).seen += document.querySelector("main")!.textContent)).observe(
        document.querySelector("main")!,
        {childList: true, subtree: true, characterData: true}
      );
    });
    // a second frame of the same tab, an opener's sibling: it finds the lesson and posts to it
    await page.evaluate(() => {
      // listening before the hostile frame exists: on a loaded machine it can speak before a later listener would
      (window as any).evilDone = false;
      addEventListener("message", (e) => e.data === "evil-done" && ((window as any).evilDone = true));
      const evil = document.createElement("iframe");
      evil.setAttribute("sandbox", "allow-scripts");
      evil.srcdoc = `<script>
        const m = (type, extra) => parent.frames[0].postMessage({qb: "queuebook-jupyter/1", type, ...extra}, "*");
        m("source", {text: "# pwned"});
        m("open", {path: "x.md", text: "# pwned"});
        m("kept", {id: 0, ok: true, hash: "0123456789abcdef"});
        parent.postMessage("evil-done", "*");
      </script>`;
      document.body.append(evil);
    });
    await page.waitForFunction(() => (window as any).evilDone);
    // the frame's own tab speaks after the hostile one: the lesson shows its change, never "pwned"
    await page.evaluate(() => (window as any).sendSource((window as any).lesson.text.replace("# How long", "# Still: how long")));
    await expect.poll(() => frame.locator("main h1").first().innerText()).toContain("Still");
    expect(await frame.locator("main").innerText()).not.toContain("pwned");
    expect(await frame.evaluate(() => (window as any).seen)).not.toContain("pwned");
    await close();
  });
});
