import {describe, expect, it} from "vitest";
import {
  formatClosed,
  formatPlan,
  formatProbe,
  formatRecords,
  formatRun,
  formatTsv,
  parseClosed,
  parsePlan,
  parseProbe,
  parseRecords,
  parseRun
} from "../../src/lab/csv.js";
import {LabFileError} from "../../src/lab/table.js";

/** The error a parse throws, as `file:line:column: reason`. */
function failure(parse: () => unknown): string {
  try {
    parse();
  } catch (error) {
    expect(error).toBeInstanceOf(LabFileError);
    return (error as Error).message;
  }
  throw new Error("expected the parse to fail");
}

describe("formatPlan(times) and parsePlan(file, text)", () => {
  it("writes i,intended with 6 decimals and reads it back", () => {
    const text = formatPlan([0, 0.04, 0.08]);
    expect(text).toBe("i,intended\n0,0.000000\n1,0.040000\n2,0.080000\n");
    expect(parsePlan("p.csv", text)).toEqual([
      {i: 0, intended: 0},
      {i: 1, intended: 0.04},
      {i: 2, intended: 0.08}
    ]);
  });

  it("rejects a shuffled schedule at the row that goes back in time", () => {
    expect(failure(() => parsePlan("sched-even.csv", "i,intended\n0,0.000000\n2,0.080000\n1,0.040000\n"))).toBe(
      'sched-even.csv:4:1: column "i": 1 comes after 2 on the line above: expected increasing values'
    );
    expect(failure(() => parsePlan("s.csv", "i,intended\n0,0.5\n1,0.4\n"))).toBe(
      's.csv:3:3: column "intended": 0.4 comes after 0.5 on the line above: times out of order'
    );
  });

  it("rejects negative, NaN, infinite and out-of-range times", () => {
    expect(failure(() => parsePlan("s.csv", "i,intended\n0,-0.1\n"))).toBe('s.csv:2:3: column "intended": must be at least 0, got -0.1');
    expect(failure(() => parsePlan("s.csv", "i,intended\n0,NaN\n"))).toBe('s.csv:2:3: column "intended": expected a number, got "NaN"');
    expect(failure(() => parsePlan("s.csv", "i,intended\n0,Infinity\n"))).toBe(
      's.csv:2:3: column "intended": expected a number, got "Infinity"'
    );
    expect(failure(() => parsePlan("s.csv", "i,intended\n0,1e400\n"))).toBe('s.csv:2:3: column "intended": "1e400" is out of range');
    expect(failure(() => parsePlan("s.csv", "i,intended\n0,0x10\n"))).toMatch(/expected a number, got "0x10"/);
    expect(failure(() => parsePlan("s.csv", "i,intended\n0.5,0\n"))).toBe('s.csv:2:1: column "i": expected a whole number, got "0.5"');
  });
});

describe("formatRun(rows) and parseRun(file, text)", () => {
  it("round-trips, quoting an error that contains a comma", () => {
    const rows = [
      {i: 0, intended: 0, sent: 0.0001, received: 0.0412, code: 200, error: ""},
      {i: 1, intended: 0.04, sent: 0.0401, received: 0.0405, code: 0, error: "refused, twice"}
    ];
    const text = formatRun(rows);
    expect(text.split("\n")[0]).toBe("i,intended,sent,received,code,error");
    expect(text).toContain('"refused, twice"');
    expect(parseRun("r.csv", text)).toEqual(rows);
  });

  it("accepts the header without the error column, and names the column of a bad code", () => {
    expect(parseRun("r.csv", "i,intended,sent,received,code\n0,0,0.1,0.2,200\n")).toEqual([
      {i: 0, intended: 0, sent: 0.1, received: 0.2, code: 200, error: ""}
    ]);
    expect(failure(() => parseRun("run-even.csv", "i,intended,sent,received,code,error\n0,0,0.1,0.2,OK,\n"))).toBe(
      'run-even.csv:2:13: column "code": expected a number, got "OK"'
    );
    expect(failure(() => parseRun("r.csv", "i,intended,sent,received,code\n0,0,0.1,0.2,1000\n"))).toMatch(
      /^r\.csv:2:13: column "code": expected an HTTP status/
    );
  });

  it("rejects an answer received before it was sent", () => {
    expect(failure(() => parseRun("r.csv", "i,intended,sent,received,code\n0,0,0.3,0.2,200\n"))).toBe(
      'r.csv:2:9: column "received": must be at least 0.3, got 0.2'
    );
  });
});

