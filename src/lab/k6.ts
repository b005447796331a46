// A k6 script that sends exactly `lab gen`'s schedule, open loop, so the lab's load can run
// from other machines (k6 cloud, k6-operator) and its results CSV come back to the notebook.
// Pure: it returns the script's text.
import {seconds} from "./csv.js";
import {schedule, type Shape} from "./schedule.js";

/** What {@link k6Script} writes into the script. */
export interface K6ScriptOptions {
  shape: Shape;
  count: number;
  rate: number;
  seed: number;
  url: string;
  /** Per-request timeout (k6 duration), default "30s" like `lab gen`. */
  timeout?: string;
}

/**
 * The k6 script for a schedule. Open loop by construction: the `per-vu-iterations` executor
 * gives every request its own VU with one iteration; each VU sleeps until its request's
 * absolute offset from the scenario's start, then sends once. No VU ever waits for another's
 * answer, so a slow answer never delays the next send (k6's arrival-rate executors only do
 * fixed or ramped rates, not arbitrary times). The offsets are the plan's CSV values (6
 * decimals), the same numbers `lab gen` writes.
 */
export function k6Script({shape, count, rate, seed, url, timeout = "30s"}: K6ScriptOptions): string {
  const plan = schedule(shape, count, rate, seed).map(seconds);
  const last = Number(plan[plan.length - 1]);
  const maxDuration = `${Math.ceil(last + 5 + parseDurationS(timeout))}s`;
  const rows: string[] = [];
  for (let i = 0; i < plan.length; i += 10) rows.push("  " + plan.slice(i, i + 10).join(", ") + ",");
  return `// k6 script written by: queuebook lab k6 ${shape} ${count} ${rate} ${seed} ${url}
// Sends the same ${count} requests as \`queuebook lab gen ${shape} ${count} ${rate} ${seed} …\`, each at
// its intended time (seconds from the scenario's start), open loop: every request has its own
// VU (per-vu-iterations, 1 iteration each) that sleeps until its offset and sends once, so a
// slow answer never delays another send.
//
// Run:     K6_CSV_TIME_FORMAT=unix_micro k6 run --out csv=k6-${shape}.csv script.js
// Upload k6-${shape}.csv to the arrival-lab notebook (its http_req_duration rows become
// run-${shape}.csv: received = the sample's time, sent = received - duration).
//
// Distributed: with k6's cloud (\`k6 cloud run script.js\`) or the k6-operator (a TestRun with
// \`parallelism: N\`), k6 splits the VUs between instances by execution segment;
// exec.vu.idInTest stays unique across them, so each request is still sent exactly once,
// at its own offset. Offsets are measured from each instance's scenario start, so the
// instances' clocks (NTP) and start times bound how exactly the shape survives.
import http from "k6/http";
import exec from "k6/execution";
import {sleep} from "k6";

const url = ${JSON.stringify(url)};
const shape = ${JSON.stringify(shape)};
/** Intended send times in seconds from the start (lab gen's plan). */
const plan = [
${rows.join("\n")}
];

/** @type {import("k6/options").Options} */
export const options = {
  discardResponseBodies: true,
  scenarios: {
    ${shape}: {executor: "per-vu-iterations", vus: plan.length, iterations: 1, maxDuration: ${JSON.stringify(maxDuration)}}
  }
};

export default function () {
  const i = exec.vu.idInTest - 1;
  const due = exec.scenario.startTime + plan[i] * 1000;
  const wait = due - Date.now();
  if (wait > 0) sleep(wait / 1000);
  http.get(url, {timeout: ${JSON.stringify(timeout)}, tags: {shape, i: String(i), intended: plan[i].toFixed(6)}});
}
`;
}

/** Seconds of a simple k6 duration ("30s", "500ms", "2m"). */
function parseDurationS(duration: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m)$/.exec(duration);
  if (!match) throw new RangeError(`timeout must look like 30s, 500ms or 2m, got "${duration}"`);
  const n = Number(match[1]);
  return match[2] === "ms" ? n / 1000 : match[2] === "m" ? n * 60 : n;
}
