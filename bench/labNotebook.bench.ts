// The arrival-lab notebook's "Try it": a slider input → the whole lab re-simulated (src/lab's
// DES, 3 shapes × 300 requests, the closed loop), analysed like `lab analyze`, and every figure
// and table of steps 3–7 redrawn. Goal: p95 < 16 ms (one frame at 60 Hz).
//   1. in Node: the computation alone (simulatedRuns: simulate + parse + analyse), per input;
//   2. in headless Chromium on the built page: input event → all 9 simulated figures and tables
//      of steps 3–7 in the DOM for the new value, measured in the page.
import {mkdtempSync, rmSync} from "node:fs";
import {loadavg, tmpdir} from "node:os";
import {join} from "node:path";
import {simulatedRuns} from "../src/components/lab/tryIt.js";
import {buildSite} from "../src/site/build.js";
import {launchBrowser, serveStatic} from "../test/e2e/harness.js";
import {median, ms, percentile} from "./stats.js";

const packageRoot = new URL("../", import.meta.url).pathname;
const count = 300;
const inputs = Number(process.env.BENCH_INPUTS ?? 60);
const params = {rate: 25, count, burstSize: 12, serviceMs: 40, workers: 4, seed: 7, users: 8, thinkS: 0.2};

console.log(`load average at the start: ${loadavg().map((l) => l.toFixed(1)).join(", ")} (2 cores shared; compare rows measured side by side)\n`);

// 1. The computation in Node.
console.log(`### Try it, computation only (Node): simulatedRuns, ${count} requests per shape\n`);
for (let i = 0; i < 20; i++) simulatedRuns({...params, rate: 5 + (i % 90)}); // warm-up
const compute: number[] = [];
for (let i = 0; i < 200; i++) {
  const started = performance.now();
  simulatedRuns({...params, rate: 5 + (i % 90)});
  compute.push(performance.now() - started);
}
console.log(`| runs | p50 | p95 | max |\n|---|---|---|---|`);
console.log(`| 200 | ${ms(median(compute))} | ${ms(percentile(95, compute))} | ${ms(Math.max(...compute))} |\n`);

// 2. In the page.
console.log(`### Try it, slider input → steps 3–7 recomputed and drawn (headless Chromium, ${inputs} inputs, ${count} requests per shape)\n`);
const work = mkdtempSync(join(tmpdir(), "queuebook-bench-lab-"));
const out = join(work, "site");
await buildSite({root: join(packageRoot, "notebooks"), out, packageRoot});
const server = await serveStatic(out);
const browser = await launchBrowser();
try {
  const page = await browser.newPage({viewport: {width: 1280, height: 720}});
  await page.addInitScript("window.__name = (f) => f"); // tsx names the functions below with a helper the page lacks
  await page.goto(`${server.origin}/arrival-lab.html`);
  await page.waitForFunction(() => document.querySelectorAll("[data-sim]").length === 9, undefined, {timeout: 30_000});
  const latencies: number[] = await page.evaluate(async ({count, inputs}) => {
    const slider = (label: string) => [...document.querySelectorAll("form")].find((f) => f.querySelector("label")?.textContent === label)!.querySelector<HTMLInputElement>("input[type=range]")!;
    /** Sets a slider and resolves when every simulated figure and table carries the new parameters. */
    const set = (input: HTMLInputElement, value: number, position: number) =>
      new Promise<number>((resolve) => {
        const done = () => [...document.querySelectorAll("[data-sim]")].every((node) => node.isConnected && node.getAttribute("data-sim")!.split(",")[position] === String(value));
        const observer = new MutationObserver(() => {
          if (done()) observer.disconnect(), resolve(performance.now());
        });
        observer.observe(document.body, {subtree: true, childList: true, attributes: true});
        input.value = String(value);
        input.dispatchEvent(new Event("input", {bubbles: true}));
      });
    await set(slider("Requests per shape"), count, 1);
    const rate = slider("Mean rate (req/s)");
    const times: number[] = [];
    for (let i = 0; i < inputs; i++) {
      await new Promise((r) => setTimeout(r, 50)); // let the page idle between inputs
      const value = 5 + ((i * 7) % 90) + (i % 2); // never the current value
      const start = performance.now();
      times.push((await set(rate, value === 25 ? 26 : value, 0)) - start);
    }
    return times;
  }, {count, inputs});
  console.log(`| inputs | p50 | p95 | max | goal |\n|---|---|---|---|---|`);
  console.log(`| ${inputs} | ${ms(median(latencies))} | ${ms(percentile(95, latencies))} | ${ms(Math.max(...latencies))} | p95 < 16 ms |`);
  console.log(`\nmeasured in the page: input event dispatched → all 9 simulated figures and tables of steps 3–7 in the DOM for the new value`);
  console.log(`load average at the end: ${loadavg().map((l) => l.toFixed(1)).join(", ")}`);
} finally {
  await browser.close();
  await server.close();
  rmSync(work, {recursive: true, force: true});
}
