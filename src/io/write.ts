// Writing outputs on the Node side. The export and the lab tools write files whole or not at all
// (a temporary file beside each, then a rename; the site build does the same with a whole
// temporary folder, src/site/build.ts). A failed write is one line naming the file and the
// reason, with the system's code when there is one (writeFailure, used by all three). What a
// target may be (a regular file or nothing; never a link, pipe, device, notebook or input) is
// src/io/target.ts: commands check it before any work, and the writers again before the rename.
import {renameSync, rmSync, writeFileSync} from "node:fs";
import {rename, rm} from "node:fs/promises";
import {basename, dirname, join} from "node:path";
import {replaceReason, targetReason, type TargetRules} from "./target.js";

/** A file that could not be written: the message is one line, `cannot write <path>: <reason>`. */
export class WriteError extends Error {
  override name = "WriteError";
  /** The reason alone, so a caller can name the file its own way (see {@link writeFailure}). */
  readonly why: string;
  constructor(message: string, why = message) {
    super(message);
    this.why = why;
  }
}

/** A WriteError from a `cannot write <path>: <why>` message. */
function refusal(path: string, message: string): WriteError {
  const prefix = `cannot write ${path}: `;
  return new WriteError(message, message.startsWith(prefix) ? message.slice(prefix.length) : message);
}

const reasons: Record<string, string> = {
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  EISDIR: "it is a folder",
  ENOTDIR: "a part of the path is a file, not a folder",
  ENOENT: "no such folder",
  EEXIST: "already exists",
  EROFS: "read-only file system",
  ENOSPC: "no space left on the device",
  EDQUOT: "disk quota exceeded",
  ENAMETOOLONG: "the name is too long"
};

/** A failed write as one line: `cannot write <shown>: permission denied (EACCES)`. */
export function writeFailure(error: unknown, shown: string): string {
  if (error instanceof WriteError) return `cannot write ${shown}: ${error.why}`;
  const code = (error as NodeJS.ErrnoException)?.code;
  const why = code ? `${reasons[code] ?? "failed"} (${code})` : String((error as Error)?.message ?? error).split("\n")[0];
  return `cannot write ${shown}: ${why}`;
}

let made = 0;

/** A temporary name beside `path`, unique to this process (a counter, not only the moment). */
function temporary(path: string): string {
  return join(dirname(path), `.${basename(path)}.tmp-${process.pid}-${Math.floor(performance.now() * 1000)}-${made++}`);
}

/**
 * Why `path` cannot be written as an output file, or undefined when it can; messages name it as
 * `shown` (what the user typed). Refuses folders, links, pipes, devices and sockets, an existing
 * notebook (.md) and any of `rules.inputs` (see src/io/target.ts). Every command checks each
 * output with it before doing any work.
 */
export function unwritableReason(path: string, shown = path, rules: TargetRules = {}): string | undefined {
  return targetReason(path, shown, rules);
}

/** Throws the WriteError for `path` when anything but a regular file (or nothing) is there now. */
function checkReplace(path: string): void {
  const reason = replaceReason(path);
  if (reason) throw refusal(path, reason);
}

/** Writes `text` to `path` through a temporary file in the same folder and a rename; throws a {@link WriteError}. */
export function writeFileAtomic(path: string, text: string): void {
  writeFilesAtomic([[path, text]]);
}

/**
 * Writes several files all or nothing: every target is checked (a regular file or nothing), every text is
 * written to a temporary file beside its target, and only when all of them succeeded are they
 * renamed into place. On any failure the temporary files are removed and nothing was replaced.
 * Throws a {@link WriteError}.
 */
export function writeFilesAtomic(files: [path: string, text: string][]): void {
  // Notebooks are allowed here (this is also how a notebook is saved); commands refuse them
  // beforehand with unwritableReason.
  for (const [path] of files) {
    const reason = targetReason(path, path, {notebooks: false});
    if (reason) throw refusal(path, reason);
  }
  const temps: string[] = [];
  try {
    for (const [path, text] of files) {
      const tmp = temporary(path);
      try {
        writeFileSync(tmp, text, {flag: "wx"});
      } catch (error) {
        throw refusal(path, writeFailure(error, path));
      }
      temps.push(tmp);
    }
    // Renames within a folder are atomic each; a failure here is a race with another process.
    files.forEach(([path], k) => {
      try {
        checkReplace(path); // a link or pipe put there since the check is still not replaced
        renameSync(temps[k], path);
      } catch (error) {
        throw error instanceof WriteError ? error : refusal(path, writeFailure(error, path));
      }
      temps[k] = "";
    });
  } finally {
    for (const tmp of temps) if (tmp) rmSync(tmp, {force: true});
  }
}

/**
 * Writes `target` with `write` into a temporary file beside it, renamed into place only when
 * complete. Anything but a regular file (or nothing) at `target` is a {@link WriteError}, before
 * `write` runs and again before the rename; an fs error is rethrown as it is.
 */
export async function writeAtomic(target: string, write: (tmp: string) => Promise<void>): Promise<void> {
  const reason = targetReason(target, target, {notebooks: false});
  if (reason) throw refusal(target, reason);
  const tmp = temporary(target);
  try {
    await write(tmp);
    checkReplace(target);
    await rename(tmp, target);
  } catch (error) {
    await rm(tmp, {force: true}).catch(() => {});
    throw error;
  }
}
