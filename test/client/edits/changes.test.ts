// What kept edits would change, block by block (src/client/edits/changes.ts): the learner reads
// this before anything from storage runs, so every changed block is listed, in the edited
// notebook's order, and a diff shows every line of both sides.
import {describe, expect, it} from "vitest";
import fc from "fast-check";
import {blockChanges, blockStates, lineDiff} from "../../../src/client/edits/changes.js";
import type {SourceEdit} from "../../../src/notebook/source.js";
import {source} from "./notebook.js";

describe("blockChanges(source, log)", () => {
  it("lists a replaced cell and prose with their original line, language and both texts", () => {
    const log: SourceEdit[] = [
      {op: "replace", block: 3, text: "const b = a * 100;"},
      {op: "replace", block: 2, text: "<img src=x onerror=alert(1)>"}
    ];
    expect(blockChanges(source, log)).toEqual([
      {block: 2, kind: "prose", line: 7, change: "changed", before: "Some *prose*.", after: "<img src=x onerror=alert(1)>"},
      {block: 3, kind: "cell", lang: "js", line: 9, change: "changed", before: "const b = a + 1;", after: "const b = a * 100;"}
    ]);
  });

  it("places an added block after the block it was inserted after, and an insert at the top first", () => {
    const log: SourceEdit[] = [
      {op: "insert", after: 1, block: 4, kind: "cell", lang: "ts", text: "globalThis.planted = 1;"},
      {op: "insert", after: 4, block: 5, kind: "prose", text: "[x](javascript:alert(1))"},
      {op: "insert", after: -1, block: 6, kind: "cell", text: "1"}
    ];
    expect(blockChanges(source, log).map((c) => [c.block, c.change, c.kind, c.lang, c.line, c.before, c.after])).toEqual([
      [6, "added", "cell", "js", undefined, "", "1"],
      [4, "added", "cell", "ts", undefined, "", "globalThis.planted = 1;"],
      [5, "added", "prose", undefined, undefined, "", "[x](javascript:alert(1))"]
    ]);
  });

  it("lists a removed block with its original text, and leaves out what ends as it began", () => {
    const log: SourceEdit[] = [
      {op: "remove", block: 1},
      {op: "replace", block: 2, text: "Some *prose*."}, // the same text again
      {op: "remove", block: 3},
      {op: "restore", block: 3},
      {op: "insert", after: 0, block: 4, kind: "cell", text: "x"},
      {op: "remove", block: 4} // added, then removed: nothing to run
    ];
    expect(blockChanges(source, log)).toEqual([
      {block: 1, kind: "cell", lang: "js", line: 3, change: "removed", before: "const a = 1;", after: ""}
    ]);
  });

  it("lists nothing for an empty log", () => {
    expect(blockChanges(source, [])).toEqual([]);
  });
});

describe("blockStates(source, log, upTo)", () => {
  it("gives each block's text and removal after the first upTo edits", () => {
    const log: SourceEdit[] = [
      {op: "replace", block: 1, text: "const a = 2;"},
      {op: "remove", block: 1}
    ];
    expect(blockStates(source, log, 1).get(1)).toEqual({text: "const a = 2;", removed: false});
    expect(blockStates(source, log).get(1)).toEqual({text: "const a = 2;", removed: true});
    expect(blockStates(source, log, 0).get(1)).toEqual({text: "const a = 1;", removed: false});
  });
});

/** The longest common subsequence's length, the plain recursive way (the diff keeps that many lines). */
function lcsLength(a: string[], b: string[]): number {
  const memo = new Map<string, number>();
  const go = (i: number, j: number): number => {
    if (i === a.length || j === b.length) return 0;
    const key = `${i},${j}`;
    if (!memo.has(key)) memo.set(key, a[i] === b[j] ? go(i + 1, j + 1) + 1 : Math.max(go(i + 1, j), go(i, j + 1)));
    return memo.get(key)!;
  };
  return go(0, 0);
}

describe("lineDiff(before, after)", () => {
  it("marks the lines only in the original as removed and those only in the edited text as added", () => {
    expect(lineDiff("a\nb\nc", "a\nB\nc\nd")).toEqual([
      {op: "same", text: "a"},
      {op: "removed", text: "b"},
      {op: "added", text: "B"},
      {op: "same", text: "c"},
      {op: "added", text: "d"}
    ]);
    expect(lineDiff("", "x")).toEqual([{op: "added", text: "x"}]);
    expect(lineDiff("x", "")).toEqual([{op: "removed", text: "x"}]);
    expect(lineDiff("", "")).toEqual([]);
  });

  it("keeps the longest run of common lines (a line moved down is one removal and one addition)", () => {
    const diff = lineDiff("m\nx\ny\nz", "x\ny\nz\nm");
    expect(diff.filter((l) => l.op === "same").map((l) => l.text)).toEqual(["x", "y", "z"]);
    expect(diff.filter((l) => l.op !== "same")).toEqual([
      {op: "removed", text: "m"},
      {op: "added", text: "m"}
    ]);
  });

  it("past a million line pairs still shows every line: the original's, then the new ones", () => {
    const before = Array.from({length: 1001}, (_, i) => `a${i}`).join("\n");
    const after = Array.from({length: 1001}, (_, i) => `b${i}`).join("\n");
    const diff = lineDiff(before, after);
    expect(diff.length).toBe(2002);
    expect(diff.slice(0, 1001).every((l) => l.op === "removed")).toBe(true);
  });

  it("whatever the texts, the kept and removed lines are the original and the kept and added lines the edited text", () => {
    const lines = fc.array(fc.constantFrom("a", "b", "c", "", " d", "<img>"), {maxLength: 12}).map((l) => l.join("\n"));
    fc.assert(
      fc.property(lines, lines, (before, after) => {
        const diff = lineDiff(before, after);
        const side = (op: string) => diff.filter((l) => l.op === "same" || l.op === op).map((l) => l.text);
        expect(side("removed")).toEqual(before === "" ? [] : before.split("\n"));
        expect(side("added")).toEqual(after === "" ? [] : after.split("\n"));
        expect(diff.filter((l) => l.op === "same").length).toBe(
          lcsLength(before === "" ? [] : before.split("\n"), after === "" ? [] : after.split("\n"))
        );
      })
    );
  });
});
