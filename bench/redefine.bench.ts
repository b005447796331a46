// Redefining one cell of a 600-cell notebook : the synchronous define() of
// a live update or an in-page edit that changes a cell no other cell reads, in headless
// Chromium, side by side with the client as it was before kept cells stopped being looked up
// by attribute (BENCH_BEFORE, a git revision; its src/client/live.ts and cells.ts are bundled in
// place of today's). The two pages are timed in alternating rounds, so the machine's load falls
// on both alike.
import {execFileSync} from "node:child_process";
import {cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {loadavg, tmpdir} from "node:os";
import {join} from "node:path";
import {build, type Plugin} from "esbuild";
import {buildSite} from "../src/site/build.js";
import {launchBrowser} from "../test/e2e/harness.js";
import {median, ms, percentile} from "./stats.js";

const root = new URL("../", import.meta.url).pathname;
/** The last commit whose live.ts searched the page for every kept cell's element on each redefinition. */
const before = process.env.BENCH_BEFORE ?? "fe07e9cc6457d3785a849105627c793e206ce86d";
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const perRound = Number(process.env.BENCH_INPUTS ?? 20);
const count = 300; // prose + inline value + block cell: 600 cells

/** 300 independent block cells, each shown inline in the prose above it, and a last cell nothing reads. */
const notebook =
  `# Redefine\n` +
  Array.from({length: count}, (_, i) => `\nValue ${i}: \${x${i}}.\n\n\`\`\`js\nconst x${i} = ${i};\n\`\`\`\n`).join("") +
  "\n```js\nx0 * 2\n```\n";

/** Bundles src/client/main.ts with live.ts and cells.ts as they were at `rev`. */
async function clientAt(rev: string): Promise<string> {
  const old: Plugin = {
    name: "before",
    setup(b) {
      b.onLoad({filter: /src\/client\/(live|cells)\.ts$/}, (args) => ({
        contents: execFileSync("git", ["show", `${rev}:${args.path.slice(root.length)}`], {cwd: root, encoding: "utf8"}),
        loader: "ts"
      }));
    }
  };
  const out = await build({
    entryPoints: [join(root, "src/client/main.ts")],
    bundle: true,
    minify: true,
    write: false,
    format: "iife",
    platform: "browser",
    logLevel: "error",
    target: ["es2022", "chrome100", "firefox100", "safari15"],
    plugins: [old]
  });
  return out.outputFiles[0].text;
}

/** In the page: redefines the block cell nothing reads `n` times (a new hash and body each), timing each synchronous define; each run waits until the page shows its value. */
const redefine = `async (n) => {
  const q = globalThis.queuebook;
  const times = [];
  for (let i = 0; i < n; i++) {
    const current = q.current();
    const cells = current.cells.slice();
    const at = cells.findIndex((d) => !d.inline && d.autodisplay);
    const cell = cells[at];
    const k = String(Math.round(performance.now() * 1000));
    cells[at] = {...cell, hash: cell.hash.replace(/-\\d+$/, "") + "-" + k, body: () => k};
    const start = performance.now();
    q.notebook({...current, cells});
    times.push(performance.now() - start);
    const root = document.querySelector('[data-cell="' + cell.id + '"]');
    while (!root.textContent.includes(k)) await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  return times;
}`;

const work = mkdtempSync(join(tmpdir(), "queuebook-redefine-bench-"));
try {
  mkdirSync(join(work, "notebooks"));
  writeFileSync(join(work, "package.json"), "{}\n");
  writeFileSync(join(work, "notebooks", "big.md"), notebook);
  await buildSite({root: join(work, "notebooks"), out: join(work, "after"), packageRoot: root});
  cpSync(join(work, "after"), join(work, "before"), {recursive: true});
  writeFileSync(join(work, "before", "_queuebook", "client.js"), await clientAt(before));
  const browser = await launchBrowser();
  try {
    const pages = {before: await browser.newPage(), after: await browser.newPage()};
    for (const [name, page] of Object.entries(pages)) {
      await page.goto(`file://${join(work, name, "big.html")}`);
      await page.waitForFunction(
        (count) =>
          document.querySelectorAll("[data-cell]").length === 2 * count + 1 &&
          !document.querySelector(".qb-pending") &&
          typeof (globalThis as any).queuebook.current === "function",
        count
      );
      await page.evaluate(`(${redefine})(5)`); // warm-up
    }
    const times: Record<string, number[]> = {before: [], after: []};
    const load = loadavg()[0];
    for (let r = 0; r < rounds; r++) {
      for (const name of (r % 2 ? ["after", "before"] : ["before", "after"]) as (keyof typeof pages)[]) {
        times[name].push(...((await pages[name].evaluate(`(${redefine})(${perRound})`)) as number[]));
      }
    }
    const line = (name: string) => `median ${ms(median(times[name]))}, p95 ${ms(percentile(95, times[name]))} (${times[name].length} runs)`;
    console.log(`redefine one cell nothing reads, 600-cell notebook (Chromium, define() only):`);
    console.log(`  before (${before.slice(0, 7)}): ${line("before")}`);
    console.log(`  after  (working tree): ${line("after")}`);
    console.log(
      `  before/after: ${(median(times.before) / median(times.after)).toFixed(1)}x; load average ${load.toFixed(2)} → ${loadavg()[0].toFixed(2)}`
    );
  } finally {
    await browser.close();
  }
} finally {
  rmSync(work, {recursive: true, force: true});
}
