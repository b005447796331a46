// Uploads add to what is loaded (issue 19): a further upload is read over the embedded folder with
// the earlier uploads in it (heldBase), a file replaces only the one with its name, and answer
// files uploaded alone are graded with the rest (so arrival-model.txt alone does not make the
// grader report the other seven missing).
import {readdirSync, readFileSync} from "node:fs";
import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {analyzeLab, outputNames} from "../../../src/lab/analyze.js";
import {simulateLabFiles} from "../../../src/lab/simLab.js";
import {uploadJob} from "../../../src/components/lab/uploadJob.js";
import {heldBase} from "../../../src/components/lab/widgets.js";

const dataDir = new URL("../../../notebooks/data/arrival-lab/", import.meta.url).pathname;
const committed = new Map(readdirSync(dataDir).map((name) => [name, readFileSync(join(dataDir, name), "utf8")]));
const base = {
  inputs: new Map([...committed].filter(([name]) => !outputNames.includes(name))),
  answers: new Map([...committed].filter(([name]) => outputNames.includes(name)))
};
const other = simulateLabFiles({serviceMs: 30, workers: 3, burstSize: 10, networkS: 0.0015, seed: 5});

describe("uploadJob(list, base) with answer files", () => {
  it("grades arrival-model.txt uploaded alone with the base's other answers: nothing reported missing", () => {
    const outcome = uploadJob([{name: "arrival-model.txt", text: committed.get("arrival-model.txt")!}], base);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.checks.find((c) => c.rule === "present")!.ok).toBe(true);
    expect(outcome.checks.filter((c) => !c.ok)).toEqual([]);
  });

  it("grades the uploaded file, not the base's, where both have the name", () => {
    const wrong = committed.get("capacity.txt")!.replace("verdict=under", "verdict=ok");
    const outcome = uploadJob([{name: "capacity.txt", text: wrong}], base);
    expect(outcome.ok && outcome.checks.filter((c) => !c.ok).map((c) => c.name)).toEqual(["capacity.txt: values"]);
  });
});

describe("heldBase(base, held)", () => {
  it("puts the files uploaded so far into the folder a further upload is read over", () => {
    const held = new Map([
      ["srv-burst.csv", other.get("srv-burst.csv")!],
      ["think.txt", "users=8\n"]
    ]);
    const next = heldBase(base, held);
    expect(next.inputs.get("srv-burst.csv")).toBe(other.get("srv-burst.csv"));
    expect(next.inputs.get("srv-even.csv")).toBe(committed.get("srv-even.csv"));
    expect(next.inputs.has("think.txt")).toBe(false); // answers stay apart from the inputs
    expect(next.answers.get("think.txt")).toBe("users=8\n");
    expect(next.answers.get("capacity.txt")).toBe(committed.get("capacity.txt"));
  });

  it("makes two uploads in turn give what one upload of both gives", () => {
    const first = uploadJob([{name: "srv-burst.csv", text: other.get("srv-burst.csv")!}], base);
    if (!first.ok) throw new Error(first.errors.join("; "));
    const second = uploadJob([{name: "srv-even.csv", text: other.get("srv-even.csv")!}], heldBase(base, first.files));
    const both = uploadJob(
      ["srv-burst.csv", "srv-even.csv"].map((name) => ({name, text: other.get(name)!})),
      base
    );
    if (!second.ok || !both.ok) throw new Error("refused");
    expect([...second.runs.answers]).toEqual([...both.runs.answers]);
    const merged = new Map(base.inputs).set("srv-burst.csv", other.get("srv-burst.csv")!).set("srv-even.csv", other.get("srv-even.csv")!);
    expect([...second.runs.answers]).toEqual(analyzeLab((name) => merged.get(name)).files);
  });
});
