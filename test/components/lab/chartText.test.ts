// The lab's charts as text (chartText.ts): each summary line says, in the page's language, what
// its chart draws, with the numbers of the series it draws (on the committed runs, the answer
// files' own numbers), and each table lists those series.
import {readdirSync, readFileSync} from "node:fs";
import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {translator} from "../../../src/components/i18n.js";
import {
  closedLoopText,
  intervalsText,
  latencyText,
  queueText,
  short,
  sweepText,
  timelinesText,
  waitText
} from "../../../src/components/lab/chartText.js";
import {labRuns} from "../../../src/components/lab/runs.js";
import {closedLoopRate, naiveClosedLoopRate} from "../../../src/lab/little.js";

const root = new URL("../../../", import.meta.url).pathname;
const load = (lang: string): Record<string, string> =>
  JSON.parse(readFileSync(join(root, `notebooks/locales/arrival-lab/${lang}.json`), "utf8"));
const tables = {en: load("en"), ja: load("ja")};
const en = translator(tables, "en");
const ja = translator(tables, "ja");
const dataDir = join(root, "notebooks/data/arrival-lab");
const files = new Map(readdirSync(dataDir).map((name) => [name, readFileSync(join(dataDir, name), "utf8")]));
const runs = labRuns(files);
const answer = (name: string) =>
  Object.fromEntries(
    files
      .get(name)!
      .trim()
      .split("\n")
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)])
  );
const tsv = (name: string) =>
  files
    .get(name)!
    .trim()
    .split("\n")
    .map((line) => line.split("\t"));

/** Every chart's text over the committed runs, in the language of `t`. */
const texts = (t: typeof en) => {
  const k = runs.numbers.think!;
  const users = Array.from({length: Math.max(16, k.users * 2)}, (_, i) => i + 1);
  return {
    timelines: timelinesText(runs.sched, 3, t),
    intervals: intervalsText(runs.figures.intervals, t),
    latency: latencyText(runs.figures.latency, runs.numbers.latency!, t),
    wait: waitText(runs.figures.wait, t),
    queue: queueText(runs.figures.queue, t),
    sweep: sweepText(runs.figures.sweep, {formulaWorkers: runs.numbers.capacity!.formulaWorkers, workers: runs.numbers.target!.workers}, t),
    loop: closedLoopText(
      k,
      users.map((n) => ({n, predicted: closedLoopRate(n, k.meanRS, k.thinkS), naive: naiveClosedLoopRate(n, k.thinkS)})),
      t
    )
  };
};

describe("short(value, digits)", () => {
  it("rounds without trailing zeros or grouping, and writes a dash for no number", () => {
    expect([short(41.25), short(40), short(1234.5678, 2), short(0.04, 3), short(NaN)]).toEqual(["41.3", "40", "1234.57", "0.04", "–"]);
  });
});

describe("the lab's chart summaries on the committed runs", () => {
  const shown = texts(en);
  it("say the numbers of the answer files the charts stand beside", () => {
    const latency = tsv("latency.tsv");
    expect(shown.latency.summary).toBe(
      `Latency, received − sent, as the share of requests answered within it, per shape: ${latency.map(([shape, , p50, p95]) => `${shape} p50 ${Number(p50)} ms, p95 ${Number(p95)} ms`).join(", ")}`
    );
    const queue = tsv("queue.tsv");
    expect(shown.queue.summary).toMatch(new RegExp(`; the largest: ${queue.map(([shape, , max]) => `${shape} ${max}`).join(", ")}$`));
    const capacity = answer("capacity.txt");
    expect(shown.sweep.summary).toMatch(
      new RegExp(
        `; at most even ${capacity.observed_even}, burst ${capacity.observed_burst}; formula_workers = ${capacity.formula_workers}, server workers = ${answer("01-target.txt").workers}$`
      )
    );
    const think = answer("think.txt");
    expect(shown.loop.summary).toContain(
      `measured ${Number(think.measured_rate)} req/s at N = ${think.users} (predicted ${Number(think.predicted_rate)}, naive ${Number(think.naive_rate)})`
    );
  });

  it("count what the chart draws: the dots of the first 3 s, the fullest bin of each histogram", () => {
    const within = (shape: "even" | "poisson" | "burst") => runs.sched[shape].filter((r) => r.intended <= 3).length;
    expect(shown.timelines.summary).toBe(
      `Intended send times in the first 3 s, one dot per request: even ${within("even")}, poisson ${within("poisson")}, burst ${within("burst")} requests`
    );
    expect(shown.timelines.rows()).toHaveLength(within("even") + within("poisson") + within("burst"));
    // Burst sends 12 at once: 11 of each 12 intervals are 0, so its fullest bin is the first.
    const {bins, counts} = runs.figures.intervals;
    expect(shown.intervals.summary).toContain(`burst ${short(bins[0].x0)} to ${short(bins[0].x1)} ms (${counts.burst[0]})`);
    expect(counts.burst[0]).toBeGreaterThan(250);
    expect(shown.intervals.rows()).toHaveLength(bins.length);
  });

  it("list each series in its table, a column per axis", () => {
    expect(shown.queue.columns).toEqual(["shape", "time (s)", "qlen at arrival"]);
    expect(shown.queue.rows()).toHaveLength(
      ["even", "poisson", "burst"].reduce((n, shape) => n + runs.figures.queue[shape as "even"].x.length, 0)
    );
    expect(shown.wait.rows().map((row) => row[0])).toEqual(["even", "poisson", "burst"]);
    expect(shown.loop.rows()[0]).toEqual([
      1,
      short(closedLoopRate(1, runs.numbers.think!.meanRS, runs.numbers.think!.thinkS), 3),
      short(naiveClosedLoopRate(1, runs.numbers.think!.thinkS), 3)
    ]);
  });
});

describe("the lab's chart summaries on ?lang=ja", () => {
  const inJa = texts(ja);
  const inEn = texts(en);
  it("are worded from ja.json, with the same numbers", () => {
    const latency = tsv("latency.tsv");
    expect(inJa.latency.summary).toBe(
      `形ごとのレイテンシ(received − sent)と、その時間内に応答したリクエストの割合: ${latency.map(([shape, , p50, p95]) => `${shape}はp50 ${Number(p50)}ミリ秒・p95 ${Number(p95)}ミリ秒`).join("、")}`
    );
    const numbers = (s: string) => s.match(/\d+(\.\d+)?/g);
    for (const [chart, text] of Object.entries(inJa))
      expect([chart, numbers(text.summary)?.sort()]).toEqual([chart, numbers(inEn[chart as keyof typeof inEn].summary)?.sort()]);
  });
  it("leave no English word but the lab's own names (shapes, file columns, formula names)", () => {
    const names = new Set(["even", "poisson", "burst", "received", "sent", "qlen", "formula_workers", "p50", "p95"]);
    for (const [chart, text] of Object.entries(inJa)) {
      const words = [text.summary, ...text.columns].flatMap((s) => s.match(/[A-Za-z_]{3,}\w*/g) ?? []).filter((word) => !names.has(word));
      expect([chart, words]).toEqual([chart, []]);
    }
    expect(ja("chart.table")).not.toBe(en("chart.table"));
  });
});
