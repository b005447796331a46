// The on-call notebook in headless Chromium, over HTTP and from file://: the opening dashboard
// as the seeds show it, play, a decision recorded in the log, the URL and the numbers, a copied
// link replaying to the numbers of `queuebook sim --run`, hostile links, and the four languages.
import {execFileSync} from "node:child_process";
import {readFileSync} from "node:fs";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {Browser, Page} from "playwright-core";
import {run} from "../../src/sim/run.js";
import type {MinuteMetrics} from "../../src/sim/metrics.js";
import {dashboardMetrics} from "../../src/components/oncall/format.js";
import {formulaIds, formulas} from "../../src/components/oncall/formulas.js";
import {simulateRun} from "../../src/components/oncall/session.js";
import {openRun} from "../../src/components/oncall/url.js";
import {haveSeeds, readSeed} from "../components/oncall/seeds.js";
import {startSite, type SiteFixture} from "./harness.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
const specPath = join(packageRoot, "../shared/spec/oncall-simulator.md");
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

/** Opens the page (a fresh tab), recording errors and dialogs; waits for the dashboard. */
async function open(url: string) {
  const page = await browser.newPage({viewport: {width: 1280, height: 720}});
  const errors: string[] = [];
  const dialogs: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("dialog", (d) => (dialogs.push(d.message()), void d.dismiss()));
  await page.goto(url);
  await page.locator(".oc-dash [data-metric=recommendationsShare][data-value]").waitFor();
  return {page, errors, dialogs};
}

