import fc from "fast-check";
import {describe, expect, it} from "vitest";
import type {Action} from "../../src/sim/kit/actions.js";
import type {Controls} from "../../src/sim/oncall/controls.js";
import {
  decodeRunLink,
  defaultRunLink,
  encodeRunLink,
  MAX_LINK_ACTIONS,
  MAX_LINK_CHARS,
  replayOptions,
  runLinkUrl,
  runValueOf,
  type RunLink
} from "../../src/sim/link.js";
import {MAX_MINUTES} from "../../src/sim/kit/limits.js";
import {run} from "../../src/sim/oncall/run.js";
import {scenarioNames} from "../../src/sim/oncall/scenarios.js";

// -0 is a valid control value but a link writes it as 0 (the same run).
const nonNegative = (max: number) => fc.double({min: 0, max, noNaN: true}).map((x) => (x === 0 ? 0 : x));

const controls: fc.Arbitrary<Partial<Controls>> = fc.record(
  {
    fleetMin: fc.integer({min: 1, max: 40}),
    autoscaling: fc.boolean(),
    targetUtilization: fc.double({min: 0.1, max: 1, noNaN: true}),
    ttlS: nonNegative(3600),
    sheddingShare: nonNegative(1),
    heavyFeature: fc.boolean(),
    bootDelayMin: fc.integer({min: 0, max: 30})
  },
  {requiredKeys: []}
);

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({minute: fc.integer({min: 0, max: MAX_MINUTES - 1}), set: controls}),
  fc.record({minute: fc.integer({min: 0, max: MAX_MINUTES - 1}), press: fc.constantFrom("rollback" as const, "warmup" as const)})
);

const runLink: fc.Arbitrary<RunLink> = fc
  .record({
    scenario: fc.constantFrom(...scenarioNames),
    seed: fc.integer({min: 0, max: 0xffffffff}),
    actions: fc.array(action, {maxLength: 20}),
    minute: fc.integer({min: 0, max: MAX_MINUTES - 1}),
    lang: fc.option(fc.constantFrom("en", "hu", "pt", "ig", "ja"), {nil: undefined})
  })
  .map((r) => {
    if (r.lang === undefined) delete (r as Partial<RunLink>).lang;
    return r;
  });

describe("encodeRunLink(run)", () => {
  it("writes a short, readable value of URL-safe characters", () => {
    const value = encodeRunLink({
      scenario: "bad-deploy",
      seed: 7,
      minute: 42,
      lang: "hu",
      actions: [
        {minute: 29, press: "rollback"},
        {minute: 30, set: {fleetMin: 12, autoscaling: true, targetUtilization: 0.6}}
      ]
    });
    expect(value).toBe("v1_bad-deploy_s7_m42_hu_29rollback_30fleetMin12~autoscalingOn~targetUtilization0.6");
    expect(encodeURIComponent(value)).toBe(value);
    expect(encodeRunLink(defaultRunLink())).toBe("v1_free_s1_m0");
  });
  it("refuses a run that is not valid", () => {
    expect(() => encodeRunLink({...defaultRunLink(), seed: -1})).toThrow(RangeError);
    expect(() => encodeRunLink({...defaultRunLink(), minute: MAX_MINUTES})).toThrow(RangeError);
    expect(() => encodeRunLink({...defaultRunLink(), actions: [{minute: 1, set: {ttlS: Infinity}}]})).toThrow(RangeError);
    expect(() => encodeRunLink({...defaultRunLink(), lang: "<b>"})).toThrow(RangeError);
  });
  it("refuses to write a link that decodeRunLink would refuse as too long", () => {
    const settings = {
      fleetMin: 12,
      autoscaling: true,
      targetUtilization: 0.1 + 1e-16 * 3,
      ttlS: 1000 / 3,
      sheddingShare: 1 / 3,
      heavyFeature: false,
      bootDelayMin: 30
    };
    const actions = Array.from({length: MAX_LINK_ACTIONS}, (_, i) => ({minute: 10000 + (i % 80), set: settings}));
    expect(() => encodeRunLink({...defaultRunLink(), actions})).toThrow(/longer than 100000 characters/);
    expect(() =>
      encodeRunLink({...defaultRunLink(), actions: [...actions.slice(1), {minute: 1, press: "warmup"}, {minute: 2, press: "warmup"}]})
    ).toThrow(RangeError);
    // A long decision log of a few settings each fits.
    const fits = Array.from({length: MAX_LINK_ACTIONS}, (_, i) => ({
      minute: 10000 + (i % 80),
      set: {targetUtilization: 1 / 3, ttlS: 1000 / 7}
    }));
    const value = encodeRunLink({...defaultRunLink(), actions: fits});
    expect(value.length).toBeLessThanOrEqual(MAX_LINK_CHARS);
    expect(decodeRunLink(value)).toEqual({ok: true, run: {...defaultRunLink(), actions: fits}});
  });
});

