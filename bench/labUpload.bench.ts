// The arrival-lab notebook's upload of a large srv-even.csv (BENCH_ROWS, default 1,000,000
// records, ~47 MB), in headless Chromium on the built page from file://: the longest task on the
// page's main thread (PerformanceObserver "longtask", tasks over 50 ms) and the total time from
// choosing the file until the page shows the upload's answers, split at the upload widget's
// "input" event: before it, the upload itself (read, check, analyse, grade, hand over); after it,
// the notebook's cells and figures recomputed over the new rows. BENCH_BASELINE=<another checkout>
// measures that tree's page too, alternating runs (BENCH_RUNS each, default 3), medians reported.
// The same tasks are also read from a Chromium trace as thread (CPU) time, which a machine
// loaded by other work stretches far less than the wall time a PerformanceObserver reports.
// BENCH_PROFILE=1 also takes a CPU profile of this tree's first run and prints the functions with
// the most main-thread time (self and total, by script line), to name the cells that are heavy.
import {mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {loadavg, tmpdir} from "node:os";
import {join} from "node:path";
import {analyzeLab} from "../src/lab/analyze.js";
import {formatRecords} from "../src/lab/csv.js";
import {simulateFifo} from "../src/lab/des.js";
import {schedule} from "../src/lab/schedule.js";
import {buildSite} from "../src/site/build.js";
import {launchBrowser} from "../test/e2e/harness.js";
import {median, ms} from "./stats.js";

const packageRoot = new URL("../", import.meta.url).pathname;
const rows = Number(process.env.BENCH_ROWS ?? 1_000_000);
const runs = Number(process.env.BENCH_RUNS ?? 3);
console.log(
  `load average at the start: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(", ")} (2 cores shared)\n`
);

const work = mkdtempSync(join(tmpdir(), "queuebook-bench-upload-"));
// Even arrivals at 25/s on 4 workers × 40 ms, as the lab's server would record them.
const records = simulateFifo(schedule("even", rows, 25, 7), {workers: 4, serviceS: 0.04, seed: 7});
const text = formatRecords(records);
const file = join(work, "srv-even.csv");
writeFileSync(file, text);
console.log(`srv-even.csv: ${rows.toLocaleString("en")} records, ${(text.length / 1e6).toFixed(1)} MB\n`);
// The page is done when it shows the queue.tsv that `lab analyze` writes for the embedded runs with this file.
const dataDir = join(packageRoot, "notebooks/data/arrival-lab");
const folder = new Map(readdirSync(dataDir).map((name) => [name, readFileSync(join(dataDir, name), "utf8")]));
folder.set("srv-even.csv", text);
const expectedQueue = analyzeLab((name) => folder.get(name)).files.find(([name]) => name === "queue.tsv")![1];

const trees = [
  {label: "this tree", root: packageRoot},
  ...(process.env.BENCH_BASELINE ? [{label: `baseline`, root: process.env.BENCH_BASELINE.replace(/\/?$/, "/")}] : [])
];
const browser = await launchBrowser();
try {
  const sites: string[] = [];
  for (const [k, tree] of trees.entries()) {
    const out = join(work, `site-${k}`);
    const {buildSite: build} = k === 0 ? {buildSite} : await import(join(tree.root, "src/site/build.ts"));
    await build({root: join(tree.root, "notebooks"), out, packageRoot: tree.root});
    sites.push(out);
  }
  const results = trees.map(
    () =>
      [] as {
        longest: number;
        upload: number;
        figures: number;
        uploadTime: number;
        total: number;
        blocked: number;
        cpuUpload: number;
        cpuFigures: number;
      }[]
  );
  for (let run = 0; run < runs; run++) {
    for (const [k, out] of sites.entries()) {
      const page = await browser.newPage({viewport: {width: 1280, height: 720}});
      await page.addInitScript("window.__name = (f) => f"); // tsx names the functions below with a helper the page lacks
      await page.addInitScript(() => {
        const w = window as any;
        w.__longTasks = [];
        w.__loadedAt = undefined;
        document.addEventListener(
          "input",
          (event) => {
            if ((event.target as Element).classList?.contains("lab-upload") && w.__loadedAt === undefined)
              (w.__loadedAt = performance.now()), console.timeStamp("qb-upload-loaded");
          },
          true
        );
        new PerformanceObserver((list) =>
          w.__longTasks.push(...list.getEntries().map((e) => ({start: e.startTime, duration: e.duration})))
        ).observe({type: "longtask", buffered: true});
      });
      await page.goto(`file://${out}/arrival-lab.html`);
      await page.waitForFunction(() => document.querySelectorAll("pre.lab-answer").length === 8, undefined, {timeout: 60_000});
      const profiler = process.env.BENCH_PROFILE && k === 0 && run === 0 ? await page.context().newCDPSession(page) : undefined;
      if (profiler)
        await profiler.send("Profiler.enable"),
          await profiler.send("Profiler.setSamplingInterval", {interval: 500}),
          await profiler.send("Profiler.start");
      if (!profiler)
        await browser.startTracing(page, {categories: ["toplevel", "devtools.timeline", "disabled-by-default-devtools.timeline"]});
      const started = await page.evaluate(() => (console.timeStamp("qb-upload-start"), performance.now()));
      await page.locator("input[name=lab-files]").setInputFiles([file]);
      await page.waitForFunction(
        (queue) => document.querySelector('pre.lab-answer[data-file="queue.tsv"]')?.textContent === queue,
        expectedQueue,
        {timeout: 600_000, polling: 200}
      );
      if (profiler) printProfile((await profiler.send("Profiler.stop")).profile as CpuProfile);
      // Two frames after the answers show, the page's work for the upload is done.
      const measured = await page.evaluate(async (started) => {
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        const tasks = ((window as any).__longTasks as {start: number; duration: number}[]).filter((t) => t.start >= started);
        const loadedAt: number = (window as any).__loadedAt;
        const longest = (list: typeof tasks) => Math.max(0, ...list.map((t) => t.duration));
        // A task that began before the input event belongs to the upload (the event fires inside it).
        return {
          longest: longest(tasks),
          upload: longest(tasks.filter((t) => t.start < loadedAt)),
          figures: longest(tasks.filter((t) => t.start >= loadedAt)),
          uploadTime: loadedAt - started,
          blocked: tasks.reduce((s, t) => s + t.duration, 0),
          total: performance.now() - started
        };
      }, started);
      const cpu = profiler
        ? {upload: NaN, figures: NaN, wall: NaN, inside: ""}
        : longestCpuTasks(JSON.parse((await browser.stopTracing()).toString("utf8")));
      if (profiler)
        console.log(
          `long tasks (start after the file was chosen, duration; the upload loaded at ${ms(measured.uploadTime)}): ${(await page.evaluate((started) => (window as any).__longTasks.filter((t: {start: number}) => t.start >= started).map((t: {start: number; duration: number}) => [t.start - started, t.duration]), started)).map(([at, d]: number[]) => `+${ms(at)} ${ms(d)}`).join(", ")}`
        );
      results[k].push({...measured, cpuUpload: cpu.upload, cpuFigures: cpu.figures});
      console.log(
        `run ${run + 1}, ${trees[k].label}: longest task ${ms(measured.longest)} (upload ${ms(measured.upload)}, figures ${ms(measured.figures)}; thread time: upload ${ms(cpu.upload)}, figures ${ms(cpu.figures)}; longest in the trace ${ms(cpu.wall)}), long tasks in all ${ms(measured.blocked)}, upload ${ms(measured.uploadTime)}, total ${ms(measured.total)}${cpu.inside ? `\n  in the longest task (thread ms), ${cpu.inside}` : ""}`
      );
      await page.close();
    }
  }
  console.log(
    `\n| tree (medians of ${runs}) | longest task: upload | longest task: figures after it | the same in thread time: upload / figures | long tasks in all | file chosen → upload loaded | → answers shown |\n|---|---|---|---|---|---|---|`
  );
  for (const [k, tree] of trees.entries()) {
    const r = results[k];
    const m = (f: (x: (typeof r)[number]) => number) => ms(median(r.map(f)));
    console.log(
      `| ${tree.label} | ${m((x) => x.upload)} | ${m((x) => x.figures)} | ${m((x) => x.cpuUpload)} / ${m((x) => x.cpuFigures)} | ${m((x) => x.blocked)} | ${m((x) => x.uploadTime)} | ${m((x) => x.total)} |`
    );
  }
} finally {
  await browser.close();
  rmSync(work, {recursive: true, force: true});
}

interface CpuProfile {
  nodes: {id: number; callFrame: {functionName: string; url: string; lineNumber: number}; children?: number[]}[];
  samples: number[];
  timeDeltas: number[];
}

/** The 20 functions of the page's scripts with the most total time (self time beside it), in ms of samples. */
function printProfile(profile: CpuProfile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>(),
    total = new Map<string, number>();
  const name = (id: number) => {
    const {functionName, url, lineNumber} = byId.get(id)!.callFrame;
    return `${functionName || "(anonymous)"} ${url.split("/").at(-1)}:${lineNumber + 1}`;
  };
  profile.samples.forEach((id, k) => {
    const dt = (profile.timeDeltas[k + 1] ?? 0) / 1000;
    self.set(name(id), (self.get(name(id)) ?? 0) + dt);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at))
      if (!seen.has(name(at))) seen.add(name(at)), total.set(name(at), (total.get(name(at)) ?? 0) + dt);
  });
  const rows = [...total]
    .filter(([key]) => /\.js:|^\(garbage collector\)/.test(key))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 30);
  console.log("\nprofile (this tree, run 1): total / self ms, function file:line");
  for (const [key, ms] of rows) console.log(`${ms.toFixed(0).padStart(7)} / ${(self.get(key) ?? 0).toFixed(0).padStart(6)}  ${key}`);
  // The longest stretches of samples without an idle one between them (about one task each), and what filled them.
  const stretches: {from: number; to: number}[] = [];
  let from = -1;
  profile.samples.forEach((id, k) => {
    const idle = byId.get(id)!.callFrame.functionName === "(idle)";
    if (!idle && from < 0) from = k;
    if ((idle || k === profile.samples.length - 1) && from >= 0) stretches.push({from, to: idle ? k : k + 1}), (from = -1);
  });
  const span = (s: {from: number; to: number}) => profile.timeDeltas.slice(s.from + 1, s.to + 1).reduce((a, b) => a + b, 0) / 1000;
  for (const s of stretches.sort((a, b) => span(b) - span(a)).slice(0, 3)) {
    const inside = new Map<string, number>();
    for (let k = s.from; k < s.to; k++) {
      const dt = (profile.timeDeltas[k + 1] ?? 0) / 1000;
      const seen = new Set<string>();
      for (let at: number | undefined = profile.samples[k]; at !== undefined; at = parent.get(at))
        if (!seen.has(name(at))) seen.add(name(at)), inside.set(name(at), (inside.get(name(at)) ?? 0) + dt);
    }
    console.log(`\na busy stretch of ${span(s).toFixed(0)} ms: total ms, function file:line`);
    for (const [key, ms] of [...inside]
      .filter(([key]) => /\.js:|^\((garbage collector|program)\)/.test(key))
      .sort((a, b) => b[1] - a[1])
      .slice(0, 16))
      console.log(`${ms.toFixed(0).padStart(7)}  ${key}`);
  }
  console.log("");
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  tid: number;
  pid: number;
  args?: {data?: {message?: string}};
}

