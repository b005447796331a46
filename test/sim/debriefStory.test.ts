import {describe, expect, it} from "vitest";
import type {Action} from "../../src/sim/kit/actions.js";
import {debrief, summarize, textbookActions} from "../../src/sim/debrief.js";
import {debriefStory, effectOf, sameRun, textbookUnits} from "../../src/sim/debriefStory.js";
import {run} from "../../src/sim/oncall/run.js";
import {retryStorm} from "../../src/sim/retry/model.js";
import {catalog} from "../../src/sim/catalog.js";

const seeds = [1, 2, 3, 4, 5];

describe("debriefStory(scenario, seed, minutes, actions)", () => {
  it("has nothing to compare at minute 0 (one minute run): the runs coincide, unless the textbook acts at minute 0", () => {
    for (const scenario of catalog) {
      const story = debriefStory(scenario, 2, 1, []);
      expect(story.comparable).toBe(false);
      const actsAtOnce = story.textbookSteps > 0; // within a one-minute run, a step is at minute 0 (the retry storm's budget)
      expect([scenario.name, story.same]).toEqual([
        scenario.name,
        {learnerNothing: true, learnerTextbook: !actsAtOnce, nothingTextbook: !actsAtOnce}
      ]);
      expect(debriefStory(scenario, 2, 2, []).comparable).toBe(true);
    }
  });

  it("without decisions the learner's run is doing nothing: no first action, no weighed decision, zero differences", () => {
    const story = debriefStory("bad-deploy", 3, 60, []);
    expect(story.firstAction).toBeNull();
    expect(story.decisions).toEqual([]);
    expect(story.same.learnerNothing).toBe(true);
    expect(story.same.nothingTextbook).toBe(false);
    expect(Object.values(story.vsNothing).every((d) => d === 0)).toBe(true);
  });

  it("weighs each decision as the learner's run against the same run without it", () => {
    const actions: Action[] = [
      {minute: 16, press: "warmup"},
      {minute: 18, set: {heavyFeature: false}},
      {minute: 40, set: {ttlS: 120}}
    ];
    const story = debriefStory("cache-flush", 7, 60, actions);
    const learner = summarize(run("cache-flush", {seed: 7, minutes: 60, actions}));
    expect(story.decisions.map((d) => d.action)).toEqual(actions);
    const mine = run("cache-flush", {seed: 7, minutes: 60, actions});
    story.decisions.forEach(({action, effect, same}) => {
      // Over the minutes from the decision on: before it the two runs are the same.
      const rest = run("cache-flush", {seed: 7, minutes: 60, actions: actions.filter((a) => a !== action)});
      expect(rest.slice(0, action.minute)).toEqual(mine.slice(0, action.minute));
      expect(effect).toEqual(effectOf(summarize(mine.slice(action.minute)), summarize(rest.slice(action.minute))));
      expect(same).toBe(false);
    });
    // Budget and cost read at the last minute, so a window changes nothing of them.
    expect(story.decisions[1].effect.budgetLeft).toBe(
      learner.budgetLeft - summarize(run("cache-flush", {seed: 7, minutes: 60, actions: actions.filter((_, i) => i !== 1)})).budgetLeft
    );
    // Turning the heavy feature off during a flush saves budget; it is the biggest of the three.
    const saved = story.decisions.map((d) => d.effect.budgetLeft);
    expect(saved[1]).toBeGreaterThan(0);
    expect(saved[1]).toBe(Math.max(...saved));
  });

  it("sets the whole run against doing nothing and against the textbook, as differences of the debrief's summaries", () => {
    for (const seed of seeds) {
      const actions: Action[] = [{minute: 35, press: "rollback"}];
      const story = debriefStory("bad-deploy", seed, 90, actions);
      const {learner, nothing, textbook} = debrief("bad-deploy", seed, 90, actions);
      expect(story.vsNothing).toEqual(effectOf(learner.summary, nothing.summary));
      expect(story.vsTextbook).toEqual(effectOf(learner.summary, textbook.summary));
      expect(story.vsNothing.totalCost).toBeGreaterThan(0); // a rollback is billed twice
    }
  });

  it("marks the deploy and the alert the learner's run fired; an alert only doing nothing fired is marked avoided", () => {
    for (const seed of seeds) {
      const alert = run("bad-deploy", {seed, minutes: 60}).findIndex((m) => m.alert);
      const late = debriefStory("bad-deploy", seed, 60, [{minute: alert + 2, press: "rollback"}]);
      expect(late.marks).toEqual([
        {kind: "deploy", minute: 10},
        {kind: "alert", minute: alert}
      ]);
      expect(late.firstAction).toBe(alert + 2);
      const early = debriefStory("bad-deploy", seed, 60, [{minute: 12, press: "rollback"}]);
      expect(run("bad-deploy", {seed, minutes: 60, actions: [{minute: 12, press: "rollback"}]}).some((m) => m.alert)).toBe(false);
      expect(early.marks).toEqual([
        {kind: "deploy", minute: 10},
        {kind: "alert", minute: alert, avoided: true}
      ]);
    }
    // Only what happened within the run: before the deploy, nothing is marked.
    expect(debriefStory("bad-deploy", 1, 10, []).marks).toEqual([]);
    expect(debriefStory("bad-deploy", 1, 11, []).marks).toEqual([{kind: "deploy", minute: 10}]);
  });

  it("names the textbook's step the learner took late, never, or not at all — and none when they did what the textbook did", () => {
    for (const seed of seeds) {
      const steps = textbookActions("bad-deploy", seed);
      expect(debriefStory("bad-deploy", seed, 60, steps).textbook).toBeNull();
      expect(debriefStory("bad-deploy", seed, 60, steps).same.learnerTextbook).toBe(true);
      const late = debriefStory("bad-deploy", seed, 60, [{minute: steps[0].minute + 3, press: "rollback"}]);
      expect(late.textbook).toMatchObject({step: steps[0], learnerMinute: steps[0].minute + 3});
      // What the step is worth to the textbook: its run against the textbook run without it.
      const withStep = summarize(run("bad-deploy", {seed, minutes: 60, actions: steps}));
      expect(late.textbook!.effect).toEqual(effectOf(withStep, summarize(run("bad-deploy", {seed, minutes: 60}))));
      expect(late.textbook!.effect.budgetLeft).toBeGreaterThan(0);
      expect(debriefStory("bad-deploy", seed, 60, []).textbook).toMatchObject({step: steps[0], learnerMinute: null});
    }
  });

  it("splits a textbook setting into its controls and picks the one worth most to the textbook", () => {
    const steps = textbookActions("surge", 2, 120);
    expect(textbookUnits(steps)).toEqual(
      Object.entries((steps[0] as {set: object}).set).map(([name, value]) => ({minute: steps[0].minute, set: {[name]: value}}))
    );
    // Autoscaling on at the textbook's minute, the target left alone: the lower target is the difference.
    const half = debriefStory("surge", 2, 120, [{minute: steps[0].minute, set: {autoscaling: true}}]);
    expect(half.textbook?.step).toEqual({
      minute: steps[0].minute,
      set: {targetUtilization: (steps[0] as {set: {targetUtilization?: number | boolean}}).set.targetUtilization}
    });
  });

  it("free play: no marks and no textbook steps", () => {
    const story = debriefStory("free", 1, 120, [{minute: 5, set: {fleetMin: 14}}]);
    expect(story.marks).toEqual([]);
    expect(story.textbookSteps).toBe(0);
    expect(story.textbook).toBeNull();
    expect(story.decisions[0].effect.totalCost).toBeGreaterThan(0);
  });

  it("weighs at most maxWeighed decisions and counts the others", () => {
    const actions: Action[] = Array.from({length: 5}, (_, i) => ({minute: 2 + i, set: {fleetMin: 11 + i}}));
    const story = debriefStory("free", 1, 30, actions, {maxWeighed: 3});
    expect(story.decisions).toHaveLength(3);
    expect(story.unweighed).toBe(2);
    // Decisions after the run's last minute are not part of it.
    expect(debriefStory("free", 1, 4, actions).decisions.map((d) => d.action.minute)).toEqual([2, 3]);
  });

  it("reads any model: the retry storm's textbook budget, its surge and alert", () => {
    const story = debriefStory(retryStorm, 3, 40, []);
    expect(story.marks.map((m) => m.kind)).toEqual(["surge", "alert"]);
    expect(story.textbook?.step).toEqual({minute: 0, set: {retryBudget: 0.1}});
    expect(story.textbook!.effect.budgetLeft).toBeGreaterThan(0);
  });
});

