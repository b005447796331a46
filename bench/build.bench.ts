// Build cost under large and hostile notebooks:
//   1. a 10,000-cell notebook, whole `queuebook build` command: median wall clock and peak
//      memory of the process tree (goal: under 3 s and 500 MB);
//   2. the pathological shapes that used to be quadratic or overflow (2,000 cells defining one
//      name, a 1,000-cell cycle, a 6,000-cell chain, 400 backtick runs beside ${}, 4,000
//      nested quotes, 5,000 stars): wall clock and output size, each must build (exit 0);
//   3. the seeded fuzz of test/fuzz at length (BENCH_FUZZ_RUNS mutants, default 200).
import {spawn} from "node:child_process";
import {mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync} from "node:fs";
import {cpus, loadavg, tmpdir} from "node:os";
import {join} from "node:path";
import {fuzzBuild} from "../test/fuzz/notebooks.js";
import {treeUsage} from "./processTree.js";
import {median, ms} from "./stats.js";

const packageRoot = new URL("../", import.meta.url).pathname;
const runs = Number(process.env.BENCH_RUNS ?? 5);
const work = mkdtempSync(join(tmpdir(), "queuebook-bench-build-"));

/** Runs `queuebook build` on `root`: wall clock, peak RSS of the process tree (sampled every 10 ms), exit code. */
function build(root: string, out: string): Promise<{ms: number; peakMb: number; cpuMs: number; code: number | null; stderr: string}> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [join(packageRoot, "bin/queuebook.js"), "build", "--root", root, "-o", out], {
      cwd: work,
      stdio: ["ignore", "ignore", "pipe"]
    });
    let stderr = "";
    let peak = 0;
    let ticks = 0;
    child.stderr.on("data", (d) => (stderr += d));
    const timer = setInterval(() => {
      const usage = treeUsage(child.pid!);
      peak = Math.max(peak, usage.rss);
      ticks = Math.max(ticks, usage.ticks);
    }, 10);
    child.on("error", reject);
    child.on("close", (code) => {
      clearInterval(timer);
      resolve({ms: performance.now() - started, peakMb: peak / 1024, cpuMs: ticks * 10, code, stderr}); // 100 ticks per second on Linux
    });
  });
}

/** A folder holding one notebook with the given text. */
function notebook(name: string, text: string): string {
  const root = join(work, name);
  mkdirSync(root, {recursive: true});
  writeFileSync(join(root, `${name}.md`), text);
  return root;
}

const fence = (source: string, lang = "js") => "```" + lang + "\n" + source + "\n```\n";

/** 10,000 cells as a course notebook has them: chained values, prose with inline values and code spans, echoed code, and (with `ts`) one TypeScript cell in seven. */
function tenThousand(ts: boolean): string {
  const parts = ["---\ntitle: Ten thousand cells\n---\n\n# Ten thousand cells\n"];
  for (let i = 0; i < 10_000; i++) {
    const previous = i ? `v${i - 1}` : "1";
    if (i % 5 === 1) parts.push(`Step ${i}: the value is \${v${i - 1} * 2}, see \`v${i - 1}\` and *why* it **grows**.\n`);
    if (ts && i % 7 === 3) parts.push(fence(`const v${i}: number = ${previous} + 1;`, "ts"));
    else if (i % 11 === 5) parts.push(fence(`const v${i} = ${previous} + 1;`, "js echo"));
    else parts.push(fence(`const v${i} = ${previous} + 1;`));
  }
  return parts.join("\n");
}

const warm = notebook("warm", "# warm\n\n" + fence("1"));
await build(warm, join(work, "warm-out")); // the CLI and the client assets are bundled once and cached

