// The written debrief's sentences: numbers from the runs as the table writes them, the words of
// each of the four languages, no placeholder or key left unfilled, the cases with nothing to say.
import {readFileSync} from "node:fs";
import {describe, expect, it} from "vitest";
import type {Action} from "../../../src/sim/actions.js";
import {debriefStory} from "../../../src/sim/debriefStory.js";
import {formatClock, parseClock} from "../../../src/sim/metrics.js";
import {controlSpecs} from "../../../src/sim/controls.js";
import {scenarios} from "../../../src/sim/scenarios.js";
import {run} from "../../../src/sim/run.js";
import {translator} from "../../../src/components/i18n.js";
import {unitFormat, withFigures} from "../../../src/components/oncall/format.js";
import {amounts, joinList, storyMeasures, storySentences} from "../../../src/components/oncall/debriefWords.js";

const dir = new URL("../../../notebooks/locales/on-call/", import.meta.url).pathname;
const tables = Object.fromEntries(["en", "hu", "pt", "ig"].map((lang) => [lang, JSON.parse(readFileSync(`${dir}${lang}.json`, "utf8"))]));
const words = (scenario: keyof typeof scenarios, seed: number, minutes: number, actions: Action[], lang = "en") => {
  const story = debriefStory(scenario, seed, minutes, actions);
  const start = parseClock(scenarios[scenario].startClock);
  const t = withFigures(translator(tables, lang), lang);
  return storySentences(story, storyMeasures, {clock: (m) => formatClock(start + m), start: scenarios[scenario].controls, specs: controlSpecs}, t, unitFormat(lang));
};

describe("storySentences(story, measures, context, t, format)", () => {
  it("a late rollback: when, what it did, against nothing and the textbook, and the textbook's earlier rollback", () => {
    const alert = run("bad-deploy", {seed: 1, minutes: 60}).findIndex((m) => m.alert);
    const at = alert + 2;
    const sentences = words("bad-deploy", 1, 60, [{minute: at, press: "rollback"}]);
    expect(sentences.map((s) => s.about)).toEqual(["timing", "decision", "vsNothing", "vsTextbook", "textbook"]);
    const clock = (m: number) => formatClock(parseClock("09:00") + m);
    expect(sentences[0].text).toBe(`You first acted at ${clock(at)}: ${at - 10} min after the deploy (09:10) and 2 min after the alert (${clock(alert)}).`);
    expect(sentences[1].text).toMatch(new RegExp(`^${clock(at)} · Rollback pressed — saved [\\d.]+ points of error budget and \\d+ min over the SLO, but cost [\\d.]+ \\$\\.$`));
    expect(sentences[4].text).toMatch(new RegExp(`^The one thing the textbook response did differently, at ${clock(alert)}: Rollback pressed\\. You did it 2 min later\\. That step saved the textbook response `));
  });
  it("writes each amount as the difference of the values as shown (17.2 % against 16.1 % is 1.1 points)", () => {
    const format = unitFormat("en");
    const t = translator(tables, "en");
    expect(amounts({budgetLeft: 0.17249, totalCost: 3}, {budgetLeft: 0.16051, totalCost: 3}, storyMeasures, t, format)).toEqual({better: ["1.1 points of error budget"], worse: []});
    // Written alike: no difference to name; a field the summary lacks: left out.
    expect(amounts({budgetLeft: 0.17241, errorMinutes: 3}, {budgetLeft: 0.17249, errorMinutes: 5}, storyMeasures, t, format)).toEqual({better: ["2 min over the SLO"], worse: []});
    expect(amounts({totalCost: 4.5}, {totalCost: 3}, storyMeasures, t, format)).toEqual({better: [], worse: ["1.50 $"]});
  });
  it("no decision: says so, and names the step the textbook took", () => {
    const sentences = words("cache-flush", 2, 40, []);
    expect(sentences.map((s) => s.about)).toEqual(["timing", "textbook"]);
    expect(sentences[0].text).toBe("You made no decision, so your run is the run of doing nothing.");
    expect(sentences[1].text).toMatch(/^The one thing the textbook response did differently, at 12:00: .+ You never did this\./);
  });
  it("the textbook's own steps: nothing it did differently; free play has no textbook sentence", () => {
    const sentences = words("bad-deploy", 3, 60, debriefStory("bad-deploy", 3, 60, []).runs.textbook.actions);
    expect(sentences.find((s) => s.about === "textbook")?.text).toBe("You took every step the textbook response took, in the same minute.");
    expect(sentences.find((s) => s.about === "vsTextbook")?.text).toBe("Against the textbook response, your run comes out the same.");
    expect(words("free", 1, 30, [{minute: 3, set: {fleetMin: 12}}]).map((s) => s.about)).toEqual(["timing", "decision", "vsNothing"]);
    expect(words("free", 1, 30, [{minute: 3, set: {fleetMin: 12}}])[0].text).toBe("You first acted at 08:03 (minute 3).");
  });
  it("acting before an alert that never fires in your run: the alert it would have been", () => {
    const alert = run("bad-deploy", {seed: 2, minutes: 60}).findIndex((m) => m.alert);
    const [timing] = words("bad-deploy", 2, 60, [{minute: 12, press: "rollback"}]);
    expect(timing.text).toContain(`${alert - 12} min before the alert would have fired`);
  });
  for (const lang of ["en", "hu", "pt", "ig"]) {
    it(`${lang}: every sentence filled (no {placeholder}, no key), over the scenarios and the kinds of decision`, () => {
      const cases: [keyof typeof scenarios, number, Action[]][] = [
        ["bad-deploy", 60, [{minute: 33, press: "rollback"}, {minute: 34, set: {fleetMin: 14}}]],
        ["bad-deploy", 60, [{minute: 5, press: "rollback"}]],
        ["surge", 120, [{minute: 2, set: {autoscaling: true}}]],
        ["cache-flush", 60, [{minute: 15, press: "warmup"}, {minute: 15, set: {heavyFeature: false, sheddingShare: 1}}]],
        ["cache-flush", 60, []],
        ["free", 20, [{minute: 1, set: {ttlS: 120}}]]
      ];
      for (const [scenario, minutes, actions] of cases) {
        for (const s of words(scenario, 1, minutes, actions, lang)) {
          expect([scenario, s.text]).not.toEqual([scenario, expect.stringMatching(/\{\w+\}|\b(story|amount|debrief|event)\.[\w.]+/)]);
        }
      }
    });
  }
});

describe("joinList(items, and)", () => {
  it("joins none, one, two and three", () => {
    expect([[], ["a"], ["a", "b"], ["a", "b", "c"]].map((items) => joinList(items, "és"))).toEqual(["", "a", "a és b", "a, b és c"]);
  });
});