describe("formatRecords(records) and parseRecords(file, text)", () => {
  it("writes the server's seq,arrive,start,end,qlen", () => {
    const records = [{seq: 0, arrive: 0.5, start: 0.5, end: 0.54, qlen: 1}];
    expect(formatRecords(records)).toBe("seq,arrive,start,end,qlen\n0,0.500000,0.500000,0.540000,1\n");
    expect(parseRecords("srv.csv", formatRecords(records))).toEqual(records);
    expect(formatRecords([])).toBe("seq,arrive,start,end,qlen\n");
    expect(parseRecords("srv.csv", formatRecords([]))).toEqual([]);
  });

  it("names file:line:column and the column for a non-number", () => {
    expect(failure(() => parseRecords("srv-even.csv", "seq,arrive,start,end,qlen\n0,x,0,0,1\n"))).toBe(
      'srv-even.csv:2:3: column "arrive": expected a number, got "x"'
    );
    expect(failure(() => parseRecords("srv-even.csv", "seq,arrive,start,end,qlen\n0,0,0,0,1\n1,0.1,0.1,0.2,\n"))).toBe(
      'srv-even.csv:3:15: column "qlen": expected a number, got ""'
    );
  });

  it("rejects a record that starts before it arrives, ends before it starts, or counts no one", () => {
    expect(failure(() => parseRecords("s.csv", "seq,arrive,start,end,qlen\n0,0.2,0.1,0.3,1\n"))).toMatch(
      /^s\.csv:2:7: column "start": must be at least 0\.2/
    );
    expect(failure(() => parseRecords("s.csv", "seq,arrive,start,end,qlen\n0,0.1,0.2,0.15,1\n"))).toMatch(
      /^s\.csv:2:11: column "end": must be at least 0\.2/
    );
    expect(failure(() => parseRecords("s.csv", "seq,arrive,start,end,qlen\n0,0.1,0.2,0.3,0\n"))).toMatch(
      /^s\.csv:2:15: column "qlen": must be at least 1/
    );
  });

  it("rejects a wrong header naming the expected one, and rows of the wrong width", () => {
    expect(failure(() => parseRecords("srv-even.csv", "seq,arrive,begin,end,qlen\n"))).toBe(
      'srv-even.csv:1:1: expected the header "seq,arrive,start,end,qlen", got "seq,arrive,begin,end,qlen"'
    );
    expect(failure(() => parseRecords("srv-even.csv", ""))).toBe("srv-even.csv:1:1: the file is empty (expected a header line)");
    expect(failure(() => parseRecords("s.csv", "seq,arrive,start,end,qlen\n0,0,0,0\n"))).toBe(
      "s.csv:2:8: expected 5 fields (seq,arrive,start,end,qlen), got 4"
    );
    expect(failure(() => parseRecords("s.csv", "seq,arrive,start,end,qlen\n0,0,0,0,1,9\n"))).toBe(
      "s.csv:2:12: expected 5 fields (seq,arrive,start,end,qlen), got 6"
    );
  });

  it("accepts a UTF-8 byte-order mark, CRLF line ends and trailing blank lines", () => {
    const records = [{seq: 0, arrive: 0.5, start: 0.5, end: 0.54, qlen: 1}];
    expect(parseRecords("s.csv", "\uFEFFseq,arrive,start,end,qlen\r\n0,0.5,0.5,0.54,1\r\n\r\n\n")).toEqual(records);
  });
});

