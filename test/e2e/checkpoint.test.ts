// The predict-then-reveal checkpoint in headless Chromium, on a small notebook whose answers are
// computed by src/sim (test/e2e/checkpoint-fixture/quiz.md): the answer is in no part of the page
// until a guess is committed (nor in the single-file export's no-script snapshot); a commit shows
// answer, guess and why; a reload keeps it; it all works from the keyboard alone; a bad number is
// one line and reveals nothing; the course page counts the answers.
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {Page} from "playwright-core";
import {releaseTab, type SiteFixture, startSite, takeTab} from "./harness.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
const root = join(packageRoot, "test/e2e/checkpoint-fixture");
let site: SiteFixture;

beforeAll(async () => {
  site = await startSite(root, {prefix: "queuebook-checkpoint"});
}, 120_000);
afterAll(async () => {
  await site?.close();
});

/** The quiz page in a tab whose localStorage starts empty (takeTab), as in a fresh browser profile. */
async function openQuiz(search = ""): Promise<{close(): Promise<void>; page: Page; errors: string[]}> {
  const page = await takeTab(site.browser);
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => void (m.type() === "error" && errors.push(m.text())));
  await page.goto(`${site.origin}/quiz.html${search}`);
  await page.locator('[data-qb-checkpoint="percent"] form').waitFor();
  return {close: () => releaseTab(page), page, errors};
}

const html = (page: Page) => page.evaluate(() => document.documentElement.outerHTML);

