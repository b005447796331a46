// Step 8's worked example (src/components/lab/example.ts): in English it is byte for byte the
// arrival-model.txt `lab analyze` writes for the committed runs; in Japanese it is the same
// decision with the same evidence (every file and every number of the English), and it passes
// the grader's step-8 rules as a learner's own file would.
import {readdirSync, readFileSync} from "node:fs";
import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {outputNames} from "../../../src/lab/analyze.js";
import {checkDecision, gradeLab} from "../../../src/lab/grade.js";
import {simulateLabFiles} from "../../../src/lab/simLab.js";
import {exampleModel} from "../../../src/components/lab/example.js";
import {labRuns} from "../../../src/components/lab/runs.js";
import {translator} from "../../../src/components/i18n.js";

const root = new URL("../../../", import.meta.url).pathname;
const dataDir = join(root, "notebooks/data/arrival-lab");
const committed = new Map(readdirSync(dataDir).map((name) => [name, readFileSync(join(dataDir, name), "utf8")]));
const inputs = new Map([...committed].filter(([name]) => !outputNames.includes(name)));
const locale = (lang: string) => JSON.parse(readFileSync(join(root, `notebooks/locales/arrival-lab/${lang}.json`), "utf8"));
const t = {en: translator({en: locale("en"), ja: locale("ja")}, "en"), ja: translator({en: locale("en"), ja: locale("ja")}, "ja")};

/** A key=value file's values. */
const lines = (text: string) =>
  new Map(
    text
      .trim()
      .split("\n")
      .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)])
  );

describe("exampleModel(runs, t)", () => {
  const runs = labRuns(inputs);

  it("in English is the committed arrival-model.txt, byte for byte (lab analyze's own proposal)", () => {
    expect(exampleModel(runs, t.en)).toBe(committed.get("arrival-model.txt"));
  });

  it("is lab analyze's proposal for other runs too (another server, simulated)", () => {
    const other = labRuns(simulateLabFiles({serviceMs: 30, workers: 3, burstSize: 10, networkS: 0.0015, seed: 5}));
    expect(exampleModel(other, t.en)).toBe(other.answers.get("arrival-model.txt"));
  });

  it("in Japanese keeps the decision and cites every file and number the English does, in Japanese", () => {
    const [en, ja] = [lines(exampleModel(runs, t.en)), lines(exampleModel(runs, t.ja))];
    expect([ja.get("model"), ja.get("workers")]).toEqual([en.get("model"), en.get("workers")]);
    for (const key of ["evidence", "risk"]) {
      for (const file of en.get(key)!.match(/[\w-]+\.(?:tsv|txt|csv)/g) ?? []) expect(ja.get(key), file).toContain(file);
      for (const n of en.get(key)!.match(/\d+(?:\.\d+)?/g) ?? []) expect(ja.get(key), n).toContain(n);
      expect(ja.get(key)).toMatch(/[\u3040-\u30ff]/); // kana: written in Japanese
    }
  });

  it("in Japanese passes the grader's step-8 rules and the whole grade as the learner's file", () => {
    const ja = lines(exampleModel(runs, t.ja));
    const c = runs.numbers.capacity!;
    const decision = {model: ja.get("model")!, workers: Number(ja.get("workers")), evidence: ja.get("evidence")!, risk: ja.get("risk")!};
    expect(
      checkDecision(decision, {observedMax: Math.max(c.observedEven, c.observedBurst), formulaWorkers: c.formulaWorkers}).filter(
        (check) => !check.ok
      )
    ).toEqual([]);
    const files = new Map(committed).set("arrival-model.txt", exampleModel(runs, t.ja));
    expect(gradeLab((name) => files.get(name)).filter((check) => !check.ok)).toEqual([]);
  });

  it("is empty when the analysis proposes no model (inputs missing)", () => {
    const partial = {...runs, numbers: {...runs.numbers, model: undefined}};
    expect(exampleModel(partial, t.ja)).toBe("");
  });
});
