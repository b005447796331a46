// `queuebook lab grade --class <dir>`: a folder of learners' folders → one CSV for the lecturer
// (learner, checks passed, total, failed checks). Nothing outside the class folder is read: a
// learner folder or a file that links out is refused in its row; pipes never hang it; names
// that a spreadsheet would run as a formula are quoted; one learner past its budget of bytes or
// time is a row saying so; bad arguments are one line, exit 2.
import {execFileSync} from "node:child_process";
import {cpSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {csvParse} from "d3-dsv";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {gradeLab} from "../../src/lab/grade.js";
import {classCsv, gradeClass} from "../../src/lab/gradeClass.js";
import {formatRecords} from "../../src/lab/csv.js";
import {runMain} from "../support/inProcess.js";
import {run} from "./support/spawn.js";
import {spawningTestTimeout} from "../support/spawnBudget.js";

const folder = new URL("../../notebooks/data/arrival-lab/", import.meta.url).pathname;
const committed = new Map(readdirSync(folder).map((name) => [name, readFileSync(join(folder, name), "utf8")]));
const total = gradeLab((name) => committed.get(name)).length;
const secret = "SECRET-OUTSIDE-0.041\n0.042\n0.043\n0.044\n0.045\n0.046\n";

let work: string, klass: string, outside: string;

function learner(name: string, edit: (files: Map<string, string>) => void = () => {}) {
  const files = new Map(committed);
  edit(files);
  mkdirSync(join(klass, name));
  for (const [file, text] of files) writeFileSync(join(klass, name, file), text);
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "queuebook-grade-class-"));
  klass = join(work, "class");
  outside = join(work, "outside");
  mkdirSync(klass);
  mkdirSync(outside);
  for (const [file, text] of committed) writeFileSync(join(outside, file), text);
  writeFileSync(join(outside, "01-probe.txt"), secret);
  learner("aiko");
  learner("ben", (f) => f.set("capacity.txt", f.get("capacity.txt")!.replace("verdict=under", "verdict=ok")));
  learner("chidi", (f) => f.delete("think.txt"));
  learner("=HYPERLINK(1)");
  learner("dana");
  rmSync(join(klass, "dana", "01-probe.txt"));
  symlinkSync(join(outside, "01-probe.txt"), join(klass, "dana", "01-probe.txt")); // a file linking out
  learner("emi");
  rmSync(join(klass, "emi", "closed.csv"));
  symlinkSync(join(klass, "aiko", "closed.csv"), join(klass, "emi", "closed.csv")); // a link inside the class: fine
  learner("fumi");
  rmSync(join(klass, "fumi", "01-probe.txt"));
  execFileSync("mkfifo", [join(klass, "fumi", "01-probe.txt")]); // a pipe would hang a reader
  symlinkSync(outside, join(klass, "gil")); // a learner folder that is a link out
  mkdirSync(join(klass, ".git")); // dot-folders and loose files are not learners
  writeFileSync(join(klass, "notes.txt"), "not a learner\n");
});
afterAll(() => void (work && rmSync(work, {recursive: true, force: true})));

describe("gradeClass(dir) and classCsv(grades)", () => {
  it("grades each learner's folder in name order, one row each, the failing checks named", () => {
    const rows = new Map(gradeClass(klass).map((g) => [g.learner, g]));
    expect([...rows.keys()]).toEqual(["=HYPERLINK(1)", "aiko", "ben", "chidi", "dana", "emi", "fumi", "gil"]);
    expect(rows.get("aiko")).toEqual({learner: "aiko", passed: total, total, failed: []});
    expect(rows.get("ben")).toEqual({learner: "ben", passed: total - 1, total, failed: ["capacity.txt: values"]});
    expect(rows.get("chidi")!.failed).toEqual(["files present", "think.txt: format"]);
    expect(rows.get("emi")!.failed).toEqual([]);
  });

  it("never reads outside the class folder: a file or a learner folder linking out is refused in its row", () => {
    const rows = new Map(gradeClass(klass).map((g) => [g.learner, g]));
    expect(rows.get("dana")).toEqual({
      learner: "dana",
      passed: 0,
      total: 0,
      failed: ["01-probe.txt: a link out of the class folder: refused"]
    });
    expect(rows.get("gil")).toEqual({learner: "gil", passed: 0, total: 0, failed: ["a link out of the class folder: refused"]});
    expect(classCsv(gradeClass(klass))).not.toContain("SECRET");
  });

  it("refuses a pipe instead of waiting on it", () => {
    const fumi = gradeClass(klass).find((g) => g.learner === "fumi")!;
    expect(fumi.failed).toEqual(["01-probe.txt: not a regular file"]);
  });

  it("writes learner,passed,total,failed, quoting a name a spreadsheet would run as a formula", () => {
    const csv = classCsv(gradeClass(klass));
    expect(csv.split("\n")[0]).toBe("learner,passed,total,failed");
    const rows = csvParse(csv);
    expect(rows.map((r) => r.learner)).toContain("'=HYPERLINK(1)");
    const chidi = gradeClass(klass).find((g) => g.learner === "chidi")!;
    expect(chidi.total).toBe(total - 1); // think.txt's values cannot be read without the file
    expect(rows.find((r) => r.learner === "chidi")).toEqual({
      learner: "chidi",
      passed: String(total - 3),
      total: String(total - 1),
      failed: "files present; think.txt: format"
    });
  });
});

