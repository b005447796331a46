// A lab folder read as name → text for analyzeLab (writing the answers: src/io/write.ts).
import {existsSync, readFileSync, statSync} from "node:fs";
import {join} from "node:path";
import {LabInputError} from "./table.js";

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
