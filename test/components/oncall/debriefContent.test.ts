// The debrief judged as a learner reads it, over seeds × scripted decisions in every scenario
// of the catalog (fast-check draws them from each model's own controls and buttons): a control
// the learner changed is never "never did this"; a decision that moved a measure beyond its
// display precision is never "changed nothing"; the debrief's numbers are the dashboard's at the
// same minute; before the day's end nothing about the textbook or the future is shown.
import {readFileSync} from "node:fs";
import fc from "fast-check";
import {describe, expect, it} from "vitest";
import type {Action} from "../../../src/sim/kit/actions.js";
import {catalog, modelOf, offeredButtons, offeredControls} from "../../../src/sim/catalog.js";
import {debriefStory} from "../../../src/sim/debriefStory.js";
import {formatClock, parseClock} from "../../../src/sim/kit/clock.js";
import type {Scenario} from "../../../src/sim/kit/scenario.js";
import {translator, type Translate} from "../../../src/components/i18n.js";
import {debriefContent, incidentSpan, LAST_MINUTE, type DebriefContent} from "../../../src/components/oncall/debriefContent.js";
import {shownValue, storyMeasures} from "../../../src/components/oncall/debriefWords.js";
import {dashboardMetrics, formatMetric, unitFormat, withFigures} from "../../../src/components/oncall/format.js";
import {createStore, type Frame} from "../../../src/components/oncall/store.js";
import {queueRush} from "../../support/queueLesson.js";

const locales = new URL("../../../notebooks/locales/", import.meta.url).pathname;
const table = (notebook: string) => JSON.parse(readFileSync(`${locales}${notebook}/en.json`, "utf8"));
/** The English words of a scenario's page (the retry storm has its own locale). */
const wordsOf = (scenario: Scenario): Translate =>
  withFigures(translator({en: table(scenario.model === "retry" ? "retry-storm" : "on-call")}, "en"), "en");
const format = unitFormat("en");

/** The page's frame of a run at `minute`. */
const frameOf = (scenario: Scenario, seed: number, minute: number, actions: Action[]): Frame =>
  createStore({scenario: scenario.name, seed, minute, actions}).frame();

/** One scripted decision of `scenario`'s model: a press of an offered button, or one offered control set to a value in its range. */
function decision(scenario: Scenario, last: number): fc.Arbitrary<Action> {
  const specs = modelOf(scenario).controls;
  const minute = fc.integer({min: 0, max: last});
  const settings = offeredControls(scenario).map((name) => {
    const spec = specs[name];
    const value: fc.Arbitrary<number | boolean> =
      spec.type === "boolean"
        ? fc.boolean()
        : spec.type === "integer"
          ? fc.integer({min: spec.min, max: spec.max})
          : fc.integer({min: 0, max: 20}).map((k) => spec.min + ((spec.max - spec.min) * k) / 20);
    return fc.record({minute, set: value.map((v) => ({[name]: v}))}) as fc.Arbitrary<Action>;
  });
  const presses = offeredButtons(scenario).map((press) => fc.record({minute, press: fc.constant(press)}) as fc.Arbitrary<Action>);
  return fc.oneof(...settings, ...presses);
}

/** A seed, a minute to pause at, and up to three decisions made by then, in the order of their minutes. */
function runs(scenario: Scenario): fc.Arbitrary<{seed: number; minute: number; actions: Action[]}> {
  return fc
    .record({seed: fc.integer({min: 1, max: 999_999}), minute: fc.integer({min: 1, max: 130})})
    .chain(({seed, minute}) =>
      fc
        .array(decision(scenario, minute), {maxLength: 3})
        .map((actions) => ({seed, minute, actions: [...actions].sort((a, b) => a.minute - b.minute)}))
    );
}

const text = (content: DebriefContent) => content.sentences.map((s) => s.text).join("\n");
/** A placeholder or a key left in a sentence: the locale lacks a word the debrief reads. */
const unfilled = /\{\w+\}|\b(story|amount|debrief|event|cause|control)\.[\w.]+/;

