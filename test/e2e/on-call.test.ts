// The on-call notebook in headless Chromium, over HTTP and from file://: the opening dashboard
// as the spec and the seeds show it, play, a decision recorded in the log, the URL and the
// numbers, a copied link replaying to the numbers of `queuebook sim --run`, hostile links, and the
// four languages. One site and one browser serve the whole file; each page loads once, in a
// hook with its own bound (pages.ts), and the tests that only read a page share it.
import {execFileSync} from "node:child_process";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {Browser, Page} from "playwright-core";
import {run} from "../../src/sim/oncall/run.js";
import type {MinuteMetrics} from "../../src/sim/oncall/metrics.js";
import type {Action} from "../../src/sim/kit/actions.js";
import {dashboardMetrics} from "../../src/components/oncall/format.js";
import {formulaIds, formulas} from "../../src/components/oncall/formulas.js";
import {simulateRun} from "../../src/components/oncall/session.js";
import {openRun} from "../../src/components/oncall/url.js";
import {readSeed} from "../components/oncall/seeds.js";
import {readFixture} from "../support/fixtures.js";
import {startSite, takeTab, type SiteFixture} from "./harness.js";
import {loadOnce, pageLoadTimeout} from "./pages.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
let browser: Browser;
let out: string;
let server: {origin: string};
let site: SiteFixture;

beforeAll(async () => {
  site = await startSite(join(packageRoot, "notebooks"), {prefix: "queuebook-oncall"});
  ({browser, out} = site);
  server = site;
}, 120_000);

afterAll(async () => {
  await site?.close();
});

const modes = [
  {name: "over HTTP", page: () => `${server.origin}/on-call.html`},
  {name: "from file://", page: () => `file://${out}/on-call.html`}
];

/** A page as a test sees it: the tab, and the errors and dialogs it has shown since it opened. */
interface Opened {
  page: Page;
  errors: string[];
  dialogs: string[];
}

/** Opens the page in a fresh tab, recording errors and dialogs; resolves once the dashboard is drawn. */
async function open(url: string, viewport = {width: 1280, height: 720}): Promise<Opened> {
  const page = await takeTab(browser, {viewport});
  const errors: string[] = [];
  const dialogs: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("dialog", (d) => (dialogs.push(d.message()), void d.dismiss()));
  await page.goto(url, {timeout: pageLoadTimeout});
  await page.locator(".oc-dash [data-metric=recommendationsShare][data-value]").waitFor({timeout: pageLoadTimeout});
  return {page, errors, dialogs};
}

/** `open(url())` once, in the enclosing block's hook. */
const opened = (url: () => string) => loadOnce(() => open(url()));

/** The dashboard as shown: text and raw value of each data-metric element. */
async function dashboard(page: Page): Promise<Record<string, {text: string; value: string}>> {
  return page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll<HTMLElement>("[data-metric]")].map((e) => [
        e.dataset.metric!,
        {text: e.textContent ?? "", value: e.dataset.value ?? ""}
      ])
    )
  );
}

/** Waits until the page shows `minute`. */
async function atMinute(page: Page, minute: number): Promise<void> {
  await expect.poll(() => page.locator(".oc-bar [data-metric=minute]").getAttribute("data-value")).toBe(String(minute));
}

/** Checks every dashboard field against the model's minute: raw values as JavaScript writes them. */
function expectNumbers(shown: Record<string, {value: string}>, minute: MinuteMetrics): void {
  for (const {field} of dashboardMetrics) expect([field, shown[field].value]).toEqual([field, String(minute[field])]);
  expect(shown.clock.value).toBe(minute.clock);
  expect(shown.minute.value).toBe(String(minute.minute));
}

/** Moves a slider to `value` as a learner releasing it would (input, then change). */
async function slide(page: Page, control: string, value: number): Promise<void> {
  await page.locator(`[data-control=${control}] input[type=range]`).evaluate((input: HTMLInputElement, v) => {
    input.value = String(v);
    input.dispatchEvent(new Event("input", {bubbles: true}));
    input.dispatchEvent(new Event("change", {bubbles: true}));
  }, value);
}

