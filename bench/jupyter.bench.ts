// A lesson in JupyterLab (npm run bench -- jupyter): how long after JupyterLab is ready a lesson
// tab shows its first rendered cell (the goal: ≤ 1.5 s median), what the extension
// weighs (what JupyterLab loads at start, and the lesson frame's files), and what a student
// downloads to open a lesson compared with the same lesson from `queuebook build`. Each round
// opens each lesson once in the JupyterLab tab and once as the built page, alternating, in a
// fresh browser context (nothing cached); medians and p95 of BENCH_RUNS rounds (5).
import {cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {gzipSync} from "node:zlib";
import type {Page} from "playwright-core";
import {buildJupyterExtension} from "../jupyter/build.js";
import {buildSite} from "../src/site/build.js";
import {launchBrowser, serveStatic} from "../test/e2e/harness.js";
import {startJupyterLab} from "../test/jupyter/harness.js";
import {kb, median, ms, percentile} from "./stats.js";

const packageRoot = new URL("../", import.meta.url).pathname;
const runs = Number(process.env.BENCH_RUNS ?? 5);
const names = (process.env.BENCH_NOTEBOOKS ?? "erlang-c,on-call,arrival-lab").split(",");

const files = (dir: string) =>
  readdirSync(dir, {recursive: true})
    .map(String)
    .filter((f) => statSync(join(dir, f)).isFile());
const gz = (dir: string, keep: (f: string) => boolean) =>
  files(dir)
    .filter(keep)
    .reduce((sum, f) => sum + gzipSync(readFileSync(join(dir, f))).length, 0);

const extension = await buildJupyterExtension();
const work = mkdtempSync(join(tmpdir(), "queuebook-bench-jupyter-"));
cpSync(join(packageRoot, "notebooks"), join(work, "root", "notebooks"), {recursive: true});
const out = join(work, "site");
await buildSite({root: join(packageRoot, "notebooks"), out, packageRoot});
const site = await serveStatic(out);
const lab = await startJupyterLab({root: join(work, "root"), labextensions: [extension.dir]});
const browser = await launchBrowser();

/** Bytes a page's responses carried over the network (encoded, as sent), counted from the first request. */
function transferred(page: Page): () => Promise<number> {
  const sizes: Promise<number>[] = [];
  page.on("requestfinished", (request) =>
    sizes.push(
      request.sizes().then(
        (s) => s.responseBodySize + s.responseHeadersSize,
        () => 0
      )
    )
  );
  return async () => (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
}

/** True once a cell of the page shows something (a cell that only imports shows nothing, ever). */
const firstCell = () => Array.from(document.querySelectorAll("main .qb-cell:not(.qb-pending)")).some((cell) => cell.childNodes.length > 0);

type Sample = {ms: number; bytes: number};
const inLab = new Map<string, Sample[]>(names.map((n) => [n, []]));
const built = new Map<string, Sample[]>(names.map((n) => [n, []]));

async function openInLab(name: string): Promise<Sample> {
  const context = await browser.newContext({viewport: {width: 1280, height: 900}});
  const page = await context.newPage();
  await page.goto(lab.url);
  await page.locator(".jp-DirListing-content").waitFor(); // JupyterLab is ready
  const bytes = transferred(page);
  const started = performance.now();
  // (not awaited in the page, nothing handed back: Playwright would serialise the widget the
  // command returns, a walk of JupyterLab's object graph that held the page's thread ~0.4 s)
  await page.evaluate(
    ([path]) => void (window as any).jupyterapp.commands.execute("docmanager:open", {path, factory: "queuebook lesson"}),
    [`notebooks/${name}.md`]
  );
  const handle = await page.locator(`iframe[title="queuebook lesson: ${name}.md"]`).elementHandle();
  const frame = (await handle!.contentFrame())!;
  await frame.waitForFunction(firstCell);
  const sample = {ms: performance.now() - started, bytes: await bytes()};
  await context.close();
  return sample;
}

async function openBuilt(name: string): Promise<Sample> {
  const context = await browser.newContext({viewport: {width: 1280, height: 900}});
  const page = await context.newPage();
  const bytes = transferred(page);
  const started = performance.now();
  await page.goto(`${site.origin}/${name}.html`);
  await page.waitForFunction(firstCell);
  const sample = {ms: performance.now() - started, bytes: await bytes()};
  await context.close();
  return sample;
}

try {
  for (let round = 0; round < runs; round++) {
    for (const name of names) {
      inLab.get(name)!.push(await openInLab(name));
      built.get(name)!.push(await openBuilt(name));
    }
  }
  const staticDir = join(extension.dir, "static");
  console.log(
    `extension at JupyterLab's start (remoteEntry and its chunks, gzip): ${kb(gz(staticDir, (f) => !f.startsWith("queuebook/")))}`
  );
  console.log(
    `lesson frame's files (gzip, all of them; a lesson loads what it uses): ${kb(gz(join(staticDir, "queuebook"), () => true))}; module map ${kb(gz(join(staticDir, "queuebook"), (f) => f === "modules.js"))} (${extension.specifiers.length} modules)`
  );
  console.log(`\n| lesson | JupyterLab tab: first cell p50 / p95 | downloaded | queuebook build page: first cell p50 / p95 | downloaded |`);
  console.log(`|---|---|---|---|---|`);
  for (const name of names) {
    const a = inLab.get(name)!;
    const b = built.get(name)!;
    const row = (s: Sample[]) =>
      `${ms(median(s.map((x) => x.ms)))} / ${ms(
        percentile(
          95,
          s.map((x) => x.ms)
        )
      )} | ${kb(median(s.map((x) => x.bytes)))}`;
    console.log(`| ${name} | ${row(a)} | ${row(b)} |`);
  }
  console.log(
    `\n${runs} rounds, medians; load average at the end ${(await import("node:os")).loadavg()[0].toFixed(1)} on ${(await import("node:os")).availableParallelism()} cores.`
  );
} finally {
  await browser.close();
  await lab.close();
  await site.close();
  rmSync(work, {recursive: true, force: true});
}