describe("debriefContent(frame, t, format, options, ask): properties over the catalog", () => {
  for (const scenario of catalog) {
    const t = wordsOf(scenario);
    const model = modelOf(scenario);
    const measures = (model.measures ?? []).filter((m) => m.story !== false);

    it(`${scenario.name}: a control or button the learner used is never "never did this"`, () => {
      fc.assert(
        fc.property(runs(scenario), ({seed, minute, actions}) => {
          const content = debriefContent(frameOf(scenario, seed, minute, actions), t, format, {}, {textbook: true});
          expect(text(content)).not.toMatch(unfilled);
          const story = debriefStory(scenario, seed, minute + 1, actions);
          const step = story.textbook?.step;
          if (!step) return;
          const used =
            "press" in step
              ? actions.some((a) => "press" in a && a.press === step.press)
              : actions.some((a) => "set" in a && Object.keys(step.set).some((k) => Object.hasOwn(a.set, k)));
          if (used) expect(text(content)).not.toContain("You never did this");
          else expect(text(content)).toContain("You never did this");
        }),
        {numRuns: 25, seed: 34}
      );
    });

    it(`${scenario.name}: a decision that moved a measure beyond its display precision is never "changed nothing", and names that measure`, () => {
      fc.assert(
        fc.property(runs(scenario), ({seed, minute, actions}) => {
          const story = debriefStory(scenario, seed, minute + 1, actions, {textbook: false});
          const content = debriefContent(frameOf(scenario, seed, minute, actions), t, format);
          const lines = content.sentences.filter((s) => s.about === "decision").map((s) => s.text);
          story.decisions.forEach((d, i) => {
            for (const m of measures) {
              const x = d.mine[m.field],
                y = d.without[m.field];
              if (typeof x !== "number" || typeof y !== "number") continue;
              const unit = 10 ** -(m.kind === "minutes" ? 0 : m.digits);
              if (Math.abs(x - y) * (m.kind === "percent" ? 100 : 1) <= unit) continue;
              expect(shownValue(m, x)).not.toBe(shownValue(m, y));
              expect(lines[i]).not.toMatch(/changed nothing|less than they are written/);
              const phrase = t(`amount.${m.field}.${x > y ? "more" : "less"}`, {n: "§"}).split("§");
              expect(lines[i]).toContain(phrase[0].trim() || phrase[1].trim());
            }
            if (!d.same) expect(lines[i]).not.toContain("changed nothing");
          });
        }),
        {numRuns: 25, seed: 34}
      );
    });

    it(`${scenario.name}: the debrief's numbers are the dashboard's at the same minute`, () => {
      fc.assert(
        fc.property(runs(scenario), ({seed, minute, actions}) => {
          const frame = frameOf(scenario, seed, minute, actions);
          const content = debriefContent(frame, t, format);
          const cell = (id: string) => content.table?.rows.find((r) => r.id === id)?.cells.learner;
          const row = frame.metrics as unknown as Record<string, number>;
          // The budget left as the dashboard writes a share (the retry storm's tile: 1 digit).
          if (typeof row.budgetLeft === "number") expect(cell("budgetLeft")).toBe(format(row.budgetLeft * 100, 1, "%"));
          if (typeof row.costSoFar === "number")
            expect(cell("cost")).toBe(formatMetric(dashboardMetrics.find((m) => m.field === "costSoFar")!, row.costSoFar, format));
        }),
        {numRuns: 25, seed: 34}
      );
    });

    it(`${scenario.name}: before the day's end nothing about the textbook or the future`, () => {
      fc.assert(
        fc.property(runs(scenario), fc.array(decision(scenario, 60), {maxLength: 2}), ({seed, minute, actions}, later) => {
          const frame = frameOf(scenario, seed, minute, actions);
          const content = debriefContent(frame, t, format, {}, {whole: true});
          expect(content.withTextbook).toBe(false);
          expect(text(content)).not.toMatch(unfilled);
          expect(content.sentences.map((s) => s.about)).not.toEqual(
            expect.arrayContaining([expect.stringMatching(/^(vsTextbook|textbook|lead)$/)])
          );
          expect(content.table?.runs).toEqual(["learner", "nothing"]);
          expect(content.textbookSteps).toBeNull();
          for (const line of content.chart?.lines ?? []) {
            expect(line.runs).not.toContain("textbook");
            expect(Math.max(...line.points.map((p) => p.minute))).toBe(minute);
          }
          // No clock after the minute shown is named.
          const start = parseClock(scenario.startClock);
          for (const [clock] of text(content).matchAll(/\b\d\d:\d\d\b/g))
            expect((parseClock(clock) - start + 1440) % 1440).toBeLessThanOrEqual(minute);
          // Decisions made after the minute (a future left by stepping back) change nothing shown.
          const future = later.map((a) => ({...a, minute: minute + 1 + a.minute}));
          expect(debriefContent(frameOf(scenario, seed, minute, [...actions, ...future]), t, format, {}, {whole: true})).toEqual(content);
        }),
        {numRuns: 25, seed: 34}
      );
    });
  }

  it("the day's end brings the textbook comparison without asking; before it, only asking does", () => {
    for (const scenario of catalog) {
      const t = wordsOf(scenario);
      const end = debriefContent(frameOf(scenario, 5, LAST_MINUTE, []), t, format);
      expect([scenario.name, end.withTextbook, end.canAsk]).toEqual([scenario.name, true, false]);
      expect(end.table === null || end.table.runs.includes("textbook")).toBe(true);
      const before = debriefContent(frameOf(scenario, 5, LAST_MINUTE - 1, []), t, format);
      expect([scenario.name, before.withTextbook, before.canAsk]).toEqual([scenario.name, false, scenario.textbook.length > 0]);
      expect(debriefContent(frameOf(scenario, 5, LAST_MINUTE - 1, []), t, format, {}, {textbook: true}).withTextbook).toBe(true);
    }
  });
});

