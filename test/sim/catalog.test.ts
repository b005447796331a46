// Scenarios as open records: every shipped scenario is plain data (its JSON copy runs to the
// same numbers), checkScenario accepts exactly such records and names each problem in one line,
// the textbook steps read their minutes from the run, and links carry any catalog scenario.
import {describe, expect, it} from "vitest";
import {catalog, checkScenario, findScenario, modelOf, registerModel} from "../../src/sim/catalog.js";
import {debrief, textbookActions} from "../../src/sim/debrief.js";
import {checkEvents, resolveEvents} from "../../src/sim/kit/events.js";
import {decodeRunLink, encodeRunLink, type RunLink} from "../../src/sim/link.js";
import {mulberry32} from "../../src/sim/kit/rng.js";
import {retryEventKinds, retryModel, retryStorm} from "../../src/sim/retry/model.js";
import {queueModel, queueRush} from "../support/queueLesson.js";
import {scenarioNames, surge} from "../../src/sim/oncall/scenarios.js";

const copy = <T>(x: T): T => JSON.parse(JSON.stringify(x));

describe("catalog", () => {
  it("ships the on-call page's scenarios first, then the lessons' own: unique names, each with a known model, found by name", () => {
    // Derived, not listed: registering a lesson's scenario adds to the catalog without breaking this.
    expect(catalog.slice(0, scenarioNames.length).map((s) => s.name)).toEqual(scenarioNames);
    expect(new Set(catalog.map((s) => s.name)).size).toBe(catalog.length);
    for (const s of catalog) {
      expect(modelOf(s).name).toBe(s.model ?? "oncall");
      expect(findScenario(s.name)).toBe(s);
    }
    expect(findScenario("retry-storm")).toBe(retryStorm);
    expect(findScenario("nope")).toBeUndefined();
  });
  it("every shipped scenario is data: its JSON copy passes checkScenario and runs to the same numbers", () => {
    for (const s of catalog) {
      const check = checkScenario(copy(s));
      expect([s.name, check.ok ? [] : check.errors]).toEqual([s.name, []]);
      const model = modelOf(s);
      const options = {seed: 3, minutes: 40, actions: []};
      expect(model.simulate(copy(s), options).metrics).toEqual(model.simulate(s, options).metrics);
    }
  });
  it("a lecturer's scenario from JSON runs, and the debrief plays its own textbook", () => {
    const mine = {
      ...copy(retryStorm),
      name: "my-storm",
      events: [{kind: "slowdown", minute: 12, factor: 2, durationMin: 3}],
      textbook: [{at: {event: "slowdown", offset: -2}, set: {shedding: true}}]
    };
    const check = checkScenario(mine);
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(textbookActions(check.scenario, 1, 60)).toEqual([{minute: 10, set: {shedding: true}}]);
    const {nothing, textbook} = debrief<{meanErrorRate: number}>(check.scenario, 1, 60, []);
    expect(textbook.summary.meanErrorRate).toBeLessThan(nothing.summary.meanErrorRate);
  });
  it("a textbook step may come when an event ends (its kind's `ends`: a slowdown's duration)", () => {
    const mine = {
      ...copy(retryStorm),
      name: "my-storm",
      events: [{kind: "slowdown", minute: 12, factor: 2, durationMin: 3}],
      textbook: [
        {at: {event: "slowdown"}, set: {shedding: true}},
        {at: {event: "slowdown", edge: "end"}, set: {shedding: false}}
      ]
    };
    const check = checkScenario(mine);
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(textbookActions(check.scenario, 1, 60)).toEqual([
      {minute: 12, set: {shedding: true}},
      {minute: 15, set: {shedding: false}}
    ]);
    // An end past the run is skipped, as an event past it is.
    expect(textbookActions(check.scenario, 1, 14)).toEqual([{minute: 12, set: {shedding: true}}]);
  });
});