/**
 * The longest top-level task of the thread that logged the page's marks, in thread time (CPU,
 * µs → ms), split as the PerformanceObserver's: begun before the upload's input event (the
 * upload) or after it (the cells and figures).
 */
function longestCpuTasks(trace: {traceEvents: TraceEvent[]}): {upload: number; figures: number; wall: number; inside: string} {
  const mark = (message: string) => trace.traceEvents.find((e) => e.name === "TimeStamp" && e.args?.data?.message === message);
  const start = mark("qb-upload-start"),
    loaded = mark("qb-upload-loaded");
  if (!start || !loaded) return {upload: NaN, figures: NaN, wall: NaN, inside: ""};
  const tasks = trace.traceEvents.filter(
    (e) => e.ph === "X" && e.pid === start.pid && e.tid === start.tid && e.ts >= start.ts && /RunTask$/.test(e.name) && e.tdur !== undefined
  );
  const longest = (list: TraceEvent[]) => Math.max(0, ...list.map((e) => e.tdur! / 1000));
  // The input event fires inside the task that ends the upload, so that task is the upload's.
  const before = tasks.filter((e) => e.ts <= loaded.ts),
    after = tasks.filter((e) => e.ts > loaded.ts);
  const top = (list: TraceEvent[]) => list.reduce<TraceEvent | undefined>((a, e) => (a && a.tdur! >= e.tdur! ? a : e), undefined);
  return {
    upload: longest(before),
    figures: longest(after),
    wall: Math.max(0, ...tasks.map((e) => e.dur! / 1000)),
    inside: `upload: ${inside(trace.traceEvents, top(before))}\n  figures: ${inside(trace.traceEvents, top(after))}`
  };
}

/** What filled `task` in thread time: the events nested in it on its thread, by name (nested ones count in their parents too), the 8 largest. */
function inside(events: TraceEvent[], task: TraceEvent | undefined): string {
  if (!task) return "";
  const sums = new Map<string, number>();
  for (const e of events)
    if (
      e !== task &&
      e.ph === "X" &&
      e.tid === task.tid &&
      e.pid === task.pid &&
      e.ts >= task.ts &&
      e.ts < task.ts + task.dur! &&
      e.tdur !== undefined
    )
      sums.set(e.name, (sums.get(e.name) ?? 0) + e.tdur / 1000);
  return [...sums]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([name, t]) => `${name} ${t.toFixed(1)}`)
    .join(", ");
}
