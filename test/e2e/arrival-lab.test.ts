// The arrival-lab notebook in real headless Chromium, built from notebooks/: its figures are
// the committed answer files; an upload of other runs (made with src/lab's simulation)
// recomputes them to what `lab analyze` gives; a broken upload shows file:line:column and
// changes nothing; downloads are byte-equal to `lab analyze`; ?lang=ja is Japanese; file:// works.
import {mkdtemp, readFile, rm, truncate, writeFile} from "node:fs/promises";
import {readdirSync, readFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {Browser, Page} from "playwright-core";
import {analyzeLab, outputNames} from "../../src/lab/analyze.js";
import {simulateLabFiles} from "../../src/lab/simLab.js";
import {parseRun} from "../../src/lab/csv.js";
import {gradeLab, inputNames} from "../../src/lab/grade.js";
import {maxLabFileBytes} from "../../src/lab/limits.js";
import {releaseTab, type SiteFixture, startSite, takeTab} from "./harness.js";
import {settle} from "../../src/site/snapshot.js";
import {readFixture} from "../support/fixtures.js";
import {labRuns} from "../../src/components/lab/runs.js";
import {translator} from "../../src/components/i18n.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
const dataDir = join(packageRoot, "notebooks/data/arrival-lab");
const committed = new Map(readdirSync(dataDir).map((name) => [name, readFileSync(join(dataDir, name), "utf8")]));
const seed = readFixture("seeds/003_13d5c54a9ee7623f.txt").split("\n");
const en = JSON.parse(readFileSync(join(packageRoot, "notebooks/locales/arrival-lab/en.json"), "utf8"));
const ja = JSON.parse(readFileSync(join(packageRoot, "notebooks/locales/arrival-lab/ja.json"), "utf8"));

// Other runs: another server (3 workers × 30 ms, bursts of 10) simulated by src/lab.
const other = simulateLabFiles({serviceMs: 30, workers: 3, burstSize: 10, networkS: 0.0015, seed: 5});
const otherAnswers = new Map(analyzeLab((name) => other.get(name)).files);

let browser: Browser;
let tmp: string;
let out: string;
let server: {origin: string};
let site: SiteFixture;

beforeAll(async () => {
  // tmp holds the files the tests upload; the built site lives in the fixture's own folder
  tmp = await mkdtemp(join(tmpdir(), "queuebook-arrival-lab-"));
  for (const [name, text] of other) await writeFile(join(tmp, name), text);
  site = await startSite(join(packageRoot, "notebooks"), {prefix: "queuebook-arrival-lab-site"});
  ({browser, out} = site);
  server = site;
}, 120_000);

afterAll(async () => {
  await site?.close();
  if (tmp) await rm(tmp, {recursive: true, force: true});
});

async function open(url: string) {
  const page = await takeTab(browser);
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(url);
  await expect.poll(() => page.locator("pre.lab-answer").count(), {timeout: 20_000}).toBe(8); // 7 answer files as figures + step 8's worked example
  return {page, errors};
}

/** The answer files as the page shows them (the worked example in step 8 is the committed file, not a figure). */
async function shownAnswers(page: Page): Promise<Map<string, string>> {
  const pairs = await page
    .locator("pre.lab-answer")
    .evaluateAll((nodes) => nodes.map((n) => [n.getAttribute("data-file"), n.textContent] as [string, string]));
  // Step 8 shows the committed arrival-model.txt as its worked example; the analysis' proposal is in the downloads.
  return new Map(pairs.filter(([name]) => name !== "arrival-model.txt"));
}

/** Each download's bytes, by activating its link. */
async function downloads(page: Page): Promise<Map<string, string>> {
  // On a settled page: a link a late cell draws again between the pointer's press and release
  // gets no click (seen at the suite's cold start in a fresh clone: no download in 30 s).
  await settle(page);
  const files = new Map<string, string>();
  for (const name of outputNames) {
    // Focused and Enter, as a keyboard reader does: a pointer's click lands where the link was
    // measured, and a layout still moving as off-screen parts render can put another element there.
    const link = page.locator(`a[download="${name}"]`);
    await link.focus();
    const [download] = await Promise.all([page.waitForEvent("download"), link.press("Enter")]);
    expect(download.suggestedFilename()).toBe(name);
    files.set(name, await readFile((await download.path())!, "utf8"));
  }
  return files;
}

/**
 * Before the page's scripts: counts the workers it makes (and from which kind of URL) and keeps
 * every line the upload status shows and whether a <progress> was in it, as they appear.
 */
async function watchUploads(page: Page) {
  await page.addInitScript(() => {
    const w = window as any;
    w.__workers = [];
    const Original = window.Worker;
    w.Worker = class extends Original {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        w.__workers.push(String(url).split(":")[0]);
      }
    };
    w.__status = [];
    new MutationObserver(() => {
      const status = document.querySelector(".lab-upload-status");
      if (!status) return;
      const seen = {
        text: (status as HTMLElement).innerText,
        progress: status.querySelector("progress") !== null,
        live: status.getAttribute("aria-live")
      };
      if (JSON.stringify(w.__status.at(-1)) !== JSON.stringify(seen)) w.__status.push(seen);
    }).observe(document, {subtree: true, childList: true, characterData: true});
  });
}