for (const mode of modes) {
  describe(`on-call.html ${mode.name}`, () => {
    describe("opened without a link", () => {
      const opening = opened(() => mode.page());

      it("opens on free play's minute 0 with the numbers of the model", async () => {
        const {page, errors} = opening();
        expectNumbers(await dashboard(page), run("free", {seed: 1, minutes: 1})[0]);
        expect((await dashboard(page)).clock.text).toBe("08:00");
        expect(errors).toEqual([]);
      });

      it("shows the spec's dashboard: its labels and opening values, in its order and formats", async () => {
        const {page, errors} = opening();
        // The spec's English dashboard table: label and opening value of each row, in order.
        const spec = readFixture("spec/oncall-simulator.md");
        const table = spec.slice(spec.indexOf("| metric | opening value |"), spec.indexOf("The opening values follow"));
        const rows = table
          .split("\n")
          .filter((l) => l.startsWith("| ") && !l.startsWith("| metric"))
          .map((l) =>
            l
              .split("|")
              .slice(1, 3)
              .map((c) => c.trim())
          );
        expect(rows.length).toBe(12);
        expect(await page.locator(".oc-dash .oc-label").allTextContents()).toEqual(rows.map((r) => r[0]));
        const shown = await dashboard(page);
        expect(dashboardMetrics.map(({field}) => shown[field].text)).toEqual(rows.map((r) => r[1]));
        expect(errors).toEqual([]);
      });
    });

    describe("playing", () => {
      const playing = opened(() => `${mode.page()}#run=v1_surge_s4_m0`);

      it("plays: the minute and the clock advance, and pause stops them", async () => {
        const {page, errors} = playing();
        // Stopping at events off: this test pauses by hand (the next block stops at events).
        await page.locator("[data-action=pause-on-events]").uncheck();
        await page.locator("[data-speed='60']").click();
        await page.locator("[data-action=play]").click();
        await expect
          .poll(async () => Number(await page.locator(".oc-bar [data-metric=minute]").getAttribute("data-value")))
          .toBeGreaterThan(5);
        await page.locator("[data-action=play]").click();
        const stopped = Number(await page.locator(".oc-bar [data-metric=minute]").getAttribute("data-value"));
        await page.locator("[data-action=step]").click();
        await atMinute(page, stopped + 1);
        expectNumbers(await dashboard(page), run("surge", {seed: 4, minutes: stopped + 2})[stopped + 1]);
        await expect.poll(() => page.evaluate(() => location.hash)).toBe(`#run=v1_surge_s4_m${stopped + 1}_en`);
        expect(errors).toEqual([]);
      });
    });

    // The run the decisions below make, and the log they write.
    const decided = "#run=v1_bad-deploy_s2_m12_en_12fleetMin14_12autoscalingOn_12rollback";
    const actions: Action[] = [
      {minute: 12, set: {fleetMin: 14}},
      {minute: 12, set: {autoscaling: true}},
      {minute: 12, press: "rollback" as const}
    ];
    const logRows = [
      ["12", "09:12", "Fleet minimum: 10 → 14"],
      ["12", "09:12", "Autoscaling (target utilization): off → on"],
      ["12", "09:12", "Rollback pressed"]
    ];
    const shownLog = (page: Page) =>
      page.locator(".oc-log tbody tr").evaluateAll((trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent)));

    describe("deciding", () => {
      const deciding = opened(() => `${mode.page()}#run=v1_bad-deploy_s2_m12`);

      it("a control change at a minute shows in the log, the URL, the page's link and the numbers", async () => {
        const {page, errors} = deciding();
        await atMinute(page, 12);
        await slide(page, "fleetMin", 14);
        await page.locator("[data-control=autoscaling] input").check();
        await page.locator("[data-control=rollback] button").click();
        await expect.poll(() => page.locator(".oc-log tbody tr").count()).toBe(3);
        expect(await shownLog(page)).toEqual(logRows);
        await expect.poll(() => page.evaluate(() => location.hash)).toBe(decided);
        expectNumbers(await dashboard(page), run("bad-deploy", {seed: 2, minutes: 13, actions})[12]);
        expect((await dashboard(page)).starting.text).toBe("4");
        // The page's own link to this moment: the next block opens exactly this link.
        // (from a file: the page-relative link, as the receiver of the file opens it)
        await expect
          .poll(() => page.locator("[data-share]").inputValue())
          .toBe(mode.page().startsWith("file:") ? `on-call.html${decided}` : mode.page() + decided);
        expect(errors).toEqual([]);
      });
    });

    describe("opening the link of those decisions", () => {
      const copied = opened(() => mode.page() + decided);

      it("opens the same run at the same minute: the same log and numbers", async () => {
        const {page, errors} = copied();
        await atMinute(page, 12);
        expect(await shownLog(page)).toEqual(logRows);
        expectNumbers(await dashboard(page), run("bad-deploy", {seed: 2, minutes: 13, actions})[12]);
        expect((await dashboard(page)).starting.text).toBe("4");
        expect(await page.locator("[data-control=autoscaling] input").isChecked()).toBe(true);
        expect(errors).toEqual([]);
      });
    });

    describe("opening a copied link", () => {
      const link = "on-call.html#run=v1_cache-flush_s7_m41_15warmup_15sheddingShare0.5~heavyFeatureOff_30ttlS120";
      const copied = opened(() => mode.page().replace("on-call.html", link));

      it("opens the same run at the same minute, with the numbers of `queuebook sim --run`", async () => {
        const {page, errors} = copied();
        await atMinute(page, 41);
        const cli = JSON.parse(
          execFileSync(process.execPath, [join(packageRoot, "bin/queuebook.js"), "sim", "--run", link, "--format", "json"], {
            encoding: "utf8"
          })
        ) as MinuteMetrics[];
        expect(cli.length).toBe(42);
        expectNumbers(await dashboard(page), cli[41]);
        expect(await page.locator(".oc-log tbody tr").count()).toBe(3);
        await expect.poll(() => page.locator("[data-control=sheddingShare] output").textContent()).toBe("50 %");
        expect(await page.locator("[data-control=heavyFeature] input").isChecked()).toBe(false);
        expect(await page.locator("[data-brief]").textContent()).toContain("noon");
        // Another link pasted into the address bar of the open page (only the hash changes) opens too.
        await page.evaluate(() => (location.hash = "#run=v1_surge_s2_m9_10fleetMin12"));
        await atMinute(page, 9);
        expectNumbers(await dashboard(page), run("surge", {seed: 2, minutes: 10})[9]);
        await page.evaluate(() => (location.hash = "#run=%3Cscript%3Ealert(1)%3C%2Fscript%3E"));
        await expect.poll(() => page.locator(".oc-notice").count()).toBe(1);
        await atMinute(page, 0);
        expect(errors).toEqual([]);
      });
    });

    // Each a page of its own: a link is read when the page opens.
    const hostile = [
      ["a script tag", encodeURIComponent("<script>alert(1)</script>")],
      ["JSON instead of a run", encodeURIComponent('{"scenario":"surge","seed":1}')],
      ["an action value out of range", "v1_free_s1_m0_1fleetMin1e308"],
      ["markup in an action", "v1_free_s1_m0_3%3Cimg%20src%3Dx%20onerror%3Dalert(2)%3E"],
      ["an unknown control", "v1_free_s1_m0_1fleetMin9~evilOn"],
      ["a broken percent escape", "%E0%A4%A"],
      ["a million characters", "v1_" + "a".repeat(1_000_000)]
    ];
    // Over HTTP every one; from file:// (where only the URL's handling differs) markup and length.
    for (const [what, value] of mode.name === "over HTTP"
      ? hostile
      : hostile.filter(([what]) => what === "a script tag" || what === "a million characters")) {
      describe(`a hostile or broken link: ${what}`, () => {
        const opening = opened(() => `${mode.page()}#run=${value}`);

        it("shows a short notice and opens the defaults, inert", async () => {
          const {page, errors, dialogs} = opening();
          const notice = page.locator(".oc-notice");
          await expect.poll(() => notice.count()).toBe(1);
          expect((await notice.textContent())!.length).toBeLessThan(200);
          expect(await notice.textContent()).toMatch(/^This link could not be opened \(.+\); the default run is shown instead\.$/);
          expectNumbers(await dashboard(page), run("free", {seed: 1, minutes: 1})[0]);
          expect(await page.locator("main img, main script").count()).toBe(0);
          expect(dialogs).toEqual([]);
          expect(errors).toEqual([]);
        });
      });
    }
  });
}

