import {describe, expect, it} from "vitest";
import {defaultRunLink, encodeRunLink, type RunLink} from "../../../src/sim/link.js";
import {linkWriter, openRun, runOfHash, runOfHashChange} from "../../../src/components/oncall/url.js";

describe("openRun(value)", () => {
  it("opens the defaults without a notice when there is no run= part", () => {
    expect(openRun(undefined)).toEqual({run: defaultRunLink(), problem: null});
  });
  it("reports a run= part whose escapes are broken", () => {
    expect(openRun(undefined, true)).toEqual({run: defaultRunLink(), problem: "syntax"});
  });
  it("opens a valid link as it is", () => {
    const run: RunLink = {scenario: "surge", seed: 4, minute: 33, actions: [{minute: 20, set: {autoscaling: true}}], lang: "pt"};
    expect(openRun(encodeRunLink(run))).toEqual({run, problem: null});
  });
  it("opens the defaults with a problem for hostile values", () => {
    for (const value of [
      "<script>alert(1)</script>",
      "v1_free_s1_m0_1fleetMin1e308",
      '{"a":1}',
      "x".repeat(1_000_000),
      "v9_free_s1_m0",
      "v1_free_s99999999999_m0"
    ]) {
      const opened = openRun(value);
      expect(opened.run).toEqual(defaultRunLink());
      expect(opened.problem).not.toBe(null);
    }
  });
});

describe("linkWriter(write, clock, spacing)", () => {
  it("writes at once when asked or when spaced enough, else once later with the latest run", () => {
    let time = 0;
    const later: (() => void)[] = [];
    const written: string[] = [];
    const write = linkWriter((v) => written.push(v), {now: () => time, later: (fn) => later.push(fn)}, 400);
    const at = (minute: number): RunLink => ({scenario: "free", seed: 1, minute, actions: []});
    write(at(1));
    time = 100;
    write(at(2));
    write(at(3));
    expect(written).toEqual(["v1_free_s1_m1"]);
    expect(later.length).toBe(1);
    time = 400;
    later.shift()!();
    expect(written).toEqual(["v1_free_s1_m1", "v1_free_s1_m3"]);
    write(at(4), true);
    expect(written.at(-1)).toBe("v1_free_s1_m4");
  });
});

describe("runOfHash(hash)", () => {
  it("opens the run= part among the hash's other parts", () => {
    expect(runOfHash("#/2&run=v1_surge_s2_m9")).toEqual({run: {scenario: "surge", seed: 2, minute: 9, actions: []}, problem: null});
  });
  it("opens the defaults quietly without a run= part, and with a notice when its escapes are broken", () => {
    expect(runOfHash("")).toEqual({run: defaultRunLink(), problem: null});
    expect(runOfHash("#/3&x=1")).toEqual({run: defaultRunLink(), problem: null});
    expect(runOfHash("#run=%E0%A4%A")).toEqual({run: defaultRunLink(), problem: "syntax"});
  });
});

describe("runOfHashChange(oldUrl, newUrl)", () => {
  const page = "file:///site/on-call.html";
  it("opens the run of a new run= value", () => {
    expect(runOfHashChange(`${page}#run=v1_free_s1_m3`, `${page}#run=v1_surge_s2_m9`)).toEqual({
      run: {scenario: "surge", seed: 2, minute: 9, actions: []},
      problem: null
    });
  });
  it("ignores a change that leaves run= as it was", () => {
    expect(runOfHashChange(`${page}#run=v1_free_s1_m3`, `${page}#run=v1_free_s1_m3&/2`)).toBe(null);
  });
  it("reports a hostile or broken new value, and a removed one opens the defaults quietly", () => {
    expect(runOfHashChange(`${page}#run=v1_free_s1_m3`, `${page}#run=%3Cscript%3E`)?.problem).toBe("syntax");
    expect(runOfHashChange(`${page}#run=v1_free_s1_m3`, `${page}#run=%E0%A4%A`)?.problem).toBe("syntax");
    expect(runOfHashChange(`${page}#run=v1_free_s1_m3`, `${page}#`)).toEqual({run: defaultRunLink(), problem: null});
  });
});
