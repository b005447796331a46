// What an output file may replace: nothing, or a regular file that is neither a notebook nor an
// input of the same command. Everything else is refused before a byte is written, because the
// writers end in a rename, and a rename replaces whatever has the name: a symlink (not the file
// it points to), a FIFO, a device node such as /dev/full or /dev/stdout. Permission checks do
// not save us as root, so the kind of the target is checked with lstat, never stat.
import {accessSync, constants, lstatSync, statSync, type Stats} from "node:fs";
import {dirname, resolve} from "node:path";

/** What else a target must not be, beyond a regular file: see {@link targetReason}. */
export interface TargetRules {
  /** Files the command reads: the target may not be any of them (same device and inode, so hard links and links count). */
  inputs?: string[];
  /** Refuse an existing notebook (`*.md`); on by default. Off only for the writer that saves notebooks. */
  notebooks?: boolean;
}

/** The kind of a file that is not a regular one, as a message would name it. */
function kindOf(info: Stats): string | undefined {
  if (info.isFile()) return undefined;
  if (info.isSymbolicLink()) return "a symbolic link";
  if (info.isDirectory()) return "a folder";
  if (info.isFIFO()) return "a named pipe (FIFO)";
  if (info.isCharacterDevice() || info.isBlockDevice()) return "a device";
  if (info.isSocket()) return "a socket";
  return "not a regular file";
}

/** lstat, or undefined when nothing is there or it cannot be looked at (the write then fails with the system's code: ENAMETOOLONG, EACCES). */
function lstatOrNone(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

/**
 * Why `path` may not be written as an output file, or undefined when it may; the message is one
 * line naming it as `shown` (what the user typed). Touches nothing.
 */
export function targetReason(path: string, shown = path, {inputs = [], notebooks = true}: TargetRules = {}): string | undefined {
  const full = resolve(path);
  const folder = dirname(full);
  const cannot = (why: string) => `cannot write ${shown}: ${why}`;
  // The folder may be reached through links (that replaces nothing); the target itself may not.
  let folderInfo: Stats | undefined;
  try {
    folderInfo = statSync(folder, {throwIfNoEntry: false});
  } catch (error) {
    return cannot(`its folder cannot be looked at (${(error as NodeJS.ErrnoException).code})`);
  }
  if (!folderInfo) return cannot(`folder ${dirname(shown)} does not exist`);
  if (!folderInfo.isDirectory()) return cannot(`${dirname(shown)} is not a folder`);
  const info = lstatOrNone(full);
  if (info) {
    const kind = kindOf(info);
    if (kind === "a folder") return cannot("it is a folder");
    if (kind) return cannot(`it is ${kind}, not a regular file: refusing to replace it`);
    if (notebooks && /\.md$/i.test(full)) return cannot("it is a notebook (.md): refusing to replace it");
    for (const input of inputs) {
      const other = statSync(input, {throwIfNoEntry: false});
      if (other && other.dev === info.dev && other.ino === info.ino)
        return cannot("it is an input of this command: refusing to replace it");
    }
  }
  try {
    accessSync(folder, constants.W_OK);
    if (info) accessSync(full, constants.W_OK);
  } catch {
    return cannot("permission denied");
  }
  return undefined;
}

/** Why a writer must not rename over `path` now (anything there but a regular file), or undefined: the last check, just before the rename. */
export function replaceReason(path: string, shown = path): string | undefined {
  const info = lstatOrNone(path);
  const kind = info && kindOf(info);
  if (kind === "a folder") return `cannot write ${shown}: it is a folder`;
  return kind && `cannot write ${shown}: it is ${kind}, not a regular file: refusing to replace it`;
}
