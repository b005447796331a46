// Why a cell of a real Framework page failed, for bench/frameworkCorpus.bench.ts: out of scope
// when the page needs what cannot exist offline here (a data loader's output, an npm package
// that is not installed, the network), in scope otherwise (a queuebook gap or bug).
import {existsSync, readdirSync, readFileSync, statSync} from "node:fs";
import {dirname, join, normalize} from "node:path";
import {siteOf} from "../src/site/configSite.js";

/**
 * An error's class: out of scope (a loader's file, a package not installed, the network, a file
 * not in the repository, a syntax error Framework's parser refuses too) or in scope.
 */
export type ErrorClass = "loader" | "package" | "network" | "missing-file" | "page-syntax" | "in-scope";

/** Framework's stdlib submodules and the packages they load from its CDN. */
const stdlibPackages: Record<string, string> = {
  "vega-lite": "vega-lite",
  duckdb: "@duckdb/duckdb-wasm",
  sqlite: "sql.js",
  dot: "@viz-js/viz",
  mermaid: "mermaid",
  arrow: "apache-arrow",
  leaflet: "leaflet",
  mapboxgl: "mapbox-gl",
  xlsx: "exceljs",
  zip: "jszip"
};

/**
 * acorn's own messages (Framework parses cells with acorn too, so such a cell fails there as
 * well), and Framework's own refusal of an assignment to a name the cell does not declare
 * (`height = 500`, a classic notebook's cell: Framework's "Assignment to external variable").
 */
const acornSyntax =
  /^SyntaxError: (Assignment to external variable|Unexpected token|Unexpected character|Unterminated|Identifier '[^']+' has already been declared|Invalid|'return' outside of function|Expecting Unicode escape)/;

/** Extensions of Framework's data loaders (x.csv is made by x.csv.js, x.csv.py …). */
const loaderExtensions = ["js", "ts", "py", "R", "rs", "go", "java", "jl", "php", "sh", "exe"];

/** Archives Framework extracts a member from (data/a/b.csv from data/a.zip). */
const archiveExtensions = ["zip", "tar", "tgz", "tar.gz"];

/** True when a loader or an archive under `root` would make `file` (a path relative to the root) in Framework. */
export function madeByLoader(root: string, file: string): boolean {
  const full = join(root, file);
  if (loaderExtensions.some((ext) => existsSync(`${full}.${ext}`))) return true;
  // A member of an archive: any ancestor folder that is an archive or an archive's loader.
  for (let dir = dirname(full); dir.length > root.length; dir = dirname(dir)) {
    for (const ext of archiveExtensions) {
      if (existsSync(`${dir}.${ext}`) || loaderExtensions.some((l) => existsSync(`${dir}.${ext}.${l}`))) return true;
    }
  }
  return false;
}

/** True when `name` (a bare package name, maybe with a subpath) is installed in `nodeModules`. */
export function installed(nodeModules: string, name: string): boolean {
  const parts = name.split("/");
  const pkg = name.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
  return existsSync(join(nodeModules, pkg, "package.json"));
}

/** The package an import specifier names, or undefined for a path. */
function packageOf(spec: string): string | undefined {
  const bare = spec.replace(/^npm:/, "");
  if (/^[./]|^[a-z]+:/i.test(bare)) return undefined;
  const parts = bare.split("/");
  const name = bare.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
  return name.replace(/(.)@.*$/, "$1");
}

/** The bare packages the project's config (beside `root` or in its parent) imports that are not installed in `nodeModules`. */
export function configPackagesMissing(root: string, nodeModules: string): string[] {
  const key = `${root}\0${nodeModules}`;
  let missing = missingByRoot.get(key);
  if (!missing) missingByRoot.set(key, (missing = readConfigPackagesMissing(root, nodeModules)));
  return missing;
}

/** configPackagesMissing's answers, by root: classifying reads a project's config once, not once an error. */
const missingByRoot = new Map<string, string[]>();

