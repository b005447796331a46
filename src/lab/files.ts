// Node-side file helpers: outputs appear whole or not at all (write a temporary file in the
// same folder, then rename), a write that fails is one line naming the file and the reason, and
// a lab folder is read as name → text for analyzeLab.
import {accessSync, constants, existsSync, lstatSync, readFileSync, renameSync, rmSync, statSync, writeFileSync} from "node:fs";
import {basename, dirname, join, resolve} from "node:path";
import {LabInputError} from "./table.js";

/** A file that could not be written: the message is one line, `cannot write <path>: <reason>`. */
export class OutputError extends Error {
  override name = "OutputError";
}

const reasons: Record<string, string> = {
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  EISDIR: "it is a folder",
  ENOTDIR: "a part of the path is not a folder",
  ENOENT: "its folder does not exist",
  EROFS: "read-only file system",
  ENOSPC: "no space left on the device",
  EDQUOT: "disk quota exceeded",
  ENAMETOOLONG: "the name is too long"
};

/** An fs error as one line: `cannot write <path>: permission denied (EACCES)`. */
export function outputError(path: string, error: unknown): OutputError {
  const code = (error as NodeJS.ErrnoException).code;
  const why = code ? `${reasons[code] ?? "failed"} (${code})` : (error as Error).message.split("\n")[0];
  return new OutputError(`cannot write ${path}: ${why}`);
}

function temporary(path: string): string {
  return join(dirname(path), `.${basename(path)}.tmp-${process.pid}-${Math.floor(performance.now() * 1000)}`);
}

/** Writes `text` to `path` through a temporary file in the same folder and a rename; throws an {@link OutputError}. */
export function writeFileAtomic(path: string, text: string): void {
  writeFilesAtomic([[path, text]]);
}

/**
 * Writes several files all or nothing: every target is checked (not a folder), every text is
 * written to a temporary file beside its target, and only when all of them succeeded are they
 * renamed into place. On any failure the temporary files are removed and nothing was replaced.
 * Throws an {@link OutputError}.
 */
export function writeFilesAtomic(files: [path: string, text: string][]): void {
  for (const [path] of files) {
    const reason = unwritableReason(path);
    if (reason) throw new OutputError(reason);
  }
  const temps: string[] = [];
  try {
    for (const [path, text] of files) {
      const tmp = temporary(path);
      try {
        writeFileSync(tmp, text, {flag: "wx"});
      } catch (error) {
        throw outputError(path, error);
      }
      temps.push(tmp);
    }
    // Renames within a folder are atomic each; a failure here is a race with another process.
    files.forEach(([path], k) => {
      try {
        renameSync(temps[k], path);
      } catch (error) {
        throw outputError(path, error);
      }
      temps[k] = "";
    });
  } finally {
    for (const tmp of temps) if (tmp) rmSync(tmp, {force: true});
  }
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

/** The largest lab file read: a million server records are about 50 MB. */
export const maxLabFileBytes = 256 * 1024 * 1024;

/**
 * A reader over a lab folder's files: the text of `name` (read once, then remembered), or
 * undefined when absent. Only regular files up to {@link maxLabFileBytes} are read: a FIFO
 * would hang and /dev/zero would never end.
 */
export function folderReader(dir: string, {maxBytes = maxLabFileBytes}: {maxBytes?: number} = {}): (name: string) => string | undefined {
  const cache = new Map<string, string | undefined>();
  return (name) => {
    if (cache.has(name)) return cache.get(name);
    const path = join(dir, name);
    let text: string | undefined;
    if (existsSync(path)) {
      const stat = statSync(path);
      if (!stat.isFile()) throw new LabInputError(`${name}: not a regular file`);
      if (stat.size > maxBytes) throw new LabInputError(`${name}: ${stat.size} bytes, more than the ${maxBytes} a lab file may have`);
      try {
        text = readFileSync(path, "utf8");
      } catch (error) {
        throw new LabInputError(`${name}: cannot read it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
      }
    }
    cache.set(name, text);
    return text;
  };
}
