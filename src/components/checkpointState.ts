// The pure part of a predict-then-reveal checkpoint: what a typed guess means, whether a stored
// guess still reads, and how the guess compares with the answer the runs give. No DOM, so it is
// tested without a browser; checkpoint.ts draws it.

/** One option of a choice checkpoint: its stable value (stored) and its label (shown). */
export interface Choice {
  value: string;
  label: string;
}

/** What the learner answers: one of the choices, or a number (with the unit shown beside it). */
export type GuessSpec = {kind: "choice"; choices: readonly Choice[]} | {kind: "number"; unit?: string; min?: number; max?: number};

/** The answer from the runs: the value a guess is compared with, and how it reads. */
export interface Answer {
  /** A choice's value, or the number. */
  value: string | number;
  /** The answer as a sentence (numbers already formatted in the page's language). */
  text: string;
}

/** A guess that reads: its stored form and its value. */
export type Guess =
  | {ok: true; stored: string; value: string | number}
  | {ok: false; problem: "empty" | "not-a-choice" | "not-a-number" | "out-of-range"};

/**
 * A typed number as the learner writes it: "7.5", "7,5" (hu, pt), " 12 ", "1e2" is refused (not
 * how a person writes a guess), a leading minus or "−" is taken; thousands separators are not.
 */
export function parseNumber(text: string): number | undefined {
  const s = text.trim().replace(/^[−–]/, "-").replace(",", ".");
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(s)) return undefined;
  const value = Number(s);
  return Number.isFinite(value) ? value : undefined;
}

/** The learner's input (a choice's value, or the typed number) as a guess, or why it is not one. */
export function readGuess(spec: GuessSpec, input: string | null | undefined): Guess {
  const text = (input ?? "").trim();
  if (text === "") return {ok: false, problem: "empty"};
  if (spec.kind === "choice") {
    return spec.choices.some((c) => c.value === text) ? {ok: true, stored: text, value: text} : {ok: false, problem: "not-a-choice"};
  }
  const value = parseNumber(text);
  if (value === undefined) return {ok: false, problem: "not-a-number"};
  if ((spec.min !== undefined && value < spec.min) || (spec.max !== undefined && value > spec.max))
    return {ok: false, problem: "out-of-range"};
  return {ok: true, stored: String(value), value};
}

/** How a guess compares with the answer: a choice is right or not; a number is near (within `tolerance` of the answer, relative) or off by a ratio. */
export type Verdict = {kind: "right"} | {kind: "wrong"} | {kind: "near"; difference: number} | {kind: "far"; difference: number};

/** The verdict of `guess` against `answer`; numbers are near within `tolerance` (default 20 %) of the answer, or 0.5 of it when the answer is 0. */
export function verdict(guess: string | number, answer: string | number, tolerance = 0.2): Verdict {
  if (typeof answer === "string" || typeof guess === "string") return String(guess) === String(answer) ? {kind: "right"} : {kind: "wrong"};
  const difference = guess - answer;
  const allowed = answer === 0 ? 0.5 : Math.abs(answer) * tolerance;
  return Math.abs(difference) <= allowed ? {kind: "near", difference} : {kind: "far", difference};
}

/** What a checkpoint shows: the question (nothing stored, or a stored guess that no longer reads), or the reveal. */
export type CheckpointState = {phase: "ask"} | {phase: "revealed"; guess: string | number; stored: string; verdict: Verdict};

/** The state of a checkpoint from what the progress store holds for it. */
export function checkpointState(spec: GuessSpec, stored: string | undefined, answer: Answer, tolerance?: number): CheckpointState {
  const guess = readGuess(spec, stored);
  if (!guess.ok) return {phase: "ask"};
  return {phase: "revealed", guess: guess.value, stored: guess.stored, verdict: verdict(guess.value, answer.value, tolerance)};
}
