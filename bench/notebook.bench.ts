// Notebook engine benchmarks, side by side with Observable Framework 1.13.4 where the peer
// harness named by QB_FRAMEWORK_PEER is present (a script that builds a notebook with Framework offline):
//   1. wall clock of building the one-page notebook (bench/fixtures/one-page.md), ours vs
//      `npx observable build`, alternating runs, medians and their ratio;
//   2. slider input → dependent cells settled, in headless Chromium, over 100 inputs, ours and
//      Framework's page measured by the same in-page code (bench/slider.ts) in alternating rounds;
//   3. page weight: bytes the page loads (and gzip), ours vs Framework's dist/;
//   and with BENCH_PROJECT=<folder of Framework pages>, the build of that real project by both.
import {execFileSync, spawnSync} from "node:child_process";
import {cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync} from "node:fs";
import {cpus, loadavg, tmpdir} from "node:os";
import {join} from "node:path";
import {gzipSync} from "node:zlib";
import {launchBrowser, serveStatic} from "../test/e2e/harness.js";
import {blockExternal, openNotebook, sliderLatencies, type OpenNotebook} from "./slider.js";
import {kb, median, ms, percentile} from "./stats.js";

const packageRoot = new URL("../", import.meta.url).pathname;
const fixture = join(packageRoot, "bench/fixtures/one-page.md");
// Framework's side needs a harness outside the repository (QB_FRAMEWORK_PEER; by default this workplace's ../shared/tools/framework-peer.sh)
const peerScript = process.env.QB_FRAMEWORK_PEER ?? join(packageRoot, "../shared/tools/framework-peer.sh");
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

const ourBuild = () =>
  timeCommand(process.execPath, [join(packageRoot, "bin/queuebook.js"), "build", "--root", root, "-o", join(work, "dist")], work);

// 1. Build time.
console.log("### Build of the one-page notebook (wall clock, whole command)\n");
ourBuild(); // warm: the CLI and the client assets are bundled once and cached
let peer: string | undefined;
if (existsSync(peerScript)) {
  try {
    peer = execFileSync("bash", [peerScript, fixture, join(tmpdir(), "queuebook-fwpeer")], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"]
    })
      .trim()
      .split("\n")
      .pop();
  } catch (error) {
    console.log(`(Framework peer could not be prepared: ${(error as Error).message.split("\n")[0]})\n`);
  }
} else {
  console.log(`(Framework peer skipped: ${peerScript} is not on this machine)\n`);
}
const ours: number[] = [];
const theirs: number[] = [];
const nodeStart: number[] = []; // the floor under every Node command, ours and Framework's alike
for (let i = 0; i < runs; i++) {
  nodeStart.push(timeCommand(process.execPath, ["-e", "0"], work));
  ours.push(ourBuild());
  if (peer) theirs.push(timeCommand("npx", ["observable", "build"], peer));
}
console.log(`| tool | runs | median | min | max |\n|---|---|---|---|---|`);
console.log(`| queuebook build | ${runs} | ${ms(median(ours))} | ${ms(Math.min(...ours))} | ${ms(Math.max(...ours))} |`);
if (peer) {
  console.log(
    `| Observable Framework 1.13.4 build | ${runs} | ${ms(median(theirs))} | ${ms(Math.min(...theirs))} | ${ms(Math.max(...theirs))} |`
  );
  console.log(`\nratio (Framework median / queuebook median): **${(median(theirs) / median(ours)).toFixed(1)}×** (goal ≥ 20×)`);
}
console.log(
  `\nNode's own start (\`node -e 0\`, same runs): median ${ms(median(nodeStart))}${
    process.env.NODE_EXTRA_CA_CERTS ? " (NODE_EXTRA_CA_CERTS is set: Node reads those certificates at every start)" : ""
  }`
);

// 1b. A real project (BENCH_PROJECT=<a folder of Framework pages>, e.g. a project's src/): the
// peer harness copies it beside Framework's config, and both tools build that same copy.
const project = process.env.BENCH_PROJECT;
if (project && peer !== undefined) {
  console.log(`\n### Build of a real project: ${project} (wall clock, whole command)\n`);
  let projectPeer: string | undefined;
  try {
    projectPeer = execFileSync("bash", [peerScript, project, join(tmpdir(), "queuebook-fwpeer-project")], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"]
    })
      .trim()
      .split("\n")
      .pop();
  } catch (error) {
    console.log(`(Framework peer could not build it: ${(error as Error).message.split("\n")[0]})\n`);
  }
  if (projectPeer) {
    const pages = readdirSync(join(projectPeer, "src"), {recursive: true}).filter((f) => String(f).endsWith(".md")).length;
    const ourProjectBuild = () =>
      timeCommand(
        process.execPath,
        [join(packageRoot, "bin/queuebook.js"), "build", "--root", projectPeer, "-o", join(work, "project-dist")],
        work
      );
    ourProjectBuild(); // warm, as above
    const mine: number[] = [];
    const fw: number[] = [];
    for (let i = 0; i < runs; i++) {
      mine.push(ourProjectBuild());
      fw.push(timeCommand("npx", ["observable", "build"], projectPeer));
    }
    console.log(
      `${pages} pages; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(", ")}\n`
    );
    console.log(`| tool | runs | median | min | max |\n|---|---|---|---|---|`);
    console.log(`| queuebook build | ${runs} | ${ms(median(mine))} | ${ms(Math.min(...mine))} | ${ms(Math.max(...mine))} |`);
    console.log(`| Observable Framework 1.13.4 build | ${runs} | ${ms(median(fw))} | ${ms(Math.min(...fw))} | ${ms(Math.max(...fw))} |`);
    console.log(`\nratio (Framework median / queuebook median): **${(median(fw) / median(mine)).toFixed(1)}×** (goal ≥ 20×)`);
  }
} else if (!project) console.log("\n(real-project build skipped: set BENCH_PROJECT to a folder of Framework pages)");

