// The lab tools' outputs (issue 15): a target that is not a regular file, a notebook, an input of
// the command or a recording of another kind is refused in one line, exit 2, nothing on disk
// changed; the learner's decision files survive `lab analyze` and `lab record`.
import {execFileSync} from "node:child_process";
import {cpSync, linkSync, lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {outputArg} from "../../src/cli/lab/args.js";
import type {Context} from "../../src/cli/command.js";
import {labInputNames} from "../../src/lab/answers.js";
import {outputNames} from "../../src/lab/analyze.js";
import {freshFolders} from "../support/folders.js";
import {tree} from "../support/tree.js";
import {runMain} from "../support/inProcess.js";
import {packageRoot} from "./run.js";

/** `queuebook …args` in `cwd` (default: the package), through main() in this process (test/cli/lab.test.ts runs the real binary). */
const run = (args: string[], cwd = packageRoot) => runMain(args, cwd);

const fresh = freshFolders("queuebook-lab-output-");
const committed = new URL("../../notebooks/data/arrival-lab/", import.meta.url).pathname;

/** A folder with one of each kind of target, plus the lab's recordings. */
function targets(): string {
  const dir = fresh();
  writeFileSync(join(dir, "file.txt"), "mine");
  mkdirSync(join(dir, "folder"));
  symlinkSync(join(dir, "file.txt"), join(dir, "link-to-file.csv"));
  symlinkSync(join(dir, "folder"), join(dir, "link-to-folder.csv"));
  symlinkSync(join(dir, "nowhere"), join(dir, "dangling.csv"));
  execFileSync("mkfifo", [join(dir, "fifo.csv")]);
  writeFileSync(join(dir, "lab.md"), "# my notebook\n");
  for (const name of ["srv-even.csv", "run-even.csv", "closed.csv", "01-probe.txt", "sched-even.csv", "arrival-model.txt"])
    cpSync(join(committed, name), join(dir, name));
  writeFileSync(join(dir, "k6-even.csv"), "metric_name,timestamp,metric_value,check\n");
  return dir;
}

/** Runs `lab …args` in `dir` and checks: exit 2, one line naming the subcommand then its usage, nothing changed. */
async function refused(dir: string, args: string[]): Promise<string> {
  const before = tree(dir);
  const result = await run(["lab", ...args], dir);
  const label = args.join(" ");
  expect(result.code, label).toBe(2);
  const [first, second] = result.stderr.split("\n");
  expect(first, label).toMatch(new RegExp(`^queuebook lab ${args[0]}: cannot write `));
  expect(second, label).toMatch(/^usage: /);
  expect(result.stderr, label).not.toMatch(/\n\s+at /);
  expect(tree(dir), label).toEqual(before);
  return first;
}

describe("lab gen <…> <out.csv> (a plan) and lab k6 -o", () => {
  it("refuses links (to a file, a folder, dangling), a FIFO, a folder and a notebook", async () => {
    const dir = targets();
    const lines = await Promise.all(
      ["link-to-file.csv", "link-to-folder.csv", "dangling.csv", "fifo.csv", "folder", "lab.md"].map((name) =>
        refused(dir, ["gen", "even", "3", "25", "7", name])
      )
    );
    expect(lines).toEqual([
      "queuebook lab gen: cannot write link-to-file.csv: it is a symbolic link, not a regular file: refusing to replace it",
      "queuebook lab gen: cannot write link-to-folder.csv: it is a symbolic link, not a regular file: refusing to replace it",
      "queuebook lab gen: cannot write dangling.csv: it is a symbolic link, not a regular file: refusing to replace it",
      "queuebook lab gen: cannot write fifo.csv: it is a named pipe (FIFO), not a regular file: refusing to replace it",
      "queuebook lab gen: cannot write folder: it is a folder",
      "queuebook lab gen: cannot write lab.md: it is a notebook (.md): refusing to replace it"
    ]);
    expect(await refused(dir, ["k6", "even", "3", "25", "7", "http://127.0.0.1:1/work", "-o", "fifo.csv"])).toMatch(/named pipe/);
  });

  it("refuses a recording or a decision (by its header or name), and replaces an old plan or any other file", async () => {
    const dir = targets();
    const held = async (name: string) => (await refused(dir, ["gen", "even", "3", "25", "7", name])).replace(/^.*: it holds /, "");
    expect(await held("srv-even.csv")).toBe(
      "a server dump (seq,arrive,start,end,qlen): refusing to replace it with a plan; choose another name"
    );
    expect(await held("run-even.csv")).toMatch(/^a recorded run:/);
    expect(await held("closed.csv")).toMatch(/^a recorded closed loop:/);
    expect(await held("01-probe.txt")).toMatch(/^the recorded probe:/);
    expect(await held("arrival-model.txt")).toMatch(/^the learner's decision:/);
    expect(await held("k6-even.csv")).toMatch(/^k6 results:/);
    for (const name of ["sched-even.csv", "file.txt", "new.csv"]) {
      const result = await run(["lab", "gen", "even", "3", "25", "7", name], dir);
      expect(result.code, name).toBe(0);
      expect(readFileSync(join(dir, name), "utf8")).toBe("i,intended\n0,0.000000\n1,0.040000\n2,0.080000\n");
    }
  });

  it.runIf(process.platform === "linux")("refuses /dev/null and /dev/full, which stay devices", async () => {
    const dir = targets();
    expect(await refused(dir, ["gen", "even", "3", "25", "7", "/dev/null"])).toBe(
      "queuebook lab gen: cannot write /dev/null: it is a device, not a regular file: refusing to replace it"
    );
    await refused(dir, ["k6", "even", "3", "25", "7", "http://127.0.0.1:1/work", "-o", "/dev/full"]);
    expect(lstatSync("/dev/null").isCharacterDevice() && lstatSync("/dev/full").isCharacterDevice()).toBe(true);
  });
});

describe("outputArg(value, context, writes): a recording is replaced only by one of its kind", () => {
  const context = (cwd: string) => ({cwd}) as Context;
  it("lets lab gen … URL replace a run and lab closed a closed loop, and nothing else", () => {
    const dir = targets();
    expect(outputArg("run-even.csv", context(dir), "a recorded run")).toBe(join(dir, "run-even.csv"));
    expect(outputArg("closed.csv", context(dir), "a recorded closed loop")).toBe(join(dir, "closed.csv"));
    expect(() => outputArg("srv-even.csv", context(dir), "a recorded run")).toThrow(/holds a server dump/);
    expect(() => outputArg("closed.csv", context(dir), "a recorded run")).toThrow(/holds a recorded closed loop/);
    expect(() => outputArg("run-even.csv", context(dir), "a recorded closed loop")).toThrow(/holds a recorded run/);
    expect(() => outputArg("run-even.csv", context(dir), "a k6 script")).toThrow(/holds a recorded run/);
  });
});

/** A lab folder with the committed runs (inputs only). */
function lab(): string {
  const dir = fresh();
  for (const name of labInputNames) cpSync(join(committed, name), join(dir, name));
  return dir;
}

describe("lab analyze <dir>: the learner's decision files", () => {
  const mine = {
    "arrival-model.txt": "model=poisson\nworkers=9\nevidence=my own words\nrisk=mine\n",
    "05-note.txt": "worst=poisson\nratio=3.0\n"
  };

  it("keeps 05-note.txt and arrival-model.txt when they differ, writes the answers beside them and says so", async () => {
    const dir = lab();
    for (const [name, text] of Object.entries(mine)) writeFileSync(join(dir, name), text);
    const result = await run(["lab", "analyze", dir]);
    expect(result.code).toBe(0);
    for (const [name, text] of Object.entries(mine)) expect(readFileSync(join(dir, name), "utf8"), name).toBe(text);
    expect(readFileSync(join(dir, "arrival-model.suggested.txt"), "utf8")).toBe(readFileSync(join(committed, "arrival-model.txt"), "utf8"));
    expect(readFileSync(join(dir, "05-note.suggested.txt"), "utf8")).toBe(readFileSync(join(committed, "05-note.txt"), "utf8"));
    expect(result.stdout).toContain(
      `kept ${join(dir, "arrival-model.txt")} (the learner's, it differs from the analysis; --force replaces it): wrote ${join(dir, "arrival-model.suggested.txt")}\n`
    );
    expect(result.stdout).toContain(`kept ${join(dir, "05-note.txt")} (`);
    expect(result.stdout).toContain(`wrote ${join(dir, "capacity.txt")}\n`);
  });

  it("replaces them with --force, and writes them in place when absent or already the same", async () => {
    const forced = lab();
    for (const [name, text] of Object.entries(mine)) writeFileSync(join(forced, name), text);
    const same = lab();
    cpSync(join(committed, "arrival-model.txt"), join(same, "arrival-model.txt"));
    const absent = lab();
    const results = await Promise.all([
      run(["lab", "analyze", forced, "--force"]),
      run(["lab", "analyze", same]),
      run(["lab", "analyze", absent])
    ]);
    for (const [k, dir] of [forced, same, absent].entries()) {
      expect(results[k].code).toBe(0);
      expect(results[k].stdout).not.toMatch(/^kept/m);
      for (const name of ["arrival-model.txt", "05-note.txt"])
        expect(readFileSync(join(dir, name), "utf8")).toBe(readFileSync(join(committed, name), "utf8"));
      expect(Object.keys(tree(dir)).filter((n) => n.includes("suggested"))).toEqual([]);
    }
  });

  it("refuses an answer name taken by a link, a FIFO, a hard link to an input, or a link where the suggestion goes: exit 2, nothing changed", async () => {
    const cases: [string, (dir: string) => void, RegExp][] = [
      ["capacity.txt a link", (d) => symlinkSync(join(d, "srv-even.csv"), join(d, "capacity.txt")), /capacity\.txt: it is a symbolic link/],
      ["queue.tsv a FIFO", (d) => execFileSync("mkfifo", [join(d, "queue.tsv")]), /queue\.tsv: it is a named pipe/],
      [
        "latency.tsv a hard link to srv-even.csv",
        (d) => linkSync(join(d, "srv-even.csv"), join(d, "latency.tsv")),
        /latency\.tsv: it is an input of this command/
      ],
      ["capacity.txt a folder", (d) => mkdirSync(join(d, "capacity.txt")), /capacity\.txt: it is a folder/],
      [
        "the suggestion's name a dangling link",
        (d) => (
          writeFileSync(join(d, "arrival-model.txt"), mine["arrival-model.txt"]),
          symlinkSync(join(d, "gone"), join(d, "arrival-model.suggested.txt"))
        ),
        /arrival-model\.suggested\.txt: it is a symbolic link/
      ]
    ];
    const dirs = cases.map(([, make]) => {
      const dir = lab();
      make(dir);
      return dir;
    });
    const lines = await Promise.all(dirs.map((dir) => refused(dir, ["analyze", "."])));
    lines.forEach((line, k) => expect(line, cases[k][0]).toMatch(cases[k][2]));
  });
});

describe("lab record --out DIR", () => {
  it("refuses a folder where a run's or an answer's name is a FIFO or a link, before any work", async () => {
    const dirs = ["run-even.csv", "arrival-model.txt", "01-probe.txt"].map((name, k) => {
      const dir = fresh();
      if (k === 0) execFileSync("mkfifo", [join(dir, name)]);
      else symlinkSync(join(dir, "elsewhere"), join(dir, name));
      return dir;
    });
    const lines = await Promise.all(dirs.map((dir) => refused(dir, ["record", "--out", "."])));
    expect(lines[0]).toBe(
      "queuebook lab record: cannot write run-even.csv: it is a named pipe (FIFO), not a regular file: refusing to replace it"
    );
    expect(lines[1]).toMatch(/arrival-model\.txt: it is a symbolic link/);
    expect(lines[2]).toMatch(/01-probe\.txt: it is a symbolic link/);
    expect(outputNames).toContain("arrival-model.txt");
  });
});
