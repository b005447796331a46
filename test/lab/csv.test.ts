import {describe, expect, it} from "vitest";
import {formatClosed, formatPlan, formatRecords, formatRun, formatTsv, parseClosed, parsePlan, parseRecords, parseRun} from "../../src/lab/csv.js";

describe("formatPlan(times) and parsePlan(text)", () => {
  it("writes i,intended with 6 decimals and reads it back", () => {
    const text = formatPlan([0, 0.04, 0.08]);
    expect(text).toBe("i,intended\n0,0.000000\n1,0.040000\n2,0.080000\n");
    expect(parsePlan(text)).toEqual([{i: 0, intended: 0}, {i: 1, intended: 0.04}, {i: 2, intended: 0.08}]);
  });
});

describe("formatRun(rows) and parseRun(text)", () => {
  it("round-trips, quoting an error that contains a comma", () => {
    const rows = [
      {i: 0, intended: 0, sent: 0.0001, received: 0.0412, code: 200, error: ""},
      {i: 1, intended: 0.04, sent: 0.0401, received: 0.0405, code: 0, error: "refused, twice"}
    ];
    const text = formatRun(rows);
    expect(text.split("\n")[0]).toBe("i,intended,sent,received,code,error");
    expect(text).toContain('"refused, twice"');
    expect(parseRun(text)).toEqual(rows);
  });
});

describe("formatRecords(records) and parseRecords(text)", () => {
  it("writes the server's seq,arrive,start,end,qlen", () => {
    const records = [{seq: 0, arrive: 0.5, start: 0.5, end: 0.54, qlen: 1}];
    expect(formatRecords(records)).toBe("seq,arrive,start,end,qlen\n0,0.500000,0.500000,0.540000,1\n");
    expect(parseRecords(formatRecords(records))).toEqual(records);
    expect(formatRecords([])).toBe("seq,arrive,start,end,qlen\n");
  });

  it("rejects a non-number with the column's name", () => {
    expect(() => parseRecords("seq,arrive,start,end,qlen\n0,x,0,0,1\n")).toThrow(/column "arrive"/);
  });
});

describe("formatClosed(rows) and parseClosed(text)", () => {
  it("writes user,sent,received,code and adds error only when needed", () => {
    expect(formatClosed([{user: 0, sent: 0, received: 0.041, code: 200}])).toBe("user,sent,received,code\n0,0.000000,0.041000,200\n");
    const failed = [{user: 1, sent: 0, received: 0.001, code: 0, error: "ECONNREFUSED"}];
    expect(formatClosed(failed).split("\n")[0]).toBe("user,sent,received,code,error");
    expect(parseClosed(formatClosed(failed))).toEqual(failed);
  });
});

describe("formatTsv(rows)", () => {
  it("writes tab-separated rows without a header", () => {
    expect(formatTsv([["even", 300, "0.0400", "0.000"]])).toBe("even\t300\t0.0400\t0.000\n");
  });
});
