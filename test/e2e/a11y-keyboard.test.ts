// The on-call game by keyboard alone, in real Chromium: "Skip to content" first, then the
// bad-deploy scenario chosen, the day started and stepped, every control changed, both buttons
// pressed and the debrief reached with Tab / Shift+Tab / Space / Enter / arrows / End only (no
// click, no fill). At every stop focus must be visible: an outline drawn around the element,
// inside the window. Presentation mode announces each slide (aria-live) by its heading.
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {Page} from "playwright-core";
import {startSite, type SiteFixture} from "./harness.js";
import {pageLoadTimeout} from "./pages.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
let site: SiteFixture;

beforeAll(async () => {
  site = await startSite(join(packageRoot, "notebooks"), {prefix: "queuebook-a11y-keys"});
}, 120_000);

afterAll(async () => {
  await site?.close();
});

/** What has focus: a short description, and whether its focus indicator shows (an outline in the window). */
async function focused(page: Page): Promise<{what: string; visible: boolean}> {
  return page.evaluate(() => {
    const e = document.activeElement as HTMLElement | null;
    if (!e || e === document.body) return {what: "body", visible: false};
    const style = getComputedStyle(e);
    const box = e.getBoundingClientRect();
    const outlined = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2;
    const inWindow = box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
    const what = `${e.tagName.toLowerCase()}${e.getAttribute("name") ? `[name=${e.getAttribute("name")}]` : ""}${e.dataset.action ? `[data-action=${e.dataset.action}]` : ""}${e.className && typeof e.className === "string" ? `.${e.className.split(" ")[0]}` : ""}`;
    return {what, visible: outlined && inWindow};
  });
}

/** Presses Tab (Shift+Tab when `back`) until `selector` has focus, at most `limit` times; every stop on the way must show its focus. */
async function tabTo(page: Page, selector: string, {back = false, limit = 120} = {}): Promise<string[]> {
  const hidden: string[] = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    const now = await focused(page);
    if (!now.visible) hidden.push(now.what);
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return hidden;
  }
  throw new Error(`${selector} not reached in ${limit} presses of ${back ? "Shift+Tab" : "Tab"}`);
}

