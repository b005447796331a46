// The arrival lab's benchmarks (node bench/run.js lab): the simulation's requests per second,
// the open-loop sender's lag at 25 and 500 req/s, the lab server against a plain node:http
// hello world under autocannon, `lab analyze` on a million records (the server's cap), and a
// long run of the analyze fuzz. Everything targets 127.0.0.1 and is bounded in count and time.
import {spawn, type ChildProcess} from "node:child_process";
import {performance} from "node:perf_hooks";
import {fileURLToPath} from "node:url";
// @ts-expect-error autocannon ships no type declarations
import autocannon from "autocannon";
import {rmSync} from "node:fs";
import {loadavg} from "node:os";
import fc from "fast-check";
import {analyzeLab} from "../src/lab/analyze.js";
import {formatClosed, formatPlan, formatRecords, formatRun, parseRecords} from "../src/lab/csv.js";
import {simulateFifo, simulateFifoColumns, simulateFifoInto} from "../src/lab/des.js";
import {analyzeProperty, fuzzRoot} from "../test/lab/support/labFuzz.js";
import {httpTransport, loadAgent} from "../src/lab/http.js";
import {sendOpenLoop} from "../src/lab/openLoop.js";
import {schedule, shapes} from "../src/lab/schedule.js";
import {median, nearestRank} from "../src/lab/stats.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const ms = (s: number) => (s * 1000).toFixed(3);

