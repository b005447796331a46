// What one learner's folder may cost the class grader, and the reader that holds it to that.
// A class is graded in one process, one learner after another: one folder holding a valid
// 250 MB CSV (or the same file hard-linked under three names) took the whole class minutes and
// gigabytes. So each learner gets a budget of bytes read and of time; a folder past either is a
// row saying so ("too large: …", "took too long: …") and the grader moves on. Node-only.
import {lstatSync, realpathSync, statSync} from "node:fs";
import {join, relative, sep} from "node:path";
import {readBoundedSync} from "../io/readBounded.js";
import {monotonic, type Clock} from "./clock.js";
import {maxLabFileBytes, oversizeMessage} from "./limits.js";
import {LabInputError} from "./table.js";

/** What one learner's folder may cost. */
export interface LearnerBudget {
  /** Bytes read from the learner's files in all: a file read under two names (hard links) counts twice. */
  bytes: number;
  /** Seconds of grading on the grader's clock. */
  seconds: number;
}

/**
 * 32 MB and 30 s a learner. A lab folder is tens of kilobytes; 32 MB is a server dump of some
 * 700,000 requests, which grades in about 3 s in under 400 MB (README "Performance").
 */
export const defaultLearnerBudget: LearnerBudget = {bytes: 32 * 1024 * 1024, seconds: 30};

/** A learner's folder past its budget: the row's whole message, starting "too large:" or "took too long:". */
export class OverBudget extends LabInputError {
  override name = "OverBudget";
}

/** A size for a message: megabytes with one decimal (the unit of --max-mb), bytes below one. */
export function sizeText(bytes: number): string {
  return bytes < 1024 * 1024 ? `${bytes} bytes` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** True when `path` (already resolved through its links) is `root` or inside it. */
export function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (!rel.startsWith(".." + sep) && rel !== ".." && !rel.startsWith(sep));
}

/** The real path of `path`, or undefined for a dangling link (which leads nowhere, so nowhere inside). */
export function realpathOrNone(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

/**
 * A reader over one learner's folder that never leaves `root` (the class folder, real path) and
 * keeps to `budget`: a file reached through a link must resolve inside `root`; only regular
 * files are read, each refused by its size before any byte of it is read when it would take the
 * learner past `budget.bytes`, and read no further than the budget left (a file that grows while
 * read is refused too). Every call, a remembered file's too, first checks the time since the
 * reader was made on `clock`: the grader reads at each step, so a folder past its time stops at
 * the next step. Absent files read as undefined.
 */
export function budgetedReader(
  root: string,
  dir: string,
  budget: LearnerBudget = defaultLearnerBudget,
  clock: Clock = monotonic
): {read: (name: string) => string | undefined; checkTime: (at?: string) => void} {
  const cache = new Map<string, string | undefined>();
  const start = clock();
  let spent = 0;
  const checkTime = (at?: string) => {
    const elapsed = clock() - start;
    if (elapsed > budget.seconds)
      throw new OverBudget(
        `took too long: ${elapsed.toFixed(1)} s${at === undefined ? "" : ` (stopped at ${at})`}, past the ${budget.seconds} s a learner may take (--max-seconds)`
      );
  };
  /** The files read by inode: a hard link to one of them is named in the message (it counts again). */
  const seen = new Map<string, string>();
  const tooLarge = (name: string, bytes: number, inode?: string) => {
    const again = inode === undefined ? undefined : seen.get(inode);
    const what =
      spent === 0 || bytes > budget.bytes
        ? `${name} is ${sizeText(bytes)}`
        : `${name} (${sizeText(bytes)}${again === undefined ? "" : `, ${again} under another name`}) takes the files read to ${sizeText(spent + bytes)}`;
    return new OverBudget(`too large: ${what}, past the ${sizeText(budget.bytes)} a learner may have (--max-mb)`);
  };
  const read = (name: string) => {
    checkTime(name);
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
      if (link.isSymbolicLink() && !inside(root, realpathOrNone(path) ?? "/"))
        throw new LabInputError(`${name}: a link out of the class folder: refused`);
      const info = statSync(path);
      if (!info.isFile()) throw new LabInputError(`${name}: not a regular file`);
      const inode = `${info.dev}:${info.ino}`;
      if (spent + info.size > budget.bytes) throw tooLarge(name, info.size, inode);
      if (info.size > maxLabFileBytes) throw new LabInputError(oversizeMessage(name, info.size));
      const got = readBoundedSync(path, Math.min(maxLabFileBytes, budget.bytes - spent));
      if (got.problem === "too-large")
        throw spent + got.size > budget.bytes ? tooLarge(name, got.size) : new LabInputError(oversizeMessage(name, got.size)); // it grew since the stat
      if (got.problem === "folder" || got.problem === "not-regular") throw new LabInputError(`${name}: not a regular file`);
      if (got.problem !== undefined) throw new LabInputError(`${name}: cannot read it (${got.code})`);
      spent += got.bytes.length;
      if (!seen.has(inode)) seen.set(inode, name);
      text = got.bytes.toString("utf8");
    }
    cache.set(name, text);
    return text;
  };
  return {read, checkTime};
}
