// The files under a source folder, for the CLI's and the client's freshness stamps. A walk with
// withFileTypes, not readdirSync(dir, {recursive: true}): on Node 20 the recursive readdir takes
// about 15 ms over src/ against under 2 ms for this walk, and every command pays the stamp.
import {readdirSync} from "node:fs";
import {join} from "node:path";

/** Paths (relative to `dir`, with the platform's separator, sorted) of everything under `dir` that is not a folder. */
export function sourceFiles(dir) {
  const found = [];
  const walk = (folder, prefix) => {
    for (const entry of readdirSync(folder, {withFileTypes: true})) {
      const name = prefix ? join(prefix, entry.name) : entry.name;
      if (entry.isDirectory()) walk(join(folder, entry.name), name);
      else found.push(name);
    }
  };
  walk(dir, "");
  return found.sort();
}