describe("on-call by keyboard only", {timeout: 120_000}, () => {
  it("plays bad-deploy start to finish: every control, both buttons, the debrief; focus always visible", async () => {
    const context = await site.browser.newContext({viewport: {width: 1280, height: 720}});
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${site.origin}/on-call.html`, {timeout: pageLoadTimeout});
    await page.locator(".oc-dash [data-metric=recommendationsShare][data-value]").waitFor({timeout: pageLoadTimeout});
    const hash = await page.evaluate(() => location.hash);

    // the first stop is the skip link, shown when reached; Enter moves focus into the notebook, the hash untouched
    await page.keyboard.press("Tab");
    expect(await focused(page)).toEqual({what: "a.qb-skip", visible: true});
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("observablehq-main");
    expect(await page.evaluate(() => location.hash)).toBe(hash);

    const hidden: string[] = [];
    // the scenario, by arrows on the focused select
    hidden.push(...(await tabTo(page, "select[name=scenario]")));
    for (let i = 0; i < 4 && (await page.locator("select[name=scenario]").inputValue()) !== "bad-deploy"; i++) await page.keyboard.press("ArrowDown");
    expect(await page.locator("select[name=scenario]").inputValue()).toBe("bad-deploy");
    await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/run=v1_bad-deploy_/);

    // start the day: play, then pause, then one minute more
    hidden.push(...(await tabTo(page, "button[data-action=play]", {back: true})));
    await page.keyboard.press("Space");
    await expect.poll(() => page.locator("button[data-action=play]").getAttribute("aria-pressed")).toBe("true");
    await page.keyboard.press("Space");
    await expect.poll(() => page.locator("button[data-action=play]").getAttribute("aria-pressed")).toBe("false");
    const before = Number(await page.locator("[data-metric=minute]").getAttribute("data-value"));
    hidden.push(...(await tabTo(page, "button[data-action=step]")));
    await page.keyboard.press("Enter");
    await expect.poll(async () => Number(await page.locator("[data-metric=minute]").getAttribute("data-value"))).toBe(before + 1);

    // every control and button of the scenario, in tab order, each by its own keys
    const controls = await page.locator(".oc-controls .oc-control").evaluateAll((blocks) => blocks.map((b) => (b as HTMLElement).dataset.control!));
    const pressed: string[] = [];
    for (const name of controls) {
      const kind = await page.locator(`.oc-control[data-control="${name}"]`).evaluate((b) => {
        const e = b.querySelector("input, select, button")!;
        return e.tagName === "INPUT" ? (e as HTMLInputElement).type : e.tagName.toLowerCase();
      });
      const target = kind === "button" ? `button[data-action="${name}"]` : `.oc-control[data-control="${name}"] ${kind === "select" ? "select" : "input"}`;
      hidden.push(...(await tabTo(page, target)));
      const rows = await page.locator(".oc-log tbody tr").count();
      await page.keyboard.press(kind === "range" ? "ArrowRight" : kind === "select" ? "ArrowDown" : "Space");
      // each change is a decision in the log at this minute
      await expect.poll(() => page.locator(".oc-log tbody tr").count()).toBe(rows + 1);
      pressed.push(`${name}:${kind}`);
    }
    expect(pressed.filter((p) => p.endsWith(":button"))).toHaveLength(2);
    expect(pressed.length).toBeGreaterThanOrEqual(6);

    // to the end of the day on the time slider, then the debrief is there to read
    hidden.push(...(await tabTo(page, ".oc-scrub input", {back: true})));
    await page.keyboard.press("End");
    await expect.poll(async () => Number(await page.locator("[data-metric=minute]").getAttribute("data-value"))).toBe(1439);
    await page.locator(".oc-debrief table").waitFor({timeout: pageLoadTimeout});
    // the debrief's parts that take focus (its chart table) are reached by Tab too
    hidden.push(...(await tabTo(page, ".oc-debrief summary, .oc-debrief a, .oc-debrief input, .oc-debrief button, .oc-share input", {limit: 200})));
    expect(await page.locator(".oc-debrief table").textContent()).toMatch(/\d/); // (innerText is empty while it is off screen: content-visibility)
    expect(hidden).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("presentation mode for screen readers", {timeout: 60_000}, () => {
  it("announces each slide's number and heading in a live region, and the visible counter is not read twice", async () => {
    const context = await site.browser.newContext({viewport: {width: 1280, height: 720}});
    const page = await context.newPage();
    await page.goto(`${site.origin}/formulas.html?present`, {timeout: pageLoadTimeout});
    const live = page.locator("[aria-live=polite].qb-sr-only");
    await expect.poll(() => live.innerText()).toMatch(/^1 \/ \d+: /);
    expect(await page.locator(".qb-slide-number").getAttribute("aria-hidden")).toBe("true");
    const total = Number((await live.innerText()).split(/[/:]/)[1]);
    // each next slide: its number, then its heading when it has one (a slide after a --- rule may not)
    for (const n of [2, 3, 4]) {
      await page.keyboard.press("ArrowRight");
      await expect.poll(() => live.innerText()).toMatch(new RegExp(`^${n} / ${total}`));
      const headings = await page.locator("main.qb-notebook > :is(h1, h2, h3).qb-on-slide").allTextContents();
      expect(await live.innerText()).toBe(`${n} / ${total}${headings.length ? `: ${headings[0].trim()}` : ""}`);
    }
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => live.innerText()).toMatch(new RegExp(`^3 / ${total}`));
    await context.close();
  });
});

describe("vision and motion", {timeout: 90_000}, () => {
  it("prefers-reduced-motion turns the page's fades off, and only then", async () => {
    const durations: Record<string, string> = {};
    for (const reducedMotion of ["reduce", "no-preference"] as const) {
      const context = await site.browser.newContext({viewport: {width: 1280, height: 720}, reducedMotion});
      const page = await context.newPage();
      await page.goto(`${site.origin}/erlang-c.html`, {timeout: pageLoadTimeout});
      await page.locator(".qb-cell").first().waitFor();
      durations[reducedMotion] = await page.locator(".qb-cell").first().evaluate((e) => getComputedStyle(e).transitionDuration);
      await context.close();
    }
    expect(durations).toEqual({reduce: "0s", "no-preference": "0.15s"});
  });

  for (const name of ["formulas", "on-call", "erlang-c", "format", "arrival-lab", "arrival-lab?lang=ja"]) {
    it(`${name} reflows at 320 px: nothing wider than the window, each wider formula a scroll box a keyboard reaches; KaTeX keeps its MathML`, async () => {
      const context = await site.browser.newContext({viewport: {width: 320, height: 640}});
      const page = await context.newPage();
      const [file, query = ""] = name.split("?");
      await page.goto(`${site.origin}/${file}.html${query && `?${query}`}`, {timeout: pageLoadTimeout});
      await page.addStyleTag({content: "*{content-visibility:visible !important}"});
      // on-call typesets its model's formulas once they are scrolled to
      if (await page.locator(".oc-model").count()) await page.locator(".oc-model").scrollIntoViewIfNeeded();
      await expect.poll(() => page.locator(".katex").count(), {timeout: 20_000}).toBeGreaterThan(0);
      await expect.poll(() => page.locator(".qb-pending").count(), {timeout: 20_000}).toBe(0);
      // the page itself never scrolls sideways
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      // every formula box that scrolls is focusable (tabindex 0) exactly while its formula is wider than it
      await expect
        .poll(() =>
          page.evaluate(() =>
            Array.from(document.querySelectorAll(".katex-display, .oc-tex"))
              .filter((box) => /auto|scroll/.test(getComputedStyle(box).overflowX))
              .filter((box) => box.scrollWidth > box.clientWidth + 1 !== (box.getAttribute("tabindex") === "0"))
              .map((box) => `${box.className} ${box.scrollWidth}/${box.clientWidth}`)
          )
        )
        .toEqual([]);
      expect(await page.locator(".katex").evaluateAll((all) => all.filter((k) => !k.querySelector(".katex-mathml math")).length)).toBe(0);
      await context.close();
    });
  }
});
