// The folder `queuebook export` reads a notebook's world from: the source root, which a leading
// "/" names in imports, FileAttachment and images (as in Framework) and out of which nothing is
// read. A page in a subfolder of a project reaches the project's /components and /data only when
// the root is the project's, so `--root DIR` says which; without it, the folder `build` and `dev`
// use by default (notebooks/ here) when the notebook is inside it, else the notebook's own folder.
import {realpath, stat} from "node:fs/promises";
import {basename, dirname, join, resolve} from "node:path";
import {UsageError} from "./command.js";
import {oneLine, within} from "../notebook/messages.js";
import {fromCwd} from "../site/output.js";

/** The notebooks folder `queuebook build` and `dev` take when no --root is given (src/cli/build.ts, dev.ts). */
const BUILD_ROOT = "notebooks";

/** Where an export reads from: the root, and the notebook's path inside it (as given, or with links followed when only that puts it inside). */
export interface ExportRoot {
  root: string;
  file: string;
}

/** The export's root for the notebook `file` (absolute): `--root`'s folder checked, or the default; bad roots are UsageErrors. */
export async function exportRoot(file: string, given: string | undefined, cwd: string): Promise<ExportRoot> {
  if (given === undefined) {
    const built = await inside(file, resolve(cwd, BUILD_ROOT));
    return built ?? {root: dirname(file), file};
  }
  const root = resolve(cwd, given);
  const shown = oneLine(fromCwd(cwd, root));
  const info = await stat(root).catch(() => undefined);
  if (!info) throw new UsageError(`--root ${shown}: no such folder`);
  if (!info.isDirectory()) throw new UsageError(`--root ${shown}: not a folder`);
  const found = await inside(file, root);
  if (!found)
    throw new UsageError(`the notebook ${oneLine(fromCwd(cwd, file))} is not inside --root ${shown}: give a folder at or above it`);
  return found;
}

/**
 * Whether `file` lies inside the folder `root`, as written or with links followed (a root given
 * through a link, or the notebook's folder through one). In the second case both are given with
 * links followed, so that the notebook's path inside the root, which every later step takes
 * (relative(root, file)), is one without "..". Reading it is still readInside's to allow: a
 * notebook that is itself a link out of the root is refused there.
 */
async function inside(file: string, root: string): Promise<ExportRoot | undefined> {
  if (within(file, root)) return {root, file};
  const [folder, realRoot] = await Promise.all([realpath(dirname(file)).catch(() => undefined), realpath(root).catch(() => undefined)]);
  if (folder === undefined || realRoot === undefined) return undefined;
  const real = join(folder, basename(file));
  return within(real, realRoot) ? {root: realRoot, file: real} : undefined;
}
