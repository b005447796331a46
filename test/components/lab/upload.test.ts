// The upload's pieces that run outside the DOM: the job the worker runs (the same outcome as
// analysing the files on the page), the columns the runs travel in (rebuilt equal, in slices),
// and the size limit, refused by size before anything is read.
import {describe, expect, it} from "vitest";
import {analyzeLab} from "../../../src/lab/analyze.js";
import {gradeLab} from "../../../src/lab/grade.js";
import {maxLabFileBytes} from "../../../src/lab/limits.js";
import {simulateLabFiles} from "../../../src/lab/simLab.js";
import {fromColumns, fromColumnsInSlices, toColumns, transferables} from "../../../src/components/lab/rowColumns.js";
import {labRuns} from "../../../src/components/lab/runs.js";
import {oversized, runUpload} from "../../../src/components/lab/uploadClient.js";
import {mergeUploads, uploadJob} from "../../../src/components/lab/uploadJob.js";
import {decodeOutcome, encodeOutcome} from "../../../src/components/lab/uploadMessages.js";

const embedded = simulateLabFiles({serviceMs: 40, workers: 4, networkS: 0.002, seed: 3});
const answers = new Map(analyzeLab((name) => embedded.get(name)).files);
const other = simulateLabFiles({serviceMs: 30, workers: 3, burstSize: 10, networkS: 0.0015, seed: 5});
const base = {inputs: embedded, answers};
const list = (files: Map<string, string>, names = [...files.keys()]) => names.map((name) => ({name, text: files.get(name)!}));

describe("uploadJob(files, base)", () => {
  it("gives the runs, answers and checks the page would compute from the merged folder itself", () => {
    const outcome = uploadJob(list(other, ["srv-burst.csv", "run-burst.csv"]), base);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const merged = mergeUploads(
      embedded,
      new Map([
        ["srv-burst.csv", other.get("srv-burst.csv")!],
        ["run-burst.csv", other.get("run-burst.csv")!]
      ])
    );
    expect(outcome.runs).toEqual(labRuns(merged));
    expect(outcome.runs.answers).toEqual(new Map(analyzeLab((name) => merged.get(name)).files));
    expect(outcome.checks).toEqual(gradeLab((name) => merged.get(name) ?? answers.get(name)));
    expect(outcome.loaded.map((l) => l.as)).toEqual(["srv-burst.csv", "run-burst.csv"]);
  });

  it("grades uploaded answer files instead of the base's, and keeps them out of the analysis' inputs", () => {
    const mine = new Map(answers);
    mine.set("capacity.txt", answers.get("capacity.txt")!.replace(/verdict=\w+/, "verdict=nonsense"));
    const outcome = uploadJob(list(mine), base);
    expect(outcome.ok && outcome.checks.some((c) => !c.ok && c.file === "capacity.txt")).toBe(true);
    expect(outcome.ok && [...outcome.runs.files.keys()].sort()).toEqual([...embedded.keys()].sort());
  });

  it("refuses a bad file with file:line:column, and a folder the analysis cannot use with its reason", () => {
    const broken = uploadJob([{name: "srv-even.csv", text: other.get("srv-even.csv")!.replace(/\n(\d+),([\d.]+),/, "\n$1,$2x,")}], base);
    expect(broken).toEqual({ok: false, errors: [expect.stringMatching(/^srv-even\.csv:2:\d+: /)]});
    const headerOnly = uploadJob([{name: "srv-even.csv", text: "seq,arrive,start,end,qlen\n"}], base);
    expect(headerOnly.ok).toBe(false);
    expect(!headerOnly.ok && headerOnly.errors).toHaveLength(1);
  });

  it("says which phase it is in, in order", () => {
    const phases: string[] = [];
    uploadJob(list(other, ["closed.csv"]), base, (phase) => phases.push(phase));
    expect(phases).toEqual(["checking", "analysing"]);
  });
});