describe("debriefContent's chart", () => {
  const t = wordsOf(catalog[0]);
  it("spans the incident with a margin, the whole run on request, and draws the learner's line last", () => {
    const frame = frameOf(catalog.find((s) => s.name === "cache-flush")!, 1, 239, [{minute: 16, press: "warmup"}]);
    const zoomed = debriefContent(frame, t, format);
    const [from, to] = zoomed.chart!.span;
    expect(from).toBe(5); // the flush at minute 15 less 10
    expect(to).toBeGreaterThan(16 + 20 - 1);
    expect(to).toBeLessThan(120);
    expect(zoomed.chart!.incident).toEqual(zoomed.chart!.span);
    expect(debriefContent(frame, t, format, {}, {whole: true}).chart!.span).toEqual([0, 239]);
    expect(zoomed.chart!.lines.at(-1)!.runs).toContain("learner");
    expect(zoomed.chart!.lines.at(-1)!.width).toBeGreaterThan(zoomed.chart!.lines[0].width);
  });
  it("has no incident to zoom to in quiet free play, and follows no metric for a model without an SLO", () => {
    const free = catalog.find((s) => s.name === "free")!;
    expect(incidentSpan(debriefStory(free, 1, 120, [], {textbook: false}), 119)).toBeNull();
    expect(debriefContent(frameOf(free, 1, 119, []), t, format).chart!.span).toEqual([0, 119]);
    expect(debriefContent(frameOf(free, 1, 119, []), t, format, {chart: null}).chart).toBeNull();
  });
});

describe("the story's clocks", () => {
  it("are the scenario's clock (a control for the property above)", () => {
    const surge = catalog.find((s) => s.name === "surge")!;
    expect(formatClock(parseClock(surge.startClock) + 10)).toBe("08:10");
    expect(storyMeasures.map((m) => m.field)).toEqual([
      "budgetLeft",
      "errorMinutes",
      "meanErrorRate",
      "meanP99Ms",
      "meanHitRate",
      "meanDbUtilization",
      "meanCacheAgeS",
      "droppedShare",
      "totalCost"
    ]);
  });
});

describe("a lesson's model without an SLO (test/support/queueLesson.ts)", () => {
  const find = (name: string) => (name === queueRush.name ? queueRush : undefined);
  const t = withFigures(
    translator(
      {
        en: {
          ...table("on-call"),
          "debrief.meanWaitMs": "Mean wait",
          "amount.meanWaitMs.less": "a wait {n} shorter",
          "amount.meanWaitMs.more": "a wait {n} longer"
        }
      },
      "en"
    ),
    "en"
  );
  it("runs in the store with no alert, and its debrief weighs its own measure, with no chart unless asked for", () => {
    const store = createStore({scenario: queueRush.name, seed: 1, minute: 40, actions: [{minute: 12, set: {servers: 4}}]}, {find});
    const frame = store.frame();
    expect([frame.alertAt, frame.alert]).toEqual([null, null]);
    const content = debriefContent(frame, t, format, {}, {textbook: true});
    expect(content.chart).toBeNull();
    expect(content.table?.rows.map((r) => r.id)).toEqual(["meanWaitMs"]);
    const [decision] = content.sentences.filter((s) => s.about === "decision");
    expect(decision.text).toMatch(/^10:12 · servers: 2 → 4 — a wait \d+ ms shorter\.$/);
    // Its textbook: more servers when the rush starts, fewer when it ends.
    expect(debriefStory(queueRush, 1, 41, []).runs.textbook!.actions).toEqual([
      {minute: 10, set: {servers: 5}},
      {minute: 25, set: {servers: 2}}
    ]);
    const charted = debriefContent(frame, t, format, {chart: {field: "waitMs"}});
    expect(charted.chart?.lines.map((l) => l.runs)).toEqual([["nothing"], ["learner"]]);
  });
});
