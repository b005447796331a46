// queuebook lessons in a real JupyterLab 4 (test/jupyter/harness.ts) with the extension as a hub
// admin installs it (npm run jupyter:build's folder): a student opens a lesson with Open With,
// it is live, its edits save through JupyterLab's document, changes elsewhere are adopted, a
// conflicting save is refused with nothing lost, two lessons keep apart, and the lesson's frame
// can reach nothing of Jupyter's and make the tab do nothing but its documented answers.
import {cpSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import type {Browser, Frame, Page} from "playwright-core";
import {afterAll, beforeAll, beforeEach, describe, expect, it} from "vitest";
import {buildJupyterExtension} from "../../jupyter/build.js";
import {axeViolations, readable, settled} from "../e2e/a11y.js";
import {closeBrowser, launchBrowser, releaseTab, takeTab} from "../e2e/harness.js";
import {startJupyterLab, type JupyterLab} from "./harness.js";
import {shownEditButton} from "../support/editButton.js";

const repository = new URL("../../", import.meta.url).pathname;
const FACTORY = "queuebook lesson";
let root: string;
let lab: JupyterLab;
let browser: Browser;
let page: Page;
const errors: string[] = [];

/** Console lines a test's own probe causes (axe reading the frame's stylesheets, a fetch the frame is refused), with Chromium's "Failed to load resource" line after each. */
const expected: RegExp[] = [];
const expectedErrors = (pattern: RegExp) => void expected.push(pattern);

/** The lessons as a course's files arrive in a student's home: notebooks/ somewhere down the tree. */
const lessons = "course/notebooks";

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "queuebook-jupyter-lessons-"));
  cpSync(join(repository, "notebooks"), join(root, lessons), {recursive: true});
  writeFileSync(join(root, lessons, "edit.md"), small);
  writeFileSync(join(root, lessons, "secret.txt"), "not for lessons\n");
  const [extension, started] = await Promise.all([buildJupyterExtension(), launchBrowser()]);
  browser = started;
  lab = await startJupyterLab({root, labextensions: [extension.dir]});
  page = await takeTab(browser, {viewport: {width: 1280, height: 900}});
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  await page.goto(lab.url);
  await page.locator(".jp-DirListing-content").waitFor();
}, 600_000);

afterAll(async () => {
  if (page) await releaseTab(page);
  await closeBrowser(browser);
  await lab?.close();
  if (root) rmSync(root, {recursive: true, force: true});
});

const small =
  '---\ntitle: Edit me\n---\n\n# Edit me\n\nSome prose.\n\n```js\nconst x = 10;\n```\n\nTen times: <span class="x">${x * 10}</span>\n';

type App = {commands: {execute(id: string, args?: object): Promise<unknown>}};

/** Runs a JupyterLab command (the page exposes its application: harness's exposeApp). */
function command(id: string, args: object = {}): Promise<unknown> {
  return page.evaluate(
    ([id, args]) =>
      (window as unknown as {jupyterapp: App}).jupyterapp.commands.execute(id as string, args as object).then(() => undefined),
    [id, args] as const
  );
}

/** The frame of the lesson tab showing `path` (the current tab unless another is named), once its lesson is on the page. */
async function lessonFrame(name: string): Promise<Frame> {
  const iframe = page.locator(`.qb-jupyter-lesson iframe[title="queuebook lesson: ${name}"]`);
  await iframe.first().waitFor();
  const frame = await (await iframe.first().elementHandle())!.contentFrame();
  await frame!.waitForSelector("html[data-qb-lesson]");
  return frame!;
}

/** Closes every open dialog (Escape) and every document, unsaved changes discarded: each test starts from the files on disk. */
async function closeAll(): Promise<void> {
  while (await page.locator(".jp-Dialog").count()) await page.keyboard.press("Escape");
  await page.evaluate(() => {
    const app = (
      window as unknown as {jupyterapp: {shell: {widgets(area: string): Iterable<{close(): void; context?: {model: {dirty: boolean}}}>}}}
    ).jupyterapp;
    for (const widget of Array.from(app.shell.widgets("main"))) {
      if (widget.context) widget.context.model.dirty = false;
      widget.close();
    }
  });
}