describe("on-call.html stopping at events", () => {
  const stopping = opened(() => `${server.origin}/on-call.html#run=v1_bad-deploy_s1_m0`);

  it("at x60 stops at the deploy, then at the alert, each with its note; the link keeps no decision", async () => {
    const {page, errors} = stopping();
    const alert = run("bad-deploy", {seed: 1, minutes: 60}).findIndex((m) => m.alert);
    await page.locator("[data-speed='60']").click();
    await page.locator("[data-action=play]").click();
    await expect.poll(() => page.locator("[data-pause]:not([hidden])").getAttribute("data-pause")).toBe("deploy");
    expect(await page.locator("[data-action=play]").getAttribute("aria-pressed")).toBe("false");
    await atMinute(page, 10);
    expect(await page.locator("[data-pause]").textContent()).toBe(
      "Stopped at 09:10: the new build starts rolling out. Watch the error rate and burn (1 h); press Play to go on."
    );
    await expect.poll(() => page.evaluate(() => location.hash)).toBe("#run=v1_bad-deploy_s1_m10_en");
    await page.locator("[data-action=play]").click();
    await expect.poll(() => page.locator("[data-pause]:not([hidden])").getAttribute("data-pause")).toBe("alert");
    await atMinute(page, alert);
    expect(await page.locator("[data-pause]").textContent()).toMatch(
      /^Stopped at 09:\d\d: the fast-burn alert fired, burn \(1 h\) reached 14\.4×/
    );
    expect(await page.locator(".oc-log tbody tr").count()).toBe(0);
    // Turned off, playing goes on past the next minutes; a step forgets the note.
    await page.locator("[data-action=step]").click();
    // (the page handled the click only after the next read in 4 runs of 5 alone)
    await expect.poll(() => page.locator("[data-pause]").isHidden()).toBe(true);
    await page.locator("[data-action=pause-on-events]").uncheck();
    await page.locator("[data-action=play]").click();
    await expect
      .poll(async () => Number(await page.locator(".oc-bar [data-metric=minute]").getAttribute("data-value")))
      .toBeGreaterThan(alert + 20);
    await page.locator("[data-action=play]").click();
    expect(await page.locator("[data-pause]").isHidden()).toBe(true);
    expect(errors).toEqual([]);
  });
});