function readConfigPackagesMissing(root: string, nodeModules: string): string[] {
  for (const dir of [root, dirname(root)]) {
    const file = readdirSync(dir).find((name) => /^observablehq\.config\.(js|mjs|ts|mts)$/.test(name));
    if (!file) continue;
    const text = readFileSync(join(dir, file), "utf8");
    const specs = [...text.matchAll(/^\s*import\b[^;'"]*?from\s*["']([^"']+)["']/gm)].map((m) => m[1]);
    return specs
      .map(packageOf)
      .filter((pkg): pkg is string => pkg !== undefined && !pkg.startsWith("node:") && !installed(nodeModules, pkg));
  }
  return [];
}

/**
 * Classifies a cell's error text (its error box's first line) on the page `page` (a path
 * relative to `root`): a file the page asks for that a loader makes or that is not in the
 * repository, a package not installed, the network, or in scope.
 */
export function classifyCellError(
  message: string,
  {root, page, nodeModules}: {root: string; page: string; nodeModules: string}
): ErrorClass {
  if (
    /Failed to fetch|NetworkError|net::ERR|Load failed|sample datasets|ERR_BLOCKED|ERR_FAILED|would be read from the network|Dynamic require of "https?:/i.test(
      message
    )
  )
    return "network";
  // Framework's own parser refuses FileAttachment(name) with a computed name in the same words
  if (/FileAttachment requires a single literal string argument/.test(message)) return "page-syntax";
  if (/imports it implicitly|is not in the project's node_modules|is not available in queuebook \(Framework loads/.test(message))
    return "package";
  if (acornSyntax.test(message.replace(/^input `[^`]*` failed: /, ""))) return "page-syntax";
  // A name defined in a file the config's Markdown plugin includes (<!-- @include: … -->): Framework
  // runs the config, which imports the plugin; without that package installed it cannot load the
  // config and builds no page of the project (queuebook reads the config's values, never its code)
  if (/is not defined/.test(message) && configPackagesMissing(root, nodeModules).length > 0) {
    const text = existsSync(join(root, page)) ? readFileSync(join(root, page), "utf8") : "";
    if (/<!--\s*@include:/.test(text)) return "package";
  }
  const unresolved = /Could not resolve "([^"]+)"(?: \(from ([^;)]+))?|cannot import "([^"]+)"|Cannot find module '([^']+)'/.exec(message);
  if (unresolved) {
    const spec = unresolved[1] ?? unresolved[3] ?? unresolved[4];
    if (spec.startsWith("jsr:")) return "package"; // JSR packages: Framework fetches them; npm has no copy here
    const sub = /^observablehq:stdlib\/([\w-]+)/.exec(spec);
    if (sub && stdlibPackages[sub[1]] && !installed(nodeModules, stdlibPackages[sub[1]])) return "package";
    const pkg = packageOf(spec);
    if (pkg && !installed(nodeModules, pkg)) return "package";
    // A relative module that is not in the repository (Framework's own .observablehq/cache, a git-ignored file).
    if (/^\.\.?\//.test(spec) && unresolved[2]) {
      const target = join(dirname(root), unresolved[2], spec);
      if (!existsSync(target) && !madeByLoader(dirname(root), join(unresolved[2], spec))) return "missing-file";
    }
  }
  // a page's FileAttachment, or a project module's: `FileAttachment "../data/x.csv" (in components/load.js) not found …`
  const file =
    /FileAttachment "([^"]+)"(?: \(in ([^)]+)\))? not found|file not found: (\S+)|"([^"]+)" not found in the notebook folder/.exec(message);
  if (file) {
    const name = file[1] ?? file[3] ?? file[4];
    const from = file[2] ?? page; // the name is relative to the module that reads it
    const rel = name.startsWith("/") ? normalize(name.slice(1)) : normalize(join(dirname(from), name));
    if (madeByLoader(root, rel)) return "loader";
    if (!existsSync(join(root, rel))) return "missing-file";
  }
  return "in-scope";
}

/**
 * The notebook source root of a project folder: its config's `root` where that folder exists (as
 * Framework reads it), else src/ or docs/ when present (docs/ was Framework's first default, and
 * projects of that time name no root), else the folder.
 */
export async function sourceRoot(project: string): Promise<string> {
  const site = await siteOf(project);
  if (site.config && existsSync(site.root) && statSync(site.root).isDirectory()) return site.root;
  const names = readdirSync(project);
  for (const name of ["src", "docs"]) if (names.includes(name)) return join(project, name);
  return project;
}
