// Node-side file helpers: outputs appear whole or not at all (write a temporary file in the
// same folder, then rename), and a lab folder is read as name → text for analyzeLab.
import {accessSync, constants, existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync} from "node:fs";
import {basename, dirname, join, resolve} from "node:path";

/** Writes `text` to `path` through a temporary file in the same folder and a rename. */
export function writeFileAtomic(path: string, text: string): void {
  const tmp = join(dirname(path), `.${basename(path)}.tmp-${process.pid}-${Math.floor(performance.now() * 1000)}`);
  try {
    writeFileSync(tmp, text);
    renameSync(tmp, path);
  } catch (error) {
    rmSync(tmp, {force: true});
    throw error;
  }
}

/** Why `path` cannot be written as an output file, or undefined when it can. */
export function unwritableReason(path: string): string | undefined {
  const full = resolve(path);
  const folder = dirname(full);
  if (!existsSync(folder) || !statSync(folder).isDirectory()) return `cannot write ${path}: folder ${dirname(path)} does not exist`;
  if (existsSync(full) && statSync(full).isDirectory()) return `cannot write ${path}: it is a folder`;
  try {
    accessSync(folder, constants.W_OK);
    if (existsSync(full)) accessSync(full, constants.W_OK);
  } catch {
    return `cannot write ${path}: permission denied`;
  }
  return undefined;
}

/** A reader over a lab folder's files: the text of `name`, or undefined when absent. */
export function folderReader(dir: string): (name: string) => string | undefined {
  return (name) => {
    const path = join(dir, name);
    return existsSync(path) && statSync(path).isFile() ? readFileSync(path, "utf8") : undefined;
  };
}
