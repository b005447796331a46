// A predict-then-reveal checkpoint: a function of an options object that returns a DOM node, as
// Plot's marks do, and knows nothing of the notebook using it. The learner commits a guess (a
// choice or a number) before the answer shows; then the answer from the runs (computed by the
// notebook's cell with src/sim or src/lab, passed in), the guess beside it and one line of why.
// Until a guess is committed the answer is in no element, attribute or text of the page, so the
// no-script snapshot never carries it either. Guesses are kept by the progress store (per lesson
// and checkpoint id) and shown again on reload.
import {checkpointState, readGuess, type Answer, type Choice, type GuessSpec, type Verdict} from "./checkpointState.js";
import {browserStorage, forget, knowItem, markDone, readProgress, type ProgressStorage} from "./progress.js";

export type {Answer, Choice, GuessSpec} from "./checkpointState.js";

/** The words a checkpoint shows; `{difference}` in `near`/`far` is the signed gap, formatted. */
export interface CheckpointStrings {
  kicker: string;
  guessLabel: string;
  commit: string;
  yourGuess: string;
  fromRuns: string;
  why: string;
  right: string;
  wrong: string;
  near: string;
  far: string;
  again: string;
  empty: string;
  notAChoice: string;
  notANumber: string;
  outOfRange: string;
}

/** The English words, the fallback of every key a notebook does not give. */
export const checkpointEnglish: CheckpointStrings = {
  kicker: "Predict, then reveal",
  guessLabel: "Your guess",
  commit: "Commit my guess",
  yourGuess: "Your guess",
  fromRuns: "From the runs",
  why: "Why",
  right: "Right.",
  wrong: "Not this time.",
  near: "Close: off by {difference}.",
  far: "Off by {difference}.",
  again: "Guess again",
  empty: "Choose or type a guess first.",
  notAChoice: "Choose one of the options.",
  notANumber: "Type a number, such as 7.5.",
  outOfRange: "That number is outside the range asked for."
};

/** The checkpoint strings a notebook's translator holds under `checkpoint.<name>` keys (missing keys fall back to English). */
export function checkpointStrings(t: (key: string) => string): CheckpointStrings {
  const strings = {...checkpointEnglish};
  for (const name of Object.keys(strings) as (keyof CheckpointStrings)[]) {
    const key = `checkpoint.${name}`;
    const text = t(key);
    if (text && text !== key) strings[name] = text;
  }
  return strings;
}

/** A checkpoint: which lesson and id it is stored under, what it asks, and the answer from the runs. */
export interface CheckpointOptions {
  /** The lesson's name in the progress store: the notebook's page path ("on-call"). */
  lesson: string;
  /** Stable within the lesson: the stored guess and `data-qb-checkpoint` carry it. */
  id: string;
  question: string;
  guess: GuessSpec;
  answer: Answer;
  /** One line on why the runs come out this way. */
  why: string;
  strings?: Partial<CheckpointStrings>;
  /** Writes a number the way the page's language does (default: as JavaScript writes it). */
  formatNumber?: (value: number) => string;
  /** Relative tolerance of a number guess counted as close (default 0.2). */
  tolerance?: number;
  storage?: ProgressStorage;
}

/** A checkpoint's node; `value` is the committed guess (undefined before), with an `input` event on each change. */
export type CheckpointNode = HTMLElement & {value: string | number | undefined};

let instances = 0;

