// Presentation mode's lecturer tools in real headless Chromium, on an exported single file
// opened from file://: speaker notes never reach the audience, `s` opens a presenter window that
// stays in step with the audience window both ways (also after the audience window reloads;
// present-hostile.test.ts: no other page moves either),
// the overview, blackout and help keys, clickers and a slider, and the page bar's Present button.
import {mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {Browser, BrowserContext, Page} from "playwright-core";
import {exportNotebook} from "../../src/site/export.js";
import {closeBrowser, launchBrowser} from "./harness.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
let dir: string;
let url: string;
let browser: Browser;

const NOTE = "Ask for the square of 4 before moving the slider.";

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "queuebook-present-keys-"));
  writeFileSync(
    join(dir, "deck.md"),
    `---
title: The deck
description: Notes, keys and a second window
---

# The deck

## Square

\`\`\`js
const x = view(Inputs.range([1, 10], {value: 3, step: 1, label: "x"}));
\`\`\`

The square is <span class="square">\${x * x}</span>.

<aside class="notes">
${NOTE}
</aside>

## Words

\`\`\`js
const words = view(Inputs.textarea({label: "Words"}));
\`\`\`

<aside class="notes">

Notes in **Markdown**, after a blank line.

</aside>

## Last

The end.

<aside class="notes">Only notes after this rule:</aside>

---

<aside class="notes">A section of notes alone makes no slide.</aside>
`
  );
  const {html} = await exportNotebook({file: join(dir, "deck.md"), packageRoot, snapshot: false});
  writeFileSync(join(dir, "deck.html"), html);
  url = `file://${join(dir, "deck.html")}`;
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await closeBrowser(browser);
  if (dir) rmSync(dir, {recursive: true, force: true});
});

async function open(suffix: string): Promise<{page: Page; context: BrowserContext; errors: string[]}> {
  const context = await browser.newContext({viewport: {width: 1280, height: 720}});
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(url + suffix);
  await expect.poll(() => page.locator("main form input[type=range]").count()).toBe(1);
  return {page, context, errors};
}

/** The counter's "N / M" of a window. */
const number = (page: Page) => page.evaluate(() => document.querySelector(".qb-slide-number")?.textContent ?? null);
/** The first line of each element the audience sees on the slide. */
const shown = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>("main > :not([data-qb-ui])")) // (the editor's ✎ buttons are not the slide's text)
      .filter((e) => e.getClientRects().length > 0)
      .map((e) => e.innerText.trim().split("\n")[0])
      .filter(Boolean)
  );
/** What is drawn at the middle of the window: the top element there. */
const atCenter = (page: Page) => page.evaluate(() => document.elementFromPoint(innerWidth / 2, innerHeight / 2)?.className ?? "");

