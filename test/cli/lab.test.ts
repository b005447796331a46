// `queuebook lab …`: arguments, files and messages through main() in this process; the real
// binary (a child process) where only it shows the behaviour: its help and exit status, and the
// lab server's port and signals.
import {cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {finish, run as runChild, start, waitFor} from "../lab/support/spawn.js";
import {runMain} from "../support/inProcess.js";
import {packageRoot} from "./run.js";
import {spawningTestTimeout} from "../support/spawnBudget.js";

/** `queuebook …args` in `cwd` (default: the package), in this process. */
const run = (args: string[], cwd = packageRoot) => runMain(args, cwd);

let dir: string;
beforeAll(() => void (dir = mkdtempSync(join(tmpdir(), "queuebook-lab-cli-"))));
afterAll(() => rmSync(dir, {recursive: true, force: true}));

/** Runs each argument list and checks exit 2, "queuebook lab <sub>: <one line>" then the usage, and no new file. */
async function expectUsageErrors(sub: string, cases: string[][]) {
  const before = readdirSync(dir).sort();
  const results = await Promise.all(cases.map((args) => run(["lab", sub, ...args], dir)));
  results.forEach((result, i) => {
    const label = `lab ${sub} ${cases[i].join(" ")}`;
    expect(result.code, label).toBe(2);
    const lines = result.stderr.split("\n");
    expect(lines[0], label).toMatch(new RegExp(`^queuebook lab ${sub}: \\S`));
    expect(lines[1], label).toMatch(new RegExp(`^usage: queuebook lab ${sub} `));
    expect(result.stderr, label).not.toMatch(/\n\s+at /); // no stack trace
  });
  expect(readdirSync(dir).sort()).toEqual(before);
}

describe("queuebook lab (the real binary)", {timeout: spawningTestTimeout}, () => {
  it("prints its help with --help and for `lab gen --help`", async () => {
    const [lab, gen] = await Promise.all([runChild(["lab", "--help"]), runChild(["lab", "gen", "--help"])]);
    expect(lab.code).toBe(0);
    expect(lab.stdout).toMatch(/^usage: queuebook lab <subcommand>/);
    for (const sub of ["server", "gen", "closed", "probe", "analyze", "record"]) expect(lab.stdout).toContain(`  ${sub} `);
    expect(gen.code).toBe(0);
    expect(gen.stdout).toMatch(/^usage: queuebook lab gen <even\|poisson\|burst> <count> <rate> <seed> <out.csv> \[URL\]/);
  });

  it("exits 2 with the lab usage for a missing or unknown subcommand", async () => {
    const [none, unknown] = await Promise.all([runChild(["lab"]), runChild(["lab", "nope"])]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^queuebook lab: missing subcommand\nusage: queuebook lab/);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^queuebook lab: unknown subcommand "nope"\nusage: queuebook lab/);
  });
});