describe("on-call.html alert resolved", () => {
  const resolvedRun = run("cache-flush", {seed: 1, minutes: 200});
  const fired = resolvedRun.findIndex((m) => m.alert);
  const resolved = resolvedRun.findIndex((m, i) => i > fired && m.burn1h < 14.4);
  const shown = opened(() => `${server.origin}/on-call.html#run=v1_cache-flush_s1_m${resolved}`);

  it("the banner says when burn (1 h) fell back below 14.4×, and not a minute before", async () => {
    const {page, errors} = shown();
    expect(fired).toBeGreaterThan(0);
    await atMinute(page, resolved);
    await expect
      .poll(() => page.locator(".oc-alert").textContent())
      .toBe(
        `Fast-burn alert of ${resolvedRun[fired].clock} (minute ${fired}) resolved at ${resolvedRun[resolved].clock}: the 1 h burn rate fell back below 14.4×.`
      );
    await page.locator(".oc-scrub input").evaluate((input: HTMLInputElement, m) => {
      input.value = String(m);
      input.dispatchEvent(new Event("input", {bubbles: true}));
    }, resolved - 1);
    await atMinute(page, resolved - 1);
    expect(await page.locator(".oc-alert").textContent()).toBe(
      `Fast-burn alert: the 1 h burn rate reached 14.4× at ${resolvedRun[fired].clock} (minute ${fired}).`
    );
    expect(errors).toEqual([]);
  });
});

