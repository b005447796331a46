// The arrival lab by keyboard alone, in real Chromium, in the page's order: "Skip to content",
// the upload (its file chooser opened by a key on the focused control), step 8's decision form
// typed and submitted until its grade passes, and a download link, with Tab / Shift+Tab / Space /
// Enter / arrows and typed text only (no click, no fill, no setInputFiles on the element). At
// every stop focus must be visible: an outline or a box-shadow on the element, in the window.
import {readdirSync, readFileSync} from "node:fs";
import {readFile} from "node:fs/promises";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {analyzeLab} from "../../src/lab/analyze.js";
import {startSite, type SiteFixture} from "./harness.js";
import {pageLoadTimeout} from "./pages.js";
import {focused, settled, tabTo} from "./a11y.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
const dataDir = join(packageRoot, "notebooks/data/arrival-lab");
const committed = new Map(readdirSync(dataDir).map((name) => [name, readFileSync(join(dataDir, name), "utf8")]));
/** The committed decision, field by field: what the learner types into step 8's form. */
const model = Object.fromEntries(
  committed
    .get("arrival-model.txt")!
    .trim()
    .split("\n")
    .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)])
);
let site: SiteFixture;

beforeAll(async () => {
  site = await startSite(join(packageRoot, "notebooks"), {prefix: "queuebook-a11y-lab-keys"});
}, 120_000);

afterAll(async () => {
  await site?.close();
});

describe("the arrival lab by keyboard only", {timeout: 120_000}, () => {
  it("uploads a run through the file chooser, answers step 8, downloads an answer file; focus always visible", async () => {
    const context = await site.browser.newContext({viewport: {width: 1280, height: 720}, acceptDownloads: true});
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${site.origin}/arrival-lab.html`, {timeout: pageLoadTimeout});
    await expect.poll(() => page.locator("pre.lab-answer").count(), {timeout: pageLoadTimeout}).toBe(8);
    await settled(page); // no late cell redrawing a control between a key's press and its effect

    await page.keyboard.press("Tab");
    expect(await focused(page)).toEqual({what: "a.qb-skip", visible: true});
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("observablehq-main");

    // the upload: Space on the focused control opens the file chooser (a run of the lab's own, by its name)
    const hidden: string[] = [];
    // Listened for before the key: listening turns on Chromium's chooser interception, which must
    // be on when the key lands (a fresh clone's CI, and once a quiet machine, saw the chooser never
    // come when it was asked for with the key itself).
    const choosing = page.waitForEvent("filechooser", {timeout: 60_000});
    hidden.push(...(await tabTo(page, "input[name=lab-files]", {limit: 300})));
    const [chooser] = await Promise.all([choosing, page.keyboard.press("Space")]);
    expect(chooser.isMultiple()).toBe(true);
    await chooser.setFiles(join(dataDir, "srv-even.csv"));
    await expect.poll(() => page.locator(".lab-upload-status").innerText()).toContain("srv-even.csv");
    // the cells the upload feeds redraw: a control they replace takes the focus with it (a loaded
    // machine once saw focus fall to the body after the ✎ button, tabbing on during the redraw)
    await settled(page);

    // step 8's form: the model by arrows, the rest typed; Enter in the workers field submits it
    const grade = page.locator(".lab-grade").first();
    const form = "form.lab-decision";
    hidden.push(...(await tabTo(page, `${form} select[name=model]`, {limit: 300})));
    expect(await grade.innerText()).not.toContain("All 5 checks pass."); // not answered yet
    for (let i = 0; i < 3 && (await page.locator(`${form} select[name=model]`).inputValue()) !== model.model; i++)
      await page.keyboard.press("ArrowDown");
    expect(await page.locator(`${form} select[name=model]`).inputValue()).toBe(model.model);
    hidden.push(...(await tabTo(page, `${form} textarea[name=evidence]`)));
    await page.keyboard.type(model.evidence);
    hidden.push(...(await tabTo(page, `${form} textarea[name=risk]`)));
    await page.keyboard.type(model.risk);
    hidden.push(...(await tabTo(page, `${form} input[name=workers]`, {back: true})));
    const workers = page.locator(`${form} input[name=workers]`);
    const first = Number(await workers.inputValue());
    await page.keyboard.press("ArrowUp"); // the number field by arrows, then typed over
    expect(Number(await workers.inputValue())).toBe(first + 1);
    for (let i = 0; i < 4; i++) await page.keyboard.press("Backspace");
    await page.keyboard.type(model.workers);
    const at = await page.evaluate(() => location.pathname + location.search);
    await page.keyboard.press("Enter");
    await expect.poll(() => grade.locator(".lab-ok").innerText()).toBe("All 5 checks pass.");
    expect(await page.evaluate(() => location.pathname + location.search)).toBe(at); // the submit stays on the page
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("workers");

    // a download: Enter on a focused link, its bytes those `lab analyze` writes
    hidden.push(...(await tabTo(page, "a[download]", {limit: 300})));
    const name = (await page.evaluate(() => document.activeElement!.getAttribute("download")))!;
    const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
    expect(download.suggestedFilename()).toBe(name);
    expect(await readFile((await download.path())!, "utf8")).toBe(new Map(analyzeLab((file) => committed.get(file)).files).get(name));

    expect(hidden).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