/** Uploads the other runs and checks they were read in a worker made from a Blob, with progress shown politely. */
async function uploadsInWorker(page: Page) {
  await page.locator("input[name=lab-files]").setInputFiles([...other.keys()].map((name) => join(tmp, name)));
  await expect.poll(() => page.locator(`pre.lab-answer[data-file="latency.tsv"]`).textContent()).toBe(otherAnswers.get("latency.tsv"));
  expect(await page.evaluate(() => (window as any).__workers)).toEqual(["blob"]);
  const status: {text: string; progress: boolean; live: string}[] = await page.evaluate(() => (window as any).__status);
  const working = status.filter((s) => s.progress);
  expect(working.length).toBeGreaterThan(0);
  const line = /^Reading (\S+): (\d+) %$/.exec(working[0].text.trim());
  expect(line, working[0].text).not.toBeNull();
  expect([...other.keys()]).toContain(line![1]);
  expect(working.every((s) => s.live === "polite")).toBe(true);
  expect(status.at(-1)!.progress).toBe(false); // done: the list of what loaded replaces the bar
  expect(status.at(-1)!.text).toContain("srv-burst.csv");
}

const rateSlider = (page: Page) => page.locator(`form:has(label:text-is("${en["try.rate"]}")) input[type=range]`);

describe("arrival-lab notebook over HTTP", () => {
  it("shows the committed answer files as its figures, with their values in the prose", async () => {
    const {page, errors} = await open(`${server.origin}/arrival-lab.html`);
    const shown = await shownAnswers(page);
    for (const name of outputNames.filter((n) => n !== "arrival-model.txt")) expect(shown.get(name), name).toBe(committed.get(name));
    const text = await page.locator("main").innerText();
    const latency = committed
      .get("latency.tsv")!
      .trim()
      .split("\n")
      .map((line) => line.split("\t"));
    for (const [, , p50, p95] of latency) expect(text).toContain(`${p50} / ${p95} ms`);
    const capacity = Object.fromEntries(
      committed
        .get("capacity.txt")!
        .trim()
        .split("\n")
        .map((l) => l.split("="))
    );
    expect(text).toContain(`underestimate_factor=${capacity.underestimate_factor}`);
    expect(text).toContain(`formula_workers=${capacity.formula_workers}`);
    const note = Object.fromEntries(
      committed
        .get("05-note.txt")!
        .trim()
        .split("\n")
        .map((l) => l.split("="))
    );
    expect(text).toContain(`ratio=${note.ratio}`);
    expect(await page.locator(`pre.lab-answer[data-file="arrival-model.txt"]`).textContent()).toBe(committed.get("arrival-model.txt"));
    await expect.poll(() => page.locator(".lab-grade").last().locator(".lab-ok").textContent()).toMatch(/^All \d+ checks pass\.$/);
    expect(errors).toEqual([]);
    await releaseTab(page);
  });

  it("draws each chart's marks where the committed numbers are, read back through its axes", async () => {
    const {page, errors} = await open(`${server.origin}/arrival-lab.html`);
    /** The recorded runs' chart of pair `k`: its marks' positions read as values through its axis ticks. */
    const read = (k: number) =>
      page
        .locator(".lab-pair")
        .nth(k)
        .locator("figure")
        .first()
        .locator("svg")
        .evaluate((svg) => {
          const ticks = (anchor: string, at: "x" | "y") =>
            [...svg.querySelectorAll(`[text-anchor="${anchor}"][font-variant] > text`)].map((t) => [
              Number(t.textContent!.replace(/,/g, "").replace("−", "-")),
              Number(t.getAttribute(at))
            ]);
          /** The value at pixel `p` along the axis whose ticks are `ts` (two ticks fix a linear axis). */
          const through = (ts: number[][]) => (p: number) =>
            ts[0][0] + ((p - ts[0][1]) * (ts.at(-1)![0] - ts[0][0])) / (ts.at(-1)![1] - ts[0][1]);
          const x = through(ticks("middle", "x")),
            y = through(ticks("end", "y").slice(0, 2));
          const dashed = [...svg.querySelectorAll('path[stroke-dasharray="5,4"]')].map((p) =>
            y(Number(/^M[^,]+,([^H]+)H/.exec(p.getAttribute("d")!)![1]))
          );
          const lines = [...svg.querySelectorAll('path[fill="none"][stroke-width]')].map((p) =>
            Math.max(...[...p.getAttribute("d")!.matchAll(/V([\d.]+)|M[\d.]+,([\d.]+)/g)].map((m) => y(Number(m[1] ?? m[2]))))
          );
          return {
            dots: [...svg.querySelectorAll("circle")].map((c) => [x(Number(c.getAttribute("cx"))), y(Number(c.getAttribute("cy")))]),
            dashed,
            lines
          };
        });
    // Step 4: each shape's p50 and p95 dots sit at latency.tsv's values, at 50 % and 95 %.
    const latency = committed
      .get("latency.tsv")!
      .trim()
      .split("\n")
      .map((line) => line.split("\t").map(Number));
    const cdf = await read(1);
    expect(cdf.dots).toHaveLength(6);
    cdf.dots.forEach(([ms, share], i) => {
      expect(ms).toBeCloseTo(latency[Math.floor(i / 2)][2 + (i % 2)], 0);
      expect(share).toBeCloseTo(i % 2 ? 95 : 50, 0);
    });
    // Step 7: the sweep's peaks are capacity.txt's observed maxima and its dashed lines the formula's and the server's workers.
    const capacity = Object.fromEntries(
      committed
        .get("capacity.txt")!
        .trim()
        .split("\n")
        .map((l) => l.split("="))
    );
    const target = Object.fromEntries(
      committed
        .get("01-target.txt")!
        .trim()
        .split("\n")
        .map((l) => l.split("="))
    );
    const sweep = await read(4);
    expect(sweep.lines.map((n) => Math.round(n * 10) / 10)).toEqual([Number(capacity.observed_even), Number(capacity.observed_burst)]);
    expect(sweep.dashed.map((n) => Math.round(n * 10) / 10)).toEqual([Number(capacity.formula_workers), Number(target.workers)]);
    expect(errors).toEqual([]);
    await releaseTab(page);
  });

  it("offers the eight answer files as downloads, byte-equal to lab analyze's", async () => {
    const {page} = await open(`${server.origin}/arrival-lab.html`);
    const analyzed = new Map(analyzeLab((name) => committed.get(name)).files);
    expect(await downloads(page)).toEqual(analyzed);
    await releaseTab(page);
  }, 60_000); // eight real downloads; slow when the machine is busy

  it("recomputes every figure and download from uploaded runs, as lab analyze does", async () => {
    const {page, errors} = await open(`${server.origin}/arrival-lab.html`);
    await page.locator("input[name=lab-files]").setInputFiles([...other.keys()].map((name) => join(tmp, name)));
    await expect
      .poll(() => page.locator(`pre.lab-answer[data-file="schedules.tsv"]`).textContent())
      .toBe(otherAnswers.get("schedules.tsv"));
    const shown = await shownAnswers(page);
    for (const [name, text] of shown) expect(text, name).toBe(otherAnswers.get(name));
    expect(await downloads(page)).toEqual(otherAnswers);
    expect(await page.locator(".lab-upload-status").innerText()).toContain("srv-burst.csv");
    expect(await page.locator("main").innerText()).toContain(
      `underestimate_factor=${/underestimate_factor=(.*)/.exec(otherAnswers.get("capacity.txt")!)![1]}`
    );
    // The committed answers do not fit these runs: the grader says so.
    await expect.poll(() => page.locator(".lab-grade").last().locator(".lab-error").count()).toBe(1);
    expect(errors).toEqual([]);
    await releaseTab(page);
  }, 60_000);

  it("takes k6's results CSV of a lab k6 script as that shape's run", async () => {
    const {page, errors} = await open(`${server.origin}/arrival-lab.html`);
    // k6's CSV for the other server's burst run: one http_req_duration row per request, stamped at its end (unix_micro).
    const header =
      "metric_name,timestamp,metric_value,check,error,error_code,expected_response,group,method,name,proto,scenario,service,status,subproto,tls_version,url,extra_tags,metadata";
    const rows = parseRun("run-burst.csv", other.get("run-burst.csv")!).map(
      (r) =>
        `http_req_duration,${Math.round((1_764_480_000 + r.received) * 1e6)},${((r.received - r.sent) * 1000).toFixed(6)},,,,true,,GET,http://127.0.0.1:8080/work,HTTP/1.1,burst,,${r.code},,,http://127.0.0.1:8080/work,i=${r.i}&intended=${r.intended.toFixed(6)}&shape=burst,`
    );
    const k6 = join(tmp, "k6-results.csv");
    await writeFile(k6, [header, ...rows].join("\n") + "\n");
    const merged = new Map(committed);
    merged.set("run-burst.csv", other.get("run-burst.csv")!);
    const expected = analyzeLab((name) => merged.get(name)).files.find(([name]) => name === "latency.tsv")![1];
    await page.locator("input[name=lab-files]").setInputFiles([k6]);
    await expect.poll(() => page.locator(`pre.lab-answer[data-file="latency.tsv"]`).textContent()).toBe(expected);
    expect(await page.locator(".lab-upload-status").innerText()).toContain("k6-results.csv → run-burst.csv");
    expect(errors).toEqual([]);
    await releaseTab(page);
  });

  it("reads, analyses and grades an upload in a worker, showing a progress bar and the file it reads", async () => {
    const page = await browser.newPage();
    await watchUploads(page);
    await page.goto(`${server.origin}/arrival-lab.html`);
    await expect.poll(() => page.locator("pre.lab-answer").count(), {timeout: 20_000}).toBe(8);
    await uploadsInWorker(page);
    // The grader's checks came from the worker too: the committed answers do not fit these runs.
    await expect.poll(() => page.locator(".lab-grade").last().locator(".lab-error").count()).toBe(1);
    await releaseTab(page);
  }, 60_000);

  it("refuses a file over the lab's size limit by its size, naming the file and the limit, and changes nothing", async () => {
    const {page, errors} = await open(`${server.origin}/arrival-lab.html`);
    const before = await shownAnswers(page);
    const huge = join(tmp, "srv-huge.csv");
    await writeFile(huge, "");
    await truncate(huge, maxLabFileBytes + 1); // sparse: nothing is written, nothing need be read
    await page.locator("input[name=lab-files]").setInputFiles([huge, join(tmp, "closed.csv")]);
    await expect
      .poll(() => page.locator(".lab-upload-status.lab-error").innerText())
      .toContain(`srv-huge.csv: ${maxLabFileBytes + 1} bytes, more than the ${maxLabFileBytes} a lab file may have`);
    expect(await page.locator(".lab-upload-status li").count()).toBe(1); // one line, for the one file over the limit
    expect(await shownAnswers(page)).toEqual(before);
    await rm(huge);
    expect(errors).toEqual([]);
    await releaseTab(page);
  });

  it("refuses a broken upload with file:line:column, changes nothing, and keeps working", async () => {
    const {page, errors} = await open(`${server.origin}/arrival-lab.html`);
    const before = await shownAnswers(page);
    const broken = join(tmp, "srv-even.csv");
    await writeFile(broken, other.get("srv-even.csv")!.replace(/\n(\d+),([\d.]+),/, "\n$1,$2x,"));
    try {
      await page.locator("input[name=lab-files]").setInputFiles([broken, join(tmp, "closed.csv")]);
      await expect.poll(() => page.locator(".lab-upload-status.lab-error").innerText()).toMatch(/srv-even\.csv:2:\d+: .*"[\d.]+x"/);
    } finally {
      await writeFile(broken, other.get("srv-even.csv")!);
    }
    expect(await shownAnswers(page)).toEqual(before);
    // The page still works: the sliders redraw the simulated figures.
    const figures = page.locator("[data-sim]");
    const drawnFor = await figures.first().getAttribute("data-sim");
    await rateSlider(page).evaluate((input: HTMLInputElement) => {
      input.value = "40";
      input.dispatchEvent(new Event("input", {bubbles: true}));
    });
    // 5 figures and 4 tables of steps 3–7; the closed loop's (step 6) depends on no open-loop slider.
    const rates = () =>
      figures.evaluateAll((nodes) => nodes.map((n) => /(?:^|,)rate=(\d+)/.exec(n.getAttribute("data-sim")!)?.[1] ?? "closed"));
    await expect.poll(rates).toEqual([...Array(6).fill("40"), "closed", "40", "40"]);
    expect(await figures.first().getAttribute("data-sim")).not.toBe(drawnFor);
    await page.locator(`form:has(label:text-is("${en["try.users"]}")) input[type=range]`).evaluate((input: HTMLInputElement) => {
      input.value = "12";
      input.dispatchEvent(new Event("input", {bubbles: true}));
    });
    await expect.poll(() => figures.nth(6).getAttribute("data-sim")).toMatch(/(?:^|,)users=12(?:,|$)/);
    expect(errors).toEqual([]);
    await releaseTab(page);
  });

  it("draws every simulated chart of steps 3–7 in one go when a slider moves, on screen or not", async () => {
    const {page, errors} = await open(`${server.origin}/arrival-lab.html`);
    await page.evaluate(() => window.scrollTo(0, 0)); // steps 3–7's figures all far below
    // At rest before the slider moves: scrolled to the top, the four open-loop figures drawn at
    // the opening rate, and a frame painted since (so layout and resize work are done).
    await page.waitForFunction(() => {
      const figures = [...document.querySelectorAll(".lab-pair [data-sim]")].filter((n) =>
        /(?:^|,)rate=/.test(n.getAttribute("data-sim")!)
      );
      return scrollY === 0 && figures.length === 4 && figures.every((n) => n.querySelector("path") !== null);
    });
    await page.evaluate(() => new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted))));
    // When the first open-loop figure shows the new rate, the task that drew it draws them all:
    // a task queued at that moment sees every one with the new rate and its chart drawn (the
    // closed loop's figure depends on no open-loop slider).
    const seen = await rateSlider(page).evaluate(
      (input: HTMLInputElement) =>
        new Promise<{rates: string[]; charts: number}>((resolve) => {
          const open = () =>
            [...document.querySelectorAll(".lab-pair [data-sim]")].filter((n) => /(?:^|,)rate=/.test(n.getAttribute("data-sim")!));
          const observer = new MutationObserver(() => {
            if (!open().some((n) => /(?:^|,)rate=41(?:,|$)/.test(n.getAttribute("data-sim")!))) return;
            observer.disconnect();
            setTimeout(() =>
              resolve({
                rates: open().map((n) => /(?:^|,)rate=(\d+)/.exec(n.getAttribute("data-sim")!)![1]),
                charts: open().filter((n) => n.querySelector("path") !== null).length
              })
            );
          });
          observer.observe(document.body, {subtree: true, childList: true, attributes: true});
          input.value = "41";
          input.dispatchEvent(new Event("input", {bubbles: true}));
        })
    );
    expect(seen).toEqual({rates: ["41", "41", "41", "41"], charts: 4});
    expect(errors).toEqual([]);
    await releaseTab(page);
  });

  it("patches the simulated figures into the ones on the page when a slider moves; an open table view stays open with the new rows", async () => {
    const {page, errors} = await open(`${server.origin}/arrival-lab.html`);
    // the four figures of steps 3, 4, 5 and 7 that the rate slider redraws (the closed loop's depends on no open-loop slider)
    const openLoop = () => page.locator(".lab-pair [data-sim*='rate=']");
    await expect.poll(() => openLoop().count()).toBe(4);
    const latency = openLoop().nth(1);
    await latency.locator("details > summary").click(); // its table view, opened
    const table = () => latency.locator("details table").innerText();
    const before = await table();
    // Each figure tagged in the page: a property (kept by the element itself) and an attribute on its chart (which a patch removes, as the new chart lacks it).
    await page.evaluate(() => {
      for (const [i, figure] of document.querySelectorAll(".lab-pair [data-sim*='rate=']").entries()) {
        (figure as Element & {tag?: number}).tag = i;
        figure.querySelector("svg")!.setAttribute("data-tag", String(i));
      }
    });
    await rateSlider(page).evaluate((input: HTMLInputElement) => {
      input.value = "61";
      input.dispatchEvent(new Event("input", {bubbles: true}));
    });
    await expect
      .poll(() => openLoop().evaluateAll((nodes) => nodes.filter((n) => /(?:^|,)rate=61(?:,|$)/.test(n.getAttribute("data-sim")!)).length))
      .toBe(4);
    const after = await openLoop().evaluateAll((figures) =>
      figures.map((figure) => [(figure as Element & {tag?: number}).tag, figure.querySelector("svg")!.getAttribute("data-tag")])
    );
    expect(after).toEqual([
      [0, null],
      [1, null],
      [2, null],
      [3, null]
    ]);
    expect(await latency.locator("details").getAttribute("open")).toBe("");
    await expect.poll(table).not.toBe(before);
    expect(errors).toEqual([]);
    await releaseTab(page);
  });

  it("grades uploaded answer files and checks the step-8 decision as it is typed", async () => {
    const {page} = await open(`${server.origin}/arrival-lab.html`);
    // The learner's answer files: the committed ones, with one wrong verdict.
    const answers = join(tmp, "answers");
    await (await import("node:fs/promises")).mkdir(answers);
    for (const name of outputNames)
      await writeFile(
        join(answers, name),
        name === "capacity.txt" ? committed.get(name)!.replace("verdict=under", "verdict=ok") : committed.get(name)!
      );
    await page.locator("input[name=lab-files]").setInputFiles(outputNames.map((name) => join(answers, name)));
    await expect
      .poll(() => page.locator(".lab-grade").last().locator("li.fail").innerText())
      .toBe("✗ capacity.txt: values — verdict=ok (the CSVs give under)");
    const model = Object.fromEntries(
      committed
        .get("arrival-model.txt")!
        .trim()
        .split("\n")
        .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)])
    );
    const form = page.locator("form.lab-decision");
    await form.locator("input[name=workers]").fill(model.workers);
    await form.locator("textarea[name=evidence]").fill(model.evidence);
    await form.locator("textarea[name=risk]").fill(model.risk);
    await expect.poll(() => page.locator(".lab-grade").first().locator(".lab-ok").innerText()).toBe("All 5 checks pass.");
    await form.locator("input[name=workers]").fill("3");
    await expect.poll(() => page.locator(".lab-grade").first().locator("li.fail").innerText()).toContain("workers ≥ observed max");
    await releaseTab(page);
  });

  it("shows the lab in Japanese with ?lang=ja, its sentences as seed 003 has them", async () => {
    const {page, errors} = await open(`${server.origin}/arrival-lab.html?lang=ja`);
    expect(await page.locator("h1").first().innerText()).toBe(seed[0]);
    const text = await page.locator("main").innerText();
    expect(text).toContain(seed[4]); // 目標
    expect(text).toContain(seed[26]); // よくある間違い: /reset
    expect(text).toContain(seed[30]); // step 1's heading
    expect(await page.locator("html").getAttribute("lang")).toBe("ja");
    // The full grader's checks in Japanese too: every name and detail worded from ja.json.
    const grader = page.locator(".lab-grade").last().locator("li");
    const checks = gradeLab((name) => committed.get(name));
    await expect.poll(() => grader.count()).toBe(checks.length);
    const shown = await grader.allInnerTexts();
    expect(shown[0]).toBe(
      `✓ ${ja["rule.present"]} — ${ja["check.files.present"].replace("{n}", String(inputNames.length + outputNames.length))}`
    );
    expect(shown).toContain(`✓ latency.tsv: ${ja["rule.values"]} — ${ja["check.values.match"]}`);
    for (const [k, c] of checks.entries()) expect(shown[k], c.name).not.toContain(c.detail);
    // Every chart's text alternatives in Japanese: the image's name (step 5's, with queue.tsv's
    // maxima) and its table view, whose columns are ja.json's.
    const queueFigure = page.locator(".lab-pair").nth(2).locator("figure").first();
    const queueText = (await import("../../src/components/lab/chartText.js")).queueText(
      labRuns(committed).figures.queue,
      translator({en, ja}, "ja")
    );
    expect(queueText.summary).toContain(
      committed
        .get("queue.tsv")!
        .trim()
        .split("\n")
        .map((line) => line.split("\t"))
        .map(([shape, , max]) => `${shape}は${max}`)
        .join("、")
    );
    expect(await queueFigure.locator("svg[role=img]").getAttribute("aria-label")).toBe(queueText.summary);
    const summaries = await page
      .locator("main svg[role=img]")
      .evaluateAll((svgs) => svgs.map((svg) => svg.getAttribute("aria-label") ?? ""));
    expect(summaries).toHaveLength(12);
    for (const summary of summaries) expect(summary).not.toMatch(/\b(Chart|to|requests|shape|ms)\b/);
    await queueFigure.locator("details.qb-chart-table > summary").click();
    expect(await queueFigure.locator("details.qb-chart-table > summary").innerText()).toBe(ja["chart.table"]);
    // (the table is made on the details' toggle event, a task after the click)
    await expect
      .poll(() => queueFigure.locator("details.qb-chart-table th").allInnerTexts())
      .toEqual([ja["table.shape"], ja["chart.time"], ja["chart.qlen"]]);
    expect(errors).toEqual([]);
    await releaseTab(page);
  });
});