describe("queuebook lab gen <shape> <count> <rate> <seed> <out.csv> [URL]", () => {
  it("rejects bad arguments with one line, the usage, exit 2 and no file", async () => {
    await expectUsageErrors("gen", [
      ["spiky", "10", "25", "7", "a.csv"],
      ["even", "0", "25", "7", "a.csv"],
      ["even", "-3", "25", "7", "a.csv"],
      ["even", "2.5", "25", "7", "a.csv"],
      ["even", "10", "0", "7", "a.csv"],
      ["even", "10", "-1", "7", "a.csv"],
      ["even", "10", "fast", "7", "a.csv"],
      ["even", "10", "25", "7.5", "a.csv"],
      ["even", "10", "25", "seven", "a.csv"],
      ["even", "10", "25", "7", "a.csv", "not a url"],
      ["even", "10", "25", "7", "a.csv", "ftp://127.0.0.1/work"],
      ["even", "10", "25", "7", "missing-folder/a.csv"],
      ["even", "10", "25", "7", "."],
      ["even", "10", "25", "7"],
      ["even", "10", "25", "7", "a.csv", "http://127.0.0.1:1/", "extra"]
    ]);
  });

  it("refuses rates whose plan a timer cannot hold (busy spin, Infinity in the file) and rates past 1 µs apart", async () => {
    await expectUsageErrors("gen", [
      ["even", "2", "1e-7", "7", "a.csv", "http://127.0.0.1:1/work"],
      ["even", "3", "1e-320", "7", "a.csv"],
      ["poisson", "3", "5e-324", "7", "a.csv"],
      ["burst", "10000000", "4", "7", "a.csv"],
      ["even", "3", "1e7", "7", "a.csv"],
      ["even", "3", "1e400", "7", "a.csv"]
    ]);
    const [slow, fast] = await Promise.all([
      run(["lab", "gen", "even", "2", "1e-7", "7", "a.csv"], dir),
      run(["lab", "gen", "even", "2", "1e7", "7", "a.csv"], dir)
    ]);
    expect(slow.stderr.split("\n")[0]).toBe(
      "queuebook lab gen: rate 1e-7: 2 requests would last 2.00e+7 s; at most 2147483.647 s (2^31 − 1 ms, the longest timer: about 24.8 days)"
    );
    expect(fast.stderr.split("\n")[0]).toBe(
      "queuebook lab gen: rate must be at most 1000000 per second (1 µs apart, the files' resolution), got 1e7"
    );
  });

  it("writes the plan i,intended, the same for the same seed", async () => {
    const [a, b] = await Promise.all([
      run(["lab", "gen", "poisson", "300", "25", "7", "p1.csv"], dir),
      run(["lab", "gen", "poisson", "300", "25", "7", "p2.csv"], dir)
    ]);
    expect([a.code, b.code]).toEqual([0, 0]);
    const text = readFileSync(join(dir, "p1.csv"), "utf8");
    expect(text.split("\n").slice(0, 2)).toEqual(["i,intended", "0,0.000000"]);
    expect(text.trim().split("\n")).toHaveLength(301);
    expect(readFileSync(join(dir, "p2.csv"), "utf8")).toBe(text);
  });

  it("records refused connections as code 0 instead of crashing", async () => {
    const result = await run(["lab", "gen", "burst", "3", "25", "7", "refused.csv", "http://127.0.0.1:1/work"], dir);
    expect(result.code).toBe(0);
    const lines = readFileSync(join(dir, "refused.csv"), "utf8").trim().split("\n");
    expect(lines[0]).toBe("i,intended,sent,received,code,error");
    expect(lines.slice(1).every((line) => /,0,ECONNREFUSED$/.test(line))).toBe(true);
  });
});

// The server is a child process (its port, its signals); the tools run against it in this one.
describe("queuebook lab server <port> <service_ms> <workers>", {timeout: spawningTestTimeout}, () => {
  it("serves gen, closed and probe against it, then exits 0 on SIGTERM", async () => {
    const server = start(["lab", "server", "0", "5", "2"], dir);
    const done = finish(server);
    const [, url] = await waitFor(server, /listening on (http:\/\/127\.0\.0\.1:\d+)/);
    try {
      const gen = await run(["lab", "gen", "even", "20", "200", "7", "run.csv", url + "/work"], dir);
      expect(gen.code).toBe(0);
      const rows = readFileSync(join(dir, "run.csv"), "utf8").trim().split("\n");
      expect(rows).toHaveLength(21);
      expect(rows.slice(1).every((line) => /,200,$/.test(line))).toBe(true);
      const closed = await run(["lab", "closed", url + "/work", "2", "0.02", "0.3", "closed.csv"], dir);
      expect(closed.code).toBe(0);
      expect(readFileSync(join(dir, "closed.csv"), "utf8")).toMatch(/^user,sent,received,code\n0,0\.0/);
      const probe = await run(["lab", "probe", url + "/work", "3"], dir);
      expect(probe.code).toBe(0);
      expect(probe.stdout).toMatch(/^(\d+\.\d{6}\n){3}$/); // three times, however long each took
      const dump = await (await fetch(url + "/dump")).text();
      expect(dump.split("\n")[0]).toBe("seq,arrive,start,end,qlen");
      const inUse = await runChild(["lab", "server", new URL(url).port, "5", "2"], dir);
      expect(inUse.code).toBe(1);
      expect(inUse.stderr).toBe(`queuebook lab server: port ${new URL(url).port} is in use\n`);
    } finally {
      server.kill("SIGTERM");
    }
    const result = await done;
    expect(result.code).toBe(0);
    expect(result.stderr).toContain("stopped (SIGTERM)");
  });

  it("exits 0 on SIGINT", async () => {
    const server = start(["lab", "server", "0", "40", "4"], dir);
    const done = finish(server);
    await waitFor(server, /listening on/);
    server.kill("SIGINT");
    expect((await done).code).toBe(0);
  });

  it("rejects bad arguments with exit 2", async () => {
    await expectUsageErrors("server", [
      ["70000", "40", "4"],
      ["8080", "-1", "4"],
      ["8080", "40", "0"],
      ["8080", "forty", "4"],
      ["8080", "40"],
      ["0", "1e10", "4"],
      ["0", "2147483648", "4"],
      ["0", "Infinity", "4"]
    ]);
    const result = await run(["lab", "server", "0", "1e10", "4"], dir);
    expect(result.stderr.split("\n")[0]).toBe(
      "queuebook lab server: service_ms must be at most 2147483647 ms (2^31 − 1, the longest timer: about 24.8 days), got 1e10"
    );
  });
});

