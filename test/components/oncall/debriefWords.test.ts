// The written debrief's sentences: numbers from the runs as the table writes them, the words of
// each of the four languages, no placeholder or key left unfilled, the cases with nothing to say.
import {readFileSync} from "node:fs";
import {describe, expect, it} from "vitest";
import type {Action} from "../../../src/sim/kit/actions.js";
import {debriefStory} from "../../../src/sim/debriefStory.js";
import {formatClock, parseClock} from "../../../src/sim/kit/clock.js";
import {controlSpecs} from "../../../src/sim/oncall/controls.js";
import {scenarios} from "../../../src/sim/oncall/scenarios.js";
import {run} from "../../../src/sim/oncall/run.js";
import {translator} from "../../../src/components/i18n.js";
import {unitFormat, withFigures} from "../../../src/components/oncall/format.js";
import {amounts, joinList, storyMeasures, storySentences} from "../../../src/components/oncall/debriefWords.js";

const dir = new URL("../../../notebooks/locales/on-call/", import.meta.url).pathname;
const tables = Object.fromEntries(["en", "hu", "pt", "ig"].map((lang) => [lang, JSON.parse(readFileSync(`${dir}${lang}.json`, "utf8"))]));
const words = (scenario: keyof typeof scenarios, seed: number, minutes: number, actions: Action[], lang = "en", textbook = true) => {
  const story = debriefStory(scenario, seed, minutes, actions, {textbook});
  const start = parseClock(scenarios[scenario].startClock);
  const t = withFigures(translator(tables, lang), lang);
  return storySentences(
    story,
    storyMeasures,
    {clock: (m) => formatClock(start + m), start: scenarios[scenario].controls, specs: controlSpecs},
    t,
    unitFormat(lang)
  );
};

