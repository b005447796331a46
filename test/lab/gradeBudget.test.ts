// One learner's budget in a class grade: bytes read (every name counted, a hard link too, a file
// refused by its size before it is read) and time on an injected clock (checked at every read
// and at the end). Small files and small budgets: the behaviour, not the size.
import {linkSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {budgetedReader, defaultLearnerBudget, OverBudget, sizeText} from "../../src/lab/gradeBudget.js";

let root: string, dir: string;
const kb = (n: number, fill = "x") => fill.repeat(n * 1000);

beforeAll(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), "queuebook-grade-budget-")));
  dir = join(root, "learner");
  mkdirSync(dir);
  writeFileSync(join(dir, "a.csv"), kb(4, "a"));
  writeFileSync(join(dir, "b.csv"), kb(4, "b"));
  writeFileSync(join(dir, "big.csv"), kb(6, "c"));
  linkSync(join(dir, "a.csv"), join(dir, "a-again.csv")); // the same file under a second name
});
afterAll(() => void (root && rmSync(root, {recursive: true, force: true})));

/** Calls `f` and returns the OverBudget's message (failing the test for anything else). */
function overBudget(f: () => unknown): string {
  try {
    f();
  } catch (error) {
    expect(error).toBeInstanceOf(OverBudget);
    return (error as Error).message;
  }
  throw new Error("expected an OverBudget");
}

describe("budgetedReader(root, dir, budget, clock)", () => {
  const clock = () => 0;

  it("reads up to the budget; the file that would pass it is refused by its size, naming it and the totals", () => {
    const {read} = budgetedReader(root, dir, {bytes: 10_000, seconds: 10}, clock);
    expect(read("a.csv")).toBe(kb(4, "a"));
    expect(read("b.csv")).toBe(kb(4, "b"));
    expect(overBudget(() => read("a-again.csv"))).toBe(
      "too large: a-again.csv (4000 bytes, a.csv under another name) takes the files read to 12000 bytes, past the 10000 bytes a learner may have (--max-mb)"
    );
  });

  it("counts a hard-linked file each time it is read under another name, once under the same name", () => {
    const {read} = budgetedReader(root, dir, {bytes: 8_000, seconds: 10}, clock);
    read("a.csv");
    read("a.csv"); // remembered: not read or counted again
    expect(read("a-again.csv")).toBe(kb(4, "a"));
    expect(overBudget(() => read("b.csv"))).toMatch(
      /^too large: b\.csv \(4000 bytes\) takes the files read to 12000 bytes, past the 8000 bytes/
    );
  });

  it("refuses a file larger than the whole budget before reading any of it, naming its size; an absent file costs nothing", () => {
    const {read} = budgetedReader(root, dir, {bytes: 3_000, seconds: 10}, clock);
    expect(read("missing.csv")).toBeUndefined();
    expect(overBudget(() => read("a.csv"))).toBe("too large: a.csv is 4000 bytes, past the 3000 bytes a learner may have (--max-mb)");
    const later = budgetedReader(root, dir, {bytes: 5_000, seconds: 10}, clock);
    later.read("b.csv");
    expect(overBudget(() => later.read("big.csv"))).toBe(
      "too large: big.csv is 6000 bytes, past the 5000 bytes a learner may have (--max-mb)"
    );
  });

  it("checks the time at every read, a remembered file's too, and at the end (checkTime)", () => {
    let t = 100;
    const {read, checkTime} = budgetedReader(root, dir, {bytes: 1e6, seconds: 10}, () => t);
    t = 110; // exactly the budget: still inside
    expect(read("a.csv")).toBe(kb(4, "a"));
    checkTime();
    t = 110.25;
    expect(overBudget(() => read("a.csv"))).toBe(
      "took too long: 10.3 s (stopped at a.csv), past the 10 s a learner may take (--max-seconds)"
    );
    expect(overBudget(() => read("b.csv"))).toMatch(/^took too long: 10\.3 s \(stopped at b\.csv\)/);
    expect(overBudget(() => checkTime())).toBe("took too long: 10.3 s, past the 10 s a learner may take (--max-seconds)");
  });

  it("defaults to 32 MB and 30 s", () => {
    expect(defaultLearnerBudget).toEqual({bytes: 32 * 1024 * 1024, seconds: 30});
    expect(sizeText(defaultLearnerBudget.bytes)).toBe("32.0 MB");
    expect(sizeText(250_000_000)).toBe("238.4 MB");
  });
});