const hosts = (urls: string[]) => [...new Set(urls.map((u) => new URL(u).hostname))].join(", ");

// 2. Slider latency: the same page code on both builds, in alternating rounds of the same inputs.
const inputs = 100;
const round = 10;
console.log(`\n### Slider input → dependent cells settled (headless Chromium, ${inputs} inputs each, alternating rounds of ${round})\n`);
console.log(
  `load average when the browser starts (1, 5, 15 min, ${cpus().length} cores): ${loadavg()
    .map((l) => l.toFixed(2))
    .join(", ")}\n`
);
const browser = await launchBrowser();
const server = await serveStatic(join(work, "dist"));
const peerServer = peer ? await serveStatic(join(peer, "dist")) : undefined;
try {
  const pages: {name: string; open: OpenNotebook; latencies: number[]}[] = [
    {name: "queuebook", open: await openNotebook(browser, `${server.origin}/one-page.html`), latencies: []}
  ];
  if (peerServer)
    pages.push({name: "Observable Framework 1.13.4", open: await openNotebook(browser, `${peerServer.origin}/index.html`), latencies: []});
  else console.log("(Framework peer skipped for slider latency: no peer build, see above)\n");
  const values = Array.from({length: inputs}, (_, i) => 2 + (i % 90));
  for (let r = 0; r * round < inputs; r++) {
    const order = r % 2 === 0 ? pages : [...pages].reverse(); // neither page always goes first
    for (const p of order) p.latencies.push(...(await sliderLatencies(p.open.page, values.slice(r * round, (r + 1) * round))));
  }
  for (const p of pages) await p.open.page.close();
  console.log(
    `measured in the page: input event dispatched → the redrawn 1,440-point chart is in the DOM (so every dependent cell has run); MutationObserver on the chart's cell, same code on both pages\n`
  );
  console.log(`| notebook built by | inputs | p50 | p95 | max | external requests blocked |\n|---|---|---|---|---|---|`);
  for (const p of pages) {
    const l = p.latencies;
    console.log(
      `| ${p.name} | ${l.length} | ${ms(percentile(50, l))} | ${ms(percentile(95, l))} | ${ms(Math.max(...l))} | ${p.open.blocked.length}${p.open.blocked.length ? ` (${hosts(p.open.blocked)})` : ""} |`
    );
  }
  if (pages.length === 2) {
    const [q, f] = pages.map((p) => p.latencies);
    console.log(
      `\nratio (Framework / queuebook): p50 **${(percentile(50, f) / percentile(50, q)).toFixed(2)}×**, p95 **${(percentile(95, f) / percentile(95, q)).toFixed(2)}×** (goal: queuebook's p95 well under Framework's)`
    );
  }
  console.log(`\np95 goal: under 20 ms (the runtime waits for the next animation frame, ≤ 16.7 ms)`);

  // 3. Page weight.
  console.log("\n### Page weight of the one-page notebook\n");
  const weigh = async (origin: string, path: string) => {
    const p = await browser.newPage();
    const blocked = await blockExternal(p);
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
    return {
      blocked,
      files: bodies.length,
      bytes: bodies.reduce((s, b) => s + b.length, 0),
      gzip: bodies.reduce((s, b) => s + gzipSync(b).length, 0)
    };
  };
  const ourWeight = await weigh(server.origin, "one-page.html");
  console.log(`| build | files loaded | bytes | gzip |\n|---|---|---|---|`);
  console.log(`| queuebook | ${ourWeight.files} | ${kb(ourWeight.bytes)} | ${kb(ourWeight.gzip)} |`);
  if (peerServer) {
    const theirWeight = await weigh(peerServer.origin, "index.html");
    console.log(`| Observable Framework 1.13.4 | ${theirWeight.files} | ${kb(theirWeight.bytes)} | ${kb(theirWeight.gzip)} |`);
    console.log(`\nratio of gzip bytes (Framework / queuebook): ${(theirWeight.gzip / ourWeight.gzip).toFixed(2)}×`);
    for (const [name, w] of [
      ["queuebook's", ourWeight],
      ["Framework's", theirWeight]
    ] as const) {
      if (w.blocked.length)
        console.log(
          `(${name} page also asked for ${w.blocked.length} file(s) off this machine, blocked and not counted: ${hosts(w.blocked)})`
        );
    }
  }
  const dirSize = (dir: string): number =>
    readdirSync(dir, {recursive: true})
      .map(String)
      .reduce((s, f) => s + (statSync(join(dir, f)).isFile() ? statSync(join(dir, f)).size : 0), 0);
  console.log(
    `\nwhole dist/ folder: queuebook ${kb(dirSize(join(work, "dist")))}${peer ? `, Framework ${kb(dirSize(join(peer, "dist")))}` : ""}`
  );
} finally {
  await browser.close();
  await server.close();
  await peerServer?.close();
  rmSync(work, {recursive: true, force: true});
}
