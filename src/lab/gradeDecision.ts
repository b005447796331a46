// Step 8's rules on a decision (arrival-model.txt): the model, the workers against step 7's
// numbers, and evidence and risk long enough, the evidence citing files and numbers. Pure, so the
// page checks the form as the learner types with the grader's own rules.
import {outputNames} from "./analyze.js";
import {check, inputNames, part, type Check, type DetailId} from "./gradeCheck.js";
import {shapes} from "./schedule.js";

/** What step 8's rules compare a decision with (from step 7). */
export interface DecisionBasis {
  /** The most requests in the system at once that step 7 observed (even and burst). */
  observedMax: number;
  formulaWorkers: number;
}

/** A learner's step-8 decision (arrival-model.txt). */
export interface Decision {
  model: string;
  workers: number;
  evidence: string;
  risk: string;
}

/** Step 8's shortest evidence and risk, in characters ({@link characters}). */
export const decisionMinimum = {evidence: 60, risk: 40} as const;

/** A text's length as step 8 counts it: code points of the trimmed text (Japanese counts one per character). */
export function characters(text: string): number {
  return [...text.trim()].length;
}

/** Earlier files evidence may cite (any of the lab's files before arrival-model.txt). */
const citable = [...inputNames, ...outputNames.filter((n) => n !== "arrival-model.txt")];

/**
 * Step 8's rules on a decision: a known model; workers an integer ≥ the observed maximum and
 * > formula_workers; evidence ≥ 60 characters naming an earlier file and a number; risk ≥ 40
 * characters. Characters are counted as code points (Japanese counts one per character).
 */
export function checkDecision(decision: Decision, basis: DecisionBasis): Check[] {
  const {model, workers, evidence, risk} = decision;
  const cited = citable.filter((name) => evidence.includes(name));
  const numbers = evidence.match(/\d+(?:\.\d+)?/g) ?? [];
  const integer = Number.isInteger(workers);
  const file = "arrival-model.txt";
  const evidenceId = `evidence${cited.length ? "" : "NoFile"}${numbers.length === 1 ? "One" : ""}` as DetailId;
  return [
    check(file, "model", (shapes as readonly string[]).includes(model), part("model", {model, shapes: shapes.join(", ")})),
    check(file, "observed", integer && workers >= basis.observedMax, part("observed", {workers, observed: basis.observedMax})),
    check(file, "formula", integer && workers > basis.formulaWorkers, part("formula", {workers, formula: basis.formulaWorkers})),
    check(
      file,
      "evidence",
      characters(evidence) >= decisionMinimum.evidence && cited.length > 0 && numbers.length > 0,
      part(evidenceId, {n: characters(evidence), files: cited.join(", "), numbers: numbers.length})
    ),
    check(file, "risk", characters(risk) >= decisionMinimum.risk, part("risk", {n: characters(risk)}))
  ];
}
