// `queuebook lab grade --class <dir>`: a folder of learners' folders → one CSV for the lecturer
// (learner, checks passed, total, failed checks). Nothing outside the class folder is read: a
// learner folder or a file that links out is refused in its row; pipes never hang it; names
// that a spreadsheet would run as a formula are quoted; bad arguments are one line, exit 2.
import {execFileSync} from "node:child_process";
import {mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {csvParse} from "d3-dsv";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {gradeLab} from "../../src/lab/grade.js";
import {classCsv, gradeClass} from "../../src/lab/gradeClass.js";
import {run} from "./support/spawn.js";

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
    expect(rows.get("dana")).toEqual({learner: "dana", passed: 0, total: 0, failed: ["01-probe.txt: a link out of the class folder: refused"]});
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
    expect(rows.find((r) => r.learner === "chidi")).toEqual({learner: "chidi", passed: String(total - 3), total: String(total - 1), failed: "files present; think.txt: format"});
  });
});

describe("queuebook lab grade --class", () => {
  it("prints the class CSV (exit 0), or writes it with -o", async () => {
    const printed = await run(["lab", "grade", "--class", klass]);
    expect(printed.stderr).toBe("");
    expect(printed.code).toBe(0);
    expect(printed.stdout).toBe(classCsv(gradeClass(klass)));
    const target = join(work, "grades.csv");
    const written = await run(["lab", "grade", "--class", klass, "-o", target]);
    expect([written.code, written.stdout]).toEqual([0, ""]);
    expect(readFileSync(target, "utf8")).toBe(printed.stdout);
  }, 60_000);

  it("bad arguments are one line and the usage, exit 2, nothing written", async () => {
    const cases: [string[], RegExp][] = [
      [["--class", join(work, "nope")], /no such folder: /],
      [["--class", join(klass, "aiko")], /holds no learners' folders: it looks like one learner's lab folder/],
      [["--class", outside, "-o", join(work, "grades.csv")], /holds no learners' folders/],
      [["--class", klass, "-o", klass], /cannot write .*: it is a folder/],
      [["--class", klass, "extra"], /--class takes one folder/],
      [["-o", join(work, "x.csv"), folder], /-o goes with --class/],
      [["--class"], /argument missing/]
    ];
    for (const [args, message] of cases) {
      const result = await run(["lab", "grade", ...args]);
      expect(result.code, args.join(" ")).toBe(2);
      expect(result.stderr.split("\n")[0], args.join(" ")).toMatch(/^queuebook lab grade: /);
      expect(result.stderr.split("\n")[0]).toMatch(message);
      expect(result.stderr).toContain("usage: queuebook lab grade <dir>");
      expect(result.stderr).not.toMatch(/\n\s+at /);
    }
    expect(readdirSync(work)).not.toContain("x.csv");
  }, 120_000);
});
