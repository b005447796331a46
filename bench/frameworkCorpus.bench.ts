// The goal measured on real Framework projects: "≥ 95 % of in-scope cells run and ≥ 90 %
// of pages with cells are clean". QB_CORPUS names a folder of Framework projects (one subfolder
// each, its pages under src/ or docs/; bench/README.md says how the measured one was made); each is built
// with queuebook and every page opened from file:// in headless Chromium with the network
// blocked. Per page: cells (.qb-cell and inline .qb-inline), cells showing an error (.qb-error),
// each error classified by bench/frameworkCorpusClassify.ts (out of scope: a loader's file, a
// package not installed, the network, a file not in the repository, a syntax error Framework's
// parser refuses too; in scope: the rest).
// QB_CORPUS_JSON=file writes every page's cells and errors; QB_CORPUS_ONLY=name,… limits projects.
import {mkdtempSync, readdirSync, rmSync, statSync, writeFileSync} from "node:fs";
import {loadavg, tmpdir} from "node:os";
import {join, resolve} from "node:path";
import {pathToFileURL} from "node:url";
import {buildSite, findNotebooks} from "../src/site/build.js";
import {launchBrowser} from "../test/e2e/harness.js";
import {classifyCellError, sourceRoot, type ErrorClass} from "./frameworkCorpusClassify.js";

const packageRoot = new URL("../", import.meta.url).pathname;
const corpus = process.env.QB_CORPUS;
if (!corpus) {
  console.log("frameworkCorpus: skipped (set QB_CORPUS to a folder of Framework projects, one per subfolder)");
  process.exit(0);
}
/** How long a page may take to settle: cells still pending then are counted as pending, not run. */
const settleMs = Number(process.env.QB_CORPUS_SETTLE_MS ?? 8000);
const only = process.env.QB_CORPUS_ONLY?.split(",");

interface CellResult {
  kind: "block" | "inline";
  state: "ran" | "error" | "pending";
  message?: string;
  class?: ErrorClass;
}
interface PageResult {
  project: string;
  page: string;
  cells: CellResult[];
  pageErrors: string[];
  blocked: number;
}

// Recorded in the page before its scripts run: which cells the runtime has started (marked
// pending at least once), so "settled" means every cell started and none is pending.
const watchCells = () => {
  const started = new Set<Element>();
  (window as any).__qbStarted = started;
  new MutationObserver((records) => {
    for (const r of records) if (r.target instanceof Element && r.target.classList.contains("qb-pending")) started.add(r.target);
  }).observe(document, {subtree: true, attributes: true, attributeFilter: ["class"]});
};
const settled = () => {
  const started: Set<Element> = (window as any).__qbStarted;
  const cells = Array.from(document.querySelectorAll(".qb-cell, .qb-inline"));
  return (
    document.readyState === "complete" &&
    cells.every((c) => c.querySelector(".qb-error") || (started.has(c) && !c.classList.contains("qb-pending")))
  );
};
const readCells = () =>
  Array.from(document.querySelectorAll(".qb-cell, .qb-inline")).map((c) => {
    const error = c.querySelector(".qb-error-message") ?? c.querySelector(".qb-error");
    const started: Set<Element> = (window as any).__qbStarted;
    return {
      kind: c.classList.contains("qb-inline") ? ("inline" as const) : ("block" as const),
      state: error ? ("error" as const) : !started.has(c) || c.classList.contains("qb-pending") ? ("pending" as const) : ("ran" as const),
      message: error ? (error.textContent ?? "").slice(0, 400) : undefined
    };
  });

const projects = readdirSync(corpus)
  .filter((name) => statSync(join(corpus, name)).isDirectory() && (!only || only.includes(name)))
  .sort();
const work = mkdtempSync(join(tmpdir(), "queuebook-bench-corpus-"));
const browser = await launchBrowser();
const results: PageResult[] = [];
const buildFailures: string[] = [];
let buildMs = 0;
try {
  for (const project of projects) {
    const root = resolve(await sourceRoot(join(corpus, project)));
    const out = join(work, project);
    const started = performance.now();
    try {
      await buildSite({root, out, packageRoot, effects: {warn() {}}});
    } catch (error) {
      buildFailures.push(`${project}: ${(error as Error).message.split("\n")[0]}`);
      continue;
    }
    buildMs += performance.now() - started;
    for (const name of await findNotebooks(root)) {
      const context = await browser.newContext();
      let blocked = 0;
      // Only the built site's own files load: anything else (a CDN, an API) is refused and counted.
      await context.route("**/*", (route) => {
        const url = route.request().url();
        if (url.startsWith("file:") || url.startsWith("data:") || url.startsWith("blob:")) return route.continue();
        blocked++;
        return route.abort("blockedbyclient");
      });
      const page = await context.newPage();
      const pageErrors: string[] = [];
      page.on("pageerror", (e) => pageErrors.push(e.message.split("\n")[0]));
      await page.addInitScript(watchCells);
      await page
        .goto(pathToFileURL(join(out, name.replace(/\.md$/, ".html"))).href, {waitUntil: "load"})
        .catch((e) => pageErrors.push(String(e).split("\n")[0]));
      // scrolled through once, as a reader would: a cell that awaits visibility() runs when it is on screen
      await page
        .evaluate(async () => {
          for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight / 2) {
            scrollTo(0, y);
            await new Promise((frame) => requestAnimationFrame(frame));
          }
        })
        .catch(() => {});
      await page.waitForFunction(settled, undefined, {timeout: settleMs, polling: 100}).catch(() => {});
      const cells: CellResult[] = (await page.evaluate(readCells).catch(() => [])).map((c) =>
        c.state === "error"
          ? {...c, class: classifyCellError(c.message ?? "", {root, page: name, nodeModules: join(packageRoot, "node_modules")})}
          : c
      );
      results.push({project, page: name, cells, pageErrors, blocked});
      await context.close();
    }
  }
} finally {
  await browser.close();
  rmSync(work, {recursive: true, force: true});
}