describe("speaker notes", {timeout: 60_000}, () => {
  it("are never shown to the audience: not on the slide, not on the page, and a notes-only section is no slide", async () => {
    const {page, context, errors} = await open("?present#/2");
    expect(await number(page)).toBe("2 / 4"); // title, Square, Words, Last: the section after the rule holds only notes
    expect(await shown(page)).toEqual(["Square", "x", "The square is 9."]);
    expect(await page.locator("main").innerText()).not.toContain("Ask for");
    expect(await page.locator("aside.notes").first().isVisible()).toBe(false);
    for (const key of ["ArrowRight", "ArrowRight"]) await page.keyboard.press(key);
    expect(await number(page)).toBe("4 / 4");
    expect(await page.locator("main").innerText()).not.toContain("notes");
    await page.keyboard.press("Escape");
    expect(await page.locator("main h1").isVisible()).toBe(true); // the page, not the slides
    expect(await page.locator("main").innerText()).not.toContain("Ask for");
    expect(await page.locator("aside.notes:visible").count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("the presenter window", {timeout: 90_000}, () => {
  it("s opens it on the same slide with the notes, the next slide and the time; keys in either window move both", async () => {
    const {page, context, errors} = await open("?present#/2");
    const [presenter] = await Promise.all([context.waitForEvent("page"), page.keyboard.press("s")]);
    presenter.on("pageerror", (e) => errors.push(`presenter: ${e.message}`));
    await presenter.waitForLoadState();
    await expect.poll(() => number(presenter)).toBe("2 / 4");
    expect(new URL(presenter.url()).searchParams.has("presenter")).toBe(true);
    const panel = presenter.locator(".qb-presenter-panel");
    expect(await panel.locator(".qb-presenter-notes").innerText()).toContain(NOTE);
    expect(await panel.locator(".qb-presenter-next .qb-slide-frame").innerText()).toContain("Words");
    expect(await panel.locator(".qb-presenter-elapsed").innerText()).toMatch(/^\d\d:\d\d$/);
    expect(await panel.locator(".qb-presenter-clock").innerText()).toMatch(/\d{1,2}:\d\d/);
    // the presenter's slide is live: its own cells ran
    await expect.poll(() => presenter.locator("main .square").innerText()).toBe("9");
    expect(await page.locator(".qb-presenter-panel").count()).toBe(0); // the audience sees none of it

    await presenter.keyboard.press("ArrowRight"); // presenter → audience
    await expect.poll(() => number(page)).toBe("3 / 4");
    expect(await number(presenter)).toBe("3 / 4");
    expect(await panel.locator(".qb-presenter-notes").innerText()).toContain("Notes in Markdown, after a blank line.");
    expect(await panel.locator(".qb-presenter-notes strong").innerText()).toBe("Markdown");

    await page.keyboard.press("End"); // audience → presenter
    await expect.poll(() => number(presenter)).toBe("4 / 4");
    expect(await panel.locator(".qb-presenter-next").innerText()).toContain("End of the slides.");
    await page.keyboard.press("PageUp");
    await expect.poll(() => number(presenter)).toBe("3 / 4");
    expect(await page.evaluate(() => location.hash)).toBe("#/3");

    await presenter.keyboard.press("b"); // the presenter blacks out the audience screen, and sees only a line saying so
    await expect.poll(() => atCenter(page)).toBe("qb-blackout");
    expect(await atCenter(presenter)).not.toContain("qb-blackout");
    expect(await panel.locator(".qb-presenter-status").innerText()).toContain("black");
    await page.keyboard.press("."); // back, from the audience window
    // (the presenter never shows the blackout itself: its status line says when it is over)
    await expect.poll(() => page.locator(".qb-blackout").count()).toBe(0);
    await expect.poll(() => panel.locator(".qb-presenter-status").innerText()).not.toContain("black");
    expect(await presenter.locator(".qb-blackout").count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a slider moved in either window moves in the other, and both windows' cells follow", async () => {
    const {page, context, errors} = await open("?present#/2");
    const [presenter] = await Promise.all([context.waitForEvent("page"), page.keyboard.press("s")]);
    await expect.poll(() => number(presenter)).toBe("2 / 4");
    const square = (p: Page) => p.evaluate(() => document.querySelector("main .square")?.textContent ?? null);
    const slide = (p: Page, value: number) =>
      p.evaluate((value) => {
        const range = document.querySelector<HTMLInputElement>("main form input[type=range]")!;
        range.value = String(value);
        range.dispatchEvent(new Event("input", {bubbles: true}));
      }, value);
    await expect.poll(() => square(presenter)).toBe("9");
    await slide(page, 7);
    await expect.poll(() => square(page)).toBe("49");
    await expect.poll(() => square(presenter)).toBe("49");
    await slide(presenter, 5);
    await expect.poll(() => square(page)).toBe("25");
    expect(await page.evaluate(() => document.querySelector<HTMLInputElement>("main form input[type=range]")!.value)).toBe("5");
    // a change that arrived is not sent back: the presenter's own later change stands in both windows
    await slide(presenter, 2);
    await expect.poll(() => square(page)).toBe("4");
    await expect.poll(() => square(presenter)).toBe("4");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a reloaded audience window is still driven by the presenter, and drives it again", async () => {
    const {page, context} = await open("?present#/1");
    const [presenter] = await Promise.all([context.waitForEvent("page"), page.keyboard.press("s")]);
    await expect.poll(() => number(presenter)).toBe("1 / 4");
    await page.reload(); // the audience window loses its handle on the presenter window
    await expect.poll(() => number(page)).toBe("1 / 4");
    await presenter.keyboard.press("ArrowRight");
    await expect.poll(() => number(page)).toBe("2 / 4");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => number(presenter)).toBe("3 / 4");
    await context.close();
  });

  it("a reloaded audience window drives the presenter window first: its wake-up on the page's channel brings the presenter window back in touch", async () => {
    const {page, context} = await open("?present#/1");
    const [presenter] = await Promise.all([context.waitForEvent("page"), page.keyboard.press("s")]);
    await expect.poll(() => number(presenter)).toBe("1 / 4");
    await page.reload(); // the audience window's handle on the presenter window is gone; the presenter window says nothing
    await expect.poll(() => number(page)).toBe("1 / 4");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => number(presenter)).toBe("2 / 4");
    await presenter.keyboard.press("ArrowRight");
    await expect.poll(() => number(page)).toBe("3 / 4");
    await context.close();
  });

  it("a message from this window itself, of another page, malformed, or any state on the page's channel moves nothing", async () => {
    const {page, context} = await open("?present#/1");
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          // each route delivers in order: once its last message ("done") is heard here, every one before it was handled
          let routes = 2;
          const done = () => --routes || resolve();
          addEventListener("message", (event) => event.data === "done" && done()); // (after the page's own listener)
          postMessage({tag: "queuebook-present", page: location.pathname, slide: 3}, "*"); // this window to itself
          postMessage("done", "*");
          const name = `queuebook-present:${location.pathname}`;
          const barrier = new BroadcastChannel(name); // (made after the page's own channel: hears each message after it)
          barrier.onmessage = (event) => event.data === "done" && done();
          const channel = new BroadcastChannel(name);
          channel.postMessage({tag: "queuebook-present", page: "/elsewhere.html", slide: 4});
          channel.postMessage({tag: "queuebook-present", page: location.pathname, slide: "4"});
          channel.postMessage({tag: "queuebook-present", page: location.pathname, slide: 4.5});
          channel.postMessage({tag: "other", page: location.pathname, slide: 4});
          // well-formed and numbered: the channel carries no state, whoever sends it
          channel.postMessage({tag: "queuebook-present", page: location.pathname, slide: 2, blackout: true, from: "abc", seq: 7});
          channel.postMessage("done");
        })
    );
    expect(await number(page)).toBe("1 / 4");
    expect(await page.locator(".qb-blackout").count()).toBe(0);
    expect(await page.evaluate(() => location.hash)).toBe("#/1");
    await context.close();
  });
});

describe("overview, blackout and help", {timeout: 60_000}, () => {
  it("o shows every slide; arrows choose, Enter jumps, Esc closes where it was, a click jumps", async () => {
    const {page, context} = await open("?present#/2");
    await page.keyboard.press("o");
    const tiles = page.locator(".qb-overview-tile");
    expect(await tiles.count()).toBe(4);
    expect(await tiles.nth(0).innerText()).toContain("The deck");
    expect(await tiles.nth(1).getAttribute("aria-current")).toBe("true");
    expect(await page.locator(".qb-overview").innerText()).not.toContain("Ask for"); // no notes in the copies
    expect(await page.locator(".qb-overview [id], .qb-overview [data-cell]").count()).toBe(0); // copies, not a second set of cells
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    expect(await tiles.nth(3).getAttribute("aria-current")).toBe("true");
    expect(await number(page)).toBe("2 / 4"); // choosing is not moving
    await page.keyboard.press("Enter");
    expect(await page.locator(".qb-overview").count()).toBe(0);
    expect(await number(page)).toBe("4 / 4");
    expect(await page.evaluate(() => location.hash)).toBe("#/4");
    await page.keyboard.press("o");
    await page.keyboard.press("Home");
    await page.keyboard.press("Escape"); // closes the overview, stays on the slide and in presentation mode
    expect(await page.locator(".qb-overview").count()).toBe(0);
    expect(await number(page)).toBe("4 / 4");
    await page.keyboard.press("o");
    await page.locator(".qb-overview-tile").nth(2).click();
    await expect.poll(() => number(page)).toBe("3 / 4"); // (a click can be handled after the next read: on-call.test saw it)
    expect(await shown(page)).toContain("Words");
    await context.close();
  });

  it("b and . black the screen out and back; Esc brings the slide back before it leaves", async () => {
    const {page, context} = await open("?present#/2");
    expect(await atCenter(page)).not.toBe("qb-blackout");
    await page.keyboard.press("b");
    expect(await atCenter(page)).toBe("qb-blackout");
    expect(await page.evaluate(() => getComputedStyle(document.querySelector(".qb-blackout")!).backgroundColor)).toBe("rgb(0, 0, 0)");
    await page.keyboard.press("b");
    expect(await page.locator(".qb-blackout").count()).toBe(0);
    await page.keyboard.press(".");
    expect(await atCenter(page)).toBe("qb-blackout");
    await page.keyboard.press("Escape");
    expect(await page.locator(".qb-blackout").count()).toBe(0);
    expect(await number(page)).toBe("2 / 4"); // still presenting
    await page.keyboard.press("Escape");
    expect(await number(page)).toBe(null);
    await context.close();
  });

  it("? lists the keys; ? or Esc closes it, and the next Esc leaves", async () => {
    const {page, context} = await open("?present#/2");
    await page.keyboard.press("?");
    const help = page.locator(".qb-help[role=dialog]");
    expect(await help.isVisible()).toBe(true);
    const text = await help.innerText();
    for (const key of ["PageDown", "PageUp", "Home", "End", "o", "s", "b", ".", "f", "?", "Esc"]) expect(text).toContain(key);
    await page.keyboard.press("?");
    expect(await help.count()).toBe(0);
    await page.keyboard.press("?");
    await page.keyboard.press("Escape");
    expect(await help.count()).toBe(0);
    expect(await number(page)).toBe("2 / 4");
    await page.keyboard.press("Escape");
    expect(await number(page)).toBe(null);
    await context.close();
  });
});

describe("clickers, sliders and typing", {timeout: 60_000}, () => {
  it("a focused slider keeps its arrows but a clicker turns the slide; after a mouse drag the arrows turn slides", async () => {
    const {page, context} = await open("?present#/2");
    const slider = page.locator("main form input[type=range]");
    await slider.focus();
    await page.keyboard.press("ArrowRight"); // the slider's: 3 → 4
    expect(await number(page)).toBe("2 / 4");
    await expect.poll(() => page.locator("main .square").innerText()).toBe("16"); // the cell re-runs after the input event
    await page.keyboard.press("PageDown");
    expect(await number(page)).toBe("3 / 4");
    await page.keyboard.press("PageUp");
    expect(await number(page)).toBe("2 / 4");

    const box = (await slider.boundingBox())!;
    await page.mouse.move(box.x + 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2, {steps: 5});
    await page.mouse.up();
    await expect.poll(() => page.locator("main .square").innerText()).toBe("100"); // dragged to 10
    await page.keyboard.press("ArrowRight"); // the slider let go: a slide, not a step
    expect(await number(page)).toBe("3 / 4");
    await page.keyboard.press("ArrowLeft");
    expect(await number(page)).toBe("2 / 4");
    expect(await page.locator("main .square").innerText()).toBe("100");
    await context.close();
  });

  it("keys typed into a textarea stay there (slide keys do not fire), except a clicker's", async () => {
    const {page, context} = await open("?present#/3");
    const area = page.locator("main textarea");
    await area.focus();
    await page.keyboard.type("sob.? f");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("Home");
    await page.keyboard.press("Escape"); // lets go of the field, and stays on the slide
    expect(await area.inputValue()).toBe("sob.? f");
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe("TEXTAREA");
    expect(await page.locator(".qb-overview, .qb-help, .qb-blackout").count()).toBe(0);
    expect(context.pages().length).toBe(1); // no presenter window
    expect(await number(page)).toBe("3 / 4");
    await page.keyboard.press("PageDown");
    expect(await number(page)).toBe("4 / 4");
    await context.close();
  });

  it("the page bar's Present button starts at the title slide, and the keys are the slides'", async () => {
    const {page, context} = await open("");
    const button = page.locator(".qb-nav button.qb-present-button");
    expect(await button.isVisible()).toBe(true);
    expect(await button.innerText()).toBe("Present");
    await button.click();
    await expect.poll(() => number(page)).toBe("1 / 4"); // (a click can be handled after the next read: on-call.test saw it)
    await page.keyboard.press("ArrowRight");
    expect(await number(page)).toBe("2 / 4");
    expect(await button.isVisible()).toBe(false); // the page bar is not on the slides
    await page.keyboard.press("Escape");
    expect(await button.isVisible()).toBe(true);
    await context.close();
  });
});
