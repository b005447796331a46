// The lab part of issue 11's fuzz: corrupt the committed lab files (notebooks/data/arrival-lab/)
// the ways careless and hostile users do, run `queuebook lab analyze` in-process on the result,
// and check its promises: exit code 0, 1 or 2; on failure one line and no stack trace; no
// partial output (all answers or none, never a temporary file left); no NaN, Infinity or
// negative number in an answer. Shared by test/cli/lab-fuzz.test.ts (a few seconds) and
// bench/lab.bench.ts (a longer run).
import {mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import fc from "fast-check";
import {main} from "../../../src/cli/main.js";
import {outputNames} from "../../../src/lab/analyze.js";

const packageRoot = new URL("../../../", import.meta.url).pathname;
const committed = join(packageRoot, "notebooks/data/arrival-lab");

/** The lab's input files, which the fuzz corrupts. */
export const inputNames = [
  "01-probe.txt",
  "closed.csv",
  ...["even", "poisson", "burst"].flatMap((s) => [`sched-${s}.csv`, `run-${s}.csv`, `srv-${s}.csv`])
];

/** Values a cell is replaced with: the classics of bad data, and anything at all. */
const badToken = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "NaN",
    "Infinity",
    "-Infinity",
    "-1",
    "-0",
    "0",
    "0.000000",
    "1e400",
    "1e-400",
    "1e308",
    "OK",
    "0x10",
    '"',
    '"a,b"',
    '"unclosed',
    "\uFEFF",
    "\r",
    "\n",
    "9".repeat(400),
    "1,2",
    "𝟘",
    "null",
    "true",
    "2147483648",
    "4.2e1"
  ),
  fc.string({maxLength: 12}),
  fc.double().map(String),
  fc.integer().map(String)
);

/** One corruption of one input file (or of an answer's name). */
export type Mutation =
  | {kind: "cell"; file: number; line: number; field: number; token: string}
  | {kind: "delete-line" | "duplicate-line"; file: number; line: number}
  | {kind: "swap-lines"; file: number; line: number; other: number}
  | {kind: "truncate"; file: number; at: number}
  | {kind: "insert"; file: number; at: number; text: string}
  | {kind: "header"; file: number; text: string}
  | {kind: "shuffle"; file: number; seed: number}
  | {kind: "empty" | "remove" | "folder" | "bom" | "crlf" | "header-only"; file: number}
  | {kind: "bytes"; file: number; at: number; bytes: Uint8Array}
  | {kind: "answer-is-folder"; answer: number};

const file = fc.nat({max: inputNames.length - 1});
const fraction = fc.double({min: 0, max: 1, noNaN: true});

/** Mutations as fast-check values: one to three per case. */
export const mutations: fc.Arbitrary<Mutation[]> = fc.array(
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({kind: fc.constant("cell" as const), file, line: fc.nat({max: 400}), field: fc.nat({max: 6}), token: badToken})
    },
    fc.record({kind: fc.constantFrom("delete-line" as const, "duplicate-line" as const), file, line: fc.nat({max: 400})}),
    fc.record({kind: fc.constant("swap-lines" as const), file, line: fc.nat({max: 400}), other: fc.nat({max: 400})}),
    fc.record({kind: fc.constant("truncate" as const), file, at: fraction}),
    fc.record({kind: fc.constant("insert" as const), file, at: fraction, text: fc.oneof(badToken, fc.string({maxLength: 40}))}),
    fc.record({
      kind: fc.constant("header" as const),
      file,
      text: fc.oneof(
        fc.constantFrom("i,intended", "seq,arrive,start,end,qlen", "user,sent,received,code", "a,b,c", ""),
        fc.string({maxLength: 30})
      )
    }),
    fc.record({kind: fc.constant("shuffle" as const), file, seed: fc.integer()}),
    fc.record({
      kind: fc.constantFrom(
        "empty" as const,
        "remove" as const,
        "folder" as const,
        "bom" as const,
        "crlf" as const,
        "header-only" as const
      ),
      file
    }),
    fc.record({kind: fc.constant("bytes" as const), file, at: fraction, bytes: fc.uint8Array({minLength: 1, maxLength: 16})}),
    fc.record({kind: fc.constant("answer-is-folder" as const), answer: fc.nat({max: outputNames.length - 1})})
  ),
  {minLength: 1, maxLength: 3}
);

/** The committed inputs, read once. */
const originals = new Map(inputNames.map((name) => [name, readFileSync(join(committed, name))]));

