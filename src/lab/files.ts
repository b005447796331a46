// A lab folder read as name → text for analyzeLab (writing the answers: src/io/write.ts).
import {existsSync, readFileSync, statSync} from "node:fs";
import {join} from "node:path";
import {maxLabFileBytes, oversizeMessage} from "./limits.js";
import {LabInputError} from "./table.js";

export {maxLabFileBytes};

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
      if (stat.size > maxBytes) throw new LabInputError(oversizeMessage(name, stat.size, maxBytes));
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