/** The dashboard as shown: text and raw value of each data-metric element. */
async function dashboard(page: Page): Promise<Record<string, {text: string; value: string}>> {
  return page.evaluate(() =>
    Object.fromEntries([...document.querySelectorAll<HTMLElement>("[data-metric]")].map((e) => [e.dataset.metric!, {text: e.textContent ?? "", value: e.dataset.value ?? ""}]))
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
    it("opens on free play's minute 0 with the dashboard of the spec, in its order and formats", async () => {
      const {page, errors} = await open(mode.page());
      const shown = await dashboard(page);
      expectNumbers(shown, run("free", {seed: 1, minutes: 1})[0]);
      // The spec's English dashboard table: label and opening value of each row, in order.
      const spec = readFileSync(specPath, "utf8");
      const table = spec.slice(spec.indexOf("| metric | opening value |"), spec.indexOf("The opening values follow"));
      const rows = table.split("\n").filter((l) => l.startsWith("| ") && !l.startsWith("| metric")).map((l) => l.split("|").slice(1, 3).map((c) => c.trim()));
      expect(rows.length).toBe(12);
      const labels = await page.locator(".oc-dash .oc-label").allTextContents();
      expect(labels).toEqual(rows.map((r) => r[0]));
      expect(dashboardMetrics.map(({field}) => shown[field].text)).toEqual(rows.map((r) => r[1]));
      expect(shown.clock.text).toBe("08:00");
      expect(errors).toEqual([]);
      await page.close();
    });

    it("plays: the minute and the clock advance, and pause stops them", async () => {
      const {page, errors} = await open(`${mode.page()}#run=v1_surge_s4_m0`);
      await page.locator("[data-speed='60']").click();
      await page.locator("[data-action=play]").click();
      await expect.poll(async () => Number(await page.locator(".oc-bar [data-metric=minute]").getAttribute("data-value"))).toBeGreaterThan(5);
      await page.locator("[data-action=play]").click();
      const stopped = Number(await page.locator(".oc-bar [data-metric=minute]").getAttribute("data-value"));
      await page.locator("[data-action=step]").click();
      await atMinute(page, stopped + 1);
      expectNumbers(await dashboard(page), run("surge", {seed: 4, minutes: stopped + 2})[stopped + 1]);
      await expect.poll(() => page.evaluate(() => location.hash)).toBe(`#run=v1_surge_s4_m${stopped + 1}_en`);
      expect(errors).toEqual([]);
      await page.close();
    });

    it("a control change at a minute shows in the log, the URL and the numbers", async () => {
      const {page, errors} = await open(`${mode.page()}#run=v1_bad-deploy_s2_m12`);
      await atMinute(page, 12);
      await slide(page, "fleetMin", 14);
      await page.locator("[data-control=autoscaling] input").check();
      await page.locator("[data-control=rollback] button").click();
      const actions = [{minute: 12, set: {fleetMin: 14}}, {minute: 12, set: {autoscaling: true}}, {minute: 12, press: "rollback" as const}];
      await expect.poll(() => page.locator(".oc-log tbody tr").count()).toBe(3);
      const rows = await page.locator(".oc-log tbody tr").evaluateAll((trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent)));
      expect(rows).toEqual([
        ["12", "09:12", "Fleet minimum: 10 → 14"],
        ["12", "09:12", "Autoscaling (target utilization): off → on"],
        ["12", "09:12", "Rollback pressed"]
      ]);
      await expect.poll(() => page.evaluate(() => location.hash)).toBe("#run=v1_bad-deploy_s2_m12_en_12fleetMin14_12autoscalingOn_12rollback");
      const model = run("bad-deploy", {seed: 2, minutes: 13, actions});
      expectNumbers(await dashboard(page), model[12]);
      expect((await dashboard(page)).starting.text).toBe("4");
      // The page's own link to this moment opens the same run at the same minute.
      await expect.poll(() => page.locator("[data-share]").inputValue()).toContain("12rollback");
      const copied = await open(await page.locator("[data-share]").inputValue());
      await atMinute(copied.page, 12);
      expect(await dashboard(copied.page)).toEqual(await dashboard(page));
      expect(await copied.page.locator(".oc-log tbody tr").count()).toBe(3);
      expect(copied.errors).toEqual([]);
      await copied.page.close();
      expect(errors).toEqual([]);
      await page.close();
    });

    it("a copied link opens the same run at the same minute, with the numbers of `queuebook sim --run`", async () => {
      const link = "on-call.html#run=v1_cache-flush_s7_m41_15warmup_15sheddingShare0.5~heavyFeatureOff_30ttlS120";
      const {page, errors} = await open(mode.page().replace("on-call.html", link));
      await atMinute(page, 41);
      const cli = JSON.parse(execFileSync(process.execPath, [join(packageRoot, "bin/queuebook.js"), "sim", "--run", link, "--format", "json"], {encoding: "utf8"})) as MinuteMetrics[];
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
      await page.close();
    });

    it("a hostile or broken link shows a short notice and opens the defaults, inert", async () => {
      const hostile = [
        encodeURIComponent("<script>alert(1)</script>"),
        encodeURIComponent('{"scenario":"surge","seed":1}'),
        "v1_free_s1_m0_1fleetMin1e308",
        "v1_free_s1_m0_3%3Cimg%20src%3Dx%20onerror%3Dalert(2)%3E",
        "v1_free_s1_m0_1fleetMin9~evilOn",
        "%E0%A4%A",
        "v1_" + "a".repeat(1_000_000)
      ];
      for (const value of hostile) {
        const {page, errors, dialogs} = await open(`${mode.page()}#run=${value}`);
        const notice = page.locator(".oc-notice");
        await expect.poll(() => notice.count()).toBe(1);
        expect((await notice.textContent())!.length).toBeLessThan(200);
        expect(await notice.textContent()).toMatch(/^This link could not be opened \(.+\); the default run is shown instead\.$/);
        expectNumbers(await dashboard(page), run("free", {seed: 1, minutes: 1})[0]);
        expect(await page.locator("main img, main script").count()).toBe(0);
        expect(dialogs).toEqual([]);
        expect(errors).toEqual([]);
        await page.close();
      }
    }, 60_000);
  });
}

