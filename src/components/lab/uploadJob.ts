// What an upload becomes, computed in one place whichever thread runs it (the upload worker, or
// the page itself where no worker can be made): the files read into the lab's names, merged over
// the embedded folder, analysed like `lab analyze` and graded like `lab grade`. Pure.
import {outputNames} from "../../lab/analyze.js";
import {gradeLab, type Check} from "../../lab/grade.js";
import {readUploads, type UploadedFile} from "../../lab/upload.js";
import {labRuns, type LabRuns} from "./runs.js";

/** The lab folder an upload is merged with: the embedded inputs and the answers graded when none are uploaded. */
export interface UploadBase {
  inputs: Map<string, string>;
  answers: Map<string, string>;
}

/** A good upload: what each file became, the uploaded files by lab name, the analysis and the grader's checks. */
export interface UploadOutcome {
  ok: true;
  files: Map<string, string>;
  loaded: {from: string; as: string; rows?: number}[];
  runs: LabRuns;
  checks: Check[];
}

/** A refused upload: one message per bad file (file:line:column), or why the analysis cannot use it. */
export interface UploadRefusal {
  ok: false;
  errors: string[];
}

/** Uploaded inputs replace the embedded ones of the same name; answer files are kept apart for the grader. */
export function mergeUploads(inputs: Map<string, string>, files: Map<string, string>): Map<string, string> {
  return new Map([...inputs, ...[...files].filter(([name]) => !outputNames.includes(name))]);
}

/**
 * Reads, analyses and grades an upload, all or nothing. `step` hears each phase as it starts
 * (so a page can say what is being done while the work runs elsewhere).
 */
export function uploadJob(
  list: UploadedFile[],
  base: UploadBase,
  step: (phase: "checking" | "analysing") => void = () => {}
): UploadOutcome | UploadRefusal {
  step("checking");
  const result = readUploads(list);
  if (!result.ok) return result;
  step("analysing");
  let runs: LabRuns;
  try {
    runs = labRuns(mergeUploads(base.inputs, result.files));
  } catch (error) {
    return {ok: false, errors: [(error as Error).message]};
  }
  // Uploaded answers replace the base's of the same name: one file alone is graded with the rest.
  const own = new Map([...result.files].filter(([name]) => outputNames.includes(name)));
  const graded = new Map([...base.answers, ...own]);
  const checks = gradeLab((name) => runs.files.get(name) ?? graded.get(name));
  return {ok: true, files: result.files, loaded: result.loaded, runs, checks};
}
