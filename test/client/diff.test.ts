import {describe, expect, it} from "vitest";
import {diffCells, filesChanged} from "../../src/client/diff.js";

describe("diffCells", () => {
  it("keeps, redefines, adds and removes by id and hash", () => {
    const before = [
      {id: "cell-1", hash: "a"},
      {id: "cell-2", hash: "b"},
      {id: "cell-3", hash: "c"}
    ];
    const after = [
      {id: "cell-1", hash: "a"},
      {id: "cell-3", hash: "c2"},
      {id: "cell-4", hash: "d"}
    ];
    expect(diffCells(before, after)).toEqual({unchanged: ["cell-1"], changed: ["cell-3"], added: ["cell-4"], removed: ["cell-2"]});
  });

  it("treats the first call as all added", () => {
    expect(diffCells([], [{id: "x", hash: "1"}])).toEqual({unchanged: [], changed: [], added: ["x"], removed: []});
  });

  it("always redoes cells with errors", () => {
    const cell = {id: "cell-1", hash: "a", error: {message: "x"}};
    expect(diffCells([cell], [cell]).changed).toEqual(["cell-1"]);
  });

  it("rejects duplicate ids", () => {
    expect(() =>
      diffCells(
        [],
        [
          {id: "a", hash: "1"},
          {id: "a", hash: "2"}
        ]
      )
    ).toThrow(/twice/);
  });
});

describe("filesChanged", () => {
  it("compares file maps by content", () => {
    const a = {"x.csv": {text: "1"}};
    expect(filesChanged(a, a)).toBe(false);
    expect(filesChanged(a, {"x.csv": {text: "1"}})).toBe(false);
    expect(filesChanged(a, {"x.csv": {text: "2"}})).toBe(true);
    expect(filesChanged(a, {})).toBe(true);
    expect(filesChanged(a, {"y.csv": {text: "1"}})).toBe(true);
  });
});