describe("on-call.html charts", () => {
  it("draw every chart up to the minute shown, with the deploy, each decision and the alert marked", async () => {
    const {page, errors} = await open(`${server.origin}/on-call.html#run=v1_bad-deploy_s1_m40_33rollback`);
    const alert = run("bad-deploy", {seed: 1, minutes: 41, actions: [{minute: 33, press: "rollback"}]}).findIndex((m) => m.alert);
    expect(alert).toBeGreaterThan(10);
    const charts = page.locator(".oc-chart[data-chart]");
    expect(await charts.count()).toBe(9);
    const marks = () => charts.evaluateAll((all) => all.map((c) => [...c.querySelectorAll("[data-event]")].map((e) => e.getAttribute("data-event")).sort().join(",")));
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
    expect(await page.locator(".oc-alert").textContent()).toBe(`Fast-burn alert: the 1 h burn rate reached 14.4× at ${fired.clock} (minute ${alert}).`);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe("on-call.html model", () => {
  it("shows each relation with the values of the minute shown, as formulas.ts computes them", async () => {
    const link = "v1_cache-flush_s7_m41_15warmup";
    const {page, errors} = await open(`${server.origin}/on-call.html?lang=hu#run=${link}`);
    await page.locator(".oc-model").scrollIntoViewIfNeeded();
    const values = page.locator(".oc-values[data-formula]");
    await expect.poll(() => values.evaluateAll((all) => all.filter((e) => e.querySelector(".katex")).length)).toBe(formulaIds.length);
    const opened = openRun(link).run;
    const expected = formulas(simulateRun(opened), 41, {decimal: ","});
    const shown = await values.evaluateAll((all) => Object.fromEntries(all.map((e) => [e.getAttribute("data-formula"), Number(e.getAttribute("data-result"))])));
    expect(shown).toEqual(Object.fromEntries(expected.map((f) => [f.id, f.result])));
    // Hungarian writes the decimal comma in the formulas too.
    expect(await page.locator(".oc-values[data-formula=erlangC]").innerText()).toMatch(/\d,\d/);
    expect(await page.locator(".oc-model").innerText()).toContain("41. perc");
    // A citation scrolls to its source and leaves the run in the link.
    await page.locator(".oc-cite", {hasText: "[5]"}).first().click();
    await expect.poll(() => page.locator("#oc-source-5").evaluate((e) => Math.abs(e.getBoundingClientRect().top) < innerHeight)).toBe(true);
    expect(await page.evaluate(() => location.hash)).toBe(`#run=${link.replace("_m41_", "_m41_hu_")}`);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe.skipIf(!haveSeeds)("on-call.html in each language", () => {
  for (const lang of ["hu", "pt", "ig"]) {
    it(`?lang=${lang} shows the seed's texts and number formats, from file://`, async () => {
      const {strings, opening} = readSeed(lang);
      const {page, errors} = await open(`file://${out}/on-call.html?lang=${lang}#run=v1_bad-deploy_s1_m0`);
      await expect.poll(() => page.locator("[data-brief]").textContent()).toBe(strings["brief.bad-deploy"]);
      expect(await page.locator(".oc-dash .oc-label").allTextContents()).toEqual(dashboardMetrics.map(({field}) => strings[`metric.${field}`]));
      for (const name of ["fleetMin", "autoscaling", "targetUtilization", "ttlS", "warmup", "sheddingShare", "heavyFeature", "rollback"]) {
        expect(await page.locator(`[data-control=${name}] .oc-help`).last().textContent()).toBe(strings[`help.${name}`]);
      }
      expect(await page.locator("[data-footer]").textContent()).toBe(strings.footer);
      expect(await page.locator("main").textContent()).toContain(strings.intro);
      expect(await page.locator("main").textContent()).toContain(strings["note.approximation"]);
      // Free play's opening dashboard, written as the seed writes it.
      await page.locator("select[name=scenario]").selectOption("free");
      await expect.poll(async () => dashboardMetrics.map(({field}) => field).reduce(async (acc, field) => ({...(await acc), [field]: (await dashboard(page))[field].text}), Promise.resolve({}))).toEqual(opening);
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it("fits a phone's width (390 px) in every language: nothing overflows sideways", async () => {
    for (const lang of ["en", "hu", "pt", "ig"]) {
      const page = await browser.newPage({viewport: {width: 390, height: 844}});
      await page.goto(`${server.origin}/on-call.html?lang=${lang}#run=v1_surge_s3_m70_20fleetMin14`);
      await page.locator(".oc-debrief table").waitFor();
      await page.locator(".oc-model").scrollIntoViewIfNeeded();
      await page.locator(".oc-values .katex").first().waitFor();
      expect([lang, await page.evaluate(() => document.documentElement.scrollWidth)]).toEqual([lang, 390]);
      await page.close();
    }
  });

  it("a link that names a language opens in it, and the picker switches the page without a reload", async () => {
    const {page, errors} = await open(`${server.origin}/on-call.html#run=v1_free_s1_m0_pt`);
    await expect.poll(() => page.locator(".oc-dash .oc-label").first().textContent()).toBe(readSeed("pt").strings["metric.burn1h"]);
    expect((await dashboard(page)).burn1h.text).toBe("0,0 ×");
    await page.evaluate(() => ((window as any).__marker = 1));
    await page.locator("select.qb-lang-picker").selectOption("ig");
    await expect.poll(() => page.locator(".oc-dash .oc-label").first().textContent()).toBe(readSeed("ig").strings["metric.burn1h"]);
    expect((await dashboard(page)).fleetCostPerHour.text).toBe("4.00 $/h");
    expect(await page.evaluate(() => (window as any).__marker)).toBe(1);
    await expect.poll(() => page.evaluate(() => location.search + location.hash)).toBe("?lang=ig#run=v1_free_s1_m0_ig");
    expect(errors).toEqual([]);
    await page.close();
  });
});
