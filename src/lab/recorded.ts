// Which lab files hold what cannot be made again: a run against a server (a timing that will not
// repeat) or the learner's own decision. A lab tool replaces such a file only with a file of the
// same kind (`lab gen … URL` over an earlier run); a plan or an answer file can be written again
// from its inputs, so those are replaced freely. Pure: names and first lines in, words out.

/** What a lab tool writes, as `recordedKind` names it ("a plan" is not a recording). */
export type LabOutputKind = "a plan" | "a recorded run" | "a recorded closed loop" | "a k6 script";

/** The learner's decision files (steps 5 and 8): `lab analyze` proposes them and never replaces them unasked. */
export const decisionNames = ["05-note.txt", "arrival-model.txt"];

/**
 * What the existing lab file `name` (first line `firstLine`) holds when it is a recording or a
 * decision, worded for a message ("a server dump (seq,arrive,start,end,qlen)"), else undefined.
 */
export function recordedKind(name: string, firstLine: string): string | undefined {
  const base = name.slice(name.lastIndexOf("/") + 1);
  if (decisionNames.includes(base)) return "the learner's decision";
  if (base === "01-probe.txt") return "the recorded probe";
  const header = firstLine.replace(/^\ufeff/, "").trimEnd();
  if (header === "seq,arrive,start,end,qlen") return "a server dump (seq,arrive,start,end,qlen)";
  if (/^i,intended,sent,received,code(,error)?$/.test(header)) return "a recorded run";
  if (/^user,sent,received,code(,error)?$/.test(header)) return "a recorded closed loop";
  if (/^metric_name,timestamp,metric_value\b/.test(header)) return "k6 results";
  return undefined;
}
