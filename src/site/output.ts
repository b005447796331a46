// Where a build may write. The site folder is replaced whole (renamed aside, then removed), so
// an output folder that holds anything else would be lost: refuse every such folder before a
// single file is touched. A folder queuebook wrote carries a marker file; only such a folder
// (or an empty one, or none) is ever replaced.
import {lstat, readdir, realpath, stat} from "node:fs/promises";
import {basename, dirname, join, relative, resolve} from "node:path";
import {within} from "../notebook/messages.js";

/** The marker file in every site folder a build writes. */
export const SITE_MARKER = ".queuebook-site";

/** An output folder that must not be written: the message says why, in one line. */
export class OutputError extends Error {}

/** A path as the user would like to read it in a message: relative when under `cwd`, else absolute. */
export function fromCwd(cwd: string, path: string): string {
  const rel = relative(cwd, path);
  return rel === "" ? "." : rel.startsWith("..") ? path : rel;
}

/** The real path of `path`, following symlinks, for the part of it that exists. */
async function real(path: string): Promise<string> {
  try {
    return await realpath(path);
  } catch {
    const parent = dirname(path);
    return parent === path ? path : join(await real(parent), basename(path));
  }
}

/**
 * The folder `-o out` names: `out`, or, when `out` is a symbolic link, the folder it leads to, so
 * the build replaces that folder and keeps the link (a site published through a link stays
 * current). A link that leads nowhere is an OutputError; what it leads to is then checked as
 * any output folder (a file or a foreign folder is refused).
 */
export async function followOutputLink(out: string, show: (path: string) => string = (p) => p): Promise<string> {
  const given = resolve(out);
  const info = await lstat(given).catch(() => undefined);
  if (!info?.isSymbolicLink()) return given;
  try {
    return await realpath(given);
  } catch {
    throw new OutputError(
      `output ${show(given)} is a symbolic link that leads nowhere: refusing to replace it; remove it or choose another folder`
    );
  }
}

/**
 * Checks that `out` may be (re)written as the site of the notebooks in `root`, run from `cwd`.
 * `out` itself may not be a symbolic link (the build renames folders, and would replace the link
 * but leave the folder it leads to stale): pass it through followOutputLink first.
 * Throws an OutputError naming the problem; touches nothing.
 */
export async function checkOutput(out: string, root: string, cwd: string, show: (path: string) => string = (p) => p): Promise<void> {
  const given = resolve(out);
  out = await real(given);
  root = await real(resolve(root));
  cwd = await real(resolve(cwd));
  if (within(out, root))
    throw new OutputError(`output folder ${show(out)} is inside the notebook folder ${show(root)}: choose a folder outside it (e.g. dist)`);
  if (within(root, out))
    throw new OutputError(`output folder ${show(out)} contains the notebook folder ${show(root)}: choose a folder beside it (e.g. dist)`);
  if (within(cwd, out))
    throw new OutputError(`output folder ${show(out)} is the current folder or one of its parents: choose a folder inside it (e.g. dist)`);
  if ((await lstat(given).catch(() => undefined))?.isSymbolicLink()) {
    throw new OutputError(
      `output ${show(given)} is a symbolic link: refusing to replace it (the build writes the folder it leads to only from the command line)`
    );
  }
  let info;
  try {
    info = await stat(given);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return; // a new folder (a file in its path fails the write, exit 1)
    throw new OutputError(`output folder ${show(out)}: ${code ?? (error as Error).message}`);
  }
  if (!info.isDirectory()) throw new OutputError(`output ${show(out)} is a file, not a folder: refusing to replace it`);
  const entries = await readdir(out).catch(() => undefined);
  if (entries === undefined) throw new OutputError(`output folder ${show(out)} cannot be read`);
  if (entries.length && !entries.includes(SITE_MARKER)) {
    throw new OutputError(
      `output folder ${show(out)} exists and was not written by queuebook (no ${SITE_MARKER} in it): refusing to replace it; remove it or choose another folder`
    );
  }
}
