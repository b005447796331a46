// Grading a class (`queuebook lab grade --class <dir>`): a folder holding one folder per learner,
// each graded by gradeLab, gathered into one CSV for the lecturer (learner, checks passed, total,
// failed checks). Node-only. Nothing outside the class folder is ever read: a learner folder or
// a file that is a link leading out of it is refused (named in that learner's row), and FIFOs,
// devices and oversized files are refused as `lab grade` refuses them. Each learner has a budget
// of bytes and time (gradeBudget.ts): one folder cannot stall the class.
import {readdirSync, realpathSync, statSync} from "node:fs";
import {join} from "node:path";
import {csvFormat} from "d3-dsv";
import type {Clock} from "./clock.js";
import {gradeLab} from "./grade.js";
import {budgetedReader, defaultLearnerBudget, inside, realpathOrNone, type LearnerBudget} from "./gradeBudget.js";

/** One learner's line of the class CSV. */
export interface LearnerGrade {
  learner: string;
  passed: number;
  total: number;
  /** The failing checks' names ("think.txt: values"), or why the folder could not be graded. */
  failed: string[];
}

/** The learners of a class folder: its sub-folders (not dot-folders), by name. */
export function learnerFolders(classDir: string): string[] {
  return readdirSync(classDir, {withFileTypes: true})
    .filter(
      (entry) =>
        !entry.name.startsWith(".") &&
        (entry.isDirectory() || (entry.isSymbolicLink() && statOrNone(join(classDir, entry.name))?.isDirectory()))
    )
    .map((entry) => entry.name)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

function statOrNone(path: string) {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/** How a class is graded: each learner's budget (default: defaultLearnerBudget) and the clock its time is measured on. */
export interface GradeClassOptions {
  budget?: Partial<LearnerBudget>;
  clock?: Clock;
}

/**
 * Grades every learner of `classDir`; a folder that cannot be graded (a link out, past its
 * budget) is a row saying why, never a crash. A folder whose grading ends past its time is a
 * "took too long" row too, its checks not reported.
 */
export function gradeClass(classDir: string, options: GradeClassOptions = {}): LearnerGrade[] {
  const root = realpathSync(classDir);
  const budget = {...defaultLearnerBudget, ...options.budget};
  return learnerFolders(classDir).map((learner) => {
    const dir = join(classDir, learner);
    if (!inside(root, realpathOrNone(dir) ?? "/"))
      return {learner, passed: 0, total: 0, failed: ["a link out of the class folder: refused"]};
    try {
      const {read, checkTime} = budgetedReader(root, dir, budget, options.clock);
      const checks = gradeLab(read);
      checkTime();
      return {
        learner,
        passed: checks.filter((c) => c.ok).length,
        total: checks.length,
        failed: checks.filter((c) => !c.ok).map((c) => c.name)
      };
    } catch (error) {
      return {learner, passed: 0, total: 0, failed: [(error as Error).message]};
    }
  });
}

/**
 * A learner's name as a spreadsheet cell: a name starting with =, +, -, @, a tab or a carriage
 * return would be read as a formula when the lecturer opens the CSV, so it gets a leading '.
 */
function cell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** The class CSV: `learner,passed,total,failed` (failed checks joined by "; "), one row per learner. */
export function classCsv(grades: LearnerGrade[]): string {
  return (
    csvFormat(
      grades.map((g) => ({learner: cell(g.learner), passed: g.passed, total: g.total, failed: g.failed.join("; ")})),
      ["learner", "passed", "total", "failed"]
    ) + "\n"
  );
}
