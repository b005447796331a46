// The on-call game by keyboard alone, in real Chromium: "Skip to content" first, then the
// bad-deploy scenario chosen, the day started and stepped, every control changed, both buttons
// pressed and the debrief reached with Tab / Shift+Tab / Space / Enter / arrows / End only (no
// click, no fill). At every stop focus must be visible: an outline or a box-shadow drawn on
// the element, inside the window. Presentation mode announces each slide (aria-live) by its heading.
// The fast-burn alert is one role=alert region, written once when it fires (not each minute);
// the page reflows at 200 % zoom and at 320 px; the skip link speaks the page's language.
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {uiString} from "../../src/client/ui/tables.js";
import {releaseTab, type SiteFixture, startSite, takeTab} from "./harness.js";
import {pageLoadTimeout} from "./pages.js";
import {focused, settled, shippedNotebooks, tabTo} from "./a11y.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
const notebooks = shippedNotebooks(join(packageRoot, "notebooks"));
let site: SiteFixture;

beforeAll(async () => {
  site = await startSite(join(packageRoot, "notebooks"), {prefix: "queuebook-a11y-keys"});
}, 120_000);

afterAll(async () => {
  await site?.close();
});

describe("on-call by keyboard only", {timeout: 120_000}, () => {
  it("plays bad-deploy start to finish: every control, both buttons, the debrief; focus always visible", async () => {
    const page = await takeTab(site.browser);
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
    for (let i = 0; i < 4 && (await page.locator("select[name=scenario]").inputValue()) !== "bad-deploy"; i++)
      await page.keyboard.press("ArrowDown");
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
    const controls = await page
      .locator(".oc-controls .oc-control")
      .evaluateAll((blocks) => blocks.map((b) => (b as HTMLElement).dataset.control!));
    const pressed: string[] = [];
    for (const name of controls) {
      const kind = await page.locator(`.oc-control[data-control="${name}"]`).evaluate((b) => {
        const e = b.querySelector("input, select, button")!;
        return e.tagName === "INPUT" ? (e as HTMLInputElement).type : e.tagName.toLowerCase();
      });
      const target =
        kind === "button"
          ? `button[data-action="${name}"]`
          : `.oc-control[data-control="${name}"] ${kind === "select" ? "select" : "input"}`;
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
    hidden.push(
      ...(await tabTo(page, ".oc-debrief summary, .oc-debrief a, .oc-debrief input, .oc-debrief button, .oc-share input", {limit: 200}))
    );
    expect(await page.locator(".oc-debrief table").textContent()).toMatch(/\d/); // (innerText is empty while it is off screen: content-visibility)
    expect(hidden).toEqual([]);
    expect(errors).toEqual([]);
    await releaseTab(page);
  });
});

describe("presentation mode for screen readers", {timeout: 60_000}, () => {
  it("announces each slide's number and heading in a live region, and the visible counter is not read twice", async () => {
    const page = await takeTab(site.browser);
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
    await releaseTab(page);
  });
});

describe("vision and motion", {timeout: 90_000}, () => {
  it("prefers-reduced-motion turns the page's fades off, and only then", async () => {
    const durations: Record<string, string> = {};
    for (const reducedMotion of ["reduce", "no-preference"] as const) {
      const page = await takeTab(site.browser, {reducedMotion});
      await page.goto(`${site.origin}/erlang-c.html`, {timeout: pageLoadTimeout});
      await page.locator(".qb-cell").first().waitFor();
      durations[reducedMotion] = await page
        .locator(".qb-cell")
        .first()
        .evaluate((e) => getComputedStyle(e).transitionDuration);
      await releaseTab(page);
    }
    expect(durations).toEqual({reduce: "0s", "no-preference": "0.15s"});
  });

  // 200 % zoom of a 1280×720 window is a 640×360 CSS px viewport at twice the pixels; 320 px is a
  // narrow phone (WCAG 1.4.10). One page per notebook, resized from the one width to the other.
  for (const name of [...notebooks.map((n) => n.name), "arrival-lab?lang=ja"]) {
    it(`${name} reflows at 200 % zoom (640×360, device scale 2) and at 320 px: the page never scrolls sideways, each wider formula scrolls in its own box a keyboard reaches; KaTeX keeps its MathML`, async () => {
      const page = await takeTab(site.browser, {viewport: {width: 640, height: 360}, deviceScaleFactor: 2});
      const [file, query = ""] = name.split("?");
      await page.goto(`${site.origin}/${file}.html${query && `?${query}`}`, {timeout: pageLoadTimeout});
      await page.addStyleTag({content: "*{content-visibility:visible !important}"});
      // on-call typesets its model's formulas once they are scrolled to
      if (await page.locator(".oc-model").count()) await page.locator(".oc-model").scrollIntoViewIfNeeded();
      await settled(page);
      const formulas = await page.locator(".katex").count();
      if (["formulas", "on-call", "erlang-c", "arrival-lab"].includes(file)) expect(formulas).toBeGreaterThan(0);
      for (const viewport of [
        {width: 640, height: 360},
        {width: 320, height: 640}
      ]) {
        if (viewport.width !== page.viewportSize()!.width) {
          await page.setViewportSize(viewport);
          await settled(page);
        }
        const at = `${name} at ${viewport.width} px`;
        // the page itself never scrolls sideways
        expect(
          await page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth),
          at
        ).toBeLessThanOrEqual(0);
        // every formula box that scrolls is focusable (tabindex 0) exactly while its formula is wider than it
        await expect
          .poll(
            () =>
              page.evaluate(() =>
                Array.from(document.querySelectorAll(".katex-display, .oc-tex"))
                  .filter((box) => /auto|scroll/.test(getComputedStyle(box).overflowX))
                  .filter((box) => box.scrollWidth > box.clientWidth + 1 !== (box.getAttribute("tabindex") === "0"))
                  .map((box) => `${box.className} ${box.scrollWidth}/${box.clientWidth}`)
              ),
            {message: at}
          )
          .toEqual([]);
        // a formula wider than its box is first set smaller, down to 75 % (then it scrolls)
        const scales = await page.evaluate(() =>
          Array.from(document.querySelectorAll<HTMLElement>(".katex-display, .oc-tex"))
            .filter((box) => box.getClientRects().length > 0 && box.querySelector(".katex"))
            .map((box) => ({scale: Number(box.dataset.qbScale ?? 1), over: box.scrollWidth > box.clientWidth + 1}))
        );
        expect(
          scales.filter((s) => s.scale < 0.75 || (s.over && s.scale !== 0.75)),
          `${at}: formulas set smaller than 75 %, or still wider than their box above 75 %`
        ).toEqual([]);
        if (viewport.width === 320 && ["formulas", "retry-storm"].includes(file))
          expect(
            scales.some((s) => s.scale < 1),
            `${at}: some formula set smaller`
          ).toBe(true);
        // and every formula is inside the window, or inside a box of its own that scrolls and is
        expect(
          await page.evaluate(() =>
            Array.from(document.querySelectorAll<HTMLElement>(".katex"))
              .filter((k) => k.getClientRects().length > 0)
              .filter((k) => {
                let box: HTMLElement | null = k.parentElement;
                while (box && !/auto|scroll/.test(getComputedStyle(box).overflowX)) box = box.parentElement;
                const edge = (box && box !== document.documentElement && box !== document.body ? box : k).getBoundingClientRect().right;
                return edge > document.documentElement.clientWidth + 1;
              })
              .map((k) => (k.textContent ?? "").slice(0, 40))
          ),
          `${at}: formulas cut at the window's edge`
        ).toEqual([]);
      }
      expect(await page.locator(".katex").evaluateAll((all) => all.filter((k) => !k.querySelector(".katex-mathml math")).length)).toBe(0);
      await releaseTab(page);
    });
  }
});

