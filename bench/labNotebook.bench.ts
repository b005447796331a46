// The arrival-lab notebook's "Try it": a slider input → the whole lab re-simulated (src/lab's
// DES, 3 shapes × 300 requests, the closed loop), analysed like `lab analyze`, and every figure
// and table of steps 3–7 redrawn. Goal: p95 < 16 ms (one frame at 60 Hz).
//   1. in Node: the computation alone (simulate + analyse the records), per input;
//   2. in headless Chromium on the built page, scrolled to step 4's figures: input event → every
//      simulated figure and table of steps 3–7 that depends on the slider recomputed and drawn
//      in the DOM ("drawn"), and → the page's style and layout done for it too ("laid out": a
//      layout forced at that moment, which the next frame would otherwise do), measured in the
//      page (the closed loop's figure depends on no open-loop slider and is left as it is).
import {mkdtempSync, rmSync} from "node:fs";
import {loadavg, tmpdir} from "node:os";
import {join} from "node:path";
import {simulatedOpen, simulatedRuns} from "../src/components/lab/tryIt.js";
import {buildSite} from "../src/site/build.js";
import {launchBrowser, serveStatic} from "../test/e2e/harness.js";
import {frameWork, frameWorkCategories} from "./frameWork.js";
import {median, ms, percentile} from "./stats.js";

const packageRoot = new URL("../", import.meta.url).pathname;
const count = 300;
const inputs = Number(process.env.BENCH_INPUTS ?? 60);
const params = {rate: 25, count, burstSize: 12, serviceMs: 40, workers: 4, seed: 7, users: 8, thinkS: 0.2};

console.log(
  `load average at the start: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(", ")} (2 cores shared; compare rows measured side by side)\n`
);

// 1. The computation in Node: what an open-loop slider recomputes (simulatedOpen), the whole lab
// (simulatedRuns), and with BENCH_BASELINE the baseline tree's simulatedRuns, interleaved.
console.log(`### Try it, computation only (Node), ${count} requests per shape\n`);
const baseline = process.env.BENCH_BASELINE ? await import(join(process.env.BENCH_BASELINE, "src/components/lab/tryIt.ts")) : undefined;
const computations: [string, (p: typeof params) => unknown][] = [
  ["simulatedOpen (an open-loop slider)", simulatedOpen],
  ["simulatedRuns (the whole lab)", simulatedRuns],
  ...(baseline ? [[`baseline simulatedRuns`, baseline.simulatedRuns] as [string, (p: typeof params) => unknown]] : [])
];
const compute = computations.map(() => [] as number[]);
for (let i = 0; i < 220; i++) {
  for (const [k, [, f]] of computations.entries()) {
    const started = performance.now();
    f({...params, rate: 5 + (i % 90)});
    if (i >= 20) compute[k].push(performance.now() - started); // the first 20: warm-up
  }
}
console.log(`| computation | runs | p50 | p95 | max |\n|---|---|---|---|---|`);
for (const [k, [label]] of computations.entries())
  console.log(
    `| ${label} | ${compute[k].length} | ${ms(median(compute[k]))} | ${ms(percentile(95, compute[k]))} | ${ms(Math.max(...compute[k]))} |`
  );
console.log("");

