// The written debrief in the page's language: sentences from src/sim/debriefStory.ts's data.
// Every number is a difference the model computed, or a value it knows (a cause, a lead); this
// file only chooses the words and the format. The differences are the model's measures (its
// `measures`, src/sim/kit/model.ts): each named when the two values differ as the table writes them,
// as better or worse by the measure's own direction, so a decision that moved the hit rate, the
// answers' age or p99 says so, and what it cost (staleness is a long TTL's price).
import type {Action} from "../../sim/kit/actions.js";
import type {ControlSpecs} from "../../sim/kit/controls.js";
import type {Controls} from "../../sim/oncall/controls.js";
import type {DebriefStory, StoryMark} from "../../sim/debriefStory.js";
import type {Cause, RunSummaryValues, SummaryMeasure} from "../../sim/kit/model.js";
import {oncallMeasures} from "../../sim/oncall/summary.js";
import type {Translate} from "../i18n.js";
import {controlLabel, describeAction, formatControl, withControlsBefore} from "./describe.js";
import type {UnitFormat} from "./format.js";

/** A difference the sentences name: a summary measure of the model (field, better, kind, digits, unit). */
export type StoryMeasure = SummaryMeasure;

/** On-call's: the measures of its summary that the sentences weigh (errors, budget, minutes over the SLO, p99, hit rate, DB load, answers' age, dropped traffic, cost). */
export const storyMeasures: readonly StoryMeasure[] = oncallMeasures.filter((m) => m.story !== false);

/** One sentence of the debrief and what it is about (`data-story`). */
export interface StorySentence {
  about: "timing" | "decision" | "more" | "vsNothing" | "worst" | "vsTextbook" | "textbook" | "lead" | "hidden";
  text: string;
}