describe("on-call.html debrief", () => {
  describe("at minute 0", () => {
    const start = opened(() => `${server.origin}/on-call.html#run=v1_surge_s3_m0`);
    it("says there is nothing to compare yet: no table, no chart, no warning glyph", async () => {
      const {page, errors} = start();
      await page.locator(".oc-debrief-box").scrollIntoViewIfNeeded();
      await page.locator("[data-debrief=empty]").waitFor({timeout: pageLoadTimeout});
      const box = page.locator(".oc-debrief-box");
      expect(await box.textContent()).toBe(
        "Minute 0: nothing to compare yet. Play the day or step a minute, and the debrief sets your run beside doing nothing and the textbook response."
      );
      expect(await box.locator("table, svg, figure").count()).toBe(0);
      expect(await page.locator("main").textContent()).not.toContain("⚠");
      expect(errors).toEqual([]);
    });
  });

  describe("with no decision", () => {
    const undecided = opened(() => `${server.origin}/on-call.html#run=v1_bad-deploy_s1_m40`);
    it("while the day runs: your run beside doing nothing as one line, and the textbook only when asked for", async () => {
      const {page, errors} = undecided();
      await page.locator(".oc-debrief-box").scrollIntoViewIfNeeded();
      await page.locator(".oc-debrief table").waitFor({timeout: pageLoadTimeout});
      expect(await page.locator(".oc-debrief").getAttribute("data-textbook-shown")).toBe("false");
      expect(await page.locator(".oc-debrief [data-same]").allTextContents()).toEqual([
        "Your run and doing nothing coincide: one line lies on the other."
      ]);
      // One line for two runs, and no textbook column, line or step before the day's end.
      expect(await page.locator(".oc-debrief svg g[aria-label=line]").count()).toBe(1);
      expect(await page.locator(".oc-debrief td[data-run=textbook]").count()).toBe(0);
      const text = await page.locator(".oc-debrief").textContent();
      expect(text).toContain("Your run = Doing nothing");
      expect(text).not.toContain("Rollback");
      expect(await page.locator(".oc-debrief [data-story=timing]").textContent()).toBe(
        "You made no decision, so your run is the run of doing nothing."
      );
      expect(await page.locator(".oc-debrief [data-story=hidden]").textContent()).toContain("at the day's end, or now if you ask");
      // The chart's x axis in clock time, labelled.
      expect(text).toContain("09:30");
      expect(text).toContain("time of day");
      expect(errors).toEqual([]);
    });
    it("asked for, sets the textbook response beside it: its column, its line and the step you never took", async () => {
      const {page, errors} = undecided();
      await page.locator("[data-action=debrief-textbook]").click();
      await expect.poll(() => page.locator(".oc-debrief").getAttribute("data-textbook-shown")).toBe("true");
      expect(await page.locator(".oc-debrief tr[data-row=budgetLeft] td[data-run]").count()).toBe(3);
      expect(await page.locator(".oc-debrief svg g[aria-label=line]").count()).toBe(2);
      const alert = run("bad-deploy", {seed: 1, minutes: 41}).findIndex((m) => m.alert);
      expect(await page.locator(".oc-debrief [data-story=textbook]").textContent()).toMatch(
        new RegExp(
          `^The one thing the textbook response did differently, at ${run("bad-deploy", {seed: 1, minutes: 41})[alert].clock}: Rollback pressed\\. You never did this\\. That step was worth this to the textbook response: [\\d.]+ points more error budget left`
        )
      );
      expect(errors).toEqual([]);
    });
  });

  describe("after a late rollback", () => {
    const late = opened(() => `${server.origin}/on-call.html?lang=hu#run=v1_bad-deploy_s1_m60_31rollback`);
    it("writes what the rollback did and cost, in the page's language, with the numbers of the table", async () => {
      const {page, errors} = late();
      await page.locator(".oc-debrief-box").scrollIntoViewIfNeeded();
      await page.locator(".oc-debrief table").waitFor({timeout: pageLoadTimeout});
      const decision = await page.locator(".oc-debrief [data-story=decision]").textContent();
      expect(decision).toMatch(
        /^09:31 · Visszaállítás \(rollback\): megnyomva — nyereség: több megmaradt hibakeret \(\+[\d,]+ százalékpont\), kevesebb perc az SLO felett \(−\d+ perc\), .+; ára: nagyobb költség \(\+[\d,]+ \$\)\.$/
      );
      // The budget points against doing nothing are the difference of the table's two cells.
      const cells = await page.locator(".oc-debrief tr[data-row=budgetLeft] td[data-run]").allTextContents();
      const [mine, nothing] = cells.map((c) => Number(c.replace(",", ".").replace(/[^\d.]/g, "")));
      const points = (mine - nothing).toFixed(1).replace(".", ",");
      expect(await page.locator(".oc-debrief [data-story=vsNothing]").textContent()).toContain(
        `nyereség: több megmaradt hibakeret (+${points} százalékpont)`
      );
      // The cost so far is the dashboard's, digit for digit.
      const cost = await page.locator(".oc-debrief tr[data-row=cost] td[data-run=learner]").textContent();
      expect(cost).toBe(await page.locator(".oc-dash [data-metric=costSoFar]").textContent());
      expect(await page.locator(".oc-debrief [data-same]").count()).toBe(0);
      expect(errors).toEqual([]);
    });
  });

  describe("at the day's end, in a cache flush", () => {
    const end = opened(() => `${server.origin}/on-call.html#run=v1_cache-flush_s1_m1439_2sheddingShare0.5_15warmup_15heavyFeatureOff`);
    it("compares with the textbook without asking, zooms to the incident (the whole day on request), your line on top", async () => {
      const {page, errors} = end();
      await page.locator(".oc-debrief-box").scrollIntoViewIfNeeded();
      await page.locator(".oc-debrief table").waitFor({timeout: pageLoadTimeout});
      expect(await page.locator(".oc-debrief").getAttribute("data-textbook-shown")).toBe("true");
      expect(await page.locator("[data-action=debrief-textbook]").count()).toBe(0);
      expect(await page.locator(".oc-debrief [data-story=worst]").textContent()).toMatch(
        /because the database was (nearly )?saturated \(\d+ q\/s against its capacity of 4000 q\/s/
      );
      // Shedding half from 11:47 is set beside the textbook's shedding, never "you never did this".
      expect(await page.locator(".oc-debrief [data-story=textbook]").textContent()).toMatch(
        /^The one thing the textbook response did differently: at 1\d:\d\d it set Load shedding to (100|0) %; you had set it to 50 % at 11:47\./
      );
      const figure = page.locator(".oc-debrief svg[data-span]");
      const [from, to] = (await figure.getAttribute("data-span"))!.split("-").map(Number);
      expect(from).toBe(0);
      expect(to).toBeLessThan(200);
      const strokes = await page.locator(".oc-debrief svg g[aria-label=line]").evaluateAll((gs) => gs.map((g) => g.getAttribute("stroke")));
      expect(strokes.at(-1)).toContain("--qb-c-blue");
      await page.locator("[data-action=debrief-zoom]").click();
      await expect.poll(() => page.locator(".oc-debrief svg[data-span]").getAttribute("data-span")).toBe("0-1439");
      expect(errors).toEqual([]);
    });
  });

  describe("on a phone (390 × 844)", () => {
    const phone = loadOnce(() => open(`${server.origin}/on-call.html#run=v1_surge_s1_m90_36autoscalingOn`, {width: 390, height: 844}));
    it("fits the chart in the screen, with tick labels of at least 12 px", async () => {
      const {page, errors} = phone();
      await page.locator(".oc-debrief-box").scrollIntoViewIfNeeded();
      const figure = page.locator(".oc-debrief svg[data-span]");
      await figure.waitFor({timeout: pageLoadTimeout});
      const box = (await figure.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      const sizes = await figure.evaluate((svg) =>
        [...svg.querySelectorAll("text")].map((t) => Number.parseFloat(getComputedStyle(t).fontSize))
      );
      expect(Math.min(...sizes)).toBeGreaterThanOrEqual(12);
      expect(errors).toEqual([]);
    });
  });
});

describe("on-call.html charts", () => {
  const charted = opened(() => `${server.origin}/on-call.html#run=v1_bad-deploy_s1_m40_33rollback`);

  it("draw every chart up to the minute shown, with the deploy, each decision and the alert marked", async () => {
    const {page, errors} = charted();
    const alert = run("bad-deploy", {seed: 1, minutes: 41, actions: [{minute: 33, press: "rollback"}]}).findIndex((m) => m.alert);
    expect(alert).toBeGreaterThan(10);
    const charts = page.locator(".oc-chart[data-chart]");
    expect(await charts.count()).toBe(9);
    const marks = () =>
      charts.evaluateAll((all) =>
        all.map((c) =>
          [...c.querySelectorAll("[data-event]")]
            .map((e) => e.getAttribute("data-event"))
            .sort()
            .join(",")
        )
      );
    const expected = ["alert", "decision", "deploy"].join(",");
    await expect.poll(marks).toEqual(Array(9).fill(expected));
    // Each chart is cut at the minute: the clip's right edge moves with the minute.
    const clipWidth = () => page.locator("[data-chart=burn] clipPath[id^=oc] rect").getAttribute("width").then(Number);
    const before = await clipWidth();
    await page.locator("[data-action=step]").click();
    await atMinute(page, 41);
    await expect.poll(clipWidth).toBeGreaterThan(before);
    const plotWidth = await page.locator("[data-chart=burn] svg").getAttribute("width").then(Number);
    expect(await clipWidth()).toBeLessThan(plotWidth / 2);
    expect(await page.locator("[data-chart=burn] .oc-events line").count()).toBe(3);
    const fired = run("bad-deploy", {seed: 1, minutes: 41})[alert];
    expect(await page.locator(".oc-alert").textContent()).toBe(
      `Fast-burn alert: the 1 h burn rate reached 14.4× at ${fired.clock} (minute ${alert}).`
    );
    // The x axis in clock time with its label; the deploy's and the alert's labels apart.
    expect(await page.locator("[data-chart=burn] svg").textContent()).toContain("time of day");
    expect(await page.locator("[data-chart=burn] svg").textContent()).toContain("09:30");
    expect(await labelsOverlap(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});

/** Pairs of event labels on the first chart whose drawn boxes overlap (none is the rule). */
async function labelsOverlap(page: Page): Promise<string[]> {
  await page.locator(".oc-chart[data-chart] text[data-label]").first().waitFor({timeout: pageLoadTimeout});
  return page.evaluate(() => {
    const boxes = [...document.querySelectorAll<SVGTextElement>(".oc-chart[data-chart] text[data-label]")].map((e) => ({
      kind: e.dataset.label,
      r: e.getBoundingClientRect()
    }));
    const hits: string[] = [];
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i].r,
          b = boxes[j].r;
        if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) hits.push(`${boxes[i].kind}/${boxes[j].kind}`);
      }
    return hits;
  });
}

describe("on-call.html event labels", () => {
  // The deploy and the alert (19 minutes apart), the flush and the alert in the next minute, on a
  // phone (a 260 px chart) and at 1280 px, in the language with the longest words.
  for (const [what, link, lang] of [
    ["deploy and alert", "v1_bad-deploy_s1_m40", "hu"],
    ["flush and alert", "v1_cache-flush_s1_m40", "ig"],
    ["flush and alert", "v1_cache-flush_s1_m40", "pt"]
  ] as const) {
    for (const viewport of [
      {width: 390, height: 844},
      {width: 1280, height: 720}
    ]) {
      describe(`${what} in ${lang} at ${viewport.width} px`, () => {
        const labelled = loadOnce(() => open(`${server.origin}/on-call.html?lang=${lang}#run=${link}`, viewport));
        it("never overlap", async () => {
          const {page, errors} = labelled();
          await page.locator(".oc-charts").scrollIntoViewIfNeeded();
          await expect.poll(() => page.locator("[data-chart=requests] text[data-label]").count()).toBe(2);
          expect(await labelsOverlap(page)).toEqual([]);
          expect(errors).toEqual([]);
        });
      });
    }
  }
});

describe("on-call.html model", () => {
  const link = "v1_cache-flush_s7_m41_15warmup";
  const modelled = opened(() => `${server.origin}/on-call.html?lang=hu#run=${link}`);

  it("shows each relation with the values of the minute shown, as formulas.ts computes them", async () => {
    const {page, errors} = modelled();
    await page.locator(".oc-model").scrollIntoViewIfNeeded();
    const values = page.locator(".oc-values[data-formula]");
    await expect.poll(() => values.evaluateAll((all) => all.filter((e) => e.querySelector(".katex")).length)).toBe(formulaIds.length);
    const expected = formulas(simulateRun(openRun(link).run), 41, {decimal: ","});
    const shown = await values.evaluateAll((all) =>
      Object.fromEntries(all.map((e) => [e.getAttribute("data-formula"), Number(e.getAttribute("data-result"))]))
    );
    expect(shown).toEqual(Object.fromEntries(expected.map((f) => [f.id, f.result])));
    // Hungarian writes the decimal comma in the formulas too.
    expect(await page.locator(".oc-values[data-formula=erlangC]").innerText()).toMatch(/\d,\d/);
    expect(await page.locator(".oc-model").innerText()).toContain("41. perc");
    // A citation scrolls to its source and leaves the run in the link.
    await page.locator(".oc-cite", {hasText: "[5]"}).first().click();
    await expect.poll(() => page.locator("#oc-source-5").evaluate((e) => Math.abs(e.getBoundingClientRect().top) < innerHeight)).toBe(true);
    expect(await page.evaluate(() => location.hash)).toBe(`#run=${link.replace("_m41_", "_m41_hu_")}`);
    expect(errors).toEqual([]);
  });
});

describe("on-call.html in each language", () => {
  for (const lang of ["hu", "pt", "ig"]) {
    describe(`?lang=${lang} from file://`, () => {
      const shownIn = opened(() => `file://${out}/on-call.html?lang=${lang}#run=v1_bad-deploy_s1_m0`);

      it("shows the seed's texts and number formats", async () => {
        const {strings, opening} = readSeed(lang);
        const {page, errors} = shownIn();
        await expect.poll(() => page.locator("[data-brief]").textContent()).toBe(strings["brief.bad-deploy"]);
        expect(await page.locator(".oc-dash .oc-label").allTextContents()).toEqual(
          dashboardMetrics.map(({field}) => strings[`metric.${field}`])
        );
        for (const name of [
          "fleetMin",
          "autoscaling",
          "targetUtilization",
          "ttlS",
          "warmup",
          "sheddingShare",
          "heavyFeature",
          "rollback"
        ]) {
          expect(await page.locator(`[data-control=${name}] .oc-help`).last().textContent()).toBe(strings[`help.${name}`]);
        }
        expect(await page.locator("[data-footer]").textContent()).toBe(strings.footer);
        expect(await page.locator("main").textContent()).toContain(strings.intro);
        expect(await page.locator("main").textContent()).toContain(strings["note.approximation"]);
        // Free play's opening dashboard, written as the seed writes it.
        await page.locator("select[name=scenario]").selectOption("free");
        const texts = async () => {
          const shown = await dashboard(page);
          return Object.fromEntries(dashboardMetrics.map(({field}) => [field, shown[field].text]));
        };
        await expect.poll(texts).toEqual(opening);
        expect(errors).toEqual([]);
      });
    });
  }

  for (const lang of ["en", "hu", "pt", "ig"]) {
    describe(`?lang=${lang} on a phone`, () => {
      // Laid out in full: the debrief drawn, and the model's formulas typeset once scrolled to.
      const phone = loadOnce(async () => {
        const shown = await open(`${server.origin}/on-call.html?lang=${lang}#run=v1_surge_s3_m70_20fleetMin14`, {width: 390, height: 844});
        await shown.page.locator(".oc-debrief table").waitFor({timeout: pageLoadTimeout});
        await shown.page.locator(".oc-model").scrollIntoViewIfNeeded({timeout: pageLoadTimeout});
        await shown.page.locator(".oc-values .katex").first().waitFor({timeout: pageLoadTimeout});
        return shown;
      });

      it("fits the phone's width (390 px): nothing overflows sideways", async () => {
        const {page, errors} = phone();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
        expect(errors).toEqual([]);
      });
    });
  }

  describe("a link that names a language", () => {
    const named = opened(() => `${server.origin}/on-call.html#run=v1_free_s1_m0_pt`);

    it("opens in it, and the picker switches the page without a reload", async () => {
      const {page, errors} = named();
      await expect.poll(() => page.locator(".oc-dash .oc-label").first().textContent()).toBe(readSeed("pt").strings["metric.burn1h"]);
      expect((await dashboard(page)).burn1h.text).toBe("0,0 ×");
      await page.evaluate(() => ((window as any).__marker = 1));
      await page.locator("select.qb-lang-picker").selectOption("ig");
      await expect.poll(() => page.locator(".oc-dash .oc-label").first().textContent()).toBe(readSeed("ig").strings["metric.burn1h"]);
      expect((await dashboard(page)).fleetCostPerHour.text).toBe("4.00 $/h");
      expect(await page.evaluate(() => (window as any).__marker)).toBe(1);
      await expect.poll(() => page.evaluate(() => location.search + location.hash)).toBe("?lang=ig#run=v1_free_s1_m0_ig");
      expect(errors).toEqual([]);
    });
  });
});