describe("toColumns(rows) / fromColumns(columns)", () => {
  it("rebuilds rows equal to the parsed ones: numbers, a field every row shares, mixed strings, an optional field", () => {
    const rows = [
      {user: 0, sent: 0.5, received: 0.6, code: 200},
      {user: 1, sent: 0.7, received: 0.9, code: 0, error: "ECONNRESET"},
      {user: 0, sent: 1, received: 1.2, code: 200}
    ];
    const columns = toColumns(rows);
    expect(columns.fields.map(([key, c]) => [key, Object.keys(c)[0]])).toEqual([
      ["user", "numbers"],
      ["sent", "numbers"],
      ["received", "numbers"],
      ["code", "numbers"],
      ["error", "values"]
    ]);
    expect(fromColumns(columns)).toEqual(rows);
    expect(Object.hasOwn(fromColumns<object>(columns)[0], "error")).toBe(false); // absent stays absent
    const shared = toColumns([
      {i: 0, error: ""},
      {i: 1, error: ""}
    ]);
    expect(shared.fields[1]).toEqual(["error", {same: ""}]);
    expect(fromColumns(shared)).toEqual([
      {i: 0, error: ""},
      {i: 1, error: ""}
    ]);
    expect(fromColumns(toColumns([]))).toEqual([]);
  });

  it("rebuilds in slices, yielding between them only", async () => {
    const rows = Array.from({length: 250}, (_, i) => ({seq: i, arrive: i / 10}));
    let yields = 0;
    const rebuilt = await fromColumnsInSlices(toColumns(rows), async () => void yields++, 100);
    expect(rebuilt).toEqual(rows);
    expect(yields).toBe(2);
  });

  it("transfers every numeric column's buffer", () => {
    const columns = toColumns([
      {a: 1, b: "x", c: 2},
      {a: 3, b: "y", c: 4}
    ]);
    expect(transferables(columns)).toHaveLength(2);
  });
});

describe("encodeOutcome / decodeOutcome", () => {
  it("hands the page the outcome the job computed, its runs through columns and a structured clone", async () => {
    const outcome = uploadJob(list(other), base);
    const {reply, transfer} = encodeOutcome(outcome);
    const cloned = structuredClone(reply, {transfer});
    // Transferring detaches the worker's own arrays (the figures' lines among them), so compare with the job run again.
    expect(outcome.ok && outcome.runs.figures.queue.even.x.length).toBe(0);
    expect(await decodeOutcome(cloned.outcome, async () => {})).toEqual(uploadJob(list(other), base));
  });

  it("hands a long text over as transferred bytes, decoded on the page a slice per task into the same text", async () => {
    const outcome = uploadJob(list(other), base);
    // Every file is "long" here, so every text travels as bytes.
    const {reply, transfer} = encodeOutcome(outcome, {longText: 0});
    if (!reply.outcome.ok) throw new Error(reply.outcome.errors.join("; "));
    const sent = [...reply.outcome.runs.files.values()];
    expect(sent.every((text) => typeof text !== "string" && ArrayBuffer.isView(text))).toBe(true);
    for (const bytes of sent as Uint8Array[]) expect(transfer).toContain(bytes.buffer);
    expect([...reply.outcome.files.values()].every((text) => text === null)).toBe(true); // each uploaded text goes once, in runs.files
    expect(await decodeOutcome(structuredClone(reply, {transfer}).outcome, async () => {})).toEqual(uploadJob(list(other), base));
  });

  it("builds a shape's row objects only when the page first reads them, once", async () => {
    const {reply, transfer} = encodeOutcome(uploadJob(list(other), base));
    const decoded = await decodeOutcome(structuredClone(reply, {transfer}).outcome, async () => {});
    if (!decoded.ok) throw new Error(decoded.errors.join("; "));
    for (const rows of [decoded.runs.srv, decoded.runs.run, decoded.runs.sched])
      expect(Object.getOwnPropertyDescriptor(rows, "even")?.get).toBeTypeOf("function");
    const first = decoded.runs.srv.burst;
    expect(decoded.runs.srv.burst).toBe(first);
    expect(first).toEqual(labRuns(mergeUploads(embedded, other)).srv.burst);
  });
});

describe("runUpload(files, base)", () => {
  it("refuses a file over the lab's limit by its size alone, naming the file and the limit", async () => {
    // A File whose text() would throw: the size check must come first.
    const big = {name: "srv-even.csv", size: maxLabFileBytes + 1, text: () => Promise.reject(new Error("read"))} as unknown as File;
    const small = {name: "closed.csv", size: 10, text: () => Promise.reject(new Error("read"))} as unknown as File;
    expect(await runUpload([small, big], base, {worker: async () => undefined})).toEqual({
      ok: false,
      errors: [`srv-even.csv: ${maxLabFileBytes + 1} bytes, more than the ${maxLabFileBytes} a lab file may have`]
    });
    expect(oversized([{name: "a", size: maxLabFileBytes}])).toBeUndefined(); // the limit itself is allowed
  });

  it("runs the job on the page where no worker can be made, with the same outcome", async () => {
    const files = list(other).map(({name, text}) => new File([text], name));
    const progress: string[] = [];
    const outcome = await runUpload(files, base, {worker: async () => undefined, onProgress: (p) => progress.push(p.phase)});
    expect(outcome).toEqual(uploadJob(list(other), base));
    expect(progress.filter((p) => p !== "reading")).toEqual(["checking", "analysing"]);
  });
});