describe("queuebook lab grade --class", () => {
  it(
    "prints the class CSV (exit 0), or writes it with -o",
    async () => {
      const printed = await run(["lab", "grade", "--class", klass]);
      expect(printed.stderr).toBe("");
      expect(printed.code).toBe(0);
      expect(printed.stdout).toBe(classCsv(gradeClass(klass)));
      const target = join(work, "grades.csv");
      const written = await run(["lab", "grade", "--class", klass, "-o", target]);
      expect([written.code, written.stdout]).toEqual([0, ""]);
      expect(readFileSync(target, "utf8")).toBe(printed.stdout);
    },
    spawningTestTimeout
  );

  it("bad arguments are one line and the usage, exit 2, nothing written", async () => {
    const cases: [string[], RegExp][] = [
      [["--class", join(work, "nope")], /no such folder: /],
      [["--class", join(klass, "aiko")], /holds no learners' folders: it looks like one learner's lab folder/],
      [["--class", outside, "-o", join(work, "grades.csv")], /holds no learners' folders/],
      [["--class", klass, "-o", klass], /cannot write .*: it is a folder/],
      [["--class", klass, "extra"], /--class takes one folder/],
      [["-o", join(work, "x.csv"), folder], /-o goes with --class/],
      [["--class"], /argument missing/],
      [["--class", klass, "--max-mb", "0"], /--max-mb must be a number above 0 and at most 1024, got "0"/],
      [["--class", klass, "--max-mb", "2000"], /--max-mb must be a number above 0 and at most 1024/],
      [["--class", klass, "--max-seconds", "-1"], /--max-seconds must be a number above 0 and at most 3600, got "-1"/],
      [["--class", klass, "--max-seconds", "soon"], /--max-seconds must be a number/],
      [["--max-mb", "4", folder], /--max-mb goes with --class/]
    ];
    for (const [args, message] of cases) {
      const result = await runMain(["lab", "grade", ...args], work);
      expect(result.code, args.join(" ")).toBe(2);
      expect(result.stderr.split("\n")[0], args.join(" ")).toMatch(/^queuebook lab grade: /);
      expect(result.stderr.split("\n")[0]).toMatch(message);
      expect(result.stderr).toContain("usage: queuebook lab grade <dir>");
      expect(result.stderr).not.toMatch(/\n\s+at /);
    }
    expect(readdirSync(work)).not.toContain("x.csv");
  });

  it("--max-mb and --max-seconds set each learner's budget", async () => {
    const small = await runMain(["lab", "grade", "--class", klass, "--max-mb", "0.01"], work);
    expect(small.code).toBe(0);
    const aiko = csvParse(small.stdout).find((r) => r.learner === "aiko")!;
    expect(aiko).toEqual({
      learner: "aiko",
      passed: "0",
      total: "0",
      failed: expect.stringMatching(/^too large: .* past the 10485 bytes a learner may have \(--max-mb\)$/)
    });
    const roomy = await runMain(["lab", "grade", "--class", klass, "--max-mb", "1", "--max-seconds", "600"], work);
    expect(roomy.stdout).toBe(classCsv(gradeClass(klass)));
  });
});

/** A valid server dump of `count` requests, one at a time (seq,arrive,start,end,qlen). */
const dump = (count: number) =>
  formatRecords(Array.from({length: count}, (_, seq) => ({seq, arrive: seq / 100, start: seq / 100, end: seq / 100 + 0.004, qlen: 1})));

describe("gradeClass(dir, {budget, clock}): one learner's budget", () => {
  let budgeted: string;
  const committedBytes = [...committed.values()].reduce((sum, text) => sum + Buffer.byteLength(text), 0);
  const bytes = committedBytes + 10_000;

  beforeAll(() => {
    budgeted = join(work, "budgeted");
    for (let i = 1; i <= 27; i++) cpSync(join(klass, "aiko"), join(budgeted, `learner-${String(i).padStart(2, "0")}`), {recursive: true});
    const at = (learner: string, file = "") => join(budgeted, learner, file);
    cpSync(join(klass, "aiko"), at("heavy"), {recursive: true});
    writeFileSync(at("heavy", "srv-even.csv"), dump(1200)); // about 40 KB: past the budget alone
    cpSync(join(klass, "aiko"), at("linked"), {recursive: true});
    writeFileSync(at("linked", "srv-even.csv"), dump(400)); // about 12 KB, under three names
    for (const shape of ["poisson", "burst"])
      rmSync(at("linked", `srv-${shape}.csv`)), linkSync(at("linked", "srv-even.csv"), at("linked", `srv-${shape}.csv`));
    cpSync(join(klass, "aiko"), at("linked-inside"), {recursive: true});
    rmSync(at("linked-inside", "srv-poisson.csv"));
    linkSync(at("linked-inside", "srv-even.csv"), at("linked-inside", "srv-poisson.csv")); // a link whose second read stays inside
  });

  it("a class of 30: a learner past the bytes is a 'too large' row naming the file (a hard link counted again); the others are graded", () => {
    const rows = gradeClass(budgeted, {budget: {bytes}});
    expect(rows).toHaveLength(30);
    const byName = new Map(rows.map((g) => [g.learner, g]));
    expect(byName.get("heavy")).toEqual({
      learner: "heavy",
      passed: 0,
      total: 0,
      failed: [
        expect.stringMatching(
          new RegExp(
            `^too large: srv-even\\.csv \\(\\d+ bytes\\) takes the files read to \\d+ bytes, past the ${bytes} bytes a learner may have \\(--max-mb\\)$`
          )
        )
      ]
    });
    expect(byName.get("linked")!.failed).toEqual([
      expect.stringMatching(/^too large: srv-burst\.csv \(\d+ bytes, srv-even\.csv under another name\) takes the files read to/)
    ]);
    expect(byName.get("linked-inside")!.total).toBe(total);
    for (const row of rows.filter((g) => g.learner.startsWith("learner-")))
      expect(row).toEqual({learner: row.learner, passed: total, total, failed: []});
  });

  it("the same class in a larger budget grades everyone", () => {
    const rows = gradeClass(budgeted, {budget: {bytes: bytes + 100_000}});
    expect(rows.every((g) => g.total === total)).toBe(true);
  });

  it("times each learner from its own start: on a clock that moves a second a reading, 1000 s grades all, 5 s stops each at its sixth", () => {
    let t = 0;
    const stepping = () => t++;
    const roomy = gradeClass(budgeted, {budget: {bytes: 1e9, seconds: 1000}, clock: stepping});
    expect(t).toBeGreaterThan(1000); // the class took longer than one learner's budget
    expect(roomy.every((g) => g.total === total)).toBe(true);
    const tight = gradeClass(budgeted, {budget: {bytes: 1e9, seconds: 5}, clock: stepping});
    expect(tight).toHaveLength(30);
    for (const row of tight)
      expect(row).toEqual({
        learner: row.learner,
        passed: 0,
        total: 0,
        failed: [expect.stringMatching(/^took too long: 6\.0 s \(stopped at [\w.-]+\), past the 5 s a learner may take \(--max-seconds\)$/)]
      });
  });

  it("a learner whose grading ends past its time is a 'took too long' row, not its checks", () => {
    // a clock that jumps only after the last reading: the end is past the budget
    let calls = 0;
    const jumpAtEnd = (n: number) => () => (++calls > n ? 100 : 0);
    gradeClass(budgeted, {budget: {bytes: 1e9, seconds: 50}, clock: jumpAtEnd(Infinity)});
    const perClass = calls;
    calls = 0;
    const rows = gradeClass(budgeted, {budget: {bytes: 1e9, seconds: 50}, clock: jumpAtEnd(perClass - 1)});
    expect(rows.at(-1)!.failed).toEqual(["took too long: 100.0 s, past the 50 s a learner may take (--max-seconds)"]);
    expect(rows.slice(0, -1).every((g) => g.total === total)).toBe(true);
  });
});