for (const ts of [false, true]) {
  const big = notebook(ts ? "big-ts" : "big", tenThousand(ts));
  const kind = ts ? "10,000 cells, one in seven TypeScript" : "10,000 JavaScript cells";
  console.log(
    `\n### ${kind} (${(statSync(join(big, `${ts ? "big-ts" : "big"}.md`)).size / 1024).toFixed(0)} KB of Markdown, 2,000 inline values), whole \`queuebook build\` command, ${runs} runs\n`
  );
  const results = [];
  for (let i = 0; i < runs; i++) {
    const result = await build(big, join(work, "big-out"));
    if (result.code !== 0) throw new Error(`build of the 10,000-cell notebook failed: ${result.stderr.slice(0, 500)}`);
    results.push(result);
  }
  const times = results.map((r) => r.ms);
  const cpu = results.map((r) => r.cpuMs);
  const peaks = results.map((r) => r.peakMb);
  const script = readdirSync(join(work, "big-out"))
    .filter((f) => f.endsWith(".js"))
    .reduce((sum, f) => sum + statSync(join(work, "big-out", f)).size, 0);
  console.log("| measure | median | min | max | goal |\n|---|---|---|---|---|");
  console.log(`| wall clock | ${ms(median(times))} | ${ms(Math.min(...times))} | ${ms(Math.max(...times))} | < 3 s |`);
  console.log(
    `| CPU time, user + system, node + esbuild (to the last 10 ms sample) | ${ms(median(cpu))} | ${ms(Math.min(...cpu))} | ${ms(Math.max(...cpu))} | |`
  );
  console.log(
    `| peak RSS, node + esbuild (sampled every 10 ms) | ${median(peaks).toFixed(0)} MB | ${Math.min(...peaks).toFixed(0)} MB | ${Math.max(...peaks).toFixed(0)} MB | < 500 MB |`
  );
  console.log(
    `\nscript written: ${(script / 1024 / 1024).toFixed(2)} MB; load average at the end: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(", ")} on ${cpus().length} cores`
  );
}

console.log("\n### Pathological notebooks (each must build, exit 0; median of 3)\n");
const n = (count: number, cell: (i: number) => string) => Array.from({length: count}, (_, i) => fence(cell(i))).join("\n");
const shapes: [string, string][] = [
  ["2,000 cells defining one name", n(2000, (i) => `const a = ${i};`)],
  ["10,000 cells defining one name", n(10_000, (i) => `const a = ${i};`)],
  ["a 1,000-cell cycle", n(1000, (i) => `const v${i} = v${(i + 999) % 1000} + 1;`)],
  ["a 6,000-cell chain", n(6000, (i) => (i ? `const v${i} = v${i - 1} + 1;` : "const v0 = 1;"))],
  [
    "400 backtick runs beside ${…}",
    Array.from({length: 400}, (_, i) => "`".repeat(1 + (i % 9)) + " a ${x} ").join("") + "\n\n" + fence("const x = 1;")
  ],
  ["4,000 nested quotes", "> ".repeat(4000) + "deep\n"],
  ["5,000 stars, x, 5,000 stars", "*".repeat(5000) + "x" + "*".repeat(5000) + "\n"],
  ["400 levels of nested lists", Array.from({length: 400}, (_, i) => "  ".repeat(i) + "- item").join("\n") + "\n"]
];
console.log("| notebook | median | peak RSS | script | warnings |\n|---|---|---|---|---|");
for (const [name, text] of shapes) {
  const root = notebook(name.replace(/[^a-z0-9]+/gi, "-"), text);
  const out = join(work, "shape-out");
  const measured = [];
  for (let i = 0; i < 3; i++) {
    const result = await build(root, out);
    if (result.code !== 0) throw new Error(`${name}: exit ${result.code}: ${result.stderr.slice(0, 300)}`);
    measured.push(result);
  }
  const size = readdirSync(out)
    .filter((f) => f.endsWith(".js"))
    .reduce((sum, f) => sum + statSync(join(out, f)).size, 0);
  const warnings = measured[0].stderr.split("\n").filter((l) => l.startsWith("warning: ")).length;
  console.log(
    `| ${name} | ${ms(median(measured.map((r) => r.ms)))} | ${median(measured.map((r) => r.peakMb)).toFixed(0)} MB | ${(size / 1024).toFixed(0)} KB | ${warnings} |`
  );
}

const fuzzRuns = Number(process.env.BENCH_FUZZ_RUNS ?? 200);
console.log(`\n### Fuzz: ${fuzzRuns} seeded mutants of the shipped notebooks, built in-process\n`);
const started = performance.now();
const report = await fuzzBuild({seed: 1, runs: fuzzRuns, log: (line) => console.log(`- ${line}`)});
console.log(
  `${report.cases} builds in ${ms(performance.now() - started)}; exit codes ${JSON.stringify(report.exitCodes)}; ${report.failures.length} broken promises`
);
for (const error of report.errors) console.log(`- exit 1 or 2, as promised: ${error}`);
rmSync(work, {recursive: true, force: true});
if (report.failures.length) process.exit(1);