describe("registerModel(model)", () => {
  it("adds a lesson's model (one line): its scenarios check, run and find their model; a taken name is refused", () => {
    expect(modelOf(queueRush)).toBe(queueModel);
    const check = checkScenario(copy(queueRush));
    expect(check.ok ? [] : check.errors).toEqual([]);
    expect(textbookActions(queueRush, 1, 60)).toEqual([
      {minute: 10, set: {servers: 5}},
      {minute: 25, set: {servers: 2}}
    ]);
    expect(() => registerModel({...queueModel, simulate: queueModel.simulate})).toThrow(/a model named "toy-queue" is already registered/);
    expect(() => registerModel({...retryModel})).toThrow(/a model named "retry" is already registered/);
    expect(() => modelOf({model: "nope"})).toThrow(/unknown model "nope" \(models: oncall, retry, .*toy-queue/);
  });
});

describe("checkScenario(json)", () => {
  const base = () => copy(retryStorm) as unknown as Record<string, unknown>;
  const problems = (json: unknown) => {
    const check = checkScenario(json);
    return check.ok ? [] : check.errors;
  };
  const cases: [string, (s: Record<string, unknown>) => unknown, RegExp][] = [
    ["not an object", () => [1], /must be a JSON object, got an array/],
    ["unknown field", (s) => ({...s, colour: "red"}), /unknown field "colour"/],
    ["bad name", (s) => ({...s, name: "Retry_Storm"}), /name must be lowercase/],
    ["unknown model", (s) => ({...s, model: "weather"}), /unknown model "weather"/],
    ["bad clock", (s) => ({...s, startClock: "25:00"}), /startClock must be "HH:MM"/],
    ["bad base rate", (s) => ({...s, baseRate: -5}), /baseRate must be a number from 1/],
    ["budget above 1", (s) => ({...s, budgetLeft: 2}), /budgetLeft must be a number from 0 to 1/],
    ["missing control", (s) => copy({...s, controls: {...(s.controls as object), jitter: undefined}}), /controls: jitter is missing/],
    ["another model's control", (s) => ({...s, controls: {...(s.controls as object), fleetMin: 3}}), /unknown control "fleetMin"/],
    ["control out of range", (s) => ({...s, controls: {...(s.controls as object), retryLimit: 9}}), /retryLimit must be between 0 and 5/],
    ["unknown event kind", (s) => ({...s, events: [{kind: "deploy", minute: 3}]}), /unknown kind "deploy" \(kinds: surge, slowdown\)/],
    ["event parameter missing", (s) => ({...s, events: [{kind: "slowdown", minute: 3, factor: 2}]}), /slowdown needs durationMin/],
    [
      "event parameter out of range",
      (s) => ({...s, events: [{kind: "slowdown", minute: 3, factor: 99, durationMin: 2}]}),
      /factor must be a number from 1 to 20/
    ],
    [
      "a draw that can leave its range",
      (s) => ({...s, events: [{kind: "slowdown", minute: 3, factor: {uniform: [1, 50]}, durationMin: 2}]}),
      /factor may take values from 1 to 50/
    ],
    ["a fractional minute", (s) => ({...s, events: [{kind: "slowdown", minute: 2.5, factor: 2, durationMin: 2}]}), /whole minute/],
    ["textbook with an unknown button", (s) => ({...s, textbook: [{at: {minute: 0}, press: "rollback"}]}), /unknown button "rollback"/],
    ["textbook step without when", (s) => ({...s, textbook: [{set: {jitter: true}}]}), /must be an object with "at"/],
    [
      "textbook edge neither start nor end",
      (s) => ({...s, textbook: [{at: {event: "surge", edge: "middle"}, set: {jitter: true}}]}),
      /edge must be "start" or "end"/
    ],
    [
      "textbook end of a kind without one",
      (s) => ({
        ...s,
        model: undefined,
        controls: {
          fleetMin: 10,
          autoscaling: false,
          targetUtilization: 0.6,
          ttlS: 60,
          sheddingShare: 0,
          heavyFeature: true,
          bootDelayMin: 3
        },
        offers: undefined,
        events: [],
        textbook: [{at: {event: "flush", edge: "end"}, press: "warmup"}]
      }),
      /a flush has no end in the oncall model/
    ],
    ["offers an unknown control", (s) => ({...s, offers: {controls: ["ttlS"], buttons: []}}), /offers: unknown control "ttlS"/],
    ["strings not by language", (s) => ({...s, strings: {english: {title: "x", brief: "y"}}}), /not a language code/]
  ];
  for (const [what, make, message] of cases) {
    it(`names the problem: ${what}`, () => {
      const errors = problems(make(base()));
      expect(
        errors.some((e) => message.test(e)),
        errors.join(" | ")
      ).toBe(true);
      for (const e of errors) expect(e).not.toContain("\n"), expect(e.length).toBeLessThan(200);
    });
  }
});

describe("resolveEvents(specs, kinds, rng)", () => {
  it("draws in order, minute first: the surge's draws are the hand-written scenario's", () => {
    const rng = mulberry32(9);
    const [event] = resolveEvents(
      surge.events,
      {surge: {params: {size: {min: 1, max: 10}, rampMin: {min: 1, max: 600}, holdMin: {min: 0, max: 1440}, decayMin: {min: 1, max: 600}}}},
      rng
    );
    const again = mulberry32(9);
    const start = Math.floor(10 + 40 * again());
    const size = 2 + Math.min(1.5, 0 - 0.5 * Math.log(1 - again()));
    expect(event).toEqual({kind: "surge", minute: start, params: {size, rampMin: 5, holdMin: 30, decayMin: 20}});
  });
  it("checkEvents accepts the shipped events", () => {
    expect(checkEvents(retryStorm.events, retryEventKinds)).toEqual([]);
  });
});

describe("links of any catalog scenario", () => {
  it("a retry-storm run with the retry model's settings and button reads back", () => {
    const run: RunLink = {
      scenario: "retry-storm",
      seed: 7,
      minute: 42,
      lang: "en",
      actions: [
        {minute: 3, set: {retryBudget: 0.1, backoff: 2, jitter: true}},
        {minute: 30, press: "restart"},
        {minute: 31, set: {timeoutS: 4.5, shedding: false}}
      ]
    };
    const value = encodeRunLink(run);
    expect(value).toBe("v1_retry-storm_s7_m42_en_3retryBudget0.1~backoff2~jitterOn_30restart_31timeoutS4.5~sheddingOff");
    expect(decodeRunLink(value)).toEqual({ok: true, run});
  });
  it("refuses another model's controls and buttons in a scenario's link", () => {
    for (const value of [
      "v1_retry-storm_s1_m5_3fleetMin4",
      "v1_retry-storm_s1_m5_3rollback",
      "v1_surge_s1_m5_3restart",
      "v1_surge_s1_m5_3retryLimit2"
    ]) {
      const result = decodeRunLink(value);
      expect([value, result.ok, result.ok ? null : result.problem]).toEqual([value, false, "action"]);
    }
  });
  it("reads a page's own scenarios through `find`, and nothing else", () => {
    const mine = {...retryStorm, name: "my-storm"};
    expect(decodeRunLink("v1_my-storm_s1_m5").ok).toBe(false);
    expect(decodeRunLink("v1_my-storm_s1_m5", (name) => (name === "my-storm" ? mine : undefined)).ok).toBe(true);
  });
});
