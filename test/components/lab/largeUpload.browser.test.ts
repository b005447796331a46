// An upload past what the page draws point for point (40,000 records per server file: 80,000
// sweep events, more than the page's own sweep runs on and than a thinned line keeps), in real
// Chromium: the figures come from the worker's series, yet every number the page states and
// every peak it draws is the full computation's, `lab analyze`'s. Each server file's text (over
// 1 MB) reaches the page as transferred bytes, and a further upload sends it back to the worker.
import {mkdtemp, rm, writeFile} from "node:fs/promises";
import {readdirSync, readFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {analyzeLab} from "../../../src/lab/analyze.js";
import {formatRecords} from "../../../src/lab/csv.js";
import {simulateFifo} from "../../../src/lab/des.js";
import {schedule} from "../../../src/lab/schedule.js";
import {startSite, type SiteFixture} from "../../e2e/harness.js";

const packageRoot = new URL("../../../", import.meta.url).pathname;
const dataDir = join(packageRoot, "notebooks/data/arrival-lab");
const embeddedFolder = new Map(readdirSync(dataDir).map((name) => [name, readFileSync(join(dataDir, name), "utf8")]));
const folder = new Map(embeddedFolder);
// Even and burst arrivals at 25/s on 4 workers × 40 ms: the bursts pile up, the even ones do not.
const uploads = new Map(
  (["even", "burst"] as const).map((shape) => [
    `srv-${shape}.csv`,
    formatRecords(simulateFifo(schedule(shape, 40_000, 25, 7, {burstSize: 12}), {workers: 4, serviceS: 0.04, seed: 7}))
  ])
);
for (const [name, text] of uploads) folder.set(name, text);
const answers = new Map(analyzeLab((name) => folder.get(name)).files);
const value = (file: string, key: string) => new RegExp(`^${key}=(.*)$`, "m").exec(answers.get(file)!)![1];

let site: SiteFixture;
let tmp: string;

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), "queuebook-large-upload-"));
  for (const [name, text] of uploads) await writeFile(join(tmp, name), text);
  site = await startSite(join(packageRoot, "notebooks"), {prefix: "queuebook-large-upload-site"});
}, 120_000);

afterAll(async () => {
  await site?.close();
  if (tmp) await rm(tmp, {recursive: true, force: true});
});

describe("the lab page after an upload of 40,000 records per server", () => {
  it("states lab analyze's numbers and draws the sweep's peaks exactly, from thinned lines", async () => {
    const page = await site.browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    await page.goto(`${site.origin}/arrival-lab.html`);
    await expect.poll(() => page.locator("pre.lab-answer").count(), {timeout: 20_000}).toBe(8);
    await page.locator("input[name=lab-files]").setInputFiles([...uploads.keys()].map((name) => join(tmp, name)));
    await expect
      .poll(() => page.locator('pre.lab-answer[data-file="capacity.txt"]').textContent(), {timeout: 30_000})
      .toBe(answers.get("capacity.txt"));
    expect(await page.locator('pre.lab-answer[data-file="queue.tsv"]').textContent()).toBe(answers.get("queue.tsv"));
    const [even, burst] = [value("capacity.txt", "observed_even"), value("capacity.txt", "observed_burst")];
    expect(Number(burst)).toBeGreaterThan(Number(even)); // a peak the thinning could lose

    // Step 7's prose: your sweep's maxima and max(qlen), over every record, agreeing.
    expect(await page.locator("main").innerText()).toContain(
      `Your sweep's maxima: even ${even}, burst ${burst}; max(qlen): even ${even}, burst ${burst} — they agree`
    );

    // Step 7's chart (the recorded runs' half of the fifth pair): its lines' peaks read back through the y axis.
    const sweep = await page
      .locator(".lab-pair")
      .nth(4)
      .locator("figure")
      .first()
      .locator("svg")
      .evaluate((svg) => {
        const ticks = [...svg.querySelectorAll('[text-anchor="end"][font-variant] > text')].map((t) => [
          Number(t.textContent!.replace(/,/g, "")),
          Number(t.getAttribute("y"))
        ]);
        const y = (p: number) => ticks[0][0] + ((p - ticks[0][1]) * (ticks[1][0] - ticks[0][0])) / (ticks[1][1] - ticks[0][1]);
        return [...svg.querySelectorAll('path[fill="none"][stroke-width]')].map((p) => {
          const d = p.getAttribute("d")!;
          return {
            peak: Math.max(...[...d.matchAll(/V([\d.]+)|M[\d.]+,([\d.]+)/g)].map((m) => y(Number(m[1] ?? m[2])))),
            commands: d.split(/[MHV]/).length - 1
          };
        });
      });
    expect(sweep.map((line) => Math.round(line.peak * 10) / 10)).toEqual([Number(even), Number(burst)]);
    // 80,000 events per line, drawn from at most 4 points per 1/1024 of the time axis (a point is up to two commands).
    for (const line of sweep) expect(line.commands).toBeLessThanOrEqual(2 * 4096 + 1);

    // A further upload is read over the files loaded before: the page sends back srv-even.csv's
    // text, which reached it as bytes decoded a slice per task. The recorded srv-burst.csv again
    // with the uploaded even one gives lab analyze's answers for that folder only if that text came back whole.
    const evenOnly = new Map([...embeddedFolder, ["srv-even.csv", uploads.get("srv-even.csv")!]]);
    const expected = new Map(analyzeLab((name) => evenOnly.get(name)).files).get("queue.tsv")!;
    expect(expected).not.toBe(answers.get("queue.tsv")); // the burst row changes
    expect(expected).toContain("even\t40000\t"); // the even row is the uploaded records'

    await page.locator("input[name=lab-files]").setInputFiles([join(dataDir, "srv-burst.csv")]);
    await expect.poll(() => page.locator('pre.lab-answer[data-file="queue.tsv"]').textContent(), {timeout: 30_000}).toBe(expected);
    expect(errors).toEqual([]);
    await page.close();
  }, 90_000);
});