describe("checkpoint(options) in the page", () => {
  it("keeps the answer and the why out of the page until a guess is committed", async () => {
    const {close, page, errors} = await openQuiz();
    const before = await html(page);
    // (the page embeds its .md, so only what the cells compute is secret: the typed prefixes are not)
    for (const secret of ["ANSWER-high", "NUMBER-ANSWER-24.5", "WHY-high", "WHY-24.5", "68.2"])
      expect(before, secret).not.toContain(secret);
    expect(
      await page
        .locator("[data-qb-checkpoint]")
        .evaluateAll((nodes) => nodes.map((n) => [n.getAttribute("data-qb-checkpoint"), (n as HTMLElement).dataset.qbState]))
    ).toEqual([
      ["largest", "ask"],
      ["percent", "ask"]
    ]);
    // Submitting with nothing chosen is one line, and still reveals nothing.
    await page.locator('[data-qb-checkpoint="largest"] button[type=submit]').click();
    await expect
      .poll(() => page.locator('[data-qb-checkpoint="largest"] [role=alert]').textContent())
      .toBe("Choose or type a guess first.");
    expect(await html(page)).not.toContain("ANSWER-high");
    expect(errors).toEqual([]);
    await close();
  });

  it("shows, on commit, the guess beside the answer from the runs and one line of why", async () => {
    const {close, page} = await openQuiz();
    const largest = page.locator('[data-qb-checkpoint="largest"]');
    await largest.getByLabel("Middle load").check();
    await largest.getByRole("button", {name: "Commit my guess"}).click();
    await expect.poll(() => largest.getAttribute("data-qb-state")).toBe("revealed");
    expect(await largest.locator("[data-qb-guess]").textContent()).toBe("Middle load");
    expect(await largest.locator("[data-qb-answer]").textContent()).toBe("ANSWER-high-68.2");
    expect(await largest.locator(".qb-checkpoint-verdict").textContent()).toBe("Not this time.");
    expect(await largest.locator(".qb-checkpoint-why").textContent()).toBe("Why: WHY-high-is-nearest-capacity");
    // The other checkpoint still hides its own answer.
    expect(await html(page)).not.toContain("NUMBER-ANSWER-24.5");
    await close();
  });

  it("keeps a committed guess across a reload, and 'Guess again' asks again", async () => {
    const {close, page} = await openQuiz();
    const percent = page.locator('[data-qb-checkpoint="percent"]');
    await percent.getByLabel("Your guess").fill("28");
    await percent.getByRole("button", {name: "Commit my guess"}).click();
    await expect.poll(() => percent.locator("[data-qb-answer]").textContent()).toBe("NUMBER-ANSWER-24.5");
    expect(await percent.locator(".qb-checkpoint-verdict").textContent()).toBe("Close: off by +3.5 %.");
    await page.reload();
    await expect.poll(() => page.locator('[data-qb-checkpoint="percent"] [data-qb-guess]').textContent()).toBe("28 %");
    expect(await page.locator('[data-qb-checkpoint="largest"]').getAttribute("data-qb-state")).toBe("ask");
    await page.locator('[data-qb-checkpoint="percent"]').getByRole("button", {name: "Guess again"}).click();
    await expect.poll(() => page.locator('[data-qb-checkpoint="percent"]').getAttribute("data-qb-state")).toBe("ask");
    expect(await html(page)).not.toContain("NUMBER-ANSWER-24.5");
    await page.reload();
    await page.locator('[data-qb-checkpoint="percent"] form').waitFor();
    expect(await html(page)).not.toContain("NUMBER-ANSWER-24.5");
    await close();
  });

  it("works from the keyboard alone: Tab to the choices, arrows to pick, Enter to commit; focus moves to the reveal", async () => {
    const {close, page} = await openQuiz();
    // Tab from the top of the page until a radio of the first checkpoint has focus.
    let found = false;
    for (let i = 0; i < 30 && !found; i++) {
      await page.keyboard.press("Tab");
      found = await page.evaluate(
        () =>
          (document.activeElement as HTMLInputElement | null)?.type === "radio" &&
          !!document.activeElement?.closest('[data-qb-checkpoint="largest"]')
      );
    }
    expect(found).toBe(true);
    await page.keyboard.press("ArrowDown"); // focus and choice move to the next radio
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter"); // submits the form
    const largest = page.locator('[data-qb-checkpoint="largest"]');
    await expect.poll(() => largest.locator("[data-qb-guess]").textContent()).toBe("High load");
    expect(await largest.locator(".qb-checkpoint-verdict").textContent()).toBe("Right.");
    expect(await page.evaluate(() => document.activeElement?.className)).toBe("qb-checkpoint-reveal");
    // The number checkpoint: Tab into its field, type, Enter.
    found = false;
    for (let i = 0; i < 10 && !found; i++) {
      await page.keyboard.press("Tab");
      found = await page.evaluate(
        () => !!document.activeElement?.closest('[data-qb-checkpoint="percent"]') && document.activeElement?.tagName === "INPUT"
      );
    }
    expect(found).toBe(true);
    await page.keyboard.type("abc");
    await page.keyboard.press("Enter");
    const percent = page.locator('[data-qb-checkpoint="percent"]');
    await expect.poll(() => percent.locator("[role=alert]").textContent()).toBe("Type a number, such as 7.5.");
    expect(await html(page)).not.toContain("NUMBER-ANSWER-24.5");
    await page.keyboard.press("Control+A");
    await page.keyboard.type("150");
    await page.keyboard.press("Enter");
    await expect.poll(() => percent.locator("[role=alert]").textContent()).toBe("That number is outside the range asked for.");
    await page.keyboard.press("Control+A");
    await page.keyboard.type("5");
    await page.keyboard.press("Enter");
    await expect.poll(() => percent.locator(".qb-checkpoint-verdict").textContent()).toBe("Off by −19.5 %.");
    await close();
  });

  it("reads a guess written the language's way (7,5 in Hungarian) and words the page's strings", async () => {
    const {close, page} = await openQuiz("?lang=hu");
    const percent = page.locator('[data-qb-checkpoint="percent"]');
    await percent.getByLabel("Your guess").fill("24,5");
    await percent.getByRole("button", {name: "Tipp rögzítése"}).click();
    await expect.poll(() => percent.locator("[data-qb-guess]").textContent()).toBe("24,5 %");
    expect(await percent.locator(".qb-checkpoint-verdict").textContent()).toBe("Right."); // not "off by 0 %"
    await close();
  });

  it("a stored guess that is not one of the choices, or is markup, asks again and never becomes markup", async () => {
    const {close, page} = await openQuiz();
    await page.evaluate(() =>
      localStorage.setItem(
        "queuebook:progress:quiz",
        JSON.stringify({checkpoint: {known: ["largest"], done: {largest: "<img src=x onerror=alert(1)>", percent: "<b>9</b>"}}})
      )
    );
    await page.reload();
    await page.locator('[data-qb-checkpoint="percent"] form').waitFor();
    expect(await page.locator("[data-qb-checkpoint]").evaluateAll((nodes) => nodes.map((n) => (n as HTMLElement).dataset.qbState))).toEqual(
      ["ask", "ask"]
    );
    expect(await page.locator("main img, main b").count()).toBe(0);
    await close();
  });
});