/** The simulation: a million Poisson arrivals at ρ = 0.8 on 4 workers, median of 5 runs each. */
function benchDes() {
  const arrivals = schedule("poisson", 1_000_000, 80, 7);
  const rows: string[] = [];
  for (const [label, once] of [
    [
      "simulateFifoInto (callback per request)",
      () => {
        let n = 0;
        simulateFifoInto(arrivals, {workers: 4, serviceS: 0.04}, () => n++);
        return n;
      }
    ],
    ["simulateFifoColumns (typed arrays)", () => simulateFifoColumns(arrivals, {workers: 4, serviceS: 0.04}).qlen.length],
    [
      "simulateFifoColumns, exponential service",
      () => simulateFifoColumns(arrivals, {workers: 4, serviceS: 0.04, service: "exponential", seed: 1}).qlen.length
    ],
    ["simulateFifo (one object per request)", () => simulateFifo(arrivals, {workers: 4, serviceS: 0.04}).length],
    [
      "baseline: only allocating the same objects",
      () => {
        const records = [];
        for (let i = 0; i < arrivals.length; i++)
          records.push({seq: i, arrive: arrivals[i], start: arrivals[i], end: arrivals[i] + 0.04, qlen: 1});
        return records.length;
      }
    ]
  ] as const) {
    once(); // warm up
    const rates = Array.from({length: 5}, () => {
      const t0 = performance.now();
      const n = once();
      return n / ((performance.now() - t0) / 1000);
    });
    rows.push(
      `| ${label} | ${(median(rates) / 1e6).toFixed(2)} M | ${(Math.min(...rates) / 1e6).toFixed(2)}–${(Math.max(...rates) / 1e6).toFixed(2)} M |`
    );
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

const labServer = (serviceMs: number, workers: number) =>
  startChild(
    [root + "bin/queuebook.js", "lab", "server", "0", String(serviceMs), String(workers)],
    /listening on (http:\/\/127\.0\.0\.1:\d+)/
  );
const helloServer = () =>
  startChild(
    [
      "-e",
      `const s=require("node:http").createServer((q,r)=>{r.writeHead(200,{"content-type":"text/plain"});r.end("ok\\n")});s.listen(0,"127.0.0.1",()=>console.log("listening on http://127.0.0.1:"+s.address().port));process.on("SIGTERM",()=>{s.close();s.closeAllConnections()})`
    ],
    /listening on (http:\/\/127\.0\.0\.1:\d+)/
  );

/** The sender's lag, sent − intended, against a lab server in its own process. */
async function benchLag() {
  const {url, child} = await labServer(5, 64);
  console.log("### Open-loop sender lag (sent − intended), even schedule, lab server 5 ms × 64 workers in its own process\n");
  console.log("| rate | requests | p50 | p99 | max | answered 200 |\n|---|---|---|---|---|---|");
  try {
    for (const [rate, count] of [
      [25, 250],
      [500, 2500]
    ]) {
      const agent = loadAgent();
      const rows = await sendOpenLoop(url + "/work", schedule("even", count, rate, 7), {transport: httpTransport({agent})});
      agent.destroy();
      const lag = rows.map((r) => r.sent - r.intended);
      const ok = rows.filter((r) => r.code === 200).length;
      console.log(
        `| ${rate}/s | ${count} | ${ms(nearestRank(50, lag))} ms | ${ms(nearestRank(99, lag))} ms | ${ms(Math.max(...lag))} ms | ${ok} |`
      );
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
  const seconds = 4,
    connections = 64,
    rounds = 3;
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
  console.log(
    `### Server overhead: autocannon, ${connections} connections, ${rounds} alternating rounds of ${seconds} s, loopback, servers in their own processes\n`
  );
  console.log("| server | requests/s (median of rounds) | rounds | latency p50 / p99 (median) | errors / non-2xx |\n|---|---|---|---|---|");
  servers.forEach(([label], k) => {
    const runs = results[k];
    const p50 = median(runs.map((r) => r.latency.p50)),
      p99 = median(runs.map((r) => r.latency.p99));
    const errors = runs.reduce((s, r) => s + r.errors, 0),
      non2xx = runs.reduce((s, r) => s + r.non2xx, 0);
    console.log(
      `| ${label} | ${Math.round(rps[k])} | ${runs.map((r) => Math.round(r.requests.average)).join(", ")} | ${p50} / ${p99} ms | ${errors} / ${non2xx} |`
    );
  });
  console.log(
    `\nlab server / hello world = ${(rps[1] / rps[0]).toFixed(2)} (the lab server also timestamps, queues FIFO and records every request)\n`
  );
}

/**
 * `lab analyze` at the server's cap: 1,000,000 records in a srv-*.csv (the /dump of a full
 * epoch). Two folders: one srv-even.csv at the cap beside the lab's normal 150-row files, and
 * every input at 1,000,000 rows (three plans, three runs, three dumps, a closed loop). Times
 * are analyzeLab on the files' text (parse, checks, statistics, formatting), median of 3, as
 * wall time and as this process's CPU time (which a busy shared machine inflates far less).
 */
function benchAnalyze() {
  const n = 1_000_000;
  const small = (): Map<string, string> => {
    const files = new Map<string, string>([["01-probe.txt", "0.044\n0.045\n0.043\n0.044\n0.046\n0.044\n"]]);
    for (const shape of shapes) {
      files.set(`sched-${shape}.csv`, formatPlan(schedule(shape, 300, 25, 7)));
      const plan = schedule(shape, 150, 25, 7);
      const records = simulateFifo(plan, {workers: 4, serviceS: 0.044});
      files.set(`srv-${shape}.csv`, formatRecords(records));
      files.set(
        `run-${shape}.csv`,
        formatRun(records.map((r, i) => ({i, intended: plan[i], sent: r.arrive, received: r.end, code: 200, error: ""})))
      );
    }
    const rows = [];
    for (let k = 0; k < 40; k++)
      for (let user = 0; user < 8; user++) rows.push({user, sent: k * 0.244, received: k * 0.244 + 0.044, code: 200});
    files.set("closed.csv", formatClosed(rows));
    return files;
  };
  const capped = (shape: "even" | "poisson" | "burst") => {
    const plan = schedule(shape, n, 80, 7);
    return {plan, records: simulateFifo(plan, {workers: 4, serviceS: 0.044})};
  };
  const measure = (once: () => void) => {
    const runs = Array.from({length: 3}, () => {
      const [t0, c0] = [performance.now(), process.cpuUsage()];
      once();
      const c = process.cpuUsage(c0);
      return [performance.now() - t0, (c.user + c.system) / 1000];
    });
    return `${median(runs.map((r) => r[0])).toFixed(0)} ms wall, ${median(runs.map((r) => r[1])).toFixed(0)} ms CPU`;
  };
  const time = (files: Map<string, string>) =>
    measure(() => {
      if (analyzeLab((name) => files.get(name)).files.length !== 8) throw new Error("analyze did not write 8 files");
    });
  const mb = (files: Map<string, string>) => ([...files.values()].reduce((s, t) => s + t.length, 0) / 1e6).toFixed(0);

  const one = small();
  const {records} = capped("poisson");
  one.set("srv-even.csv", formatRecords(records));
  const srvText = one.get("srv-even.csv")!;
  const parseTime = measure(() => void parseRecords("srv-even.csv", srvText));
  const oneTime = time(one);

  const all = small();
  for (const shape of shapes) {
    const {plan, records} = capped(shape);
    all.set(`sched-${shape}.csv`, formatPlan(plan));
    all.set(`srv-${shape}.csv`, formatRecords(records));
    all.set(
      `run-${shape}.csv`,
      formatRun(records.map((r, i) => ({i, intended: plan[i], sent: r.arrive, received: r.end, code: 200, error: ""})))
    );
  }
  const rows = [];
  for (let k = 0; rows.length < n; k++)
    for (let user = 0; user < 8; user++) rows.push({user, sent: k * 0.244, received: k * 0.244 + 0.044, code: 200});
  all.set("closed.csv", formatClosed(rows));
  const allTime = time(all);

  console.log(
    `### lab analyze at the server's cap (${n.toLocaleString("en")} records), analyzeLab in-process, median of 3 (load average ${loadavg()[0].toFixed(1)})\n`
  );
  console.log("| input | text | time |\n|---|---|---|");
  console.log(
    `| parseRecords alone, srv-even.csv of ${n.toLocaleString("en")} records | ${(srvText.length / 1e6).toFixed(0)} MB | ${parseTime} |`
  );
  console.log(`| srv-even.csv at ${n.toLocaleString("en")} records, the other inputs at the lab's size | ${mb(one)} MB | ${oneTime} |`);
  console.log(`| every input at ${n.toLocaleString("en")} rows (3 plans, 3 runs, 3 dumps, closed loop) | ${mb(all)} MB | ${allTime} |`);
  console.log(`\nheap used after: ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MB\n`);
}

/** The analyze fuzz, longer than in npm test: LAB_FUZZ_RUNS cases (default 5,000), seeded. */
async function benchFuzz() {
  const runs = Number(process.env.LAB_FUZZ_RUNS ?? 5000);
  const root = fuzzRoot();
  const t0 = performance.now();
  try {
    await fc.assert(analyzeProperty(root), {seed: 20261130, numRuns: runs, endOnFailure: true});
  } finally {
    rmSync(root, {recursive: true, force: true});
  }
  const s = (performance.now() - t0) / 1000;
  console.log(
    `### lab analyze fuzz: ${runs.toLocaleString("en")} corrupted folders, every promise kept, in ${s.toFixed(1)} s (${((s / runs) * 1000).toFixed(1)} ms a case)\n`
  );
}

// The sender runs first, in a fresh heap: the simulation leaves ~100 MB of garbage whose major
// collection would otherwise land in the middle of a timing-sensitive run.
// LAB_BENCH=lag,server,des,analyze,fuzz picks sections (default: all five).
const sections = (process.env.LAB_BENCH ?? "lag,server,des,analyze,fuzz").split(",");
if (sections.includes("lag")) await benchLag();
if (sections.includes("server")) await benchServer();
if (sections.includes("des")) benchDes();
if (sections.includes("analyze")) benchAnalyze();
if (sections.includes("fuzz")) await benchFuzz();