// 2. In the page. BENCH_BASELINE=<another checkout> builds that tree's notebook too and measures
// both pages in alternating batches in one run, so a before/after comparison sees the same load.
console.log(
  `### Try it, slider input → steps 3–7 recomputed and drawn (headless Chromium, ${inputs} inputs, ${count} requests per shape)\n`
);
const trees = [
  {label: "this tree", root: packageRoot},
  ...(process.env.BENCH_BASELINE
    ? [{label: `baseline ${process.env.BENCH_BASELINE}`, root: process.env.BENCH_BASELINE.replace(/\/?$/, "/")}]
    : [])
];
const work = mkdtempSync(join(tmpdir(), "queuebook-bench-lab-"));
const browser = await launchBrowser();
const servers: Awaited<ReturnType<typeof serveStatic>>[] = [];
try {
  const pages = [];
  for (const [k, tree] of trees.entries()) {
    const out = join(work, `site-${k}`);
    const {buildSite: build} = k === 0 ? {buildSite} : await import(join(tree.root, "src/site/build.ts"));
    await build({root: join(tree.root, "notebooks"), out, packageRoot: tree.root});
    const server = await serveStatic(out);
    servers.push(server);
    const page = await browser.newPage({viewport: {width: 1280, height: 720}});
    await page.addInitScript("window.__name = (f) => f"); // tsx names the functions below with a helper the page lacks
    await page.goto(`${server.origin}/arrival-lab.html`);
    await page.waitForFunction(() => document.querySelectorAll("[data-sim]").length === 9, undefined, {timeout: 30_000});
    pages.push(page);
  }
  const latencies: {drawn: number; laidOut: number}[][] = trees.map(() => []);
  const batches = 4;
  for (let batch = 0; batch < batches; batch++) {
    for (const [k, page] of pages.entries()) {
      latencies[k].push(
        ...(await page.evaluate(
          async ({count, inputs, first}) => {
            const slider = (label: string) =>
              [...document.querySelectorAll("form")]
                .find((f) => f.querySelector("label")?.textContent === label)!
                .querySelector<HTMLInputElement>("input[type=range]")!;
            /** A figure's value for a slider: `key=value,…` (positions in an older page's plain list). */
            const drawn = (node: Element, key: string, position: number) => {
              const parts = node.getAttribute("data-sim")!.split(",");
              return parts[0].includes("=") ? parts.find((p) => p.startsWith(key + "="))?.slice(key.length + 1) : parts[position];
            };
            /**
             * Sets a slider and resolves when every simulated figure and table that depends on it
             * carries the new value (`drawn`; an older page that defers off-screen charts marks them
             * `data-sim-pending` until drawn), and when style and layout are done after that (`laidOut`).
             */
            const set = (input: HTMLInputElement, key: string, position: number, value: number) =>
              new Promise<{drawn: number; laidOut: number}>((resolve) => {
                const fresh = (node: Element) =>
                  node.isConnected &&
                  !node.hasAttribute("data-sim-pending") &&
                  [undefined, String(value)].includes(drawn(node, key, position));
                const allDone = () =>
                  [...document.querySelectorAll("[data-sim]")].every(fresh) && document.querySelector("[data-sim-pending]") === null;
                // Only a change that touches a figure's marks can finish the wait: checking the whole
                // page after every other mutation would add its own cost to what is measured.
                const marked = (node: Node) =>
                  node instanceof Element && (node.hasAttribute("data-sim") || node.querySelector("[data-sim]") !== null);
                const observer = new MutationObserver((records) => {
                  if (!records.some((r) => r.type === "attributes" || [...r.addedNodes, ...r.removedNodes].some(marked))) return;
                  if (!allDone()) return;
                  observer.disconnect();
                  const done = performance.now();
                  document.body.getBoundingClientRect(); // style and layout, now rather than in the next frame
                  resolve({drawn: done, laidOut: performance.now()});
                });
                observer.observe(document.body, {
                  subtree: true,
                  childList: true,
                  attributes: true,
                  attributeFilter: ["data-sim", "data-sim-pending"]
                });
                input.value = String(value);
                input.dispatchEvent(new Event("input", {bubbles: true}));
              });
            if (first) {
              document.querySelectorAll(".lab-pair")[1].scrollIntoView(); // step 4's latency figures on screen
              await new Promise((r) => setTimeout(r, 300));
              await set(slider("Requests per shape"), "count", 1, count);
            }
            const rate = slider("Mean rate (req/s)");
            const times: {drawn: number; laidOut: number}[] = [];
            for (let i = 0; i < inputs; i++) {
              await new Promise((r) => setTimeout(r, 50)); // let the page idle between inputs
              const value = 5 + ((i * 7) % 90) + (i % 2); // never the current value
              const start = performance.now();
              const done = await set(rate, "rate", 0, value === Number(rate.value) ? value + 1 : value);
              times.push({drawn: done.drawn - start, laidOut: done.laidOut - start});
            }
            return times;
          },
          {count, inputs: Math.ceil(inputs / batches), first: batch === 0}
        ))
      );
    }
  }
  console.log(`| page | drawn | inputs | p50 | p95 | max | goal |\n|---|---|---|---|---|---|---|`);
  for (const [k, tree] of trees.entries()) {
    for (const part of ["drawn", "laidOut"] as const) {
      const l = latencies[k].map((time) => time[part]);
      console.log(
        `| ${tree.label} | ${part === "drawn" ? "drawn" : "laid out"} | ${l.length} | ${ms(median(l))} | ${ms(percentile(95, l))} | ${ms(Math.max(...l))} | p95 < 16 ms |`
      );
    }
  }
  console.log(
    `\nmeasured in the page, scrolled to step 4: input event dispatched → every simulated figure and table of steps 3–7 that depends on the rate recomputed and drawn in the DOM for the new value ("drawn"), and → the page's style and layout done after that ("laid out"; paint is left to the frame)`
  );

  // 3. The whole frame: a Chromium trace of 40 more inputs per page, 100 ms apart, each marked
  // with console.timeStamp, read per input: the main thread's busy time (script and rendering)
  // and the rendering part (style, layout, pre-paint, paint, layerize).
  const traced = 40;
  console.log(`\n### Try it, main-thread work per input (Chromium trace, ${traced} inputs per page, 100 ms apart)\n`);
  console.log(`| page | work | inputs | p50 | p95 | max | goal |\n|---|---|---|---|---|---|---|`);
  for (const [k, page] of pages.entries()) {
    await browser.startTracing(page, {categories: frameWorkCategories});
    await page.evaluate(async (traced) => {
      const rate = [...document.querySelectorAll("form")]
        .find((f) => f.querySelector("label")?.textContent === "Mean rate (req/s)")!
        .querySelector<HTMLInputElement>("input[type=range]")!;
      for (let i = 0; i < traced; i++) {
        console.timeStamp("queuebook-input");
        rate.value = String(5 + ((i * 11) % 90));
        rate.dispatchEvent(new Event("input", {bubbles: true}));
        await new Promise((r) => setTimeout(r, 100));
      }
    }, traced);
    const work = frameWork(JSON.parse((await browser.stopTracing()).toString("utf8")), "queuebook-input");
    for (const [label, values] of [
      ["script + rendering", work.busy],
      ["rendering", work.render]
    ] as const) {
      console.log(
        `| ${trees[k].label} | ${label} | ${values.length} | ${ms(median(values))} | ${ms(percentile(95, values))} | ${ms(Math.max(...values))} | ${label === "rendering" ? "" : "p95 < 16 ms"} |`
      );
    }
  }
  console.log(
    `\nper input: the renderer main thread's top-level tasks from the input to the next input, and their style, layout, pre-paint, paint and layerize events (each the union of its spans); raster and compositing run on other threads`
  );
  console.log(
    `load average at the end: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(", ")}`
  );
} finally {
  await browser.close();
  for (const server of servers) await server.close();
  rmSync(work, {recursive: true, force: true});
}
