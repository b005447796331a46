// Notebook engine benchmarks, side by side with Observable Framework 1.13.4 where the peer
// harness (../shared/tools/framework-peer.sh) is present:
//   1. wall clock of building the one-page notebook (bench/fixtures/one-page.md), ours vs
//      `npx observable build`, alternating runs, medians and their ratio;
//   2. slider input → dependent cells settled, in headless Chromium, over 100 inputs;
//   3. page weight: bytes the page loads (and gzip), ours vs Framework's dist/.
import {execFileSync, spawnSync} from "node:child_process";
import {cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {gzipSync} from "node:zlib";
import {launchBrowser, serveStatic} from "../test/e2e/harness.js";
import {kb, median, ms, percentile} from "./stats.js";

const packageRoot = new URL("../", import.meta.url).pathname;
const fixture = join(packageRoot, "bench/fixtures/one-page.md");
const peerScript = join(packageRoot, "../shared/tools/framework-peer.sh");
const runs = Number(process.env.BENCH_RUNS ?? 7);
const work = mkdtempSync(join(tmpdir(), "queuebook-bench-"));
const root = join(work, "notebooks");
mkdirSync(root);
cpSync(fixture, join(root, "one-page.md"));

function timeCommand(command: string, args: string[], cwd: string): number {
  const started = performance.now();
  const result = spawnSync(command, args, {cwd, stdio: ["ignore", "ignore", "pipe"]});
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed: ${result.stderr}`);
  return performance.now() - started;
}

const ourBuild = () => timeCommand(process.execPath, [join(packageRoot, "bin/queuebook.js"), "build", "--root", root, "-o", join(work, "dist")], work);

// 1. Build time.
console.log("### Build of the one-page notebook (wall clock, whole command)\n");
ourBuild(); // warm: the CLI and the client assets are bundled once and cached
let peer: string | undefined;
if (existsSync(peerScript)) {
  try {
    peer = execFileSync("bash", [peerScript, fixture, join(tmpdir(), "queuebook-fwpeer")], {encoding: "utf8", stdio: ["ignore", "pipe", "pipe"]}).trim().split("\n").pop();
  } catch (error) {
    console.log(`(Framework peer could not be prepared: ${(error as Error).message.split("\n")[0]})\n`);
  }
} else {
  console.log(`(Framework peer skipped: ${peerScript} is not on this machine)\n`);
}
const ours: number[] = [];
const theirs: number[] = [];
for (let i = 0; i < runs; i++) {
  ours.push(ourBuild());
  if (peer) theirs.push(timeCommand("npx", ["observable", "build"], peer));
}
console.log(`| tool | runs | median | min | max |\n|---|---|---|---|---|`);
console.log(`| queuebook build | ${runs} | ${ms(median(ours))} | ${ms(Math.min(...ours))} | ${ms(Math.max(...ours))} |`);
if (peer) {
  console.log(`| Observable Framework 1.13.4 build | ${runs} | ${ms(median(theirs))} | ${ms(Math.min(...theirs))} | ${ms(Math.max(...theirs))} |`);
  console.log(`\nratio (Framework median / queuebook median): **${(median(theirs) / median(ours)).toFixed(1)}×** (goal ≥ 10×)`);
}

// 2. Slider latency.
console.log("\n### Slider input → dependent cells settled (headless Chromium, 100 inputs)\n");
const browser = await launchBrowser();
const server = await serveStatic(join(work, "dist"));
try {
  const page = await browser.newPage();
  await page.goto(`${server.origin}/one-page.html`);
  await page.waitForSelector("#cell-3 svg");
  const latencies: number[] = await page.evaluate(async () => {
    const input = document.querySelector<HTMLInputElement>("#cell-1 input[type=range]")!;
    const chart = document.querySelector("#cell-3")!;
    const out: number[] = [];
    for (let i = 0; i < 100; i++) {
      await new Promise((r) => setTimeout(r, 30)); // let the page idle between inputs
      const done = new Promise<number>((resolve) => {
        const observer = new MutationObserver(() => {
          if (!chart.querySelector("svg")) return;
          observer.disconnect();
          resolve(performance.now());
        });
        observer.observe(chart, {childList: true, subtree: true});
      });
      input.value = String(2 + (i % 90));
      const start = performance.now();
      input.dispatchEvent(new Event("input", {bubbles: true}));
      out.push((await done) - start);
    }
    return out;
  });
  console.log(`measured in the page: input event dispatched → the new 1,440-point chart is in the DOM (so every dependent cell has run)\n`);
  console.log(`| inputs | p50 | p95 | max |\n|---|---|---|---|`);
  console.log(`| ${latencies.length} | ${ms(percentile(50, latencies))} | ${ms(percentile(95, latencies))} | ${ms(Math.max(...latencies))} |`);
  console.log(`\np95 goal: under 20 ms (the runtime waits for the next animation frame, ≤ 16.7 ms)`);

  // 3. Page weight.
  console.log("\n### Page weight of the one-page notebook\n");
  const weigh = async (origin: string, path: string) => {
    const p = await browser.newPage();
    const sizes = new Map<string, Buffer>();
    p.on("response", async (r) => {
      try {
        sizes.set(r.url(), await r.body());
      } catch {
        /* redirects have no body */
      }
    });
    await p.goto(`${origin}/${path}`, {waitUntil: "networkidle"});
    await p.close();
    const bodies = [...sizes.values()];
    return {files: bodies.length, bytes: bodies.reduce((s, b) => s + b.length, 0), gzip: bodies.reduce((s, b) => s + gzipSync(b).length, 0)};
  };
  const ourWeight = await weigh(server.origin, "one-page.html");
  console.log(`| build | files loaded | bytes | gzip |\n|---|---|---|---|`);
  console.log(`| queuebook | ${ourWeight.files} | ${kb(ourWeight.bytes)} | ${kb(ourWeight.gzip)} |`);
  if (peer) {
    const peerServer = await serveStatic(join(peer, "dist"));
    try {
      const theirWeight = await weigh(peerServer.origin, "index.html");
      console.log(`| Observable Framework 1.13.4 | ${theirWeight.files} | ${kb(theirWeight.bytes)} | ${kb(theirWeight.gzip)} |`);
      console.log(`\nratio of gzip bytes (Framework / queuebook): ${(theirWeight.gzip / ourWeight.gzip).toFixed(2)}×`);
    } finally {
      await peerServer.close();
    }
  }
  const dirSize = (dir: string): number => readdirSync(dir, {recursive: true}).map(String).reduce((s, f) => s + (statSync(join(dir, f)).isFile() ? statSync(join(dir, f)).size : 0), 0);
  console.log(`\nwhole dist/ folder: queuebook ${kb(dirSize(join(work, "dist")))}${peer ? `, Framework ${kb(dirSize(join(peer, "dist")))}` : ""}`);
} finally {
  await browser.close();
  await server.close();
  rmSync(work, {recursive: true, force: true});
}
