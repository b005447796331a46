// Step 8's worked example: the arrival-model.txt that `lab analyze` proposes, worded in the
// page's language from the runs' own numbers. In English it is byte for byte the file analyze
// writes (test/components/lab/example.test.ts pins the two together); in Japanese a learner reads
// the same decision, evidence and risk in Japanese.
import {shapes} from "../../lab/schedule.js";
import {roundHalfUp as fixed} from "../../lab/round.js";
import {maxConcurrency, maxOf} from "../../lab/stats.js";
import type {Translate} from "../i18n.js";
import type {LabRuns} from "./runs.js";

/** The proposed arrival-model.txt for `runs` in the page's language (`example.evidence`, `example.risk`); "" when the analysis made none. */
export function exampleModel(runs: LabRuns, t: Translate): string {
  const {model, schedules: s, latency: l, queue: q, note, capacity: c} = runs.numbers;
  if (!model || !s || !l || !q || !note || !c) return "";
  const at = (rows: {shape: string}[], shape: string) => rows.findIndex((r) => r.shape === shape);
  const [we, ww] = [at(q, "even"), at(q, note.worst)];
  const vars = {
    worst: note.worst,
    worstCv: fixed(s[ww].cv, 3),
    evenCv: fixed(s[we].cv, 3),
    worstMean: fixed(s[ww].meanInterval, 4),
    evenMean: fixed(s[we].meanInterval, 4),
    worstMax: q[ww].maxQlen,
    evenMax: q[we].maxQlen,
    ratio: fixed(note.ratio, 1),
    formula: c.formulaWorkers,
    burst: c.observedBurst,
    factor: fixed(c.underestimateFactor, 1),
    worstP50: fixed(l[ww].p50, 1),
    worstP95: fixed(l[ww].p95, 1),
    evenP95: fixed(l[we].p95, 1),
    workers: model.workers,
    observed: maxOf(shapes.map((shape) => maxConcurrency(runs.srv[shape])))
  };
  return (
    [`model=${model.model}`, `workers=${model.workers}`, `evidence=${t("example.evidence", vars)}`, `risk=${t("example.risk", vars)}`].join(
      "\n"
    ) + "\n"
  );
}