describe("storySentences(story, measures, context, t, format)", () => {
  it("a late rollback: when, what it did, against nothing and the textbook, and the textbook's earlier rollback", () => {
    const alert = run("bad-deploy", {seed: 1, minutes: 60}).findIndex((m) => m.alert);
    const at = alert + 2;
    const sentences = words("bad-deploy", 1, 60, [{minute: at, press: "rollback"}]);
    expect(sentences.map((s) => s.about)).toEqual(["timing", "decision", "vsNothing", "worst", "vsTextbook", "textbook"]);
    const clock = (m: number) => formatClock(parseClock("09:00") + m);
    expect(sentences[0].text).toBe(
      `You first acted at ${clock(at)}: ${at - 10} min after the deploy (09:10) and 2 min after the alert (${clock(alert)}).`
    );
    expect(sentences[1].text).toMatch(
      new RegExp(
        `^${clock(at)} · Rollback pressed — [\\d.]+ points more error budget left, \\d+ fewer min over the SLO, .+; at the price of [\\d.]+ \\$ more spent\\.$`
      )
    );
    expect(sentences[3].text).toMatch(
      /^Your worst minute was 09:1\d: 5\.00 % of the requests failed, because 100 % of the traffic was on the bad build\.$/
    );
    expect(sentences[5].text).toMatch(
      new RegExp(
        `^The one thing the textbook response did differently, at ${clock(alert)}: Rollback pressed\\. You did it 2 min later\\. That step was worth this to the textbook response: [\\d.]+ points more error budget left`
      )
    );
  });
  it("writes each amount as the difference of the values as shown (17.2 % against 16.1 % is 1.1 points)", () => {
    const format = unitFormat("en");
    const t = translator(tables, "en");
    expect(amounts({budgetLeft: 0.17249, totalCost: 3}, {budgetLeft: 0.16051, totalCost: 3}, storyMeasures, t, format)).toEqual({
      better: ["1.1 points more error budget left"],
      worse: []
    });
    // Written alike: no difference to name; a field the summary lacks: left out.
    expect(amounts({budgetLeft: 0.17241, errorMinutes: 3}, {budgetLeft: 0.17249, errorMinutes: 5}, storyMeasures, t, format)).toEqual({
      better: ["2 fewer min over the SLO"],
      worse: []
    });
    expect(amounts({totalCost: 4.5}, {totalCost: 3}, storyMeasures, t, format)).toEqual({better: [], worse: ["1.50 $ more spent"]});
    // Each measure its own way: a higher hit rate is better, older answers are worse (a long TTL's price).
    expect(amounts({meanHitRate: 0.95, meanCacheAgeS: 150}, {meanHitRate: 0.77, meanCacheAgeS: 30}, storyMeasures, t, format)).toEqual({
      better: ["a cache hit rate 18.0 points higher"],
      worse: ["answers 120 s older"]
    });
  });
  it("no decision: says so, and names the step the textbook took", () => {
    const sentences = words("cache-flush", 2, 40, []);
    expect(sentences.map((s) => s.about)).toEqual(["timing", "worst", "textbook"]);
    expect(sentences[0].text).toBe("You made no decision, so your run is the run of doing nothing.");
    expect(sentences[1].text).toMatch(
      /^Your worst minute was 12:0\d: [\d.]+ % of the requests failed, because the database was saturated \(\d+ q\/s against its capacity of 4000 q\/s, with the cache hit rate at \d+ %\), so a query took 250 ms/
    );
    expect(sentences[2].text).toMatch(/^The one thing the textbook response did differently, at 12:00: .+ You never did this\./);
  });
  it("the textbook's own steps: nothing it did differently; free play has no textbook sentence", () => {
    const sentences = words("bad-deploy", 3, 60, debriefStory("bad-deploy", 3, 60, []).runs.textbook!.actions);
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
  it("a TTL change in free play: the hit rate, database load and p99 it moved, and the answers' age it cost", () => {
    const [, decision, vsNothing] = words("free", 1, 61, [{minute: 5, set: {ttlS: 300}}]);
    expect(decision.text).toMatch(
      /^08:05 · Cache TTL: 60 s → 300 s — p99 \d+ ms lower, a cache hit rate [\d.]+ points higher and database load [\d.]+ points lower; at the price of answers 120 s older\.$/
    );
    expect(vsNothing.text).toMatch(/^Against doing nothing, your run had .*a cache hit rate .*; at the price of answers \d+ s older\.$/);
  });
  it("a decision that moves nothing as written: 'less than written', never 'changed nothing'; an identical run: 'changed nothing'", () => {
    // Raising the fleet at the last minute launches instances that serve nothing yet.
    const [, late] = words("free", 1, 20, [{minute: 19, set: {fleetMin: 11}}]);
    expect(late.text).toBe("08:19 · Fleet minimum: 10 → 11 — moved the numbers by less than they are written here.");
    // A target for an autoscaler that is off changes the run not at all.
    const [, same] = words("free", 1, 20, [{minute: 19, set: {targetUtilization: 0.7}}]);
    expect(same.text).toBe("08:19 · Target utilization value: 60 % → 70 % — changed nothing by this minute.");
  });
  it("while the day runs: no comparison with the textbook, only the sentence that it comes at the end or on request", () => {
    const sentences = words("bad-deploy", 1, 40, [{minute: 35, press: "rollback"}], "en", false);
    expect(sentences.map((s) => s.about)).toEqual(["timing", "decision", "vsNothing", "worst", "hidden"]);
    expect(sentences.at(-1)!.text).toBe("The textbook response is set beside your run at the day's end, or now if you ask.");
    expect(sentences.map((s) => s.text).join(" ")).not.toMatch(/textbook response (did|had|acted)|Rollback pressed\. You/);
  });
  it("a partial action: the textbook's setting beside the learner's, and a lead: the boot delay that makes a late start matter", () => {
    const steps = debriefStory("cache-flush", 3, 60, []).runs.textbook!.actions;
    const mine: Action[] = [
      {minute: 2, set: {sheddingShare: 0.5}},
      ...steps.flatMap((a): Action[] => ("press" in a ? [a] : [{minute: a.minute, set: {heavyFeature: a.set.heavyFeature as boolean}}]))
    ];
    const partial = words("cache-flush", 3, 60, mine).find((s) => s.about === "textbook")!.text;
    expect(partial).toMatch(
      /^The one thing the textbook response did differently: at 1\d:\d\d it set Load shedding to (100|0) %; you had set it to 50 % at 11:47\./
    );
    const surge = words("surge", 2, 120, [{minute: 40, set: {autoscaling: true}}]);
    expect(surge.find((s) => s.about === "lead")?.text).toMatch(
      /^New instances take 8 min to boot today, so the textbook response acted 8 min before the surge \(\d\d:\d\d\)\.$/
    );
  });
  for (const lang of ["en", "hu", "pt", "ig"]) {
    it(`${lang}: every sentence filled (no {placeholder}, no key), over the scenarios and the kinds of decision`, () => {
      const cases: [keyof typeof scenarios, number, Action[]][] = [
        [
          "bad-deploy",
          60,
          [
            {minute: 33, press: "rollback"},
            {minute: 34, set: {fleetMin: 14}}
          ]
        ],
        ["bad-deploy", 60, [{minute: 5, press: "rollback"}]],
        ["surge", 120, [{minute: 2, set: {autoscaling: true}}]],
        [
          "cache-flush",
          60,
          [
            {minute: 15, press: "warmup"},
            {minute: 15, set: {heavyFeature: false, sheddingShare: 1}}
          ]
        ],
        ["cache-flush", 60, []],
        [
          "cache-flush",
          60,
          [
            {minute: 2, set: {sheddingShare: 0.5}},
            {minute: 15, set: {heavyFeature: false}}
          ]
        ],
        ["surge", 120, [{minute: 45, set: {autoscaling: true, targetUtilization: 0.5}}]],
        ["free", 20, [{minute: 19, set: {fleetMin: 11}}]],
        ["free", 20, [{minute: 1, set: {ttlS: 120}}]]
      ];
      for (const [scenario, minutes, actions] of cases) {
        for (const s of [...words(scenario, 1, minutes, actions, lang), ...words(scenario, 1, minutes, actions, lang, false)]) {
          expect([scenario, s.text]).not.toEqual([
            scenario,
            expect.stringMatching(/\{\w+\}|\b(story|amount|debrief|event|cause|control)\.[\w.]+/)
          ]);
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