describe("the course page counts the checkpoints answered", () => {
  it("shows 'not started yet' before, and the count after answering, in the page's language", async () => {
    const page = await takeTab(site.browser);
    await page.goto(`${site.origin}/index.html`);
    const progress = page.locator('[data-qb-lesson="quiz"] [data-qb-progress]');
    await expect.poll(() => progress.textContent()).toBe("not started yet");
    await expect.poll(() => page.locator('[data-qb-lesson="quiz"] [data-qb-progress-row] dd').isVisible()).toBe(true);
    await page.goto(`${site.origin}/quiz.html`);
    const largest = page.locator('[data-qb-checkpoint="largest"]');
    await largest.getByLabel("Low load").check();
    await largest.getByRole("button", {name: "Commit my guess"}).click();
    await expect.poll(() => largest.getAttribute("data-qb-state")).toBe("revealed");
    await page.goto(`${site.origin}/index.html`);
    await expect.poll(() => progress.textContent()).toBe("1 of 2 checkpoints answered");
    await page.goto(`${site.origin}/index.html?lang=hu`);
    await expect.poll(() => progress.textContent()).toBe("1/2 ellenőrző kérdés megválaszolva");
    expect(await page.title()).toBe("queuebook: a kurzus");
    expect(await page.locator('[data-qb-lesson="quiz"] [data-qb-slot="title"]').textContent()).toBe("Kvíz");
    expect(await page.locator('[data-qb-lesson="quiz"] [data-qb-slot="link"]').getAttribute("href")).toBe("quiz.html?lang=hu");
    await releaseTab(page);
  });
});

describe("the notebook page's title follows its language", () => {
  it("is the front matter's translation under ?lang=, and switches back with the picker", async () => {
    const {close, page} = await openQuiz("?lang=hu");
    await expect.poll(() => page.title()).toBe("Kvíz");
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toBe("Két ellenőrző kérdés");
    await page.locator("select.qb-lang-picker").selectOption("en");
    await expect.poll(() => page.title()).toBe("Quiz");
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toBe("Two checkpoints over one computed answer");
    await close();
  });
});

describe("the single-file export's no-script snapshot", () => {
  it("carries the question but not the answer", async () => {
    const {exportNotebook} = await import("../../src/site/export.js");
    const {html: text, snapshotSkipped} = await exportNotebook({file: join(root, "quiz.md"), root, packageRoot});
    expect(snapshotSkipped).toBeUndefined();
    // (booleans, not toContain: a failure would print the whole self-contained file)
    expect(text.includes('data-qb-snapshot><section class="qb-checkpoint" data-qb-checkpoint="largest"')).toBe(true);
    expect(text.includes('data-qb-snapshot><section class="qb-checkpoint" data-qb-checkpoint="percent"')).toBe(true);
    expect(/<p class="qb-checkpoint-question" id="qb-checkpoint-\d+-q">Which load waits most\?<\/p>/.test(text)).toBe(true);
    for (const secret of ["ANSWER-high", "NUMBER-ANSWER-24.5", "WHY-high", "WHY-24.5"]) expect(text.includes(secret), secret).toBe(false);
  }, 120_000);
});