/** Opens `path` with the lesson factory, as Open With does. */
async function openLesson(path: string, mode?: "split-right"): Promise<Frame> {
  await command("docmanager:open", {path, factory: FACTORY, options: mode ? {mode} : undefined});
  return lessonFrame(path.split("/").pop()!);
}

describe("a queuebook lesson in JupyterLab", {timeout: 180_000}, () => {
  // each test starts with no document open (a lesson from a test before would be a second frame of the same title)
  beforeEach(() => closeAll());

  it("opens from the file browser with Open With → queuebook lesson, live: a slider re-renders its dependents, KaTeX renders", async () => {
    await page.locator(".jp-DirListing-content .jp-DirListing-item", {hasText: "course"}).dblclick();
    await page.locator(".jp-DirListing-content .jp-DirListing-item", {hasText: "notebooks"}).dblclick();
    await page.locator(".jp-DirListing-content .jp-DirListing-item", {hasText: "erlang-c.md"}).click({button: "right"});
    await page.locator(".lm-Menu-item", {hasText: "Open With"}).hover();
    await page.locator(".lm-Menu-item", {hasText: FACTORY}).click();
    const frame = await lessonFrame("erlang-c.md");
    await expect.poll(() => frame.locator("main .katex").count()).toBeGreaterThan(0);
    const sentence = frame.locator("main p", {hasText: "workers busy"}).first();
    const before = await sentence.innerText();
    await frame.locator('input[type="range"]').first().fill("2000");
    await expect.poll(() => sentence.innerText()).not.toBe(before);
  });

  it("on-call plays to its first event", async () => {
    const frame = await openLesson(`${lessons}/on-call.md`);
    await frame.locator('select[name="scenario"]').selectOption("bad-deploy");
    await frame.locator("[data-speed='60']").click();
    await frame.locator("[data-action=play]").click();
    await expect.poll(() => frame.locator("[data-pause]:not([hidden])").getAttribute("data-pause"), {timeout: 60_000}).toBe("deploy");
    expect(await frame.locator("[data-pause]").textContent()).toContain("09:10");
  });

  it("on-call's checkpoint: a guess committed reveals the answer from the runs (kept for the tab's life: the frame has no storage)", async () => {
    const frame = await openLesson(`${lessons}/on-call.md`);
    const checkpoint = frame.locator('[data-qb-checkpoint="burn-after-deploy"]');
    await checkpoint.locator("input").first().fill("5");
    await checkpoint.getByRole("button", {name: "Commit my guess"}).click();
    await expect.poll(() => checkpoint.getAttribute("data-qb-state")).toBe("revealed");
    expect(await checkpoint.locator("[data-qb-answer]").textContent()).toMatch(/\d/);
  });

  it("an edit and Ctrl+S: the file on disk is the golden (that fence's bytes alone changed); JupyterLab's unsaved marker comes and goes", async () => {
    const frame = await openLesson(`${lessons}/edit.md`);
    await expect.poll(() => frame.locator(".x").innerText()).toBe("100");
    await (
      await shownEditButton(frame, frame.locator("main > .qb-cell").first().locator("xpath=preceding-sibling::button[@data-qb-edit][1]"))
    ).focus();
    await page.keyboard.press("Enter");
    await frame.waitForSelector("[data-qb-editor] .cm-content");
    await page.keyboard.press("Control+A");
    await page.keyboard.insertText("const x = 20;");
    await page.keyboard.press("Shift+Enter");
    await expect.poll(() => frame.locator(".x").innerText()).toBe("200");
    const tab = page.locator("#jp-main-dock-panel .lm-TabBar-tab.lm-mod-current");
    await expect.poll(() => tab.getAttribute("class")).toContain("jp-mod-dirty");
    expect(readFileSync(join(root, lessons, "edit.md"), "utf8")).toBe(small); // not saved yet
    await page.keyboard.press("Control+s"); // inside the lesson's editor
    await expect.poll(() => readFileSync(join(root, lessons, "edit.md"), "utf8")).toBe(small.replace("const x = 10;", "const x = 20;"));
    await expect.poll(() => tab.getAttribute("class")).not.toContain("jp-mod-dirty");
  });

  it("a change in the text editor beside it, and one on disk reloaded, are adopted", async () => {
    writeFileSync(join(root, lessons, "edit.md"), small);
    const frame = await openLesson(`${lessons}/edit.md`);
    await command("docmanager:open", {path: `${lessons}/edit.md`, factory: "Editor", options: {mode: "split-right"}});
    const editor = page.locator(".jp-FileEditor .cm-content").last();
    await editor.waitFor();
    await editor.click();
    await page.keyboard.press("Control+End");
    await page.keyboard.type("\nTyped in the editor.\n");
    await expect.poll(() => frame.locator("main").innerText()).toContain("Typed in the editor.");
    await page.keyboard.press("Control+s");
    await expect.poll(() => readFileSync(join(root, lessons, "edit.md"), "utf8")).toContain("Typed in the editor.");
    // The file is on disk before the browser hears the save's answer; a reload while the document is
    // still dirty asks "all unsaved changes will be lost?" and its command waits for that answer.
    await expect.poll(() => page.locator("#jp-main-dock-panel .lm-TabBar-tab.jp-mod-dirty").count()).toBe(0);
    writeFileSync(join(root, lessons, "edit.md"), small.replace("Some prose.", "Prose from disk."));
    await command("docmanager:reload");
    await expect.poll(() => frame.locator("main").innerText()).toContain("Prose from disk.");
  });

  it("a save that would overwrite a change on disk it has not seen is refused; the student's text is kept", async () => {
    writeFileSync(join(root, lessons, "edit.md"), small);
    const frame = await openLesson(`${lessons}/edit.md`);
    await expect.poll(() => frame.locator(".x").innerText()).toBe("100");
    await (
      await shownEditButton(frame, frame.locator("main > .qb-cell").first().locator("xpath=preceding-sibling::button[@data-qb-edit][1]"))
    ).focus();
    await page.keyboard.press("Enter");
    await frame.waitForSelector("[data-qb-editor] .cm-content");
    await page.keyboard.press("Control+A");
    await page.keyboard.insertText("const x = 30;");
    await page.keyboard.press("Shift+Enter");
    await expect.poll(() => frame.locator(".x").innerText()).toBe("300");
    const outside = small.replace("Some prose.", "Changed on disk by someone else.");
    writeFileSync(join(root, lessons, "edit.md"), outside);
    // (JupyterLab calls a file changed when it is newer by more than its margin, half a second: a minute here)
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, lessons, "edit.md"), later, later);
    await page.keyboard.press("Control+s");
    // JupyterLab's own dialog: the file is newer on disk; nothing is written until the student chooses
    const dialog = page.locator(".jp-Dialog");
    await expect.poll(() => dialog.innerText()).toMatch(/changed/i);
    expect(readFileSync(join(root, lessons, "edit.md"), "utf8")).toBe(outside);
    await dialog.getByRole("button", {name: /cancel/i}).click();
    expect(readFileSync(join(root, lessons, "edit.md"), "utf8")).toBe(outside);
    expect(await frame.locator(".x").innerText()).toBe("300"); // the student's run is still on the page
    expect(await page.evaluate(() => document.querySelector("#jp-main-dock-panel .lm-TabBar-tab.lm-mod-current")?.className)).toContain(
      "jp-mod-dirty"
    );
  });

  it("two lessons side by side do not interfere", async () => {
    const one = await openLesson(`${lessons}/erlang-c.md`);
    const two = await openLesson(`${lessons}/formulas.md`, "split-right");
    const sentence = one.locator("main p", {hasText: "workers busy"}).first();
    // both settled: every cell of the lecture computed, its formulas drawn
    await expect.poll(() => two.locator("main .qb-pending").count()).toBe(0);
    await expect.poll(() => two.locator("main .katex").count()).toBeGreaterThan(0);
    const before = {one: await sentence.innerText(), two: await two.locator("main").innerText()};
    await one.locator('input[type="range"]').first().fill("1500");
    await expect.poll(() => sentence.innerText()).not.toBe(before.one);
    expect(await two.locator("main").innerText()).toBe(before.two);
    expect(await one.evaluate(() => document.title)).not.toBe(await two.evaluate(() => document.title));
  });

  it("the arrival lab in ja", async () => {
    const frame = await openLesson(`${lessons}/arrival-lab.md`);
    await frame.locator("select.qb-lang-picker").selectOption("ja");
    await expect.poll(() => frame.evaluate(() => document.documentElement.lang)).toBe("ja");
    await expect.poll(async () => /[\u3040-\u30ff\u4e00-\u9fff]/.test(await frame.locator("main h1").first().innerText())).toBe(true);
    expect(await frame.locator("main .qb-error, main .observablehq--error").count()).toBe(0);
  });

  it("the arrival lab: an upload is read and a download arrives", async () => {
    const frame = await openLesson(`${lessons}/arrival-lab.md`);
    const upload = join(root, "srv-burst.csv");
    cpSync(join(root, lessons, "data", "arrival-lab", "srv-burst.csv"), upload);
    await frame.locator("input[name=lab-files]").setInputFiles(upload);
    await expect.poll(() => frame.locator(".lab-upload-status").innerText()).toContain("srv-burst.csv");
    // the upload's cells redraw after the status: a key pressed on a link they replace goes nowhere
    await settled(frame);
    const link = frame.locator('a[download="latency.tsv"]');
    const [download] = await Promise.all([page.waitForEvent("download"), link.press("Enter")]); // (press focuses it first)
    expect(download.suggestedFilename()).toBe("latency.tsv");
    expect(readFileSync((await download.path())!, "utf8")).toMatch(/^[a-z_]+\t/);
  });

  it("presentation mode shows the lesson slide by slide in the tab", async () => {
    const frame = await openLesson(`${lessons}/formulas.md`);
    await frame.locator("main .katex").first().waitFor();
    await frame.locator("main").click({position: {x: 5, y: 5}}); // (keys go to the lesson)
    await page.keyboard.press("p");
    await expect.poll(() => frame.locator(".qb-slide-number").textContent()).toMatch(/^1 \/ \d+$/);
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => frame.locator(".qb-slide-number").textContent()).toMatch(/^2 \/ \d+$/);
    await page.keyboard.press("Escape");
  });

  it("axe-core finds no WCAG 2.1 A/AA violation in the lesson", async () => {
    const frame = await openLesson(`${lessons}/erlang-c.md`);
    await frame.locator("main .katex").first().waitFor();
    expect(readable(await axeViolations(frame as unknown as Page))).toEqual([]);
    // axe reads stylesheets over XHR, which an opaque-origin frame may not: Chromium logs each refusal
    expectedErrors(
      /^Access to XMLHttpRequest at '[^']*\/static\/queuebook\/[a-z]+\.css' from origin 'null' has been blocked by CORS policy/
    );
  });

  it("the lesson's frame reaches nothing of Jupyter's, and the tab refuses its hostile messages", async () => {
    const frame = await openLesson(`${lessons}/edit.md`);
    const reach = await frame.evaluate(async () => {
      const tried: Record<string, string> = {};
      try {
        tried.parent = String(parent.document.cookie);
      } catch {
        tried.parent = "blocked";
      }
      try {
        tried.storage = String(localStorage.length);
      } catch {
        tried.storage = "blocked";
      }
      try {
        tried.cookie = document.cookie;
      } catch {
        tried.cookie = "blocked";
      }
      tried.api = await fetch("/api/contents/", {credentials: "include"}).then(
        (r) => String(r.status),
        () => "blocked"
      );
      return tried;
    });
    expect(reach.parent).toBe("blocked");
    expect(reach.storage).toBe("blocked");
    expect(reach.cookie).toBe("blocked");
    expect(reach.api).not.toBe("200");
    expectedErrors(/^Access to fetch at '[^']*\/api\/contents\/' from origin 'null' has been blocked by CORS policy/);
    // the frame asks for files outside what a lesson may read, and for an edit to an unknown version
    const answers = await frame.evaluate(async () => {
      const ask = (message: object) =>
        new Promise((resolve) => {
          const on = (event: MessageEvent) =>
            event.data?.id === (message as {id: number}).id && (removeEventListener("message", on), resolve(event.data));
          addEventListener("message", on);
          parent.postMessage({qb: "queuebook-jupyter/1", ...message}, "*");
        });
      return Promise.all([
        ask({type: "read", id: 9001, name: "../../.jupyter/jupyter_server_config.json"}),
        ask({type: "read", id: 9002, name: "/etc/passwd"}),
        ask({type: "read", id: 9003, name: "secret.txt/../../../x"}),
        ask({type: "edited", id: 9004, expected: "0000000000000000", text: "# planted\n"})
      ]);
    });
    for (const answer of answers as {ok: boolean}[]) expect(answer.ok).toBe(false);
    // kinds the protocol does not have, and oversized ones, are dropped: no save, no change of the document
    await frame.evaluate(() => {
      parent.postMessage({qb: "queuebook-jupyter/1", type: "save-as", path: "course/notebooks/x.md"}, "*");
      parent.postMessage(
        {qb: "queuebook-jupyter/1", type: "edited", id: 1, expected: "0123456789abcdef", text: "x".repeat(5 * 1024 * 1024)},
        "*"
      );
    });
    // another window of the page (not this lesson's frame) posting a valid-looking edit is not heard
    await page.evaluate(() => {
      const evil = document.createElement("iframe");
      evil.srcdoc = `<script>parent.postMessage({qb: "queuebook-jupyter/1", type: "save"}, "*")</script>`;
      document.body.append(evil);
    });
    // the tab still answers its own frame (so the refused messages above were read, then refused)
    const fine = (await frame.evaluate(
      () =>
        new Promise((resolve) => {
          addEventListener("message", (event) => event.data?.id === 9005 && resolve(event.data));
          parent.postMessage({qb: "queuebook-jupyter/1", type: "read", id: 9005, name: "data/../edit.md".replace("data/../", "")}, "*");
        })
    )) as {ok: boolean; text: string};
    expect(fine.ok).toBe(true);
    expect(fine.text).toBe(readFileSync(join(root, lessons, "edit.md"), "utf8"));
    expect(readFileSync(join(root, lessons, "edit.md"), "utf8")).not.toContain("planted");
    expect(await page.evaluate(() => document.querySelector("#jp-main-dock-panel .lm-TabBar-tab.lm-mod-current")?.className)).not.toContain(
      "jp-mod-dirty"
    );
  });

  it("a course's overrides.json makes the lesson the default viewer of Markdown: a double click opens it live", async () => {
    const other = await startJupyterLab({
      root,
      labextensions: [(await buildJupyterExtension()).dir],
      overrides: {"@jupyterlab/docmanager-extension:plugin": {defaultViewers: {markdown: FACTORY}}}
    });
    const tab = await takeTab(browser);
    try {
      await tab.goto(other.url);
      await tab.locator(".jp-DirListing-content .jp-DirListing-item", {hasText: "course"}).dblclick();
      await tab.locator(".jp-DirListing-content .jp-DirListing-item", {hasText: "notebooks"}).dblclick();
      await tab.locator(".jp-DirListing-content .jp-DirListing-item", {hasText: "erlang-c.md"}).dblclick();
      const iframe = tab.locator('.qb-jupyter-lesson iframe[title="queuebook lesson: erlang-c.md"]');
      await iframe.waitFor();
      const frame = (await (await iframe.elementHandle())!.contentFrame())!;
      await expect.poll(() => frame.locator("main .katex").count()).toBeGreaterThan(0);
    } finally {
      await releaseTab(tab);
      await other.close();
    }
  });

  it("logs no console error (but those the tests' own probes cause)", () => {
    const probe = (line: string) => expected.some((pattern) => pattern.test(line));
    const left = errors.filter(
      (line, i) => !probe(line) && !(line === "Failed to load resource: net::ERR_FAILED" && i > 0 && probe(errors[i - 1]))
    );
    expect(left.join("\n")).toBe("");
  });
});