describe("debriefStory(…, {textbook, rankBy})", () => {
  it("plays no textbook response unless asked: no run, no difference, no comparison, for every shipped scenario", () => {
    for (const scenario of catalog) {
      const story = debriefStory(scenario, 4, 45, [], {textbook: false});
      expect(story.withTextbook).toBe(false);
      expect(story.runs.textbook).toBeUndefined();
      expect([story.textbook, story.vsTextbook, story.textbookSteps]).toEqual([null, {}, 0]);
      expect(story.same.learnerTextbook || story.same.nothingTextbook).toBe(false);
      expect(story.hasTextbook).toBe(scenario.textbook.length > 0);
    }
  });
  it("sets a partial action beside the textbook's: the learner's own setting of the same control, never 'never'", () => {
    const steps = textbookActions("cache-flush", 3);
    // The textbook's steps, but shedding half from minute 2 instead of all of it at the flush.
    const mine: Action[] = [
      {minute: 2, set: {sheddingShare: 0.5}},
      ...steps.flatMap((a): Action[] => ("press" in a ? [a] : [{minute: a.minute, set: {heavyFeature: a.set.heavyFeature as boolean}}]))
    ];
    const story = debriefStory("cache-flush", 3, 60, mine);
    expect(story.textbook?.step).toMatchObject({set: {sheddingShare: expect.any(Number)}});
    expect(story.textbook?.learnerMinute).toBeNull();
    expect(story.textbook?.learnerSetting).toEqual({minute: 2, value: 0.5});
  });
  it("says why a step comes when it does: the surge's autoscaling leads the wave by the boot delay", () => {
    const story = debriefStory("surge", 2, 120, []);
    const wave = story.runs.nothing.events.find((e) => e.kind === "surge")!.minute;
    expect(story.textbook?.lead).toEqual({control: "bootDelayMin", value: 8, event: "surge", eventMinute: wave});
    expect(story.textbook?.step.minute).toBe(wave - 8);
  });
  it("names the worst minute's causes from the model's values: the cache flush saturates the database", () => {
    const {worst} = debriefStory("cache-flush", 1, 60, []).runs.learner;
    expect(worst?.field).toBe("errorRate");
    const db = worst?.causes.find((c) => c.kind === "dbSaturated");
    expect(db?.values.load.value).toBeGreaterThan(db!.values.capacity.value);
    expect(db?.values.query.value).toBe(250);
    // Free play never leaves the SLO: no worst minute to explain.
    expect(debriefStory("free", 1, 60, []).runs.learner.worst).toBeNull();
  });
  it("ranks the textbook's steps by the measure asked for, in that measure's better direction", () => {
    expect(debriefStory("cache-flush", 1, 60, []).textbook?.step).toMatchObject({minute: 15, set: {heavyFeature: false}});
    // Cost is better lower: the step that adds least to the textbook's cost is the lower target
    // (turning autoscaling on buys more instances), where "higher is better" would pick autoscaling.
    const byBudget = debriefStory("surge", 2, 120, []);
    expect(byBudget.textbook?.step).toMatchObject({set: {autoscaling: true}});
    const byCost = debriefStory("surge", 2, 120, [], {rankBy: "totalCost"});
    expect(byCost.textbook?.step).toMatchObject({set: {targetUtilization: 0.5}});
    expect(byCost.textbook!.effect.totalCost).toBeLessThan(byBudget.textbook!.effect.totalCost);
  });
});

describe("sameRun(a, b)", () => {
  it("is true for equal runs and false when one field of one minute differs, or the lengths differ", () => {
    const a = run("surge", {seed: 1, minutes: 30});
    expect(sameRun(a, run("surge", {seed: 1, minutes: 30}))).toBe(true);
    const b = a.map((m) => ({...m}));
    b[17] = {...b[17], costSoFar: b[17].costSoFar + 1e-9};
    expect(sameRun(a, b)).toBe(false);
    expect(sameRun(a, a.slice(0, 29))).toBe(false);
  });
});
