import {describe, expect, it} from "vitest";
import {findFiles} from "../../../src/notebook/javascript/files.js";
import {CellSyntaxError, parseCell} from "../../../src/notebook/javascript/syntax.js";

const files = (source: string) => findFiles(parseCell(source).node);

function fileError(source: string): CellSyntaxError {
  try {
    files(source);
  } catch (error) {
    expect(error).toBeInstanceOf(CellSyntaxError);
    return error as CellSyntaxError;
  }
  throw new Error(`expected a FileAttachment error for ${JSON.stringify(source)}`);
}

describe("findFiles(node)", () => {
  it("finds FileAttachment with a string literal and its 1-based position", () => {
    expect(files('FileAttachment("data/runs.csv").csv()')).toEqual([{name: "data/runs.csv", line: 1, column: 1}]);
  });
  it("reports the position of the call on a later line", () => {
    expect(files('const a = 1;\nconst data = await FileAttachment("x.json").json();')).toEqual([{name: "x.json", line: 2, column: 20}]);
  });
  it("accepts single-quoted literals", () => expect(files("FileAttachment('a.txt')")[0].name).toBe("a.txt"));
  it("accepts a template literal without expressions", () => {
    expect(files("FileAttachment(`data/b.csv`)")).toEqual([{name: "data/b.csv", line: 1, column: 1}]);
  });
  it("uses the cooked value of a template literal", () => {
    expect(files("FileAttachment(`a\\u0062.csv`)")[0].name).toBe("ab.csv");
  });
  it("finds every call, in source order, including inside functions", () => {
    expect(files('const f = () => FileAttachment("a"); FileAttachment("b");').map((f) => f.name)).toEqual(["a", "b"]);
  });
  it("returns the same name twice when used twice", () => {
    expect(files('[FileAttachment("a"), FileAttachment("a")]').map((f) => f.name)).toEqual(["a", "a"]);
  });
  it("returns nothing when there is no FileAttachment call", () => {
    expect(files('load("a.csv"); FileAttachment;')).toEqual([]);
  });
  it("ignores a member call `x.FileAttachment(name)`", () => {
    expect(files("x.FileAttachment(name)")).toEqual([]);
  });

  describe("errors", () => {
    it("throws for a non-literal argument, at the call's position", () => {
      const error = fileError("const a = 1;\n  FileAttachment(name)");
      expect(error.message).toBe("FileAttachment requires a single literal string argument");
      expect([error.line, error.column]).toEqual([2, 3]);
    });
    it("throws for a template literal with expressions", () => {
      expect(fileError("FileAttachment(`data/${year}.csv`)").column).toBe(1);
    });
    it("throws for no argument", () => expect(fileError("FileAttachment()").line).toBe(1));
    it("throws for two arguments", () => expect(fileError('FileAttachment("a", "b")').line).toBe(1));
    it("throws for a number literal", () => expect(fileError("FileAttachment(1)").line).toBe(1));
    it("throws for a concatenation of literals", () => expect(fileError('FileAttachment("a" + ".csv")').line).toBe(1));
    it("throws for a template mixing a page's params with another name", () => {
      expect(fileError("FileAttachment(`${observable.params.id}-${year}.csv`)").line).toBe(1);
      expect(fileError("FileAttachment(`${params.id}.csv`)").line).toBe(1);
    });
  });

  describe("a parameterized page's params in the name (Framework's observable.params)", () => {
    it("accepts them, embedding nothing: the name is known only with the page's params", () => {
      expect(files("FileAttachment(`../data/${observable.params.id}-summary.json`).json()")).toEqual([]);
      expect(files('FileAttachment(`${observable.params["id"]}/${observable.params.day}.csv`)')).toEqual([]);
    });
    it("still finds the literal names beside them", () => {
      expect(files('[FileAttachment(`${observable.params.id}.json`), FileAttachment("a.csv")]').map((f) => f.name)).toEqual(["a.csv"]);
    });
  });

  describe("shadowed FileAttachment", () => {
    it("ignores calls to a FileAttachment declared in the cell", () => {
      expect(files("const FileAttachment = (n) => n; FileAttachment(name);")).toEqual([]);
    });
    it("ignores calls to a FileAttachment parameter", () => {
      expect(files("(FileAttachment) => FileAttachment(dynamic)")).toEqual([]);
    });
    it("ignores a FileAttachment declared in an enclosing block only inside that block", () => {
      expect(() => files("{ const FileAttachment = f; FileAttachment(x); } FileAttachment(y);")).toThrow(CellSyntaxError);
      expect(files('{ const FileAttachment = f; FileAttachment(x); } FileAttachment("y");').map((f) => f.name)).toEqual(["y"]);
    });
  });
});