/** "a", "a and b", "a, b and c" with the language's word for "and". */
export function joinList(items: readonly string[], and: string): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${and} ${items.at(-1)}`;
}

/** A measure's value as its table cell writes it, in the page's language (a share ×100 with %, minutes, a number with its unit). */
export function measureText(m: StoryMeasure, value: number, t: Translate, format: UnitFormat): string {
  if (m.kind === "percent") return format(value * 100, m.digits, "%");
  if (m.kind === "minutes") return t("debrief.minutes", {n: format(value, 0)});
  return format(value, m.digits, m.unit);
}

/** The number a measure's cell shows, before the language's format: what two runs are compared by. */
export function shownValue(m: StoryMeasure, value: number): number {
  return Number((value * (m.kind === "percent" ? 100 : 1)).toFixed(m.kind === "minutes" ? 0 : m.digits));
}

/**
 * How run `a` did against run `b` (two summaries), measure by measure: the phrases of the
 * measures better and worse, each amount the difference of the two values as the table writes
 * them (so 17.2 % against 16.1 % is 1.1 points, never a 1.2 from unrounded values), and none where
 * they are written alike. A phrase is `amount.<field>.more` or `.less` (which way the value moved).
 */
export function amounts(
  a: RunSummaryValues,
  b: RunSummaryValues,
  measures: readonly StoryMeasure[],
  t: Translate,
  format: UnitFormat
): {better: string[]; worse: string[]} {
  const better: string[] = [],
    worse: string[] = [];
  for (const m of measures) {
    const x = a[m.field],
      y = b[m.field];
    if (typeof x !== "number" || typeof y !== "number") continue;
    const digits = m.kind === "minutes" ? 0 : m.digits;
    const d = shownValue(m, x) - shownValue(m, y);
    const size = Number(Math.abs(d).toFixed(digits));
    if (size === 0) continue;
    const n = m.kind === "number" ? format(size, digits, m.unit) : format(size, digits);
    const text = t(`amount.${m.field}.${d > 0 ? "more" : "less"}`, {n});
    (d > 0 === (m.better === "higher") ? better : worse).push(text);
  }
  return {better, worse};
}

/** `prefix.both|better|worse|slight|same` with the amounts of run `a` against run `b`; `same` only when the runs are equal minute by minute. */
function compared(
  prefix: string,
  a: RunSummaryValues,
  b: RunSummaryValues,
  identical: boolean,
  measures: readonly StoryMeasure[],
  t: Translate,
  format: UnitFormat
): string {
  const {better, worse} = amounts(a, b, measures, t, format);
  const and = t("story.and");
  const vars = {better: joinList(better, and), worse: joinList(worse, and)};
  const which = better.length && worse.length ? "both" : better.length ? "better" : worse.length ? "worse" : identical ? "same" : "slight";
  return t(`${prefix}.${which}`, vars);
}

/** "12 min after the alert (09:29)": a mark relative to `minute`, in the kind's own words (else the generic event's). */
function relation(mark: StoryMark, minute: number, clock: (m: number) => string, t: Translate, format: UnitFormat): string {
  const when = mark.avoided ? "avoided" : minute > mark.minute ? "after" : minute < mark.minute ? "before" : "at";
  const vars = {n: format(Math.abs(minute - mark.minute), 0), at: clock(mark.minute), event: t(`event.${mark.kind}`)};
  const key = `story.${when}.${mark.kind}`;
  const own = t(key, vars);
  return own === key ? t(`story.${when === "avoided" ? "before" : when}.event`, vars) : own;
}

/** A cause in the page's words (`cause.<kind>`), its values written with the model's digits and units. */
export function causeText(cause: Cause, t: Translate, format: UnitFormat): string {
  const vars = Object.fromEntries(Object.entries(cause.values).map(([name, v]) => [name, format(v.value, v.digits ?? 0, v.unit)]));
  return t(`cause.${cause.kind}`, vars);
}

/** What the page needs to write a story: the clock of a minute, the scenario's starting controls and the model's control specs. */
export interface StoryContext {
  clock(minute: number): string;
  start: Controls;
  specs: ControlSpecs;
}

/**
 * The written debrief of `story`: when the learner first acted against the alert and events,
 * what each decision did, the run against doing nothing, the worst minute and its causes; then,
 * only when the story played the textbook, the run against it and the one thing it did
 * differently (beside what the learner did with the same control, and why it came when it did);
 * while it did not, one sentence that it comes at the day's end or on request.
 */
export function storySentences(
  story: DebriefStory<any, any>,
  measures: readonly StoryMeasure[],
  context: StoryContext,
  t: Translate,
  format: UnitFormat
): StorySentence[] {
  const {clock, start, specs} = context;
  const named = measures.filter((m) => m.story !== false);
  const sentences: StorySentence[] = [];
  const describe = (action: Action, before: Controls) => describeAction(action, before, t, format, specs);
  const {learner, nothing, textbook} = story.runs;
  if (story.firstAction === null) sentences.push({about: "timing", text: t("story.noDecision")});
  else {
    const at = story.firstAction;
    const marks = story.marks;
    sentences.push({
      about: "timing",
      text: marks.length
        ? t("story.acted", {
            clock: clock(at),
            relations: joinList(
              marks.map((m) => relation(m, at, clock, t, format)),
              t("story.and")
            )
          })
        : t("story.actedPlain", {clock: clock(at), minute: format(at, 0)})
    });
    const befores = new Map(withControlsBefore(learner.actions, start).map(({action, before}) => [action, before]));
    for (const {action, mine, without, same} of story.decisions) {
      sentences.push({
        about: "decision",
        text: `${clock(action.minute)} · ${describe(action, befores.get(action) ?? start)} — ${compared("story.decision", mine, without, same, named, t, format)}`
      });
    }
    if (story.unweighed > 0) sentences.push({about: "more", text: t("story.decisions.more", {n: format(story.unweighed, 0)})});
    sentences.push({
      about: "vsNothing",
      text: compared("story.vsNothing", learner.summary, nothing.summary, story.same.learnerNothing, named, t, format)
    });
  }
  const worst = learner.worst;
  if (worst) {
    const vars = {clock: clock(worst.minute), value: format(worst.value * 100, 2, "%")};
    const causes = worst.causes.map((c: Cause) => causeText(c, t, format));
    sentences.push({
      about: "worst",
      text: causes.length ? t("story.worst.because", {...vars, causes: joinList(causes, t("story.and"))}) : t("story.worst", vars)
    });
  }
  if (!story.withTextbook) {
    if (story.hasTextbook) sentences.push({about: "hidden", text: t("story.textbook.hidden")});
    return sentences;
  }
  if (story.firstAction !== null && story.textbookSteps > 0 && textbook) {
    sentences.push({
      about: "vsTextbook",
      text: compared("story.vsTextbook", learner.summary, textbook.summary, story.same.learnerTextbook, named, t, format)
    });
  }
  if (story.textbookSteps > 0 && textbook) {
    const difference = story.textbook;
    if (!difference) sentences.push({about: "textbook", text: t("story.textbook.same")});
    else {
      const {step, learnerMinute, learnerSetting} = difference;
      const before = withControlsBefore(textbook.actions, start).find(({action}) => action.minute >= step.minute)?.before ?? start;
      const vars: Record<string, string> = {
        clock: clock(step.minute),
        what: describe(step, before),
        n: format(Math.abs((learnerMinute ?? 0) - step.minute), 0)
      };
      let which: string;
      if (learnerMinute !== null) which = learnerMinute > step.minute ? "youLater" : "youEarlier";
      else if (learnerSetting && "set" in step) {
        // The learner used the same control, to another value: set the two side by side.
        const [[name, value]] = Object.entries(step.set) as [string, number | boolean][];
        // "…; you had set it to 50 % at 11:47": the textbook's setting, then the learner's.
        const when = learnerSetting.minute < step.minute ? "otherBefore" : learnerSetting.minute > step.minute ? "otherLater" : "otherAt";
        const yours = t(`story.textbook.${when}`, {
          yours: formatControl(name, learnerSetting.value, t, format, specs),
          yourClock: clock(learnerSetting.minute),
          n: format(Math.abs(learnerSetting.minute - step.minute), 0)
        });
        Object.assign(vars, {control: controlLabel(name, t), value: formatControl(name, value, t, format, specs), yours});
        which = "other";
      } else which = "missed";
      const worth = amounts(textbook.summary, difference.without, named, t, format).better;
      const text =
        t(`story.textbook.${which}`, vars) +
        (worth.length ? ` ${t("story.textbook.worth", {better: joinList(worth, t("story.and"))})}` : "");
      sentences.push({about: "textbook", text});
      const lead = difference.lead;
      if (lead) {
        const leadVars = {
          value: formatControl(lead.control, lead.value, t, format, specs),
          control: controlLabel(lead.control, t),
          event: t(`event.${lead.event}`),
          at: clock(lead.eventMinute)
        };
        const own = `story.lead.${lead.control}`;
        sentences.push({about: "lead", text: t(own) === own ? t("story.lead", leadVars) : t(own, leadVars)});
      }
    }
  }
  return sentences;
}
