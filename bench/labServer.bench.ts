// The lab server at its record cap: resident memory (VmRSS of its process) once 1,000,000
// requests are recorded (BENCH_RECORDS), and how long /work waits while /dump writes them all
// (a probe every 10 ms on a keep-alive connection; its slowest answer during the dump is the
// stall). BENCH_BASELINE=<another checkout> measures that tree's server the same way after.
// Each server runs in its own process (node with tsx, which adds its own ~40 MB to both).
import {spawn, type ChildProcess} from "node:child_process";
import {readFileSync} from "node:fs";
import {Agent, request} from "node:http";
import {loadavg} from "node:os";
// @ts-expect-error autocannon ships no type declarations
import autocannon from "autocannon";
import {ms} from "./stats.js";

const packageRoot = new URL("../", import.meta.url).pathname;
const records = Number(process.env.BENCH_RECORDS ?? 1_000_000);
const trees = [
  {label: "this tree", root: packageRoot},
  ...(process.env.BENCH_BASELINE ? [{label: "baseline", root: process.env.BENCH_BASELINE.replace(/\/?$/, "/")}] : [])
];
console.log(
  `load average at the start: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(", ")} (2 cores shared)\n`
);

/** A lab server (0 ms × 64 workers, cap = `records`) of `root` in its own process; resolves to its URL. */
function startServer(root: string): Promise<{url: string; child: ChildProcess}> {
  const script = `const {createLabServer, listen} = await import(${JSON.stringify(root + "src/lab/server.ts")});
const lab = createLabServer({serviceMs: 0, workers: 64, maxRecords: ${records}, log: () => {}});
console.log("listening on http://127.0.0.1:" + await listen(lab.server, 0));`;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"]
  });
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk) => {
      out += chunk;
      const match = /listening on (\S+)/.exec(out);
      if (match) resolve({url: match[1], child});
    });
    child.on("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;

/** One GET on `agent`: resolves to its time in ms. */
function timedGet(agent: Agent, url: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    request(url, {agent}, (response) => {
      response.resume();
      response.on("end", () => resolve(performance.now() - started));
    })
      .on("error", reject)
      .end();
  });
}

const rows: string[] = [];
for (const tree of trees) {
  const {url, child} = await startServer(tree.root);
  try {
    const idle = rssMb(child.pid!);
    await autocannon({url: url + "/work", connections: 64, amount: records});
    const full = rssMb(child.pid!);
    // The dump, with a probe of /work every 10 ms beside it.
    const agent = new Agent({keepAlive: true, maxSockets: 1});
    await timedGet(agent, url + "/work"); // the probe's connection is open before the dump starts
    let dumping = true;
    const probes: number[] = [];
    const probing = (async () => {
      while (dumping) {
        probes.push(await timedGet(agent, url + "/work"));
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    const started = performance.now();
    const bytes = await new Promise<number>((resolve, reject) => {
      request(url + "/dump", (response) => {
        let n = 0;
        response.on("data", (chunk: Buffer) => (n += chunk.length));
        response.on("end", () => resolve(n));
      })
        .on("error", reject)
        .end();
    });
    const dumpMs = performance.now() - started;
    dumping = false;
    await probing;
    agent.destroy();
    const afterDump = rssMb(child.pid!);
    console.log(
      `${tree.label}: RSS idle ${idle.toFixed(0)} MB, at the cap ${full.toFixed(0)} MB, after the dump ${afterDump.toFixed(0)} MB; /dump ${(bytes / 1e6).toFixed(1)} MB in ${ms(dumpMs)}, ${probes.length} probes of /work, slowest ${ms(Math.max(...probes))}`
    );
    rows.push(
      `| ${tree.label} | ${idle.toFixed(0)} MB | ${full.toFixed(0)} MB | ${afterDump.toFixed(0)} MB | ${ms(dumpMs)} | ${probes.length} | ${ms(Math.max(...probes))} |`
    );
  } finally {
    child.kill("SIGTERM");
  }
}
console.log(
  `\n| server | RSS idle | RSS at ${records.toLocaleString("en")} records | after /dump | /dump | /work probes during it | slowest /work during /dump |\n|---|---|---|---|---|---|---|\n${rows.join("\n")}`
);
