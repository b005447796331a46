// The arrival lab's benchmarks (node bench/run.js lab): the simulation's requests per second,
// the open-loop sender's lag at 25 and 500 req/s, and the lab server against a plain node:http
// hello world under autocannon. Everything targets 127.0.0.1 and is bounded in count and time.
import {spawn, type ChildProcess} from "node:child_process";
import {performance} from "node:perf_hooks";
import {fileURLToPath} from "node:url";
// @ts-expect-error autocannon ships no type declarations
import autocannon from "autocannon";
import {simulate, simulateColumns, simulateInto} from "../src/lab/des.js";
import {httpTransport, loadAgent} from "../src/lab/http.js";
import {sendOpenLoop} from "../src/lab/openLoop.js";
import {schedule} from "../src/lab/schedule.js";
import {median, nearestRank} from "../src/lab/stats.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const ms = (s: number) => (s * 1000).toFixed(3);

/** The simulation: a million Poisson arrivals at ρ = 0.8 on 4 workers, median of 5 runs each. */
function benchDes() {
  const arrivals = schedule("poisson", 1_000_000, 80, 7);
  const rows: string[] = [];
  for (const [label, once] of [
    ["simulateInto (callback per request)", () => {
      let n = 0;
      simulateInto(arrivals, {workers: 4, serviceS: 0.04}, () => n++);
      return n;
    }],
    ["simulateColumns (typed arrays)", () => simulateColumns(arrivals, {workers: 4, serviceS: 0.04}).qlen.length],
    ["simulateColumns, exponential service", () => simulateColumns(arrivals, {workers: 4, serviceS: 0.04, service: "exponential", seed: 1}).qlen.length],
    ["simulate (one object per request)", () => simulate(arrivals, {workers: 4, serviceS: 0.04}).length],
    ["baseline: only allocating the same objects", () => {
      const records = [];
      for (let i = 0; i < arrivals.length; i++) records.push({seq: i, arrive: arrivals[i], start: arrivals[i], end: arrivals[i] + 0.04, qlen: 1});
      return records.length;
    }]
  ] as const) {
    once(); // warm up
    const rates = Array.from({length: 5}, () => {
      const t0 = performance.now();
      const n = once();
      return n / ((performance.now() - t0) / 1000);
    });
    rows.push(`| ${label} | ${(median(rates) / 1e6).toFixed(2)} M | ${(Math.min(...rates) / 1e6).toFixed(2)}–${(Math.max(...rates) / 1e6).toFixed(2)} M |`);
  }
  console.log("### Simulation (des.ts), 1,000,000 Poisson arrivals, 4 workers, ρ = 0.8\n");
  console.log("| run | requests/s (median of 5) | range |\n|---|---|---|");
  console.log(rows.join("\n") + "\n");
}

/** Starts a child process and resolves to the URL it prints. */
function startChild(args: string[], pattern: RegExp): Promise<{url: string; child: ChildProcess}> {
  const child = spawn(process.execPath, args, {cwd: root, stdio: ["ignore", "pipe", "ignore"]});
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk) => {
      out += chunk;
      const match = pattern.exec(out);
      if (match) resolve({url: match[1], child});
    });
    child.on("exit", (code) => reject(new Error(`child exited with ${code}`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

const labServer = (serviceMs: number, workers: number) => startChild([root + "bin/queuebook.js", "lab", "server", "0", String(serviceMs), String(workers)], /listening on (http:\/\/127\.0\.0\.1:\d+)/);
const helloServer = () =>
  startChild(
    ["-e", `const s=require("node:http").createServer((q,r)=>{r.writeHead(200,{"content-type":"text/plain"});r.end("ok\\n")});s.listen(0,"127.0.0.1",()=>console.log("listening on http://127.0.0.1:"+s.address().port));process.on("SIGTERM",()=>{s.close();s.closeAllConnections()})`],
    /listening on (http:\/\/127\.0\.0\.1:\d+)/
  );

/** The sender's lag, sent − intended, against a lab server in its own process. */
async function benchLag() {
  const {url, child} = await labServer(5, 64);
  console.log("### Open-loop sender lag (sent − intended), even schedule, lab server 5 ms × 64 workers in its own process\n");
  console.log("| rate | requests | p50 | p99 | max | answered 200 |\n|---|---|---|---|---|---|");
  try {
    for (const [rate, count] of [[25, 250], [500, 2500]]) {
      const agent = loadAgent();
      const rows = await sendOpenLoop(url + "/work", schedule("even", count, rate, 7), {transport: httpTransport({agent})});
      agent.destroy();
      const lag = rows.map((r) => r.sent - r.intended);
      const ok = rows.filter((r) => r.code === 200).length;
      console.log(`| ${rate}/s | ${count} | ${ms(nearestRank(50, lag))} ms | ${ms(nearestRank(99, lag))} ms | ${ms(Math.max(...lag))} ms | ${ok} |`);
      await fetch(url + "/reset");
    }
  } finally {
    await stop(child);
  }
  console.log();
}

interface CannonResult {
  requests: {average: number; total: number};
  latency: {p50: number; p99: number};
  errors: number;
  non2xx: number;
}

/** The lab server (service 0 ms, 64 workers) against a hello world, autocannon, alternating rounds. */
async function benchServer() {
  const seconds = 4, connections = 64, rounds = 3;
  const servers = [
    ["node:http hello world", helloServer, "/"],
    ["lab server 0 0 64, GET /work", () => labServer(0, 64), "/work"]
  ] as const;
  const results: CannonResult[][] = servers.map(() => []);
  // Alternating the two in several rounds spreads this shared machine's noise over both.
  for (let round = 0; round < rounds; round++) {
    for (const [k, [, start, path]] of servers.entries()) {
      const {url, child} = await start();
      try {
        await autocannon({url: url + path, connections, duration: 1}); // warm up
        results[k].push((await autocannon({url: url + path, connections, duration: seconds})) as CannonResult);
      } finally {
        await stop(child);
      }
    }
  }
  const rps = results.map((runs) => median(runs.map((r) => r.requests.average)));
  console.log(`### Server overhead: autocannon, ${connections} connections, ${rounds} alternating rounds of ${seconds} s, loopback, servers in their own processes\n`);
  console.log("| server | requests/s (median of rounds) | rounds | latency p50 / p99 (median) | errors / non-2xx |\n|---|---|---|---|---|");
  servers.forEach(([label], k) => {
    const runs = results[k];
    const p50 = median(runs.map((r) => r.latency.p50)), p99 = median(runs.map((r) => r.latency.p99));
    const errors = runs.reduce((s, r) => s + r.errors, 0), non2xx = runs.reduce((s, r) => s + r.non2xx, 0);
    console.log(`| ${label} | ${Math.round(rps[k])} | ${runs.map((r) => Math.round(r.requests.average)).join(", ")} | ${p50} / ${p99} ms | ${errors} / ${non2xx} |`);
  });
  console.log(`\nlab server / hello world = ${(rps[1] / rps[0]).toFixed(2)} (the lab server also timestamps, queues FIFO and records every request)\n`);
}

// The sender runs first, in a fresh heap: the simulation leaves ~100 MB of garbage whose major
// collection would otherwise land in the middle of a timing-sensitive run.
// LAB_BENCH=lag,server,des picks sections (default: all three).
const sections = (process.env.LAB_BENCH ?? "lag,server,des").split(",");
if (sections.includes("lag")) await benchLag();
if (sections.includes("server")) await benchServer();
if (sections.includes("des")) benchDes();
