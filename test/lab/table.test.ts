import {describe, expect, it} from "vitest";
import {csvFormatRows, csvParseRows} from "d3-dsv";
import fc from "fast-check";
import {expectHeader, LabFileError, quote, readTable, RowReader} from "../../src/lab/table.js";

describe("readTable(file, text)", () => {
  it("gives each row's line and each field's column", () => {
    const {header, rows} = readTable("t.csv", "a,b,c\n1,22,333\n4,,6\n");
    expect(header).toEqual(["a", "b", "c"]);
    expect(rows).toEqual([
      {fields: ["1", "22", "333"], line: 2, columns: [1, 3, 6]},
      {fields: ["4", "", "6"], line: 3, columns: [1, 3, 4]}
    ]);
  });

  it("reads quoted fields with commas, doubled quotes and newlines, and keeps counting lines after them", () => {
    const {rows} = readTable("t.csv", 'a,b\n1,"x, ""y""\nz"\n2,w\n');
    expect(rows[0]).toEqual({fields: ["1", 'x, "y"\nz'], line: 2, columns: [1, 3]});
    expect(rows[1]).toEqual({fields: ["2", "w"], line: 4, columns: [1, 3]});
  });

  it("agrees with d3-dsv on any table it writes", () => {
    const field = fc.string({unit: fc.constantFrom("a", "1", ",", '"', "\n", " ", "é", "\r\n")});
    fc.assert(
      fc.property(fc.array(fc.array(field, {minLength: 2, maxLength: 2}), {minLength: 1, maxLength: 6}), (table) => {
        // Rows that d3 writes as one empty field would read back as blank lines: keep to rows with text.
        const rows = table.map((row) => row.map((f) => f || "x"));
        const text = csvFormatRows([["h1", "h2"], ...rows]) + "\n";
        expect(readTable("t.csv", text).rows.map((r) => r.fields)).toEqual(csvParseRows(text).slice(1));
      }),
      {seed: 7, numRuns: 200}
    );
  });

  it("names the place of an unclosed quote, text after a quote, a stray quote and a blank line", () => {
    expect(() => readTable("t.csv", 'a,b\n1,"open\n')).toThrow("t.csv:2:3: a quoted field is never closed");
    expect(() => readTable("t.csv", 'a,b\n1,"x"y\n')).toThrow("t.csv:2:6: unexpected text after a closing quote");
    expect(() => readTable("t.csv", 'a,b\n1,x"y\n')).toThrow("t.csv:2:4: a quote inside an unquoted field");
    expect(() => readTable("t.csv", "a,b\n1,2\n\n3,4\n")).toThrow("t.csv:3:1: empty line");
    expect(() => readTable("t.csv", "\uFEFF")).toThrow("t.csv:1:1: the file is empty");
  });
});

describe("expectHeader(file, header, expected, optional)", () => {
  it("accepts the header with or without the optional columns, and names both when wrong", () => {
    expect(() => expectHeader("r.csv", ["a", "b"], ["a", "b"], ["c"])).not.toThrow();
    expect(() => expectHeader("r.csv", ["a", "b", "c"], ["a", "b"], ["c"])).not.toThrow();
    expect(() => expectHeader("r.csv", ["b", "a"], ["a", "b"], ["c"])).toThrow(
      'r.csv:1:1: expected the header "a,b" or "a,b,c", got "b,a"'
    );
  });
});

describe("RowReader", () => {
  it("throws LabFileError with file, line and column as fields", () => {
    const read = new RowReader("f.csv", ["n"]);
    try {
      read.number({fields: ["nope"], line: 9, columns: [4]}, 0);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(LabFileError);
      expect(error).toMatchObject({file: "f.csv", line: 9, column: 4, reason: 'column "n": expected a number, got "nope"'});
    }
  });
});

describe("quote(text)", () => {
  it("escapes control characters and cuts long values, so a message stays one short line", () => {
    expect(quote("a\nb\u0000")).toBe('"a\\nb\\u0000"');
    expect(quote("x".repeat(1000))).toBe(`"${"x".repeat(37)}..."`);
  });
});

describe("the lab's readers in the browser", () => {
  it("bundle for the browser: src/lab/index.ts (readers, checks, analysis) imports nothing from node:", async () => {
    const {build} = await import("esbuild");
    const entry = new URL("../../src/lab/index.ts", import.meta.url).pathname;
    const result = await build({entryPoints: [entry], bundle: true, platform: "browser", format: "esm", write: false, logLevel: "silent"});
    expect(result.errors).toEqual([]);
    expect(result.outputFiles[0].text).not.toMatch(/from\s*"node:|require\("node:/);
  });
});