/** The checkpoint's element (`<section data-qb-checkpoint="id">`): the question until a guess is committed, then the reveal. */
export function checkpoint(options: CheckpointOptions): CheckpointNode {
  const strings = {...checkpointEnglish, ...options.strings};
  const storage = options.storage ?? browserStorage();
  const format = options.formatNumber ?? ((value: number) => String(value));
  const unit = options.guess.kind === "number" && options.guess.unit ? options.guess.unit : "";
  const uid = `qb-checkpoint-${++instances}`;
  const node = element("section", {
    class: "qb-checkpoint",
    "data-qb-checkpoint": options.id,
    "aria-labelledby": `${uid}-q`
  }) as CheckpointNode;
  node.value = undefined;
  addStyles(node.ownerDocument);
  knowItem(options.lesson, "checkpoint", options.id, storage);

  const shown = (value: string | number) => {
    if (typeof value === "number") return `${format(value)}${unit}`;
    return options.guess.kind === "choice" ? (options.guess.choices.find((c) => c.value === value)?.label ?? value) : value;
  };

  function draw(focus: boolean): void {
    const stored = readProgress(options.lesson, storage).checkpoint.done[options.id];
    const state = checkpointState(options.guess, stored, options.answer, options.tolerance);
    node.replaceChildren(
      element("p", {class: "qb-checkpoint-kicker"}, strings.kicker),
      element("p", {class: "qb-checkpoint-question", id: `${uid}-q`}, options.question)
    );
    node.dataset.qbState = state.phase;
    if (state.phase === "ask") {
      node.append(askForm(focus));
      if (node.value !== undefined) setValue(undefined);
      return;
    }
    // Only now does the answer enter the page.
    const reveal = element("div", {class: "qb-checkpoint-reveal", tabindex: "-1"});
    const list = element("dl", {});
    list.append(element("dt", {}, strings.yourGuess), element("dd", {"data-qb-guess": ""}, shown(state.guess)));
    list.append(element("dt", {}, strings.fromRuns), element("dd", {"data-qb-answer": ""}, options.answer.text));
    reveal.append(list, element("p", {class: `qb-checkpoint-verdict qb-${state.verdict.kind}`}, verdictLine(state.verdict)));
    const why = element("p", {class: "qb-checkpoint-why"});
    why.append(element("strong", {}, `${strings.why}: `), document.createTextNode(options.why));
    reveal.append(why);
    const again = element("button", {type: "button", class: "qb-checkpoint-again"}, strings.again);
    again.addEventListener("click", () => {
      forget(options.lesson, "checkpoint", options.id, storage);
      draw(true);
    });
    reveal.append(again);
    node.append(reveal);
    if (node.value !== state.guess) setValue(state.guess);
    if (focus) reveal.focus();
  }

  function verdictLine(v: Verdict): string {
    if (v.kind === "right") return strings.right;
    if (v.kind === "wrong") return strings.wrong;
    // A guess equal to the answer as the page writes it is right, not "off by 0.0".
    if (format(Math.abs(v.difference)) === format(0)) return strings.right;
    const gap = `${v.difference > 0 ? "+" : "−"}${format(Math.abs(v.difference))}${unit}`;
    return (v.kind === "near" ? strings.near : strings.far).replace("{difference}", gap);
  }

  function askForm(focus: boolean): HTMLFormElement {
    const form = element("form", {class: "qb-checkpoint-form", novalidate: ""}) as HTMLFormElement;
    const problem = element("p", {class: "qb-checkpoint-problem", id: `${uid}-problem`, role: "alert"});
    let read: () => string;
    let first: HTMLElement;
    if (options.guess.kind === "choice") {
      const set = element("fieldset", {});
      set.append(element("legend", {class: "qb-checkpoint-legend"}, options.question));
      options.guess.choices.forEach((choice: Choice, i) => {
        const id = `${uid}-c${i}`;
        const label = element("label", {for: id});
        label.prepend(element("input", {type: "radio", name: uid, id, value: choice.value}));
        label.append(document.createTextNode(` ${choice.label}`));
        set.append(label);
      });
      form.append(set);
      read = () => form.querySelector<HTMLInputElement>("input:checked")?.value ?? "";
      first = set.querySelector("input")!;
    } else {
      const id = `${uid}-n`;
      const input = element("input", {
        type: "text",
        inputmode: "decimal",
        id,
        autocomplete: "off",
        "aria-describedby": `${uid}-problem`
      }) as HTMLInputElement;
      const label = element("label", {for: id, class: "qb-checkpoint-number"}, strings.guessLabel);
      label.append(input);
      if (unit) label.append(element("span", {class: "qb-checkpoint-unit"}, unit));
      form.append(label);
      read = () => input.value;
      first = input;
    }
    form.append(element("button", {type: "submit"}, strings.commit), problem);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const guess = readGuess(options.guess, read());
      if (!guess.ok) {
        problem.textContent = {
          empty: strings.empty,
          "not-a-choice": strings.notAChoice,
          "not-a-number": strings.notANumber,
          "out-of-range": strings.outOfRange
        }[guess.problem];
        return;
      }
      markDone(options.lesson, "checkpoint", options.id, guess.stored, storage);
      draw(true);
    });
    if (focus) queueMicrotask(() => first.focus());
    return form;
  }

  function setValue(value: string | number | undefined): void {
    node.value = value;
    node.dispatchEvent(new Event("input", {bubbles: true}));
  }

  draw(false);
  return node;
}

