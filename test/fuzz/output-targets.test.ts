// Output targets (issue 15), seeded fuzz: each case fills a fresh folder with a random mix of
// things at the names a command will write (a regular file, a folder, links to a file, to a
// folder and to nowhere, a FIFO, a notebook, the command's own input), runs the command
// in-process, and checks: exit 0 with every target now a regular file holding the new output,
// or exit 2 with one line and the usage; and in both cases nothing else on disk changed (the
// whole tree, links unfollowed, compared before and after). QB_FUZZ_RUNS / QB_FUZZ_SEED widen it.
import {execFileSync} from "node:child_process";
import {cpSync, linkSync, mkdirSync, symlinkSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {main} from "../../src/cli/main.js";
import {labInputNames} from "../../src/lab/answers.js";
import {outputNames} from "../../src/lab/analyze.js";
import {mulberry32, type Rng} from "../../src/sim/kit/rng.js";
import {freshFolders} from "../support/folders.js";
import {tree} from "../support/tree.js";

const runs = Number(process.env.QB_FUZZ_RUNS ?? 24);
const seed = Number(process.env.QB_FUZZ_SEED ?? 20261215);
const packageRoot = new URL("../../", import.meta.url).pathname;
const committed = join(packageRoot, "notebooks/data/arrival-lab");
const fresh = freshFolders("queuebook-fuzz-targets-");

/** What may be at a target's name before the command runs; "none" and "file" are the writable ones. */
const kinds = ["none", "file", "folder", "link-to-file", "link-to-folder", "dangling", "fifo", "notebook", "input"] as const;
type Kind = (typeof kinds)[number];
const writable = (kind: Kind) => kind === "none" || kind === "file";

/** Puts a `kind` at `dir/name`; `input` is a file the command reads (a hard link or a link to it). */
function plant(dir: string, name: string, kind: Kind, input: string | undefined, random: Rng): void {
  const path = join(dir, name);
  if (kind === "file") writeFileSync(path, "an earlier output\n");
  else if (kind === "folder") mkdirSync(path);
  else if (kind === "link-to-file") symlinkSync("elsewhere.txt", path);
  else if (kind === "link-to-folder") symlinkSync("elsewhere", path);
  else if (kind === "dangling") symlinkSync("nowhere", path);
  else if (kind === "fifo") execFileSync("mkfifo", [path]);
  else if (kind === "input" && input) (random() < 0.5 ? linkSync : symlinkSync)(join(dir, input), path);
}

/** A command and where it writes: `targets` are names in the case's folder. */
interface Case {
  label: string;
  args: string[];
  targets: string[];
  /** The file of the folder the command reads, for the "input" kind (gen and k6 read none). */
  input?: string;
  /** Names the command writes besides the fuzzed targets when it succeeds. */
  alsoWritten?: string[];
  /** A target's name when the "notebook" kind is planted there (a `.md` the command would write). */
  notebookName?: string;
}

const pick = <T>(random: Rng, list: readonly T[]): T => list[Math.floor(random() * list.length)];

/** One random case: gen (a plan), k6 -o, analyze (its eight answers) or export -o. */
function makeCase(random: Rng, dir: string, forced?: Kind): Case {
  writeFileSync(join(dir, "elsewhere.txt"), "not the command's\n");
  mkdirSync(join(dir, "elsewhere"));
  // A forced "input" needs a command that reads a file, a forced "notebook" one whose target can be a .md.
  const which = pick(
    random,
    forced === "input"
      ? ["analyze", "export"]
      : forced === "notebook"
        ? ["gen", "k6", "export"]
        : ["gen", "k6", "analyze", "analyze", "export"]
  );
  if (which === "analyze") {
    for (const name of labInputNames) cpSync(join(committed, name), join(dir, name));
    // The decision files are the learner's: only the other six answers are fuzzed here (test/cli/lab-output.test.ts covers keeping them).
    const targets = outputNames.filter((name) => !["05-note.txt", "arrival-model.txt"].includes(name));
    return {
      label: "lab analyze .",
      args: ["lab", "analyze", "."],
      targets,
      input: "srv-even.csv",
      alsoWritten: ["05-note.txt", "arrival-model.txt"]
    };
  }
  if (which === "export") {
    writeFileSync(join(dir, "page.md"), "# Page\n\n```js\n1 + 1\n```\n");
    return {
      label: "export -o",
      args: ["export", "page.md", "--no-snapshot", "-o", "page.html"],
      targets: ["page.html"],
      input: "page.md",
      notebookName: "page.md"
    };
  }
  const target = "out.csv";
  const args =
    which === "gen"
      ? ["lab", "gen", "even", "3", "25", "7", target]
      : ["lab", "k6", "even", "3", "25", "7", "http://127.0.0.1:1/work", "-o", target];
  return {label: args.slice(0, 2).join(" "), args, targets: [target], notebookName: "notes.md"};
}

/** Runs the CLI in-process in `cwd`. */
async function cli(args: string[], cwd: string) {
  let stdout = "",
    stderr = "";
  const code = await main(args, {packageRoot, cwd, env: {}, stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t)});
  return {code, stdout, stderr};
}