describe("the fast-burn alert for screen readers", {timeout: 120_000}, () => {
  it("on-call played at ×60 through the bad deploy: one role=alert element, its text written once per state of the alert, never minute by minute", async () => {
    const page = await takeTab(site.browser);
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${site.origin}/on-call.html#run=v1_bad-deploy_s1_m0`, {timeout: pageLoadTimeout});
    await page.locator(".oc-dash [data-metric=recommendationsShare][data-value]").waitFor({timeout: pageLoadTimeout});
    // the page's regions a screen reader announces at once: the alert's, and the checkpoints' own (empty until a guess does not read)
    const speaking = () =>
      page.locator("[role=alert]").evaluateAll((all) => all.filter((e) => (e.textContent ?? "").trim() !== "").map((e) => e.className));
    expect(await page.locator(".oc-alert[role=alert]").count()).toBe(1);
    expect(await speaking()).toEqual([]);
    // every change of the alert's text, as a screen reader hears it (a write to a role=alert region)
    await page.locator(".oc-alert[role=alert]").evaluate((alert) => {
      const seen = ((window as any).__alertWrites = [] as string[]);
      new MutationObserver((records) => {
        if (records.some((r) => r.type !== "attributes")) seen.push(alert.textContent ?? "");
      }).observe(alert, {childList: true, characterData: true, subtree: true});
    });
    const minute = async () => Number(await page.locator("[data-metric=minute]").getAttribute("data-value"));
    const play = page.locator("button[data-action=play]");
    const stoppedAt = () => page.locator(".oc-pause-note:not([hidden])").getAttribute("data-pause");
    await page.locator("button[data-speed='60']").click();
    await play.click();
    await expect.poll(stoppedAt).toBe("deploy"); // ×60 stops at each event of the run
    await play.click();
    await expect.poll(stoppedAt).toBe("alert");
    const fired = await minute();
    expect(await page.locator(".oc-alert").isVisible()).toBe(true);
    // on, for half an hour of the run with the alert up
    while ((await minute()) < fired + 30) {
      if ((await play.getAttribute("aria-pressed")) === "false") await play.click();
      await expect.poll(async () => (await minute()) > fired || (await play.getAttribute("aria-pressed")) === "false").toBe(true);
    }
    if ((await play.getAttribute("aria-pressed")) === "true") await play.click();
    const writes: string[] = await page.evaluate(() => (window as any).__alertWrites);
    expect(await speaking()).toEqual(["oc-alert"]);
    expect(
      await page.locator("[role=alert]").evaluateAll((all, text) => all.filter((e) => e.textContent === text).length, writes.at(-1))
    ).toBe(1);
    expect(writes.length).toBeGreaterThan(0);
    expect(writes.length, `the alert's texts: ${writes.join(" | ")}`).toBe(new Set(writes).size); // each text once: fired, then perhaps resolved
    expect(writes.length).toBeLessThanOrEqual(2);
    expect(errors).toEqual([]);
    await releaseTab(page);
  });
});

describe("the skip link in the page's language", {timeout: 120_000}, () => {
  it("reads in each language formulas declares when the page opens in it (?lang=), and is the first stop", async () => {
    const page = await takeTab(site.browser);
    const formulas = notebooks.find((n) => n.name === "formulas")!;
    expect(formulas.languages).toEqual(["en", "hu", "pt", "ig", "ja"]);
    const texts = new Set<string>();
    for (const lang of formulas.languages) {
      await page.goto(`${site.origin}/formulas.html?lang=${lang}`, {timeout: pageLoadTimeout, waitUntil: "domcontentloaded"});
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang);
      await expect.poll(() => page.locator(".qb-skip").textContent()).toBe(uiString(lang, "skip"));
      await page.keyboard.press("Tab");
      expect(await focused(page)).toEqual({what: "a.qb-skip", visible: true});
      texts.add(uiString(lang, "skip"));
    }
    expect(texts.size).toBe(5);
    await releaseTab(page);
  });
});
