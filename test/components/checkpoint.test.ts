// The pure parts of a predict-then-reveal checkpoint (src/components/checkpointState.ts) and of
// the progress store it writes to (src/components/progress.ts), without a DOM.
import {describe, expect, it} from "vitest";
import fc from "fast-check";
import {checkpointState, parseNumber, readGuess, verdict, type GuessSpec} from "../../src/components/checkpointState.js";
import {
  emptyProgress,
  expectItems,
  forget,
  knowItem,
  markDone,
  parseProgress,
  progressCounts,
  progressKey,
  readProgress,
  type ProgressStorage
} from "../../src/components/progress.js";
import {checkpointEnglish, checkpointStrings} from "../../src/components/checkpoint.js";

const shapes: GuessSpec = {
  kind: "choice",
  choices: [
    {value: "even", label: "even"},
    {value: "poisson", label: "Poisson"},
    {value: "burst", label: "burst"}
  ]
};
const burn: GuessSpec = {kind: "number", unit: "×", min: 0};

/** A Map-backed Storage, as localStorage behaves. */
function memoryStorage(): ProgressStorage & {map: Map<string, string>} {
  const map = new Map<string, string>();
  return {map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, String(v))};
}

describe("parseNumber(text)", () => {
  it("reads a decimal point or a decimal comma, spaces around and a minus sign", () => {
    expect(parseNumber("7.5")).toBe(7.5);
    expect(parseNumber("7,5")).toBe(7.5);
    expect(parseNumber(" 12 ")).toBe(12);
    expect(parseNumber(".5")).toBe(0.5);
    expect(parseNumber("−3")).toBe(-3);
    expect(parseNumber("-3")).toBe(-3);
  });
  it("refuses what a person does not write as a guess", () => {
    for (const text of ["", "abc", "1e2", "1,000.5", "7.5×", "Infinity", "NaN", "0x10", "1 2", "--1"])
      expect(parseNumber(text), text).toBeUndefined();
  });
  it("reads back every finite number written with a point or a comma", () => {
    fc.assert(
      fc.property(fc.double({min: -1e6, max: 1e6, noNaN: true}), (x) => {
        const text = x.toFixed(3);
        expect(parseNumber(text)).toBeCloseTo(Number(text), 9);
        expect(parseNumber(text.replace(".", ","))).toBeCloseTo(Number(text), 9);
      })
    );
  });
});

describe("readGuess(spec, input)", () => {
  it("takes only one of the choices' values", () => {
    expect(readGuess(shapes, "burst")).toEqual({ok: true, stored: "burst", value: "burst"});
    expect(readGuess(shapes, "Poisson")).toEqual({ok: false, problem: "not-a-choice"}); // the label is not the value
    expect(readGuess(shapes, "<b>burst</b>")).toEqual({ok: false, problem: "not-a-choice"});
    expect(readGuess(shapes, "")).toEqual({ok: false, problem: "empty"});
    expect(readGuess(shapes, null)).toEqual({ok: false, problem: "empty"});
  });
  it("takes a number within the range, stored in one form whatever the decimal mark", () => {
    expect(readGuess(burn, "7,5")).toEqual({ok: true, stored: "7.5", value: 7.5});
    expect(readGuess(burn, "7.50")).toEqual({ok: true, stored: "7.5", value: 7.5});
    expect(readGuess(burn, "-1")).toEqual({ok: false, problem: "out-of-range"});
    expect(readGuess({kind: "number", max: 10}, "11")).toEqual({ok: false, problem: "out-of-range"});
    expect(readGuess(burn, "lots")).toEqual({ok: false, problem: "not-a-number"});
    expect(readGuess(burn, "   ")).toEqual({ok: false, problem: "empty"});
  });
});

describe("verdict(guess, answer, tolerance)", () => {
  it("a choice is right only when it is the answer", () => {
    expect(verdict("burst", "burst")).toEqual({kind: "right"});
    expect(verdict("even", "burst")).toEqual({kind: "wrong"});
  });
  it("a number is near within 20 % of the answer (either side, edge included) and far past it", () => {
    expect(verdict(9, 7.5)).toEqual({kind: "near", difference: 1.5});
    expect(verdict(6, 7.5)).toEqual({kind: "near", difference: -1.5});
    expect(verdict(9.1, 7.5).kind).toBe("far");
    expect(verdict(1, 7.5)).toEqual({kind: "far", difference: -6.5});
    expect(verdict(9.1, 7.5, 0.25).kind).toBe("near");
  });
  it("an answer of 0 allows 0.5 either side (a relative tolerance of 0 would allow nothing)", () => {
    expect(verdict(0.5, 0).kind).toBe("near");
    expect(verdict(-0.4, 0).kind).toBe("near");
    expect(verdict(0.6, 0).kind).toBe("far");
  });
});