/** Writes a lab folder: the committed inputs with `changes` applied. */
export function corruptFolder(dir: string, changes: Mutation[]): void {
  const files = new Map<string, Buffer | "folder" | undefined>(originals);
  const answerFolders: string[] = [];
  for (const m of changes) {
    if (m.kind === "answer-is-folder") {
      answerFolders.push(outputNames[m.answer]);
      continue;
    }
    const name = inputNames[m.file];
    const current = files.get(name);
    if (current === undefined || current === "folder") continue;
    const text = current.toString("latin1"); // byte-exact round trip for the line edits
    const lines = text.split("\n");
    const pick = (k: number) => k % Math.max(1, lines.length);
    const set = (t: string) => files.set(name, Buffer.from(t, "latin1"));
    switch (m.kind) {
      case "cell": {
        const k = pick(m.line);
        const fields = lines[k].split(/(,|\s+)/);
        const cell = (m.field * 2) % Math.max(1, fields.length);
        fields[cell] = Buffer.from(m.token, "utf8").toString("latin1");
        lines[k] = fields.join("");
        set(lines.join("\n"));
        break;
      }
      case "delete-line":
        lines.splice(pick(m.line), 1);
        set(lines.join("\n"));
        break;
      case "duplicate-line":
        lines.splice(pick(m.line), 0, lines[pick(m.line)]);
        set(lines.join("\n"));
        break;
      case "swap-lines": {
        const [a, b] = [pick(m.line), pick(m.other)];
        [lines[a], lines[b]] = [lines[b], lines[a]];
        set(lines.join("\n"));
        break;
      }
      case "truncate":
        files.set(name, current.subarray(0, Math.floor(current.length * m.at)));
        break;
      case "insert": {
        const at = Math.floor(current.length * m.at);
        files.set(name, Buffer.concat([current.subarray(0, at), Buffer.from(m.text, "utf8"), current.subarray(at)]));
        break;
      }
      case "bytes": {
        const at = Math.floor(current.length * m.at);
        files.set(name, Buffer.concat([current.subarray(0, at), Buffer.from(m.bytes), current.subarray(at)]));
        break;
      }
      case "header":
        lines[0] = m.text;
        set(lines.join("\n"));
        break;
      case "shuffle": {
        const body = lines.slice(1);
        let state = m.seed >>> 0;
        for (let i = body.length - 1; i > 0; i--) {
          state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
          const j = state % (i + 1);
          [body[i], body[j]] = [body[j], body[i]];
        }
        set([lines[0], ...body].join("\n"));
        break;
      }
      case "empty":
        set("");
        break;
      case "header-only":
        set(lines[0] + "\n");
        break;
      case "bom":
        files.set(name, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), current]));
        break;
      case "crlf":
        set(text.replace(/\n/g, "\r\n"));
        break;
      case "remove":
        files.set(name, undefined);
        break;
      case "folder":
        files.set(name, "folder");
        break;
    }
  }
  for (const [name, content] of files) {
    if (content === "folder") mkdirSync(join(dir, name));
    else if (content !== undefined) writeFileSync(join(dir, name), content);
  }
  for (const name of answerFolders) mkdirSync(join(dir, name), {recursive: true});
}

/** What one in-process `lab analyze` run did. */
export interface AnalyzeRun {
  code: number;
  stdout: string;
  stderr: string;
  /** The folder's entries before and after. */
  before: string[];
  after: string[];
}

/** Runs `queuebook lab analyze <dir>` in this process (main(), captured streams). */
export async function analyzeInProcess(dir: string): Promise<AnalyzeRun> {
  let stdout = "",
    stderr = "";
  const before = readdirSync(dir).sort();
  const code = await main(["lab", "analyze", dir], {
    packageRoot,
    cwd: dir,
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    env: {}
  });
  return {code, stdout, stderr, before, after: readdirSync(dir).sort()};
}

/** Throws (naming the case) when a run breaks one of the promises. */
export function checkPromises(run: AnalyzeRun, dir: string): void {
  const fail = (what: string) => {
    throw new Error(
      `${what}\nexit ${run.code}\nstderr: ${JSON.stringify(run.stderr)}\nstdout: ${JSON.stringify(run.stdout.slice(0, 500))}`
    );
  };
  if (![0, 1, 2].includes(run.code)) fail("exit code outside {0, 1, 2}");
  if (/\n\s+at |Error:|TypeError|RangeError|SyntaxError/.test(run.stderr)) fail("a stack trace or a raw error on stderr");
  if (run.after.some((name) => name.includes(".tmp-"))) fail("a temporary file was left behind");
  const added = run.after.filter((name) => !run.before.includes(name));
  if (run.code === 0) {
    if (run.stderr !== "") fail("stderr on success");
    for (const name of outputNames) {
      const text = readFileSync(join(dir, name), "utf8");
      if (/NaN|Infinity|undefined|null|=-|\t-/.test(text))
        fail(`${name} holds a NaN, an infinity or a negative number: ${JSON.stringify(text)}`);
    }
    return;
  }
  if (run.code === 1) {
    if (!/^queuebook lab analyze: [^\n]+\n$/.test(run.stderr)) fail("the failure is not one line");
    if (run.stderr.startsWith("queuebook lab analyze: skipped ")) {
      // Missing inputs: the answers that could be computed are written whole, and named.
      for (const name of added) if (!run.stdout.includes(`${name}\n`)) fail(`${name} written but not reported`);
    } else if (added.length || run.stdout) fail(`partial output: ${added.join(", ")}`);
    return;
  }
  if (!/^queuebook lab analyze: [^\n]+\nusage: /.test(run.stderr)) fail("a usage error without its one line and the usage");
  if (added.length) fail("output on a usage error");
}

/** The property: any corruption of the committed lab files keeps every promise. */
export function analyzeProperty(root: string) {
  let k = 0;
  return fc.asyncProperty(mutations, async (changes) => {
    const dir = join(root, `case-${k++}`);
    mkdirSync(dir);
    try {
      corruptFolder(dir, changes);
      checkPromises(await analyzeInProcess(dir), dir);
    } finally {
      rmSync(dir, {recursive: true, force: true});
    }
  });
}

/** A scratch folder for a fuzz run. */
export function fuzzRoot(): string {
  return mkdtempSync(join(tmpdir(), "queuebook-lab-fuzz-"));
}