describe("rows in any order: parseRun and parseRecords (order is not the data), parsePlan (it is)", () => {
  // A threaded server writes a record as its request ends, a threaded sender a row as its answer
  // comes: the same rows in another order are the same run.
  const records = [
    {seq: 0, arrive: 0, start: 0, end: 0.08, qlen: 1},
    {seq: 1, arrive: 0.01, start: 0.01, end: 0.05, qlen: 2},
    {seq: 2, arrive: 0.02, start: 0.05, end: 0.09, qlen: 2},
    {seq: 3, arrive: 0.03, start: 0.08, end: 0.12, qlen: 3}
  ];
  const runRows = records.map((r) => ({i: r.seq, intended: r.arrive, sent: r.arrive, received: r.end, code: 200, error: ""}));
  const byEnd = <T extends {end?: number; received?: number}>(rows: T[]) =>
    rows.slice().sort((a, b) => (a.end ?? a.received!) - (b.end ?? b.received!));
  const reversed = <T>(rows: T[]) => rows.slice().reverse();

  it("reads a server dump in end order or reversed as the same records, in the file's order", () => {
    for (const order of [byEnd, reversed]) {
      const rows = order(records);
      expect(parseRecords("srv-even.csv", formatRecords(rows))).toEqual(rows);
    }
  });

  it("reads a run in completion order or reversed as the same rows, in the file's order", () => {
    for (const order of [byEnd, reversed]) {
      const rows = order(runRows);
      expect(parseRun("run-even.csv", formatRun(rows))).toEqual(rows);
    }
  });

  it("still refuses a seq or an i written twice, naming both lines, in order or not", () => {
    expect(failure(() => parseRecords("srv-even.csv", "seq,arrive,start,end,qlen\n1,0,0,0.1,1\n0,0,0,0.1,2\n1,0.2,0.2,0.3,1\n"))).toBe(
      'srv-even.csv:4:1: column "seq": 1 appears twice (also on line 2): each request has one seq'
    );
    expect(failure(() => parseRecords("s.csv", "seq,arrive,start,end,qlen\n0,0,0,0.1,1\n0,0.2,0.2,0.3,1\n"))).toBe(
      's.csv:3:1: column "seq": 0 appears twice (also on line 2): each request has one seq'
    );
    expect(failure(() => parseRun("run-burst.csv", "i,intended,sent,received,code\n2,0,0,0.1,200\n0,0,0,0.1,200\n2,0,0,0.2,200\n"))).toBe(
      'run-burst.csv:4:1: column "i": 2 appears twice (also on line 2): each request of a run has one index'
    );
  });

  it("keeps every other check of a row in any order (arrive ≤ start ≤ end, qlen ≥ 1, received ≥ sent)", () => {
    expect(failure(() => parseRecords("s.csv", "seq,arrive,start,end,qlen\n1,0.2,0.2,0.3,1\n0,0.2,0.1,0.3,1\n"))).toMatch(
      /^s\.csv:3:7: column "start": must be at least 0\.2/
    );
    expect(failure(() => parseRun("r.csv", "i,intended,sent,received,code\n1,0,0.3,0.4,200\n0,0,0.3,0.2,200\n"))).toBe(
      'r.csv:3:9: column "received": must be at least 0.3, got 0.2'
    );
  });

  it("refuses a plan out of order: its intended times are the schedule itself", () => {
    expect(failure(() => parsePlan("sched-burst.csv", "i,intended\n0,0.48\n1,0\n"))).toBe(
      'sched-burst.csv:3:3: column "intended": 0 comes after 0.48 on the line above: times out of order'
    );
  });
});

describe("formatClosed(rows) and parseClosed(file, text)", () => {
  it("writes user,sent,received,code and adds error only when needed", () => {
    expect(formatClosed([{user: 0, sent: 0, received: 0.041, code: 200}])).toBe("user,sent,received,code\n0,0.000000,0.041000,200\n");
    const failed = [{user: 1, sent: 0, received: 0.001, code: 0, error: "ECONNREFUSED"}];
    expect(formatClosed(failed).split("\n")[0]).toBe("user,sent,received,code,error");
    expect(parseClosed("c.csv", formatClosed(failed))).toEqual(failed);
  });

  it("rejects a user who sends again before the previous answer came", () => {
    const text = "user,sent,received,code\n0,0.0,0.5,200\n1,0.1,0.2,200\n0,0.3,0.6,200\n";
    expect(failure(() => parseClosed("closed.csv", text))).toBe(
      'closed.csv:4:3: column "sent": user 0 sent at 0.3 s, before its previous answer at 0.5 s (line 2): a closed-loop user waits for each answer'
    );
  });
});

describe("formatProbe(times) and parseProbe(file, text)", () => {
  it("writes one time per line with 6 decimals, and reads them back", () => {
    const text = formatProbe([0.0413, 0.04, 0.0444446]);
    expect(text).toBe("0.041300\n0.040000\n0.044445\n");
    expect(parseProbe("01-probe.txt", text)).toEqual([0.0413, 0.04, 0.044445]);
  });

  it("reads one time per line, with a byte-order mark and blank lines", () => {
    expect(parseProbe("01-probe.txt", "\uFEFF0.041\n0.042\r\n\n0.043\n")).toEqual([0.041, 0.042, 0.043]);
  });

  it("names the line and column of a bad, zero, negative or infinite time, and rejects an empty file", () => {
    expect(() => parseProbe("01-probe.txt", "0.041\n  abc\n")).toThrow('01-probe.txt:2:3: expected a time in seconds, got "abc"');
    expect(() => parseProbe("01-probe.txt", "0.041\n0\n")).toThrow("01-probe.txt:2:1: a response time must be above 0 s, got 0");
    expect(() => parseProbe("01-probe.txt", "-0.041\n")).toThrow("01-probe.txt:1:1: a response time must be above 0 s, got -0.041");
    expect(() => parseProbe("01-probe.txt", "1e999\n")).toThrow('01-probe.txt:1:1: "1e999" is out of range');
    expect(() => parseProbe("01-probe.txt", "\n \n")).toThrow("01-probe.txt:1:1: no times");
  });
});

describe("formatTsv(rows)", () => {
  it("writes tab-separated rows without a header", () => {
    expect(formatTsv([["even", 300, "0.0400", "0.000"]])).toBe("even\t300\t0.0400\t0.000\n");
  });
});
