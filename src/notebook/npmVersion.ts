// Framework's `npm:name@range` imports are served by the one installed copy of a package: when
// that copy's version is outside the range a page asks for, the page says so (a build warning at
// the cell), since two pages asking for @0.2 and @0.3 get the same local package.
import {readFileSync} from "node:fs";
import {join, sep} from "node:path";
// The two functions alone: semver's index loads all of its ~40 CommonJS files (about 20 ms of every command's start).
import satisfies from "semver/functions/satisfies.js";
import validRange from "semver/ranges/valid.js";

/** The parts of `npm:name@range/path`; undefined for any other specifier. */
export function parseNpmSpecifier(specifier: string): {name: string; range?: string; path: string} | undefined {
  const match = /^npm:((?:@[^/@]+\/)?[^/@]+)(?:@([^/]*))?(\/.*)?$/.exec(specifier);
  if (!match) return undefined;
  return {name: match[1], range: match[2] || undefined, path: (match[3] ?? "").replace(/\/\+esm$/, "")};
}

/** The version in the package.json of the installed package `name` that `resolved` (a file in it) belongs to. */
export function installedVersion(name: string, resolved: string): string | undefined {
  const marker = `${sep}node_modules${sep}${name.split("/").join(sep)}${sep}`;
  const at = resolved.lastIndexOf(marker);
  if (at < 0) return undefined;
  try {
    const version = JSON.parse(readFileSync(join(resolved.slice(0, at + marker.length), "package.json"), "utf8")).version;
    return typeof version === "string" ? version : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Why the installed `version` does not serve `range`, as the end of a sentence, or undefined
 * when it does (or the range is a tag such as `latest`, which any installed version serves).
 */
export function versionMismatch(range: string, version: string): string | undefined {
  if (!validRange(range)) return undefined;
  if (satisfies(version, range, {includePrerelease: true})) return undefined;
  return `the installed version is ${version}, which is not ${range}`;
}
