// Uploads: the lab's own files and k6's results CSV become the same lab files the analysis
// reads; a bad file is refused with a message naming file, line and column, and nothing loads.
import {describe, expect, it} from "vitest";
import {analyzeLab} from "../../src/lab/analyze.js";
import {formatRun, parseRun} from "../../src/lab/csv.js";
import {simulateLabFiles} from "../../src/lab/simLab.js";
import {isK6Csv, parseK6Csv, readUploads} from "../../src/lab/upload.js";

const lab = simulateLabFiles({serviceMs: 40, workers: 4, networkS: 0.002, seed: 3});
const k6Header =
  "metric_name,timestamp,metric_value,check,error,error_code,expected_response,group,method,name,proto,scenario,service,status,subproto,tls_version,url,extra_tags,metadata";

/** A k6 results CSV for a lab run, as `k6 run --out csv=…` writes it for a `lab k6` script. */
function k6Csv(runText: string, shape: string, time: (epochS: number) => string, tags = true): string {
  const epoch = 1_764_480_000;
  const lines = [k6Header];
  for (const r of parseRun("run.csv", runText)) {
    const ts = time(epoch + r.received);
    const extra = tags ? `i=${r.i}&intended=${r.intended.toFixed(6)}&shape=${shape}` : "";
    const common = (metric: string, value: string) =>
      `${metric},${ts},${value},,,,true,,GET,http://127.0.0.1:8080/work,HTTP/1.1,${tags ? "open" : shape},,${r.code},,,http://127.0.0.1:8080/work,${extra},`;
    lines.push(
      common("http_reqs", "1.000000"),
      common("http_req_duration", ((r.received - r.sent) * 1000).toFixed(6)),
      common("http_req_waiting", "1.000000")
    );
  }
  return lines.join("\n") + "\n";
}

const read = (files: Map<string, string>) => (name: string) => files.get(name);