describe("queuebook lab closed <URL> <users> <think_s> <duration_s> <out.csv>", () => {
  it("rejects bad arguments with exit 2 and no file", async () => {
    const url = "http://127.0.0.1:1/work";
    await expectUsageErrors("closed", [
      ["127.0.0.1:8080/work", "8", "0.2", "10", "c.csv"],
      [url, "0", "0.2", "10", "c.csv"],
      [url, "8", "-0.2", "10", "c.csv"],
      [url, "8", "0.2", "0", "c.csv"],
      [url, "8", "0.2", "10", "nowhere/c.csv"],
      [url, "8", "1e7", "10", "c.csv"],
      [url, "8", "0.2", "2147484", "c.csv"],
      [url, "8", "0.2", "10"]
    ]);
  });
});

describe("queuebook lab probe <URL> [count]", () => {
  it("rejects bad arguments with exit 2", async () => {
    await expectUsageErrors("probe", [["http//127.0.0.1/work"], ["http://127.0.0.1:1/work", "0"], ["http://127.0.0.1:1/work", "two"], []]);
  });

  it("fails with one line and exit 1 when nothing answers", async () => {
    const result = await run(["lab", "probe", "http://127.0.0.1:1/work", "2"], dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe("queuebook lab probe: probe 1: ECONNREFUSED\n");
  });
});

describe("queuebook lab analyze <dir>", () => {
  it("rejects a missing folder and bad flags with exit 2", async () => {
    await expectUsageErrors("analyze", [
      ["no-such-folder"],
      [],
      [".", "--workers", "0"],
      [".", "--bogus"],
      [".", "--rate", "1e-320"],
      [".", "--rate", "2e6"],
      [".", "--think", "1e10"]
    ]);
  });

  it("names the skipped files and exits 1 for a folder without the lab's CSVs", async () => {
    const empty = mkdtempSync(join(dir, "empty-"));
    writeFileSync(join(empty, "01-probe.txt"), "0.040\n0.041\n");
    const result = await run(["lab", "analyze", empty, "--workers", "4"], dir);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/wrote .*01-target\.txt/);
    expect(result.stderr).toMatch(
      /^queuebook lab analyze: skipped schedules\.tsv \(missing sched-even\.csv, sched-poisson\.csv, sched-burst\.csv\);/
    );
    expect(readFileSync(join(empty, "01-target.txt"), "utf8")).toBe(
      "service_ms=41\nworkers=4\nmax_rate=97.561\nchosen_rate=25\nutilization=0.26\n"
    );
  });
});

