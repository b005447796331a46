// The written debrief in the page's language: sentences from src/sim/debriefStory.ts's data.
// Every number is a difference the model computed; this file only chooses the words and the
// format. Which differences a sentence names are the story measures (a spec with on-call's as
// the preset); a measure whose field the model's summary lacks is left out.
import type {Action} from "../../sim/actions.js";
import type {ControlSpecs, Controls} from "../../sim/controls.js";
import type {DebriefStory, StoryMark} from "../../sim/debriefStory.js";
import type {RunSummaryValues} from "../../sim/model.js";
import type {Translate} from "../i18n.js";
import {describeAction, withControlsBefore} from "./describe.js";
import type {UnitFormat} from "./format.js";

/** A difference the sentences name: the summary field, which way is better, and how an amount is written (`amount.<field>`). */
export interface StoryMeasure {
  field: string;
  better: "higher" | "lower";
  /** Multiplies the difference before writing it (100: a share in points). */
  scale?: number;
  digits: number;
  unit?: string;
}

/** On-call's: error budget in points, minutes over the SLO, money. */
export const storyMeasures: readonly StoryMeasure[] = [
  {field: "budgetLeft", better: "higher", scale: 100, digits: 1},
  {field: "errorMinutes", better: "lower", digits: 0},
  {field: "totalCost", better: "lower", digits: 2, unit: "$"}
];

/** One sentence of the debrief and what it is about (`data-story`). */
export interface StorySentence {
  about: "timing" | "decision" | "more" | "vsNothing" | "vsTextbook" | "textbook";
  text: string;
}

/** "a", "a and b", "a, b and c" with the language's word for "and". */
export function joinList(items: readonly string[], and: string): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${and} ${items.at(-1)}`;
}

/**
 * How run `a` did against run `b` (two summaries), measure by measure: the amounts better and
 * worse, each the difference of the two values as the table writes them (so 17.2 % against
 * 16.1 % is 1.1 points, never a 1.2 from unrounded values), and none where they are written alike.
 */
export function amounts(a: RunSummaryValues, b: RunSummaryValues, measures: readonly StoryMeasure[], t: Translate, format: UnitFormat): {better: string[]; worse: string[]} {
  const better: string[] = [], worse: string[] = [];
  for (const m of measures) {
    const x = a[m.field], y = b[m.field];
    if (typeof x !== "number" || typeof y !== "number") continue;
    const shown = (v: number) => Number(v * (m.scale ?? 1)).toFixed(m.digits);
    const d = Number(shown(x)) - Number(shown(y));
    const size = Number(Math.abs(d).toFixed(m.digits));
    if (size === 0) continue;
    const text = t(`amount.${m.field}`, {n: format(size, m.digits, m.unit)});
    ((d > 0) === (m.better === "higher") ? better : worse).push(text);
  }
  return {better, worse};
}

/** `prefix.both|better|worse|same` with the amounts of run `a` against run `b`. */
function compared(prefix: string, a: RunSummaryValues, b: RunSummaryValues, measures: readonly StoryMeasure[], t: Translate, format: UnitFormat): string {
  const {better, worse} = amounts(a, b, measures, t, format);
  const and = t("story.and");
  const vars = {better: joinList(better, and), worse: joinList(worse, and)};
  return t(`${prefix}.${better.length && worse.length ? "both" : better.length ? "better" : worse.length ? "worse" : "same"}`, vars);
}

/** "12 min after the alert (09:29)": a mark relative to `minute`, in the kind's own words (else the generic event's). */
function relation(mark: StoryMark, minute: number, clock: (m: number) => string, t: Translate, format: UnitFormat): string {
  const when = mark.avoided ? "avoided" : minute > mark.minute ? "after" : minute < mark.minute ? "before" : "at";
  const vars = {n: format(Math.abs(minute - mark.minute), 0), at: clock(mark.minute), event: t(`event.${mark.kind}`)};
  const key = `story.${when}.${mark.kind}`;
  const own = t(key, vars);
  return own === key ? t(`story.${when === "avoided" ? "before" : when}.event`, vars) : own;
}

/** What the page needs to write a story: the clock of a minute, the scenario's starting controls and the model's control specs. */
export interface StoryContext {
  clock(minute: number): string;
  start: Controls;
  specs: ControlSpecs;
}

/**
 * The written debrief of `story`: when the learner first acted against the alert and events,
 * what each decision did, the run against doing nothing and against the textbook, and the one
 * thing the textbook did differently.
 */
export function storySentences(story: DebriefStory<any, any>, measures: readonly StoryMeasure[], context: StoryContext, t: Translate, format: UnitFormat): StorySentence[] {
  const {clock, start, specs} = context;
  const sentences: StorySentence[] = [];
  const describe = (action: Action, before: Controls) => describeAction(action, before, t, format, specs);
  if (story.firstAction === null) sentences.push({about: "timing", text: t("story.noDecision")});
  else {
    const at = story.firstAction;
    const marks = story.marks;
    sentences.push({
      about: "timing",
      text: marks.length
        ? t("story.acted", {clock: clock(at), relations: joinList(marks.map((m) => relation(m, at, clock, t, format)), t("story.and"))})
        : t("story.actedPlain", {clock: clock(at), minute: format(at, 0)})
    });
    const befores = new Map(withControlsBefore(story.runs.learner.actions, start).map(({action, before}) => [action, before]));
    const {learner, nothing, textbook} = story.runs;
    for (const {action, without} of story.decisions) {
      sentences.push({about: "decision", text: `${clock(action.minute)} · ${describe(action, befores.get(action) ?? start)} — ${compared("story.decision", learner.summary, without, measures, t, format)}`});
    }
    if (story.unweighed > 0) sentences.push({about: "more", text: t("story.decisions.more", {n: format(story.unweighed, 0)})});
    sentences.push({about: "vsNothing", text: compared("story.vsNothing", learner.summary, nothing.summary, measures, t, format)});
    if (story.textbookSteps > 0) sentences.push({about: "vsTextbook", text: compared("story.vsTextbook", learner.summary, textbook.summary, measures, t, format)});
  }
  if (story.textbookSteps > 0) {
    const difference = story.textbook;
    if (!difference) sentences.push({about: "textbook", text: t("story.textbook.same")});
    else {
      const before = withControlsBefore(story.runs.textbook.actions, start).find(({action}) => action.minute >= difference.step.minute)?.before ?? start;
      const vars = {clock: clock(difference.step.minute), what: describe(difference.step, before), n: format(Math.abs((difference.learnerMinute ?? 0) - difference.step.minute), 0)};
      const which = difference.learnerMinute === null ? "missed" : difference.learnerMinute > difference.step.minute ? "youLater" : "youEarlier";
      const worth = amounts(story.runs.textbook.summary, difference.without, measures, t, format).better;
      const text = t(`story.textbook.${which}`, vars) + (worth.length ? ` ${t("story.textbook.worth", {better: joinList(worth, t("story.and"))})}` : "");
      sentences.push({about: "textbook", text});
    }
  }
  return sentences;
}