describe("readUploads", () => {
  it("reads the lab's own files as they are, under their lab names (browser-renamed copies too)", () => {
    const uploads = [...lab].map(([name, text]) => ({name: name === "srv-even.csv" ? "srv-even (1).csv" : name, text}));
    const result = readUploads(uploads);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(new Map([...result.files].sort())).toEqual(new Map([...lab].sort()));
    expect(result.loaded.find((l) => l.from === "srv-even (1).csv")).toEqual({from: "srv-even (1).csv", as: "srv-even.csv", rows: 150});
  });

  it("keeps answer files for the grader", () => {
    const result = readUploads([{name: "capacity.txt", text: "formula_workers=2\n"}]);
    expect(result).toEqual({
      ok: true,
      files: new Map([["capacity.txt", "formula_workers=2\n"]]),
      loaded: [{from: "capacity.txt", as: "capacity.txt", rows: undefined}]
    });
  });

  for (const [format, time] of [
    ["unix_micro", (s: number) => String(Math.round(s * 1e6))],
    ["rfc3339_nano", (s: number) => new Date(Math.floor(s) * 1000).toISOString().replace(".000Z", "." + (s % 1).toFixed(9).slice(2) + "Z")],
    ["unix (seconds)", (s: number) => String(Math.floor(s))]
  ] as const) {
    it(`turns a k6 results CSV (${format} times) into run-<shape>.csv with the same latencies`, () => {
      const result = readUploads([{name: "results.csv", text: k6Csv(lab.get("run-burst.csv")!, "burst", time)}]);
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(result.loaded).toEqual([{from: "results.csv", as: "run-burst.csv", rows: 150}]);
      const withK6 = new Map([...lab, ...result.files]);
      const latency = (files: Map<string, string>) => analyzeLab(read(files)).files.find(([n]) => n === "latency.tsv")![1];
      expect(latency(withK6)).toBe(latency(lab));
      const [original, converted] = [parseRun("a", lab.get("run-burst.csv")!), parseRun("b", result.files.get("run-burst.csv")!)];
      expect(converted.map((r) => [r.i, r.intended, r.code])).toEqual(original.map((r) => [r.i, r.intended, r.code]));
      if (format !== "unix (seconds)") converted.forEach((r, k) => expect(Math.abs(r.sent - original[k].sent)).toBeLessThan(2e-6));
    });
  }

  it("takes the shape from the scenario column when the requests carry no lab tags", () => {
    const runs = parseK6Csv(
      "plain.csv",
      k6Csv(lab.get("run-even.csv")!, "even", (s) => String(Math.round(s * 1e6)), false)
    );
    expect([...runs.keys()]).toEqual(["even"]);
    expect(runs.get("even")!.map((r) => r.i)).toEqual([...Array(150).keys()]);
  });

  it("recognises k6's CSV by its header, not its name", () => {
    expect(isK6Csv(k6Csv(lab.get("run-even.csv")!, "even", String))).toBe(true);
    expect(isK6Csv(lab.get("run-even.csv")!)).toBe(false);
  });

  const bad: [string, {name: string; text: string}, RegExp][] = [
    ["a wrong header", {name: "srv-even.csv", text: lab.get("srv-even.csv")!.replace("qlen", "queue")}, /^srv-even\.csv:1:\d+: /],
    [
      "a non-number",
      {name: "run-poisson.csv", text: lab.get("run-poisson.csv")!.replace(/\n(\d+),([\d.]+),/, "\n$1,soon,")},
      /^run-poisson\.csv:2:\d+: .*"soon"/
    ],
    ["times out of order", {name: "sched-even.csv", text: "i,intended\n0,0.000000\n1,0.080000\n2,0.040000\n"}, /^sched-even\.csv:4:3: /],
    [
      "a k6 duration that is not a number",
      {name: "k6.csv", text: k6Csv(lab.get("run-burst.csv")!, "burst", String).replace(/(\nhttp_req_duration,[\d.]+),[\d.]+,/, "$1,fast,")},
      /^k6\.csv:3:\d+: column "metric_value": .*"fast"/
    ],
    [
      "a k6 CSV of another test",
      {name: "k6.csv", text: k6Csv(lab.get("run-burst.csv")!, "smoke", String, false)},
      /^k6\.csv:3:\d+: column "scenario": cannot tell the arrival shape.*"smoke"/
    ],
    ["an unknown file", {name: "notes.md", text: "hello"}, /^notes\.md:1:1: not a lab file/]
  ];
  for (const [what, file, message] of bad) {
    it(`refuses ${what}, naming file, line and column, and loads nothing`, () => {
      const result = readUploads([{name: "closed.csv", text: lab.get("closed.csv")!}, file]);
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.errors).toHaveLength(1);
      expect(result.errors[0]).toMatch(message);
    });
  }

  // Sized for correctness (the sort, the first send, every row kept); speed at 1,000,000 rows is
  // bench/labUpload.bench.ts's. The first send comes last in the file, so the minimum is a real scan.
  it("reads a k6 results CSV of 5,000 requests in any order, every row once, times from the first send", () => {
    const rows = Array.from({length: 5000}, (_, i) => ({
      i,
      intended: i / 1000,
      sent: 1 + i / 1000,
      received: 1 + i / 1000 + 0.04,
      code: 200,
      error: ""
    }));
    const [header, ...lines] = k6Csv(formatRun(rows), "poisson", (s) => String(Math.round(s * 1e6)))
      .trimEnd()
      .split("\n");
    const runs = parseK6Csv("big.csv", [header, ...lines.reverse()].join("\n") + "\n"); // k6 writes rows as requests end, not in order
    const read = runs.get("poisson")!;
    expect(read.map((r) => r.i)).toEqual([...Array(5000).keys()]);
    expect(read[0].sent).toBe(0);
    read.forEach((r, k) => expect(Math.abs(r.sent - k / 1000)).toBeLessThan(2e-6));
  });
});