describe("checkpointState(spec, stored, answer)", () => {
  const answer = {value: 7.5, text: "7.5× at 09:20"};
  it("asks while nothing is stored", () => {
    expect(checkpointState(burn, undefined, answer)).toEqual({phase: "ask"});
  });
  it("asks again when the stored guess no longer reads (edited by hand, or the choices changed)", () => {
    expect(checkpointState(burn, "seven", answer)).toEqual({phase: "ask"});
    expect(checkpointState(shapes, "uniform", {value: "burst", text: "burst"})).toEqual({phase: "ask"});
  });
  it("reveals a stored guess with its verdict", () => {
    expect(checkpointState(burn, "8", answer)).toEqual({
      phase: "revealed",
      guess: 8,
      stored: "8",
      verdict: {kind: "near", difference: 0.5}
    });
    expect(checkpointState(shapes, "even", {value: "burst", text: "burst"})).toMatchObject({
      phase: "revealed",
      guess: "even",
      verdict: {kind: "wrong"}
    });
  });
});

describe("the progress store", () => {
  it("keeps one entry per lesson, under queuebook:progress:<lesson>", () => {
    const storage = memoryStorage();
    markDone("store-a", "checkpoint", "burn", "7.5", storage);
    markDone("store-b", "scenario", "surge", "done", storage);
    expect([...storage.map.keys()].sort()).toEqual([progressKey("store-a"), progressKey("store-b")]);
    expect(readProgress("store-a", storage).checkpoint.done).toEqual({burn: "7.5"});
    expect(readProgress("store-a", storage).scenario.done).toEqual({});
  });
  it("counts done out of known; an item marked done becomes known, and stays known when forgotten", () => {
    const storage = memoryStorage();
    expectItems("store-c", "scenario", ["free", "bad-deploy", "surge", "cache-flush"], storage);
    markDone("store-c", "scenario", "surge", "done", storage);
    knowItem("store-c", "checkpoint", "one", storage);
    knowItem("store-c", "checkpoint", "one", storage);
    markDone("store-c", "checkpoint", "two", "burst", storage);
    expect(progressCounts(readProgress("store-c", storage))).toEqual({
      checkpoint: {done: 1, of: 2},
      scenario: {done: 1, of: 4},
      step: {done: 0, of: 0}
    });
    forget("store-c", "checkpoint", "two", storage);
    expect(progressCounts(readProgress("store-c", storage)).checkpoint).toEqual({done: 0, of: 2});
  });
  it("reads a broken, foreign or hostile entry as far as it is valid, never throwing", () => {
    const long = "x".repeat(201);
    const cases: [string | null, ReturnType<typeof emptyProgress>][] = [
      [null, emptyProgress()],
      ["", emptyProgress()],
      ["{", emptyProgress()],
      ["[]", emptyProgress()],
      ["42", emptyProgress()],
      ['{"checkpoint": "all"}', emptyProgress()],
      [
        JSON.stringify({checkpoint: {known: ["a", 3, long, "a"], done: {a: "1", b: 2, [long]: "x", c: long}}}),
        {...emptyProgress(), checkpoint: {known: ["a"], done: {a: "1"}}}
      ],
      [JSON.stringify({step: {done: ["01-target.txt"]}}), emptyProgress()],
      [JSON.stringify({__proto__: {checkpoint: {done: {a: "1"}}}}), emptyProgress()]
    ];
    for (const [text, expected] of cases) expect(parseProgress(text), String(text)).toEqual(expected);
  });
  it("keeps progress for the page's life when storage refuses (a full or disabled localStorage)", () => {
    const refusing: ProgressStorage = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      }
    };
    expect(readProgress("store-refused", refusing)).toEqual(emptyProgress());
    markDone("store-refused", "checkpoint", "burn", "3", refusing);
    expect(readProgress("store-refused", refusing).checkpoint.done).toEqual({burn: "3"});
  });
  it("leaves out ids and values too long to be ours", () => {
    const storage = memoryStorage();
    markDone("store-d", "checkpoint", "x".repeat(201), "1", storage);
    markDone("store-d", "checkpoint", "ok", "y".repeat(201), storage);
    expect(readProgress("store-d", storage).checkpoint.done).toEqual({});
  });
});

describe("checkpointStrings(t)", () => {
  it("takes a notebook's checkpoint.* keys and falls back to English for the others", () => {
    const table: Record<string, string> = {"checkpoint.commit": "Tipp rögzítése", "checkpoint.why": "Miért"};
    const strings = checkpointStrings((key) => table[key] ?? key);
    expect(strings.commit).toBe("Tipp rögzítése");
    expect(strings.why).toBe("Miért");
    expect(strings.again).toBe(checkpointEnglish.again);
  });
});
