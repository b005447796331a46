// What a notebook page costs the browser tests to load: in a new tab (browser.newPage, a context
// of its own, closed after) against a tab kept between tests (takeTab and releaseTab in
// test/e2e/harness.ts: given back on about:blank, its storage cleared). CPU time is that of
// Chromium's processes and this one (user + system, from /proc, the exited renderers' included
// through their parents), so other work on the machine does not count; wall time is beside it.
// Each round loads every notebook once each way, alternating; medians of BENCH_RUNS rounds (5).
import {mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import type {Page} from "playwright-core";
import {buildSite} from "../src/site/build.js";
import {settle} from "../src/site/snapshot.js";
import {launchBrowser, releaseTab, serveStatic, takeTab} from "../test/e2e/harness.js";
import {treeUsage} from "./processTree.js";
import {median, ms} from "./stats.js";

const packageRoot = new URL("../", import.meta.url).pathname;
const runs = Number(process.env.BENCH_RUNS ?? 5);
const names = (process.env.BENCH_NOTEBOOKS ?? "on-call,arrival-lab,formulas,erlang-c").split(",");

/** CPU seconds of this process and every process below it, the reaped ones included. */
function treeCpu(): number {
  const usage = treeUsage(process.pid);
  return (usage.ticks + usage.reapedTicks) / 100;
}

const work = mkdtempSync(join(tmpdir(), "queuebook-bench-tabs-"));
const out = join(work, "site");
await buildSite({root: join(packageRoot, "notebooks"), out, packageRoot});
const server = await serveStatic(out);
const browser = await launchBrowser();

type Way = "new tab" | "kept tab";
const samples = new Map<string, {cpu: number[]; wall: number[]}>();

async function load(name: string, way: Way): Promise<void> {
  const cpu = treeCpu();
  const started = performance.now();
  const page: Page = way === "new tab" ? await browser.newPage() : await takeTab(browser);
  await page.goto(`${server.origin}/${name}.html`);
  await settle(page);
  if (way === "new tab") await page.close();
  else await releaseTab(page);
  const key = `${name}|${way}`;
  const sample = samples.get(key) ?? {cpu: [], wall: []};
  sample.cpu.push(treeCpu() - cpu);
  sample.wall.push(performance.now() - started);
  samples.set(key, sample);
}

try {
  // a warm-up round, unrecorded: the browser's first tab pays for its start
  for (const name of names) for (const way of ["new tab", "kept tab"] as Way[]) await load(name, way);
  samples.clear();
  for (let round = 0; round < runs; round++)
    for (const name of names)
      for (const way of (round % 2 ? ["kept tab", "new tab"] : ["new tab", "kept tab"]) as Way[]) await load(name, way);
  console.log(`Loading a notebook until it has settled (settle: 300 ms without change), medians of ${runs} rounds`);
  console.log(`(the settle's 300 ms wait is in the wall time, and costs no CPU).\n`);
  console.log("| notebook | new tab: CPU, wall | kept tab: CPU, wall | CPU ratio |");
  console.log("|---|---|---|---|");
  for (const name of names) {
    const fresh = samples.get(`${name}|new tab`)!;
    const kept = samples.get(`${name}|kept tab`)!;
    const [a, b] = [median(fresh.cpu), median(kept.cpu)];
    console.log(
      `| ${name} | ${a.toFixed(2)} s, ${ms(median(fresh.wall))} | ${b.toFixed(2)} s, ${ms(median(kept.wall))} | ${(a / b).toFixed(1)}× |`
    );
  }
} finally {
  await browser.close();
  await server.close();
  rmSync(work, {recursive: true, force: true});
}
