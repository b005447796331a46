// A lab folder read as name → text for analyzeLab (writing the answers: src/io/write.ts).
import {join} from "node:path";
import {readBoundedSync} from "../io/readBounded.js";
import {maxLabFileBytes, oversizeMessage} from "./limits.js";
import {LabInputError} from "./table.js";

export {maxLabFileBytes};

/**
 * A reader over a lab folder's files: the text of `name` (read once, then remembered), or
 * undefined when absent. Only regular files up to {@link maxLabFileBytes} are read (a FIFO
 * would hang and /dev/zero would never end: src/io/readBounded.ts).
 */
export function folderReader(dir: string, {maxBytes = maxLabFileBytes}: {maxBytes?: number} = {}): (name: string) => string | undefined {
  const cache = new Map<string, string | undefined>();
  return (name) => {
    if (cache.has(name)) return cache.get(name);
    const read = readBoundedSync(join(dir, name), maxBytes);
    let text: string | undefined;
    switch (read.problem) {
      case undefined:
        text = read.bytes.toString("utf8");
        break;
      case "missing":
        break;
      case "folder":
      case "not-regular":
        throw new LabInputError(`${name}: not a regular file`);
      case "too-large":
        throw new LabInputError(oversizeMessage(name, read.size, maxBytes));
      default:
        throw new LabInputError(`${name}: cannot read it (${read.code})`);
    }
    cache.set(name, text);
    return text;
  };
}
