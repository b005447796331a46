// Framework's `import.meta.resolve("npm:us-atlas@3/counties-10m.json")`: a file of an installed
// package, found in the node_modules folders from the notebook's folder up to the project (the
// folder with the package.json), never above it. Only where the file would be is decided here;
// data.ts reads it under FileAttachment's rules, confined to the package's folder (no links out).
import {existsSync} from "node:fs";
import {dirname, join, resolve} from "node:path";
import {parseNpmSpecifier} from "./npmVersion.js";
import {within} from "./messages.js";

/** The project a notebook root belongs to: the nearest folder at or above it with a package.json. */
export function projectRoot(root: string): string {
  for (let dir = root; ; dir = dirname(dir)) {
    if (existsSync(join(dir, "package.json"))) return dir;
    if (dirname(dir) === dir) return root;
  }
}

/** Where an `npm:` file is: the file, the package folder that confines it, and what was asked. */
export interface NpmFile {
  file: string;
  /** The installed package's folder: the file must really (links followed) lie inside it. */
  packageDir: string;
}

/** Why an `npm:` name gives no file, as the end of a sentence about it ("is not installed: …"). */
export interface NpmRefusal {
  is: string;
  missing?: boolean;
}

/** A package name as npm allows it (lower case, an optional @scope/): nothing that climbs or hides. */
const packageName = /^(?:@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/;

/**
 * The installed file an `npm:pkg[@range]/path` name stands for, looked up in node_modules from
 * `folder` (the notebook's) up to `project`; or why not (not installed, no path, a path that
 * climbs out of the package). The file itself is not read here.
 */
export function npmFile(name: string, folder: string, project: string): NpmFile | NpmRefusal {
  const spec = parseNpmSpecifier(name);
  if (!spec || !packageName.test(spec.name)) return {is: "is not a package name (npm:name[@range]/path/to/file)"};
  const path = spec.path.replace(/^\//, "");
  if (path === "") return {is: `names a package, not a file: give the file inside it (npm:${spec.name}/path/to/file.json)`};
  if (path.split("/").some((part) => part === "" || part === "." || part === ".." || part.includes("\\") || part.includes("\0"))) {
    return {is: "is a path that leaves the package or is not plain (no empty, . or .. parts)"};
  }
  for (let dir = resolve(folder); ; dir = dirname(dir)) {
    const packageDir = join(dir, "node_modules", ...spec.name.split("/"));
    // (the range, `@3`, is not checked: one installed copy serves every page, as for imports)
    if (existsSync(join(packageDir, "package.json"))) return {file: join(packageDir, ...path.split("/")), packageDir};
    if (!within(dirname(dir), project) || dirname(dir) === dir) break;
  }
  return {
    is: `is not installed: ${spec.name} is not in the project's node_modules (npm install ${spec.name}${spec.range ? `@${spec.range}` : ""})`,
    missing: true
  };
}
