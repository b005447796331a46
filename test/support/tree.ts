// A folder's whole tree as data, to assert "nothing else on disk changed": every entry by its
// path with its kind and, for files, its content; links by their text (never followed).
import {lstatSync, readdirSync, readFileSync, readlinkSync} from "node:fs";
import {join} from "node:path";

/** Every entry under `dir` (recursively, links not followed) → `file <content>`, `link <target>`, `folder`, `fifo`, `socket` or `device`. */
export function tree(dir: string, prefix = ""): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const name of readdirSync(join(dir, prefix)).sort()) {
    const rel = prefix ? `${prefix}/${name}` : name;
    const path = join(dir, rel);
    const info = lstatSync(path);
    if (info.isSymbolicLink()) entries[rel] = `link ${readlinkSync(path)}`;
    else if (info.isDirectory()) Object.assign(entries, {[rel]: "folder"}, tree(dir, rel));
    else if (info.isFile()) entries[rel] = `file ${readFileSync(path, "utf8")}`;
    else entries[rel] = info.isFIFO() ? "fifo" : info.isSocket() ? "socket" : "device";
  }
  return entries;
}