describe("arrival-lab notebook, switching language", () => {
  it("keeps the reader's sliders, decision and upload when the picker switches to Japanese", async () => {
    const {page, errors} = await open(`${server.origin}/arrival-lab.html`);
    await page.locator("input[name=lab-files]").setInputFiles([...other.keys()].map((name) => join(tmp, name)));
    await expect.poll(() => page.locator(`pre.lab-answer[data-file="queue.tsv"]`).textContent()).toBe(otherAnswers.get("queue.tsv"));
    await rateSlider(page).evaluate((input: HTMLInputElement) => {
      input.value = "33";
      input.dispatchEvent(new Event("input", {bubbles: true}));
    });
    await page.locator("form.lab-decision textarea[name=risk]").fill("bursts longer than the workers queue for a whole service time");
    await page.locator("select.qb-lang-picker").selectOption("ja");
    await expect.poll(() => page.locator("h1").first().innerText()).toBe(seed[0]);
    const ja = JSON.parse(readFileSync(join(packageRoot, "notebooks/locales/arrival-lab/ja.json"), "utf8"));
    const slider = page.locator(`form:has(label:text-is("${ja["try.rate"]}")) input[type=range]`);
    expect(await slider.inputValue()).toBe("33");
    expect(await page.locator("form.lab-decision textarea[name=risk]").inputValue()).toBe(
      "bursts longer than the workers queue for a whole service time"
    );
    expect(await page.locator(`pre.lab-answer[data-file="queue.tsv"]`).textContent()).toBe(otherAnswers.get("queue.tsv"));
    expect(new URL(page.url()).searchParams.get("lang")).toBe("ja");
    expect(errors).toEqual([]);
    await releaseTab(page);
  });
});

describe("arrival-lab notebook from file://", () => {
  it("shows the committed figures and takes an upload, read in a worker from a Blob", async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    page.on("pageerror", (e) => errors.push(e.message));
    await watchUploads(page);
    await page.goto(`file://${out}/arrival-lab.html`);
    await expect.poll(() => page.locator("pre.lab-answer").count(), {timeout: 20_000}).toBe(8);
    const shown = await shownAnswers(page);
    expect(shown.get("capacity.txt")).toBe(committed.get("capacity.txt"));
    await uploadsInWorker(page);
    for (const [name, text] of await shownAnswers(page)) expect(text, name).toBe(otherAnswers.get(name));
    expect(errors).toEqual([]);
    await releaseTab(page);
  }, 60_000);
});
