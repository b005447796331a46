// The retry-storm lesson in headless Chromium, over HTTP and from file://: the page keeps the
// on-call page's public contracts (data-metric/data-value on the dashboard and the minute,
// data-action="play", data-speed, a run= link), its numbers are the retry model's, a decision
// goes into the link and `queuebook sim --run` replays that link to the numbers shown, the
// debrief sets the run beside doing nothing and the textbook, and a broken link opens the
// lesson's own defaults with a notice. Each page loads once per block (pages.ts).
import {execFileSync} from "node:child_process";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {Browser, Page} from "playwright-core";
import {retryStorm, simulateRetry, type RetryMetrics} from "../../src/sim/retry/model.js";
import {type SiteFixture, startSite, takeTab} from "./harness.js";
import {loadOnce, pageLoadTimeout} from "./pages.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
let browser: Browser;
let site: SiteFixture;

beforeAll(async () => {
  site = await startSite(join(packageRoot, "notebooks"), {prefix: "queuebook-retry-storm"});
  browser = site.browser;
}, 120_000);

afterAll(async () => {
  await site?.close();
});

const modes = [
  {name: "over HTTP", page: () => `${site.origin}/retry-storm.html`},
  {name: "from file://", page: () => `file://${site.out}/retry-storm.html`}
];

/** The fields the lesson's dashboard shows. */
const fields = ["burn1h", "offered", "admitted", "goodput", "retryShare", "errorRate", "queueWaitS", "budgetLeft"] as const;

/** Opens a page and waits until its dashboard is drawn; records errors. */
async function open(url: string): Promise<{page: Page; errors: string[]}> {
  const page = await takeTab(browser, {viewport: {width: 1280, height: 720}});
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.goto(url, {timeout: pageLoadTimeout});
  await page.locator(".oc-dash [data-metric=budgetLeft][data-value]").waitFor({timeout: pageLoadTimeout});
  return {page, errors};
}

/** The dashboard's raw values by field, and the minute. */
async function shown(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() =>
    Object.fromEntries([...document.querySelectorAll<HTMLElement>("[data-metric]")].map((e) => [e.dataset.metric!, e.dataset.value ?? ""]))
  );
}

function expectMinute(values: Record<string, string>, metrics: RetryMetrics): void {
  for (const field of fields) expect([field, values[field]]).toEqual([field, String(metrics[field])]);
  expect(values.minute).toBe(String(metrics.minute));
  expect(values.clock).toBe(metrics.clock);
}

for (const mode of modes) {
  describe(`retry-storm.html ${mode.name}`, () => {
    describe("at minute 40 of a link", () => {
      const loaded = loadOnce(() => open(`${mode.page()}#run=v1_retry-storm_s3_m40`));
      it("shows the retry model's minute on the dashboard (data-metric, data-value), and no errors", async () => {
        const {page, errors} = loaded();
        expectMinute(await shown(page), simulateRetry(retryStorm, {seed: 3, minutes: 41}).metrics[40]);
        expect(errors).toEqual([]);
      });
      it("debriefs the run beside doing nothing, and beside the textbook response when asked", async () => {
        const {page} = loaded();
        const row = page.locator(".oc-debrief tr[data-row=budgetLeft]");
        await row.waitFor({timeout: 10_000});
        expect(await row.locator("td[data-run]").count()).toBe(2);
        await page.locator("[data-action=debrief-textbook]").click();
        await expect.poll(() => row.locator("td[data-run]").count()).toBe(3);
        const cells = await row.locator("td[data-run]").allTextContents();
        const [learner, nothing, textbook] = cells.map((c) => Number.parseFloat(c));
        expect(learner).toBe(nothing);
        expect(textbook).toBeGreaterThan(nothing);
        expect(await page.locator(".oc-debrief [data-textbook] li").allTextContents()).toEqual([
          expect.stringMatching(/Retry budget: 100 % → 10 %; Backoff: none → exponential; Jitter: off → on/)
        ]);
        // Every word of the debrief is in the lesson's locale: no key shown raw.
        expect(await page.locator(".oc-debrief").textContent()).not.toMatch(/\b(story|amount|debrief|cause|chart)\.[a-zA-Z]/);
      });
    });

    describe("played, then a decision", () => {
      const loaded = loadOnce(() => open(mode.page()));
      it("plays with data-action=play at data-speed, and pauses", async () => {
        const {page} = loaded();
        await page.locator("[data-speed='60']").click();
        await page.locator("[data-action=play]").click();
        await expect.poll(async () => Number((await shown(page)).minute), {timeout: 10_000}).toBeGreaterThan(3);
        await page.locator("[data-action=play]").click();
        await expect.poll(() => page.locator("[data-action=play]").getAttribute("aria-pressed")).toBe("false");
      });
      it("records a decision in the log and the link, and `queuebook sim --run` replays the link to the numbers shown", async () => {
        const {page} = loaded();
        await page.locator("[data-control=retryBudget] input[type=range]").evaluate((input: HTMLInputElement) => {
          input.value = "10";
          input.dispatchEvent(new Event("input", {bubbles: true}));
          input.dispatchEvent(new Event("change", {bubbles: true}));
        });
        await page.locator("[data-control=backoff] select").selectOption("2");
        // Two controls, two decisions at the same minute.
        await expect.poll(() => page.locator(".oc-log tbody tr").count()).toBe(2);
        const before = Number((await shown(page)).minute);
        await page.locator("[data-action=step]").click();
        // (read once the step has drawn: a loaded machine showed the minute before it)
        await expect.poll(async () => Number((await shown(page)).minute)).toBe(before + 1);
        const minute = before + 1;
        await expect
          .poll(() => page.evaluate(() => location.hash))
          .toMatch(new RegExp(`^#run=v1_retry-storm_s1_m${minute}_en_${minute - 1}retryBudget0\\.1_${minute - 1}backoff2$`));
        const link = await page.locator("[data-share]").inputValue();
        // Over HTTP the page's own address; from a file the page-relative link (a path on this
        // computer opens nowhere else), with the sentence saying how to send it.
        const href = await page.evaluate(() => location.href);
        expect(link).toBe(href.startsWith("file:") ? `retry-storm.html${new URL(href).hash}` : href);
        expect(await page.locator("[data-share-hint]").isVisible()).toBe(href.startsWith("file:"));
        const cli = JSON.parse(
          execFileSync(process.execPath, [join(packageRoot, "bin/queuebook.js"), "sim", "--run", link, "--format", "json"], {
            encoding: "utf8"
          })
        ) as RetryMetrics[];
        expect(cli).toHaveLength(minute + 1);
        expectMinute(await shown(page), cli[minute]);
      });
    });

    describe("a link it cannot open", () => {
      const loaded = loadOnce(() => open(`${mode.page()}#run=v1_surge_s1_m5_3fleetMin4`));
      it("opens the lesson's own defaults with a short notice", async () => {
        const {page} = loaded();
        expect(await page.locator("[data-notice]").getAttribute("data-notice")).toBe("scenario");
        const values = await shown(page);
        expectMinute(values, simulateRetry(retryStorm, {seed: 1, minutes: 1}).metrics[0]);
      });
    });
  });
}
