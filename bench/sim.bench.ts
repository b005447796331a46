// Benchmark of the on-call simulator: how long a whole run takes, so the notebook can re-run a
// day on every slider move (target: a 1,440-minute run under 2 ms median). Prints Markdown.
// Method: per case, warm-up runs first (JIT), then many timed repetitions; the median is shown.
import {cpus, loadavg} from "node:os";
import {performance} from "node:perf_hooks";
import {formulas} from "../src/components/oncall/formulas.js";
import {
  debrief,
  decodeRunLink,
  encodeRunLink,
  MAX_LINK_ACTIONS,
  MAX_LINK_CHARS,
  run,
  scenarioNames,
  scenarios,
  simulate,
  type RunOptions,
  type Scenario,
  type ScenarioName
} from "../src/sim/index.js";

const WARMUP = 30;
const REPEATS = 200;

/** Median and fastest wall time in ms of `fn`, after warm-up. */
function measure(fn: () => unknown, repeats = REPEATS): {median: number; min: number} {
  for (let i = 0; i < WARMUP; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return {median: times[Math.floor(times.length / 2)], min: times[0]};
}

const ms = (x: number) => x.toFixed(3);
const table = (header: string[], rows: string[][]) =>
  [`| ${header.join(" | ")} |`, `|${header.map(() => "---").join("|")}|`, ...rows.map((r) => `| ${r.join(" | ")} |`)].join("\n");

function time(scenario: ScenarioName | Scenario, options: RunOptions): {median: number; min: number} {
  return measure(() => run(scenario, options));
}

const [cpu] = cpus();
console.log(
  `Node ${process.version}, ${cpus().length} × ${cpu?.model ?? "unknown CPU"}, load average ${loadavg()[0].toFixed(1)} at start.`
);
console.log(`Wall time of run(scenario, {seed: 1, minutes}): median of ${REPEATS} runs after ${WARMUP} warm-up runs.\n`);

console.log("### A day (1,440 minutes) per scenario\n");
const day = scenarioNames.map((name) => {
  const {median: t, min} = time(name, {seed: 1, minutes: 1440});
  return [name, ms(t), ms(min), ms((1000 * t) / 1440), t < 2 ? "yes" : "**no**"];
});
console.log(table(["scenario", "median ms", "fastest ms", "µs / minute", "median < 2 ms"], day));

console.log("\n### Scaling with minutes (free play)\n");
let previous = 0;
const byMinutes = [60, 360, 1440, 2880].map((minutes) => {
  const {median: t, min} = time("free", {seed: 1, minutes});
  const row = [String(minutes), ms(t), ms(min), ms((1000 * t) / minutes), previous ? (t / previous).toFixed(2) + "×" : "—"];
  previous = t;
  return row;
});
console.log(table(["minutes", "median ms", "fastest ms", "µs / minute", "vs previous"], byMinutes));

console.log("\n### Scaling with fleet size (free play, 1,440 minutes, autoscaling off)\n");
const byFleet = [1, 10, 40].map((fleetMin) => {
  const scenario: Scenario = {...scenarios.free, controls: {...scenarios.free.controls, fleetMin}};
  const {median: t, min} = time(scenario, {seed: 1, minutes: 1440});
  return [String(fleetMin), String(fleetMin * 16), ms(t), ms(min), ms((1000 * t) / 1440)];
});
console.log(table(["fleetMin", "workers N", "median ms", "fastest ms", "µs / minute"], byFleet));
console.log("\nThe cost is linear in minutes (one step each) and, through the Erlang B recursion, linear in");
console.log("the workers N: per minute a fixed part (traffic, cache, budget, the metrics object) plus a");
console.log("multiply-add per two workers. Measured on a shared machine: compare rows, not runs.");

console.log("\n### What the on-call page does besides a run\n");
const trace = simulate("cache-flush", {seed: 1, minutes: 1440, actions: [{minute: 17, press: "warmup"}]});
const fullLink = encodeRunLink({
  scenario: "surge",
  seed: 4294967295,
  minute: 1439,
  lang: "hu",
  actions: Array.from({length: MAX_LINK_ACTIONS}, (_, i) => ({
    minute: i,
    set: {targetUtilization: 0.1 + (0.9 * i) / MAX_LINK_ACTIONS, ttlS: i / 7}
  }))
});
// The costliest refusal: every action read before the last one fails.
const hostile = fullLink.replace(/_[^_]*$/, "_1turboOn");
const others: [string, () => unknown][] = [
  ["simulate(…) with its trace, 1,440 minutes (cache-flush)", () => simulate("cache-flush", {seed: 1, minutes: 1440})],
  ["formulas(trace, minute): the 25 relations of one minute", () => formulas(trace, 16)],
  [`decodeRunLink: a link with ${MAX_LINK_ACTIONS} actions (${fullLink.length} characters)`, () => decodeRunLink(fullLink)],
  [`decodeRunLink: the same with its last action unknown (refused)`, () => decodeRunLink(hostile)],
  [`decodeRunLink: a 1 MB value (refused by length, over ${MAX_LINK_CHARS})`, () => decodeRunLink("v1_" + "x".repeat(1 << 20))],
  ["debrief(…): learner, nothing and textbook, 240 minutes (cache-flush)", () => debrief("cache-flush", 1, 240, [])]
];
console.log(
  table(
    ["what", "median ms", "fastest ms"],
    others.map(([what, fn]) => {
      const {median, min} = measure(fn, 100);
      return [what, ms(median), ms(min)];
    })
  )
);
