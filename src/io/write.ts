// Writing outputs on the Node side. The export and the lab tools write files whole or not at all
// (a temporary file beside each, then a rename; the site build does the same with a whole
// temporary folder, src/site/build.ts). A failed write is one line naming the file and the
// reason, with the system's code when there is one (writeFailure, used by all three).
import {accessSync, constants, existsSync, lstatSync, renameSync, rmSync, statSync, writeFileSync} from "node:fs";
import {rename, rm} from "node:fs/promises";
import {basename, dirname, join, resolve} from "node:path";

/** A file that could not be written: the message is one line, `cannot write <path>: <reason>`. */
export class WriteError extends Error {
  override name = "WriteError";
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
  const code = (error as NodeJS.ErrnoException)?.code;
  const why = code ? `${reasons[code] ?? "failed"} (${code})` : String((error as Error)?.message ?? error).split("\n")[0];
  return `cannot write ${shown}: ${why}`;
}

let made = 0;

/** A temporary name beside `path`, unique to this process (a counter, not only the moment). */
function temporary(path: string): string {
  return join(dirname(path), `.${basename(path)}.tmp-${process.pid}-${Math.floor(performance.now() * 1000)}-${made++}`);
}

/** Why `path` cannot be written as an output file, or undefined when it can; messages name it as `shown` (what the user typed). */
export function unwritableReason(path: string, shown = path): string | undefined {
  const full = resolve(path);
  const folder = dirname(full);
  if (!existsSync(folder)) return `cannot write ${shown}: folder ${dirname(shown)} does not exist`;
  if (!statSync(folder).isDirectory()) return `cannot write ${shown}: ${dirname(shown)} is not a folder`;
  if (existsSync(full) && lstatSync(full).isDirectory()) return `cannot write ${shown}: it is a folder`;
  try {
    accessSync(folder, constants.W_OK);
    if (existsSync(full)) accessSync(full, constants.W_OK);
  } catch {
    return `cannot write ${shown}: permission denied`;
  }
  return undefined;
}

/** Writes `text` to `path` through a temporary file in the same folder and a rename; throws a {@link WriteError}. */
export function writeFileAtomic(path: string, text: string): void {
  writeFilesAtomic([[path, text]]);
}

/**
 * Writes several files all or nothing: every target is checked (not a folder), every text is
 * written to a temporary file beside its target, and only when all of them succeeded are they
 * renamed into place. On any failure the temporary files are removed and nothing was replaced.
 * Throws a {@link WriteError}.
 */
export function writeFilesAtomic(files: [path: string, text: string][]): void {
  for (const [path] of files) {
    const reason = unwritableReason(path);
    if (reason) throw new WriteError(reason);
  }
  const temps: string[] = [];
  try {
    for (const [path, text] of files) {
      const tmp = temporary(path);
      try {
        writeFileSync(tmp, text, {flag: "wx"});
      } catch (error) {
        throw new WriteError(writeFailure(error, path));
      }
      temps.push(tmp);
    }
    // Renames within a folder are atomic each; a failure here is a race with another process.
    files.forEach(([path], k) => {
      try {
        renameSync(temps[k], path);
      } catch (error) {
        throw new WriteError(writeFailure(error, path));
      }
      temps[k] = "";
    });
  } finally {
    for (const tmp of temps) if (tmp) rmSync(tmp, {force: true});
  }
}

/** Writes `target` with `write` into a temporary file beside it, renamed into place only when complete (the fs error is rethrown as it is). */
export async function writeAtomic(target: string, write: (tmp: string) => Promise<void>): Promise<void> {
  const tmp = temporary(target);
  try {
    await write(tmp);
    await rename(tmp, target);
  } catch (error) {
    await rm(tmp, {force: true}).catch(() => {});
    throw error;
  }
}
