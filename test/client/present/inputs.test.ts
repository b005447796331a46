// What a window accepts as another window's input change (src/client/present/inputs.ts): only
// the documented fields, each of its type and size; anything else is dropped whole.
import {describe, expect, it} from "vitest";
import {readChange} from "../../../src/client/present/inputs.js";

describe("readChange", () => {
  it("takes a change of a cell's input: its cell, place, kind and value", () => {
    expect(readChange({cell: "d9547b67", index: 1, kind: "range", value: "7", extra: "<img>"})).toEqual({
      cell: "d9547b67",
      index: 1,
      kind: "range",
      value: "7"
    });
    expect(readChange({cell: "c1", index: 0, kind: "checkbox", value: true})).toEqual({
      cell: "c1",
      index: 0,
      kind: "checkbox",
      value: true
    });
  });

  it("drops anything else whole", () => {
    for (const raw of [
      null,
      "7",
      {cell: "a b", index: 0, kind: "range", value: "1"},
      {cell: "c", index: -1, kind: "range", value: "1"},
      {cell: "c", index: 1.5, kind: "range", value: "1"},
      {cell: "c", index: 0, kind: "RANGE();", value: "1"},
      {cell: "c", index: 0, kind: "text", value: {toString: () => "1"}},
      {cell: "c", index: 0, kind: "text", value: "x".repeat(10_001)}
    ])
      expect(readChange(raw)).toBeUndefined();
  });
});
