// oncallSession(scenarios, options): one page's run wired once, with fakes for the page (its
// hash, frame clock, URL writes and hash changes): the link opened and written back, the
// scenarios it is given (a link naming another opens the first with a notice), pasted links.
import {describe, expect, it} from "vitest";
import {retryStorm} from "../../../src/sim/retry/model.js";
import {surge} from "../../../src/sim/oncall/scenarios.js";
import {oncallSession} from "../../../src/components/oncall/oncallSession.js";
import type {Ticker} from "../../../src/components/oncall/player.js";

function page(hash = "") {
  let time = 0;
  const frames: ((t: number) => void)[] = [];
  const ticker: Ticker = {now: () => time, requestFrame: (f) => frames.push(f), cancelFrame: () => {}};
  const written: string[] = [];
  const languages: string[] = [];
  let hashListener: ((oldUrl: string, newUrl: string) => void) | null = null;
  return {
    written,
    languages,
    paste: (oldUrl: string, newUrl: string) => hashListener?.(oldUrl, newUrl),
    tick: (ms: number) => {
      time += ms;
      frames.splice(0).forEach((f) => f(time));
    },
    options: {
      hash,
      ticker,
      writeLink: (value: string) => void written.push(value),
      onHashChange: (listener: (oldUrl: string, newUrl: string) => void) => ((hashListener = listener), () => (hashListener = null)),
      switchLanguage: (code: string) => void languages.push(code)
    }
  };
}

describe("oncallSession(scenarios, options)", () => {
  it("opens the first scenario without a link, and writes the run back once the page's language is known", () => {
    const p = page();
    const session = oncallSession(retryStorm, p.options);
    expect(session.store.frame().run).toEqual({scenario: "retry-storm", seed: 1, minute: 0, actions: []});
    session.setLang("en");
    expect(p.written.at(-1)).toBe("v1_retry-storm_s1_m0_en");
    session.dispose();
  });
  it("opens the run a link names, in its language, and records a decision in the link", () => {
    const p = page("#run=v1_retry-storm_s4_m20_hu_3retryBudget0.1");
    const session = oncallSession([retryStorm], p.options);
    expect(session.store.frame().minute).toBe(20);
    expect(session.store.frame().controls).toMatchObject({retryBudget: 0.1});
    expect(p.languages).toEqual(["hu"]);
    session.store.decide({set: {shedding: true}});
    expect(p.written.at(-1)).toBe("v1_retry-storm_s4_m20_hu_3retryBudget0.1_20sheddingOn");
    session.dispose();
  });
  it("a link to a scenario the page does not have opens its first scenario with a notice", () => {
    for (const hash of ["#run=v1_surge_s1_m5", "#run=v1_retry-storm_s1_m5_3fleetMin4", "#run=%E0"]) {
      const p = page(hash);
      const session = oncallSession(retryStorm, p.options);
      const problems: unknown[] = [];
      session.linkProblem((problem) => problems.push(problem));
      expect([hash, session.store.frame().run.scenario, problems[0] !== null]).toEqual([hash, "retry-storm", true]);
      session.dispose();
    }
  });
  it("opens a link pasted into the open page, and ignores a hash change that leaves run= alone", () => {
    const p = page();
    const session = oncallSession([surge, retryStorm], p.options);
    const frames: number[] = [];
    session.frames((frame) => frames.push(frame.minute));
    p.paste("x#run=v1_surge_s1_m0", "x#run=v1_retry-storm_s2_m7");
    expect(session.store.frame().run).toMatchObject({scenario: "retry-storm", seed: 2, minute: 7});
    const shown = frames.length;
    p.paste("x#run=v1_retry-storm_s2_m7", "x#run=v1_retry-storm_s2_m7&/3");
    expect(frames.length).toBe(shown);
    session.dispose();
  });
  it("plays on the page's clock and writes the link at once when paused", () => {
    const p = page();
    const session = oncallSession(retryStorm, p.options);
    session.player.play();
    p.tick(1000);
    expect(session.store.frame().minute).toBeGreaterThan(1);
    session.player.pause();
    expect(p.written.at(-1)).toBe(`v1_retry-storm_s1_m${session.store.frame().minute}`);
    session.dispose();
  });
});
