// A seeded fuzzer for `queuebook build`: mutates the shipped notebooks (copied at run time, as
// they are being rewritten), builds each mutant in-process into a temporary folder, and checks
// the build's promises: exit code 0, 1 or 2; errors in one line; no stack trace; no partial
// output; no file from outside the notebook root, nor the build machine's folders, in any page. Used by test/fuzz/build.test.ts
// (a few cases) and bench/build.bench.ts (many).
import {spawnSync} from "node:child_process";
import {cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {mulberry32, type Rng} from "../../src/sim/kit/rng.js";
import {main} from "../../src/cli/main.js";

export const packageRoot = new URL("../../", import.meta.url).pathname;

/** Text planted outside the notebook root (a file, and the build's environment). */
const SECRET = "QB-FUZZ-SECRET-7f3a";
const ENV_SECRET = "QB-FUZZ-ENV-91c2";

/** Hostile and careless snippets, inserted at random lines. */
const snippets = [
  '```js\nFileAttachment("/proc/self/environ").text()\n```\n',
  '```js\nFileAttachment("../../secret.txt").text()\n```\n',
  '```js\nFileAttachment("../secret.txt").text()\n```\n',
  '```js\nFileAttachment("/dev/zero").arrayBuffer()\n```\n',
  '```js\nFileAttachment("data/link.txt").text()\n```\n',
  '```js\nFileAttachment("data/pipe.csv").csv()\n```\n',
  '```js\nFileAttachment("data").text()\n```\n',
  '```js\nFileAttachment("__proto__").text()\n```\n',
  '```js\nFileAttachment("a\\nb\\u001b[2J.csv").text()\n```\n',
  '```js\nimport "/etc/passwd";\n```\n',
  '```js\nimport s from "../../secret.txt";\n```\n',
  '```js\nimport * as s from "../../secret.js";\n```\n',
  '```js\nimport d from "./data/x.csv";\n```\n',
  '```js\nconst n = "secret.js";\nconst g = await import(`../../${n}`);\n```\n',
  '```js\nconst m = await import("./data/x.csv");\n```\n',
  '```js\nimport {h} from "./Helper.js";\n```\n',
  "```js\nconst a = 1; a = 2;\n```\n",
  "```js\n#!/usr/bin/env node\n1\n```\n",
  "```js\nconst dup = 1;\n```\n\n```js\nconst dup = 2;\n```\n",
  "```js\nconst c1 = c2;\n```\n\n```js\nconst c2 = c1;\n```\n",
  "```js\nconst x = (1 + ;\n```\n",
  '```ts\nconst t: number = "s" as any as number;\n```\n',
  "${",
  "${1 +",
  '${"</script><script>alert(1)</script>"}',
  "</script><script>alert(1)</script>",
  "```",
  "---\ntitle: [unclosed\n---\n",
  "> ".repeat(3000) + "deep",
  "*".repeat(3000) + "x" + "*".repeat(3000),
  "`".repeat(7) + " ${x} " + "`".repeat(3),
  Array.from({length: 300}, (_, i) => "  ".repeat(i) + "- l").join("\n"),
  "\u0000\u0007\u001b[31mcontrol\u001b[0m",
  "\ud800 lone surrogate 🙂",
  "```js\nexport const e = 1;\n```\n",
  '```js echo run=false\nFileAttachment("../../secret.txt")\n```\n'
];

/** How long one build may take before it counts as hung (the machine may be loaded). */
const caseTimeoutMs = 60_000;

/** Indexes of blank lines that are not inside a fenced block. */
function blankLinesOutsideFences(lines: readonly string[]): number[] {
  const blanks: number[] = [];
  let fence: string | undefined;
  lines.forEach((line, i) => {
    const marker = /^(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
    } else if (marker) fence = marker;
    else if (line.trim() === "") blanks.push(i);
  });
  return blanks;
}

/** One mutation of a notebook's text, drawn from `random`. */
function mutate(text: string, random: Rng): string {
  const lines = text.split("\n");
  const pick = (n: number) => Math.floor(random() * n);
  const steps = 1 + pick(4);
  for (let s = 0; s < steps; s++) {
    const at = pick(lines.length + 1);
    switch (pick(7)) {
      case 0: {
        // at a blank line outside any fence, so the snippet stands as its own block (a cell)
        const blanks = blankLinesOutsideFences(lines);
        const where = blanks.length ? blanks[pick(blanks.length)] : at;
        lines.splice(where, 0, "", ...snippets[pick(snippets.length)].split("\n"), "");
        break;
      }
      case 1:
        lines.splice(at, 1 + pick(8));
        break;
      case 2:
        lines.splice(at, 0, ...lines.slice(pick(lines.length), pick(lines.length) + 1 + pick(10)));
        break;
      case 3: {
        const b = pick(lines.length);
        [lines[at], lines[b]] = [lines[b] ?? "", lines[at] ?? ""];
        break;
      }
      case 4: {
        const line = lines[at] ?? "";
        const i = pick(line.length + 1);
        const chars = "`${}()[]<>*_#>-\\\"'\n\t\u0000;=/.";
        lines[at] = line.slice(0, i) + chars[pick(chars.length)] + line.slice(i + pick(3));
        break;
      }
      case 5:
        lines.length = Math.min(lines.length, at + 1);
        break;
      default:
        lines.splice(at, 0, snippets[pick(snippets.length)]);
        break;
    }
  }
  return lines.join("\n");
}

/** A failed promise: which case, and what was wrong. */
export interface FuzzFailure {
  seed: number;
  notebook: string;
  problem: string;
}

/** What a fuzz run found. */
export interface FuzzReport {
  cases: number;
  exitCodes: Record<string, number>;
  failures: FuzzFailure[];
  /** The one-line error of each build that exited 1 or 2 (a kept promise, worth reading). */
  errors: string[];
}

/**
 * Builds `runs` mutants (seeds seed, seed+1, …) of the shipped notebooks, each alone in its
 * own temporary project, and checks every promise. Never throws for a broken promise: the
 * report lists each failure with the seed that reproduces it.
 */
export async function fuzzBuild(options: {
  seed: number;
  runs: number;
  log?: (line: string) => void;
  onCase?: (seed: number, code: string, stderr: string) => void;
}): Promise<FuzzReport> {
  const shipped = readdirSync(join(packageRoot, "notebooks"))
    .filter((f) => f.endsWith(".md"))
    .sort();
  const sources = new Map(shipped.map((f) => [f, readFileSync(join(packageRoot, "notebooks", f), "utf8")]));
  const base = mkdtempSync(join(tmpdir(), "queuebook-fuzz-"));
  const project = join(base, "project");
  const report: FuzzReport = {cases: 0, exitCodes: {}, failures: [], errors: []};
  const previousEnv = process.env.QB_FUZZ_ENV;
  process.env.QB_FUZZ_ENV = ENV_SECRET; // /proc/self/environ would carry it
  try {
    // The project: the notebooks' data and locales, src/ (copied: a link would lead outside
    // the project), node_modules (a link: packages resolve by name), a secret beside it.
    writeFileSync(join(base, "secret.txt"), SECRET);
    writeFileSync(join(base, "secret.js"), `export const s = "${SECRET}";\n`);
    mkdirSync(project);
    writeFileSync(join(project, "package.json"), '{"type": "module"}\n');
    cpSync(join(packageRoot, "src"), join(project, "src"), {recursive: true});
    symlinkSync(join(packageRoot, "node_modules"), join(project, "node_modules"));
    for (let i = 0; i < options.runs; i++) {
      const seed = options.seed + i;
      const random = mulberry32(seed);
      const name = shipped[Math.floor(random() * shipped.length)];
      const root = join(project, `nb-${seed}`);
      cpSync(join(packageRoot, "notebooks"), root, {recursive: true, filter: (f) => !f.endsWith(".md")});
      mkdirSync(join(root, "data"), {recursive: true});
      writeFileSync(join(root, "data", "x.csv"), "a,b\n1,2\n");
      writeFileSync(join(root, "helper.js"), "export const h = 1;\n");
      symlinkSync(join(base, "secret.txt"), join(root, "data", "link.txt"));
      spawnSync("mkfifo", [join(root, "data", "pipe.csv")]);
      writeFileSync(join(root, name), mutate(sources.get(name)!, random));
      const out = join(project, `out-${seed}`);
      const problem = await buildAndCheck(root, out, project);
      report.cases++;
      options.onCase?.(seed, problem.code, problem.stderr ?? "");
      if ((problem.code === "1" || problem.code === "2") && !problem.problem)
        report.errors.push(`seed ${seed} (${name}): ${(problem.stderr ?? "").split("\n")[0]}`);
      report.exitCodes[problem.code] = (report.exitCodes[problem.code] ?? 0) + 1;
      if (problem.problem) {
        report.failures.push({seed, notebook: name, problem: problem.problem});
        options.log?.(`seed ${seed} (${name}): ${problem.problem}`);
        if (problem.code === "hung") break; // the hung build still holds its resources
      }
      rmSync(root, {recursive: true, force: true});
      rmSync(out, {recursive: true, force: true});
    }
  } finally {
    if (previousEnv === undefined) delete process.env.QB_FUZZ_ENV;
    else process.env.QB_FUZZ_ENV = previousEnv;
    rmSync(base, {recursive: true, force: true});
  }
  return report;
}

/** Builds `root` into `out` with the CLI's own entry point and checks each promise. */
async function buildAndCheck(root: string, out: string, cwd: string): Promise<{code: string; problem?: string; stderr?: string}> {
  let stdout = "",
    stderr = "";
  let code: number;
  try {
    // A build that never ends (a pipe read, a pattern import walking the disk) is a broken promise too.
    let timer: NodeJS.Timeout | undefined;
    const hung = new Promise<"hung">((resolve) => (timer = setTimeout(() => resolve("hung"), caseTimeoutMs)));
    const result = await Promise.race([
      main(["build", "--root", root, "-o", out], {
        packageRoot,
        cwd,
        stdout: (t) => void (stdout += t),
        stderr: (t) => void (stderr += t),
        env: process.env
      }),
      hung
    ]);
    clearTimeout(timer);
    if (result === "hung") return {code: "hung", problem: `the build did not finish in ${caseTimeoutMs / 1000} s`};
    code = result;
  } catch (error) {
    return {
      code: "threw",
      problem: `the command threw: ${String((error as Error)?.stack ?? error)
        .split("\n")
        .slice(0, 3)
        .join(" | ")}`
    };
  }
  const lines = stderr.split("\n").filter(Boolean);
  if (![0, 1, 2].includes(code)) return {code: String(code), problem: `exit code ${code}`};
  if (/^\s+at .*:\d+:\d+\)?$/m.test(stderr)) return {code: String(code), problem: `a stack trace: ${stderr.slice(0, 300)}`};
  if (code === 0 && lines.some((l) => !l.startsWith("warning: ")))
    return {code: "0", problem: `a line that is not a warning: ${lines.find((l) => !l.startsWith("warning: "))}`};
  if (code !== 0) {
    if (code === 1 && lines.length !== 1)
      return {code: String(code), problem: `an error of ${lines.length} lines: ${stderr.slice(0, 300)}`};
    if (!lines[0]?.startsWith("queuebook build: ")) return {code: String(code), problem: `an error not naming the command: ${lines[0]}`};
    if (existsSync(out)) return {code: String(code), problem: "a failed build left an output folder"};
  }
  const leftovers = readdirSync(cwd).filter((f) => /\.(tmp|old)-\d+$/.test(f));
  if (leftovers.length) return {code: String(code), problem: `partial output left behind: ${leftovers.join(", ")}`};
  if (code === 0) {
    for (const file of readdirSync(out, {recursive: true}).map(String)) {
      if (!/\.(html|js)$/.test(file) || file.startsWith("_queuebook")) continue;
      const text = readFileSync(join(out, file), "utf8");
      for (const secret of [SECRET, ENV_SECRET, "root:x:0:0", cwd]) {
        if (text.includes(secret)) return {code: "0", problem: `${file} carries a file or a folder of the build machine (${secret})`};
      }
    }
  }
  return {code: String(code), stderr};
}