/** The share a/b as a percentage with one decimal. */
const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)} %` : "–");

/** Per project and in total: pages, cells, out-of-scope errors by class, in-scope errors, pending, clean pages. */
function tally(pages: PageResult[]) {
  const t = {
    pages: pages.length,
    withCells: 0,
    cells: 0,
    outOfScope: {loader: 0, package: 0, network: 0, "missing-file": 0, "page-syntax": 0} as Record<string, number>,
    inScope: 0,
    inScopeErrors: 0,
    pending: 0,
    inScopePages: 0,
    cleanPages: 0,
    allCleanPages: 0,
    blocked: 0,
    pageErrors: 0
  };
  for (const p of pages) {
    t.blocked += p.blocked;
    t.pageErrors += p.pageErrors.length;
    if (p.cells.length === 0) continue;
    t.withCells++;
    t.cells += p.cells.length;
    let scoped = 0,
      errors = 0,
      anyError = false;
    for (const c of p.cells) {
      if (c.state === "error") anyError = true;
      if (c.state === "error" && c.class !== "in-scope") {
        t.outOfScope[c.class!]++;
        continue;
      }
      scoped++;
      if (c.state === "error") errors++;
      if (c.state === "pending") t.pending++;
    }
    t.inScope += scoped;
    t.inScopeErrors += errors;
    if (!anyError) t.allCleanPages++;
    if (scoped > 0) {
      t.inScopePages++;
      if (errors === 0) t.cleanPages++;
    }
  }
  return t;
}

const rows = [
  ...projects.map((name) => ({name, t: tally(results.filter((r) => r.project === name))})),
  {name: "**all**", t: tally(results)}
];
console.log(
  `corpus ${corpus}: ${projects.length} projects, ${results.length} pages, built in ${Math.round(buildMs)} ms; load average ${loadavg()[0].toFixed(1)}; pages settle within ${settleMs} ms or their pending cells are counted\n`
);
console.log(
  "classification (bench/frameworkCorpusClassify.ts): out of scope = a file a data loader or archive would make (loader), a package not installed here or a library Framework loads from its CDN that queuebook does not carry (package), the network, a CDN import or a DuckDB table from a URL (network), a file or module the repository does not hold (no file), a syntax error or a computed FileAttachment name Framework's parser refuses too (syntax); every other error is in scope\n"
);
console.log(
  "| project | pages (with cells) | cells | out of scope: loader / package / network / no file / syntax | in-scope cells | in-scope errors | pending | % running | clean in-scope pages |"
);
console.log("|---|---|---|---|---|---|---|---|---|");
for (const {name, t} of rows) {
  const o = t.outOfScope;
  const running = t.inScope - t.inScopeErrors - t.pending;
  console.log(
    `| ${name} | ${t.pages} (${t.withCells}) | ${t.cells} | ${o.loader} / ${o.package} / ${o.network} / ${o["missing-file"]} / ${o["page-syntax"]} | ${t.inScope} | ${t.inScopeErrors} | ${t.pending} | ${pct(running, t.inScope)} | ${t.cleanPages} of ${t.inScopePages} (${pct(t.cleanPages, t.inScopePages)}) |`
  );
}
const all = rows.at(-1)!.t;
console.log(
  `\npages with cells and no error of any kind: ${all.allCleanPages} of ${all.withCells}; requests off the machine blocked: ${all.blocked}; uncaught page errors: ${all.pageErrors}`
);
if (buildFailures.length) console.log(`builds that failed: ${buildFailures.join("; ")}`);

// The most common errors, with positions and quoted names generalised so one cause is one row.
const counts = new Map<string, {n: number; cls: string; example: string}>();
for (const r of results) {
  for (const c of r.cells) {
    if (c.state !== "error") continue;
    const key = (c.message ?? "")
      .replace(/^input `[^`]*` failed: /, "input failed: ")
      .replace(/\(at [^)]*\)/g, "")
      .replace(/\/[^\s"'()]+:\d+:\d+/g, "FILE:L:C")
      .replace(/\d+/g, "N")
      .slice(0, 140);
    const entry = counts.get(key) ?? {n: 0, cls: c.class!, example: `${r.project}/${r.page}`};
    entry.n++;
    counts.set(key, entry);
  }
}
console.log("\n| cells | class | error (first line) | e.g. |\n|---|---|---|---|");
for (const [message, {n, cls, example}] of [...counts].sort((a, b) => b[1].n - a[1].n).slice(0, Number(process.env.QB_CORPUS_TOP ?? 20))) {
  console.log(`| ${n} | ${cls} | ${message.replace(/\|/g, "\\|")} | ${example} |`);
}
if (process.env.QB_CORPUS_JSON) writeFileSync(process.env.QB_CORPUS_JSON, JSON.stringify(results, null, 1));
