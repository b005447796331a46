// Grading a class (`queuebook lab grade --class <dir>`): a folder holding one folder per learner,
// each graded by gradeLab, gathered into one CSV for the lecturer (learner, checks passed, total,
// failed checks). Node-only. Nothing outside the class folder is ever read: a learner folder or
// a file that is a link leading out of it is refused (named in that learner's row), and FIFOs,
// devices and oversized files are refused as `lab grade` refuses them.
import {lstatSync, readdirSync, readFileSync, realpathSync, statSync} from "node:fs";
import {join, relative, sep} from "node:path";
import {csvFormat} from "d3-dsv";
import {gradeLab} from "./grade.js";
import {maxLabFileBytes, oversizeMessage} from "./limits.js";
import {LabInputError} from "./table.js";

/** One learner's line of the class CSV. */
export interface LearnerGrade {
  learner: string;
  passed: number;
  total: number;
  /** The failing checks' names ("think.txt: values"), or why the folder could not be graded. */
  failed: string[];
}

/** True when `path` (already resolved through its links) is `root` or inside it. */
function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (!rel.startsWith(".." + sep) && rel !== ".." && !rel.startsWith(sep));
}

/**
 * A reader over one learner's folder that never leaves `root` (the class folder, real path): a
 * file reached through a link must resolve inside `root`; only regular files up to the lab's
 * limit are read. Absent files read as undefined.
 */
export function confinedReader(root: string, dir: string, {maxBytes = maxLabFileBytes} = {}): (name: string) => string | undefined {
  const cache = new Map<string, string | undefined>();
  return (name) => {
    if (cache.has(name)) return cache.get(name);
    const path = join(dir, name);
    let text: string | undefined;
    let link;
    try {
      link = lstatSync(path);
    } catch {
      link = undefined; // absent
    }
    if (link) {
      if (link.isSymbolicLink() && !inside(root, realpathOrNone(path) ?? "/")) throw new LabInputError(`${name}: a link out of the class folder: refused`);
      const info = statSync(path);
      if (!info.isFile()) throw new LabInputError(`${name}: not a regular file`);
      if (info.size > maxBytes) throw new LabInputError(oversizeMessage(name, info.size, maxBytes));
      text = readFileSync(path, "utf8");
    }
    cache.set(name, text);
    return text;
  };
}

function realpathOrNone(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined; // a dangling link leads nowhere, so nowhere inside
  }
}

/** The learners of a class folder: its sub-folders (not dot-folders), by name. */
export function learnerFolders(classDir: string): string[] {
  return readdirSync(classDir, {withFileTypes: true})
    .filter((entry) => !entry.name.startsWith(".") && (entry.isDirectory() || (entry.isSymbolicLink() && statOrNone(join(classDir, entry.name))?.isDirectory())))
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

/** Grades every learner of `classDir`; a folder that cannot be graded is a row saying why, never a crash. */
export function gradeClass(classDir: string): LearnerGrade[] {
  const root = realpathSync(classDir);
  return learnerFolders(classDir).map((learner) => {
    const dir = join(classDir, learner);
    if (!inside(root, realpathOrNone(dir) ?? "/")) return {learner, passed: 0, total: 0, failed: ["a link out of the class folder: refused"]};
    try {
      const checks = gradeLab(confinedReader(root, dir));
      return {learner, passed: checks.filter((c) => c.ok).length, total: checks.length, failed: checks.filter((c) => !c.ok).map((c) => c.name)};
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
  return csvFormat(grades.map((g) => ({learner: cell(g.learner), passed: g.passed, total: g.total, failed: g.failed.join("; ")})), ["learner", "passed", "total", "failed"]) + "\n";
}