describe("queuebook lab analyze <dir> on broken or hostile folders: one line, exit 1, no answer written", () => {
  const committed = new URL("../../notebooks/data/arrival-lab/", import.meta.url).pathname;
  const inputs = [
    "01-probe.txt",
    "closed.csv",
    ...["even", "poisson", "burst"].flatMap((s) => [`sched-${s}.csv`, `run-${s}.csv`, `srv-${s}.csv`])
  ];
  /** A fresh copy of the committed runs (inputs only), changed by `edit`. */
  const folder = (edit: (dir: string) => void) => {
    const lab = mkdtempSync(join(dir, "lab-"));
    for (const name of inputs) cpSync(join(committed, name), join(lab, name));
    edit(lab);
    return lab;
  };
  const expectNothingWritten = (lab: string, extra: string[] = []) => expect(readdirSync(lab).sort()).toEqual([...inputs, ...extra].sort());

  it("an answer file's name taken by a folder: refused (exit 2), nothing is written (not 7 of 8 files)", async () => {
    const lab = folder((d) => mkdirSync(join(d, "capacity.txt")));
    const result = await run(["lab", "analyze", lab]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      new RegExp(
        `^queuebook lab analyze: cannot write ${join(lab, "capacity.txt").replace(/[.]/g, "\\.")}: it is a folder\nusage: queuebook lab analyze `
      )
    );
    expect(result.stdout).toBe("");
    expectNothingWritten(lab, ["capacity.txt"]);
  });

  it("degenerate inputs: a header-only srv-*.csv, a probe of zeros, a negative probe, a shuffled schedule, NaN", async () => {
    const cases: [edit: (d: string) => void, message: string][] = [
      [(d) => writeFileSync(join(d, "srv-even.csv"), "seq,arrive,start,end,qlen\n"), "srv-even.csv:2:1: no records after the header"],
      [(d) => writeFileSync(join(d, "01-probe.txt"), "0\n0\n0\n0\n0\n0\n"), "01-probe.txt:1:1: a response time must be above 0 s, got 0"],
      [(d) => writeFileSync(join(d, "01-probe.txt"), "0.044\n-0.044\n"), "01-probe.txt:2:1: a response time must be above 0 s, got -0.044"],
      [
        (d) => writeFileSync(join(d, "sched-poisson.csv"), "i,intended\n0,0.000000\n2,0.080000\n1,0.040000\n"),
        'sched-poisson.csv:4:1: column "i": 1 comes after 2'
      ],
      [
        (d) => writeFileSync(join(d, "run-even.csv"), "i,intended,sent,received,code,error\n0,0,0.1,NaN,200,\n"),
        'run-even.csv:2:9: column "received": expected a number, got "NaN"'
      ],
      [
        (d) => writeFileSync(join(d, "srv-burst.csv"), "seq,arrive,start,end\n"),
        'srv-burst.csv:1:1: expected the header "seq,arrive,start,end,qlen", got "seq,arrive,start,end"'
      ]
    ];
    const labs = cases.map(([edit]) => folder(edit));
    const results = await Promise.all(labs.map((lab) => run(["lab", "analyze", lab])));
    results.forEach((result, k) => {
      expect(result.code, cases[k][1]).toBe(1);
      expect(result.stderr, cases[k][1]).toMatch(
        new RegExp(`^queuebook lab analyze: ${cases[k][1].replace(/[.*()"[\]]/g, "\\$&")}[^\n]*\n$`)
      );
      expect(result.stdout).toBe("");
      expectNothingWritten(labs[k]);
    });
  });

  it("accepts files saved with a UTF-8 byte-order mark and CRLF line ends", async () => {
    const lab = folder((d) => {
      for (const name of inputs) writeFileSync(join(d, name), "\uFEFF" + readFileSync(join(d, name), "utf8").replace(/\n/g, "\r\n"));
    });
    const result = await run(["lab", "analyze", lab]);
    expect(result.code).toBe(0);
    for (const name of ["01-target.txt", "queue.tsv", "arrival-model.txt"])
      expect(readFileSync(join(lab, name), "utf8")).toBe(readFileSync(join(committed, name), "utf8"));
  });
});

describe("queuebook lab: control characters in arguments never split an error over lines", () => {
  it("escapes a newline or an escape sequence that came in with an argument or a path", async () => {
    const cases = [
      ["lab", "gen", "sp\niky", "10", "25", "7", "a.csv"],
      ["lab", "analyze", "no\nfolder\u001b[31m"],
      ["lab", "gen", "even", "10", "25", "7", "no\nfolder/a.csv"],
      ["lab", "x\ny"]
    ];
    const results = await Promise.all(cases.map((args) => run(args, dir)));
    expect(results.map((r) => r.stderr.split("\n")[0])).toEqual([
      'queuebook lab gen: unknown shape "sp\\niky" (expected even, poisson, burst)',
      "queuebook lab analyze: no such folder: no\\nfolder\\u001b[31m",
      "queuebook lab gen: cannot write no\\nfolder/a.csv: folder no\\nfolder does not exist",
      'queuebook lab: unknown subcommand "x\\ny"'
    ]);
    for (const r of results) expect(r.code).toBe(2);
  });
});

describe("queuebook lab gen: write errors are one line, exit 1", () => {
  it.runIf(process.platform === "linux")("EACCES on /sys/o.csv", async () => {
    const result = await run(["lab", "gen", "even", "3", "25", "7", "/sys/o.csv"], dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^queuebook lab gen: cannot write \/sys\/o\.csv: [^\n]*\((EACCES|EPERM|EROFS|ENOENT)\)\n$/);
  });
});

describe("queuebook lab record [--out DIR]", () => {
  it("rejects bad arguments with exit 2", async () => {
    writeFileSync(join(dir, "a-file"), "");
    const results = await Promise.all([
      run(["lab", "record", "--out", "a-file"], dir),
      run(["lab", "record", "--bogus"], dir),
      run(["lab", "record", "extra"], dir)
    ]);
    for (const result of results) {
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/^queuebook lab record: .*\nusage: queuebook lab record/);
    }
  });
});
