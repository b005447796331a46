// The grader's one rule for a number: the lab's text admits every value computed from the
// learner's own CSVs with each intermediate taken exact or as the answer files write it (the
// lab's rounding, or the learner's own line when that line is right). `predicted_rate` from the
// written `mean_r_s=0.0430` (32.922) and from the unrounded mean (32.928) both follow the text;
// so do `max_rate` from the unrounded probe median and from `service_ms`. A written number
// passes when it is one of those values rounded to its decimals (either way at the half); any
// other value fails. Pure.
import {roundHalfUp} from "./round.js";

/**
 * The values an intermediate may take: its exact value, that value as the lab writes it
 * (rounded half up to `digits`, when the lab prescribes them) and `written`, the learner's own
 * line, when given (pass it only once that line passed). Duplicates dropped.
 */
export function choices(exact: number, digits?: number, written?: number): number[] {
  const values = [exact];
  if (digits !== undefined && Number.isFinite(exact)) values.push(Number(roundHalfUp(exact, digits)));
  if (written !== undefined && Number.isFinite(written)) values.push(written);
  return [...new Set(values)];
}

/** `f` over every combination of its intermediates' choices (each a list from {@link choices}). */
export function admittedValues(f: (...xs: number[]) => number, ...intermediates: readonly number[][]): number[] {
  let combos: number[][] = [[]];
  for (const list of intermediates) combos = combos.flatMap((combo) => list.map((x) => [...combo, x]));
  return [...new Set(combos.map((combo) => f(...combo)))];
}

/**
 * The rule: `written`, with `digits` decimals, is one of `values` rounded to those decimals,
 * either way at the half (a tiny slack absorbs binary noise such as 0.27499999999999997).
 */
export function admits(written: number, values: readonly number[], digits: number): boolean {
  return Number.isFinite(written) && values.some((value) => Math.abs(written - value) <= 0.5 * 10 ** -digits + 1e-9);
}

/** The admitted values as the lab would write them, for a reason: "32.928 or 32.922". */
export function admittedText(values: readonly number[], digits: number | undefined, trim: (value: number) => string): string {
  return [...new Set(values.map((v) => (digits === undefined ? trim(v) : roundHalfUp(v, digits))))].join(" or ");
}