describe("output targets (seeded fuzz)", () => {
  it(`${runs} cases from seed ${seed}: each target written as a regular file, or refused in one line with exit 2; nothing else changed`, async () => {
    const random = mulberry32(seed);
    const failures: string[] = [];
    const outcomes = {written: 0, refused: 0};
    const seen = new Set<string>();
    for (let n = 0; n < runs; n++) {
      const dir = fresh();
      // The first cases plant each kind once in turn, so every kind is met whatever the draws; then at random.
      const forced = n < kinds.length ? kinds[n] : undefined;
      const c = makeCase(random, dir, forced);
      // One hostile kind at a random target, the others writable (or, one case in three, all random).
      const planted = c.targets.map(() => pick(random, ["none", "file"] as Kind[]));
      const chaos = random() < 1 / 3;
      planted.forEach((_, k) => chaos && (planted[k] = pick(random, kinds)));
      planted[Math.floor(random() * planted.length)] = forced ?? pick(random, kinds);
      // A notebook kind renames the target to a .md (where the command can be pointed at one).
      const names = c.targets.map((name, k) => (planted[k] === "notebook" ? (c.notebookName ?? name) : name));
      names.forEach((name, k) => {
        if (planted[k] === "notebook") {
          c.args[c.args.lastIndexOf(c.targets[k])] = name;
          if (name !== c.input) writeFileSync(join(dir, name), "# someone's notebook\n");
        } else plant(dir, name, planted[k], c.input, random);
      });
      // A notebook kind where the command has no .md to write (analyze) is just a file; an
      // input kind for a command without inputs plants nothing.
      const effective = names.map((name, k) =>
        planted[k] === "notebook" && !name.endsWith(".md") ? "file" : planted[k] === "input" && !c.input ? "none" : planted[k]
      );
      const before = tree(dir);
      const result = await cli(c.args, dir);
      const after = tree(dir);
      const label = `case ${n} (${c.label}: ${names.map((name, k) => `${name}=${effective[k]}`).join(", ")})`;
      const check = (ok: boolean, what: string) =>
        void (ok || failures.push(`${label}: ${what}; exit ${result.code}; ${result.stderr.split("\n")[0]}`));
      for (const kind of effective) seen.add(kind);
      outcomes[effective.every(writable) ? "written" : "refused"]++;
      if (effective.every(writable)) {
        check(result.code === 0, "expected exit 0");
        for (const name of names)
          check(after[name]?.startsWith("file ") && after[name] !== before[name], `${name} not written as a regular file`);
        const written = [...names, ...(c.alsoWritten ?? [])];
        const others = (t: Record<string, string>) => Object.fromEntries(Object.entries(t).filter(([name]) => !written.includes(name)));
        check(JSON.stringify(others(after)) === JSON.stringify(others(before)), "something else changed");
      } else {
        const lines = result.stderr.split("\n");
        check(result.code === 2, "expected exit 2");
        check(/^queuebook (lab \w+|export): \S/.test(lines[0]) && /^usage: /.test(lines[1] ?? ""), "not one line then the usage");
        check(!/\n\s+at /.test(result.stderr), "a stack trace");
        check(JSON.stringify(after) === JSON.stringify(before), "the tree changed");
      }
    }
    expect(failures).toEqual([]);
    // Not vacuous: both outcomes and every kind were met.
    expect(outcomes.written).toBeGreaterThan(0);
    expect(outcomes.refused).toBeGreaterThan(0);
    if (runs >= kinds.length) expect([...seen].sort()).toEqual([...kinds].sort());
  }, 240_000);
});