/** An element with attributes and text; text goes in as text, never as markup. */
function element(tag: string, attributes: Record<string, string>, text?: string): HTMLElement {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

const css = `
.qb-checkpoint { margin: 1.25rem 0; padding: 0.75rem 1rem; border: 1px solid var(--qb-border, #c7cbd1); border-left: 4px solid var(--qb-accent, #3b5bdb); border-radius: 4px; background: var(--qb-tint, #f8f9fc); max-width: 640px; }
html.qb-present .qb-checkpoint { max-width: none; margin: 0.8rem 0; } /* on the stage: the slide's width, so a question is two lines, not three */
.qb-checkpoint-kicker { margin: 0 !important; font-size: 0.8rem; font-weight: 600; letter-spacing: 0.04em; text-transform: uppercase; color: var(--qb-muted, #596170); }
.qb-checkpoint-question { margin: 0.25rem 0 0.5rem !important; font-weight: 600; }
.qb-checkpoint fieldset { border: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 0.3rem; }
.qb-checkpoint-legend { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.qb-checkpoint label { cursor: pointer; }
.qb-checkpoint-number { display: inline-flex; align-items: center; gap: 0.4rem; }
.qb-checkpoint-number input { width: 7em; font: inherit; padding: 0.15rem 0.35rem; }
.qb-checkpoint button { margin-top: 0.5rem; font: inherit; padding: 0.25rem 0.75rem; cursor: pointer; }
.qb-checkpoint-form button { margin-left: 0; display: block; }
.qb-checkpoint-problem { margin: 0.35rem 0 0 !important; color: var(--qb-error, #b42318); }
.qb-checkpoint-problem:empty { display: none; }
.qb-checkpoint-reveal:focus { outline: 2px solid var(--qb-accent, #3b5bdb); outline-offset: 4px; }
.qb-checkpoint dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.2rem 0.75rem; margin: 0; }
.qb-checkpoint dt { font-weight: 600; }
.qb-checkpoint dd { margin: 0; }
.qb-checkpoint-verdict, .qb-checkpoint-why { margin: 0.4rem 0 0 !important; }
.qb-checkpoint .qb-right, .qb-checkpoint .qb-near { color: var(--qb-right, #1e6b35); }
.qb-checkpoint .qb-wrong, .qb-checkpoint .qb-far { color: var(--qb-wrong, #8a4b00); }
.qb-checkpoint button.qb-checkpoint-again { font-size: 0.85rem; }
@media (max-width: 480px) { .qb-checkpoint dl { grid-template-columns: 1fr; } .qb-checkpoint dd { margin-bottom: 0.3rem; } }
`;

/** The checkpoint's style, once per document. */
function addStyles(doc: Document): void {
  if (doc.getElementById("qb-checkpoint-style")) return;
  const style = doc.createElement("style");
  style.id = "qb-checkpoint-style";
  style.textContent = css;
  doc.head.append(style);
}