describe("decodeRunLink(value)", () => {
  it("reads back every run it wrote, exactly", () => {
    fc.assert(
      fc.property(runLink, (r) => {
        const value = encodeRunLink(r);
        expect(encodeURIComponent(value)).toBe(value);
        expect(decodeRunLink(value)).toEqual({ok: true, run: r});
      }),
      {numRuns: 300}
    );
  });
  it("never throws on any text and returns a valid run (the defaults when not ok)", () => {
    const fragments = fc.constantFrom(
      "v1",
      "_",
      "~",
      "s",
      "m",
      "free",
      "surge",
      "rollback",
      "fleetMin",
      "On",
      "Off",
      "1e400",
      "9".repeat(30),
      "<script>",
      "%",
      ".",
      "-"
    );
    const texts = fc.oneof(
      fc.string({maxLength: 200}),
      fc.array(fragments, {maxLength: 40}).map((a) => a.join("")),
      fc.array(fragments, {maxLength: 40}).map((a) => "v1_free_s1_m0_" + a.join(""))
    );
    fc.assert(
      fc.property(texts, (text) => {
        const result = decodeRunLink(text);
        if (result.ok) {
          // Whatever it accepted, it can write again and run.
          expect(decodeRunLink(encodeRunLink(result.run))).toEqual(result);
          expect(() => run(result.run.scenario, replayOptions(result.run))).not.toThrow();
        } else {
          expect(result.run).toEqual(defaultRunLink());
          expect(result.notice).toMatch(/^[\w .,:()'…-]+$/);
          expect(result.notice).not.toContain("\n");
        }
      }),
      {numRuns: 1000}
    );
  });
  it("refuses hostile and broken values with a short notice that quotes none of them", () => {
    const cases: [unknown, string][] = [
      ["", "empty"],
      [undefined, "empty"],
      ['{"scenario":"free"}', "syntax"],
      ["v2_free_s1_m0", "version"],
      ["v1_meltdown_s1_m0", "scenario"],
      ["v1___proto___s1_m0", "scenario"],
      ["v1_free_s99999999999999999999_m0", "seed"],
      ["v1_free_s4294967296_m0", "seed"],
      ["v1_free_s1e400_m0", "seed"],
      ["v1_free_s1_m10080", "minute"],
      ["v1_free_s1_m-1", "minute"],
      ["v1_free_s1_m0_<script>alert(1)</script>", "lang"],
      ["v1_free_s1_m0_en_3turboOn", "action"],
      ["v1_free_s1_m0_3reboot", "action"],
      ["v1_free_s1_m0_3fleetMin99", "action"],
      ["v1_free_s1_m0_3ttlS1e400", "action"],
      ["v1_free_s1_m0_3ttlS" + "9".repeat(400), "action"],
      ["v1_free_s1_m0_3autoscaling1", "action"],
      ["v1_free_s1_m0_3fleetMin2~fleetMin3", "action"],
      ["v1_free_s1_m0_3<script>", "action"],
      ["v1_free_s1_m0_" + "1rollback_".repeat(MAX_LINK_ACTIONS + 1), "too-many"],
      ["v1_free_s1_m0_" + "x".repeat(1 << 20), "too-long"]
    ];
    for (const [value, problem] of cases) {
      const result = decodeRunLink(value);
      expect(result, String(value).slice(0, 60)).toMatchObject({ok: false, problem, run: defaultRunLink()});
      if (!result.ok) {
        expect(result.notice.length).toBeLessThan(100);
        expect(result.notice).not.toMatch(/[<>"]|script|turbo|reboot|meltdown|proto|99999/);
      }
    }
  });
  it("accepts the largest values in range", () => {
    const value = `v1_cache-flush_s4294967295_m${MAX_MINUTES - 1}_${MAX_MINUTES - 1}ttlS3600`;
    expect(decodeRunLink(value)).toEqual({
      ok: true,
      run: {scenario: "cache-flush", seed: 0xffffffff, minute: MAX_MINUTES - 1, actions: [{minute: MAX_MINUTES - 1, set: {ttlS: 3600}}]}
    });
    const full = "v1_free_s1_m0_" + Array(MAX_LINK_ACTIONS).fill("1rollback").join("_");
    expect(decodeRunLink(full).ok).toBe(true);
  });
});

describe("runValueOf(text)", () => {
  const value = "v1_surge_s3_m10_2warmup";
  it("finds run= in a link, a hash, a part or takes a bare value", () => {
    expect(runValueOf(`file:///site/on-call.html?lang=hu#/3&run=${value}&x=1`)).toBe(value);
    expect(runValueOf(`#run=${encodeURIComponent(value).replace("_", "%5F")}`)).toBe(value);
    expect(runValueOf(`run=${value}`)).toBe(value);
    expect(runValueOf(value)).toBe(value);
    expect(runLinkUrl(decodeRunLink(value).run)).toBe(`on-call.html#run=${value}`);
  });
  it("is undefined for a link without run= or with a broken escape", () => {
    expect(runValueOf("on-call.html#/3")).toBeUndefined();
    expect(runValueOf("#run=%E0%A4%A")).toBeUndefined();
    expect(runValueOf("lang=hu")).toBeUndefined();
  });
  it("leaves an overlong text for decodeRunLink to refuse", () => {
    expect(decodeRunLink(runValueOf("#run=" + "%41".repeat(MAX_LINK_CHARS + 10)))).toMatchObject({ok: false, problem: "too-long"});
    expect(decodeRunLink(runValueOf("#run=" + "A".repeat(10 * MAX_LINK_CHARS)))).toMatchObject({ok: false, problem: "too-long"});
  });
});

describe("replayOptions(run)", () => {
  it("runs minutes 0 … minute with the decisions made by then", () => {
    const options = replayOptions({
      scenario: "bad-deploy",
      seed: 2,
      minute: 20,
      actions: [
        {minute: 25, press: "warmup"},
        {minute: 15, press: "rollback"}
      ]
    });
    expect(options).toEqual({seed: 2, minutes: 21, actions: [{minute: 15, press: "rollback"}]});
  });
});
