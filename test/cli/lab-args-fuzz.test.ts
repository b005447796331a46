// The lab's numeric arguments under fuzz (issue 11: timers, rates, degenerate values): `lab gen`
// without a URL and `lab analyze` with its flags, in-process and seeded. Every run exits 0, 1 or
// 2 with one line on failure and no stack trace; a plan that is written holds only finite,
// increasing times, and answers never hold NaN or Infinity.
import {cpSync, existsSync, mkdtempSync, readFileSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import fc from "fast-check";
import {afterAll, describe, expect, it} from "vitest";
import {main} from "../../src/cli/main.js";
import {outputNames} from "../../src/lab/analyze.js";
import {inputNames} from "../lab/support/labFuzz.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
const root = mkdtempSync(join(tmpdir(), "queuebook-lab-args-"));
afterAll(() => rmSync(root, {recursive: true, force: true}));

async function cli(args: string[]) {
  let stdout = "",
    stderr = "";
  const code = await main(args, {packageRoot, cwd: root, stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), env: {}});
  return {code, stdout, stderr};
}

/** Numbers as a careless or hostile user types them. */
const numberText = fc.oneof(
  fc.constantFrom(
    "0",
    "-0",
    "1",
    "-1",
    "1e-7",
    "1e-320",
    "5e-324",
    "1e308",
    "1e400",
    "Infinity",
    "NaN",
    "0x10",
    "",
    " ",
    "2147483647",
    "2147483648",
    "1000000",
    "1000001",
    "0.5",
    "1e6",
    "25"
  ),
  fc.double().map(String),
  fc.integer().map(String),
  fc.string({maxLength: 6})
);

function expectPromises(result: {code: number; stderr: string}, command: string) {
  expect([0, 1, 2]).toContain(result.code);
  expect(result.stderr).not.toMatch(/\n\s+at |TypeError|RangeError/);
  if (result.code === 1) expect(result.stderr).toMatch(new RegExp(`^queuebook ${command}: [^\\n]+\\n$`));
  if (result.code === 2) expect(result.stderr).toMatch(new RegExp(`^queuebook ${command}: [^\\n]+\\nusage: `));
}

describe("queuebook lab gen <shape> <count> <rate> <seed> <out.csv> under fuzzed numbers", () => {
  it("exits 0, 1 or 2; a written plan has finite times from 0, never going back", async () => {
    let k = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("even", "poisson", "burst"),
        fc.oneof(
          fc.integer({min: -2, max: 400}).map(String),
          numberText.filter((t) => !/^\s*\+?\d{4,}/.test(t))
        ),
        numberText,
        numberText,
        async (shape, count, rate, seed) => {
          const out = `plan-${k++}.csv`;
          const result = await cli(["lab", "gen", shape, count, rate, seed, out]);
          expectPromises(result, "lab gen");
          const path = join(root, out);
          expect(existsSync(path)).toBe(result.code === 0);
          if (result.code !== 0) return;
          const times = readFileSync(path, "utf8")
            .trim()
            .split("\n")
            .slice(1)
            .map((line) => Number(line.split(",")[1]));
          expect(times.length).toBe(Number(count));
          expect(times.every(Number.isFinite)).toBe(true);
          expect(times[0]).toBe(0);
          for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThanOrEqual(times[i - 1]);
          rmSync(path);
        }
      ),
      {seed: 1130, numRuns: 150}
    );
  });
});

describe("queuebook lab analyze <dir> [--workers N] [--rate R] [--users N] [--think S] under fuzzed flags", () => {
  it("exits 0, 1 or 2 on the committed runs; never writes NaN or Infinity", async () => {
    const committed = new URL("../../notebooks/data/arrival-lab/", import.meta.url).pathname;
    let k = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.option(numberText),
        fc.option(numberText),
        fc.option(numberText),
        fc.option(numberText),
        async (workers, rate, users, think) => {
          const dir = join(root, `lab-${k++}`);
          for (const name of inputNames) cpSync(join(committed, name), join(dir, name));
          const flags = Object.entries({workers, rate, users, think}).flatMap(([flag, value]) =>
            value === null ? [] : [`--${flag}`, value]
          );
          const result = await cli(["lab", "analyze", dir, ...flags]);
          expectPromises(result, "lab analyze");
          if (result.code === 0)
            for (const name of outputNames)
              expect(readFileSync(join(dir, name), "utf8"), `${name} with ${flags.join(" ")}`).not.toMatch(/NaN|Infinity|undefined|=-|\t-/);
          else for (const name of outputNames) expect(existsSync(join(dir, name)), name).toBe(false);
          rmSync(dir, {recursive: true});
        }
      ),
      {seed: 1131, numRuns: 100}
    );
  });
});
