// observablehq.config.js (or .ts, .mjs, .mts): an Observable Framework project's title, pages
// (the sidebar), theme, style, head, header, footer, toc, sidebar and pager. Framework imports
// the file; queuebook reads its literal values without running it (src/site/configValue.ts):
// building a project someone else wrote must not run their Node code on this machine, and
// nearly every config is a plain object. A key that is code (a function, a call, an import) is
// left out with a warning naming its line; the rest of the config still applies.
import {readFile, stat} from "node:fs/promises";
import {dirname, join, relative, resolve} from "node:path";
import {Parser} from "acorn";
import {literalValue, NotLiteral, propertyKey} from "./configValue.js";
import {esbuild} from "../notebook/esbuild.js";

/** The file names Framework looks for, in its order. */
export const configNames = ["observablehq.config.js", "observablehq.config.ts", "observablehq.config.mjs", "observablehq.config.mts"];

/** A link of the sidebar: its text and Framework's path ("/dir/page", "/", or an http(s) URL). */
export interface SitePage {
  name: string;
  path: string;
}

/** A section of the sidebar: its pages, open unless `open: false`. */
export interface SiteSection {
  name: string;
  path?: string;
  open: boolean;
  collapsible: boolean;
  pages: SitePage[];
}

/** The config's keys queuebook honours, checked and normalised. */
export interface SiteConfig {
  /** The config file (absolute). */
  file: string;
  /** The pages' folder (absolute): the config's `root`, else src/ (Framework's default). */
  root: string;
  title?: string;
  /** The sidebar's entries; undefined: every page of the root, as Framework lists them. */
  pages?: (SitePage | SiteSection)[];
  theme?: string[];
  /** A stylesheet (path relative to the root) in place of the theme. */
  style?: string;
  head?: string;
  header?: string;
  footer?: string;
  toc: {show: boolean; label: string};
  /** Show the sidebar (default: yes). */
  sidebar: boolean;
  /** Previous and next links at the foot of a page listed in `pages` (default: yes). */
  pager: boolean;
}

/** A problem reading the config: its position in the file (line 0: the whole file) and what was left out. */
export interface ConfigWarning {
  line: number;
  column: number;
  message: string;
}

/** A config and what could not be read of it. */
export interface ReadConfig {
  config: SiteConfig;
  warnings: ConfigWarning[];
}

/** The keys of Framework's config queuebook does not apply (a warning names them). */
const notApplied = [
  "base",
  "output",
  "search",
  "interpreters",
  "markdownIt",
  "typographer",
  "linkify",
  "quotes",
  "cleanUrls",
  "preserveExtension",
  "preserveIndex",
  "dynamicPaths",
  "duckdb",
  "globalStylesheets",
  "home",
  "scripts",
  "paths",
  "deploy",
  "normalizePath",
  "loaders"
];

/** The config file of the project at `dir`, if it has one. */
export async function configFileIn(dir: string): Promise<string | undefined> {
  for (const name of configNames) {
    const file = join(dir, name);
    if (
      await stat(file).then(
        (s) => s.isFile(),
        () => false
      )
    )
      return file;
  }
  return undefined;
}

/**
 * The config that governs `root` (a --root given on the command line): the root's own config (the
 * pages are then under its `root`, src/ by default), or its parent's when that config's root is
 * this folder (`--root project/src`). Undefined for a folder of notebooks without one.
 */
export async function findConfig(root: string): Promise<ReadConfig | undefined> {
  const dir = resolve(root);
  const own = await configFileIn(dir);
  if (own) return readConfig(own);
  const parent = await configFileIn(dirname(dir));
  if (!parent) return undefined;
  const read = await readConfig(parent);
  return read.config.root === dir ? read : undefined;
}

/** Reads `file`'s literal values (never running it); a file that cannot be parsed is a config with defaults and a warning. */
export async function readConfig(file: string): Promise<ReadConfig> {
  const warnings: ConfigWarning[] = [];
  const warn = (message: string, line = 0, column = 0) => warnings.push({line, column, message});
  let text = await readFile(file, "utf8");
  if (/\.m?ts$/.test(file)) {
    // TypeScript: its types stripped (esbuild, which the build has anyway); the program is still only read.
    try {
      text = (await esbuild().transform(text, {loader: "ts", format: "esm", target: "es2022"})).code;
    } catch (error) {
      warn(`not valid TypeScript (${String((error as Error).message).split("\n")[1] ?? "esbuild"}); its settings are not applied`);
      return {config: defaults(file, {}, (message) => warn(message)), warnings};
    }
  }
  let program: any;
  try {
    program = Parser.parse(text, {ecmaVersion: "latest", sourceType: "module", locations: true});
  } catch (error) {
    const loc = (error as {loc?: {line: number; column: number}}).loc;
    warn(`${(error as Error).message.replace(/ \(\d+:\d+\)$/, "")}; its settings are not applied`, loc?.line, loc ? loc.column + 1 : 0);
    return {config: defaults(file, {}, (message) => warn(message)), warnings};
  }
  const consts = new Map<string, any>();
  let exported: any;
  for (const statement of program.body) {
    const declaration = statement.type === "ExportNamedDeclaration" ? statement.declaration : statement;
    if (declaration?.type === "VariableDeclaration") {
      // a top-level binding's initial value (esbuild writes a TypeScript config's `export default` as a var)
      for (const d of declaration.declarations) if (d.id.type === "Identifier" && d.init) consts.set(d.id.name, d.init);
    } else if (statement.type === "ExportDefaultDeclaration") {
      exported = statement.declaration;
    }
    if (statement.type === "ExportNamedDeclaration" && !statement.source) {
      for (const s of statement.specifiers ?? []) if (s.exported?.name === "default" && s.local?.type === "Identifier") exported = s.local; // export {config as default}
    }
  }
  while (exported?.type === "Identifier" && consts.has(exported.name)) exported = consts.get(exported.name);
  if (exported?.type === "CallExpression" && exported.arguments.length === 1 && exported.arguments[0].type === "ObjectExpression")
    exported = exported.arguments[0]; // defineConfig({…})
  if (exported?.type !== "ObjectExpression") {
    const why = exported ? `its default export is not an object written out in the file (${exported.type})` : "it has no default export";
    warn(
      `${why}; queuebook reads the config without running it, so its settings are not applied`,
      exported?.loc?.start.line,
      exported ? exported.loc.start.column + 1 : 0
    );
    return {config: defaults(file, {}, (message) => warn(message)), warnings};
  }
  const values: Record<string, unknown> = {};
  for (const property of exported.properties) {
    let key: string;
    try {
      key = propertyKey(property);
      values[key] = literalValue(property.value, consts);
    } catch (error) {
      if (!(error instanceof NotLiteral)) throw error;
      const what = property.type === "Property" && !property.computed && property.key?.type === "Identifier" ? property.key.name : "a key";
      warn(
        `${what} is ${error.what}, not a plain value; queuebook reads the config without running it, so ${what} is left out`,
        error.node.loc?.start.line,
        (error.node.loc?.start.column ?? -1) + 1
      );
    }
  }
  const ignored = Object.keys(values).filter((key) => notApplied.includes(key));
  if (ignored.length) warn(`${ignored.join(", ")} ${ignored.length === 1 ? "is" : "are"} not applied by queuebook`);
  return {config: defaults(file, values, (message) => warn(message)), warnings};
}

/** The config from its read values: each key checked (a wrong type is a warning and the default). */
function defaults(file: string, values: Record<string, unknown>, warn: (message: string) => void): SiteConfig {
  const dir = dirname(file);
  const wrong = (key: string, expected: string) => warn(`${key} should be ${expected}; left out`);
  const text = (key: string): string | undefined => {
    const value = values[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value === "string") return value;
    if (value === false && key !== "title") return ""; // header: false, footer: false
    return void wrong(key, "a string");
  };
  const root = typeof values.root === "string" ? resolve(dir, values.root) : join(dir, "src");
  if (values.root !== undefined && typeof values.root !== "string") wrong("root", "a folder's path");
  if (typeof values.root === "string" && relative(dir, root).startsWith("..")) warn(`root ${values.root} is outside the project`);
  const theme =
    values.theme === undefined
      ? undefined
      : typeof values.theme === "string"
        ? values.theme.split(/[\s,]+/).filter(Boolean)
        : Array.isArray(values.theme) && values.theme.every((t) => typeof t === "string")
          ? (values.theme as string[])
          : void wrong("theme", "a name or a list of names");
  return {
    file,
    root,
    title: text("title"),
    pages: values.pages === undefined ? undefined : pagesOf(values.pages, warn),
    theme,
    style: text("style") || undefined,
    head: text("head"),
    header: text("header"),
    footer: text("footer"),
    toc: tocOf(values.toc, warn),
    sidebar: values.sidebar === undefined ? true : values.sidebar !== false,
    pager: values.pager === undefined ? true : values.pager !== false
  };
}

/** Framework's `toc`: true/false or {show, label}; shown with the label "Contents" by default. */
export function tocOf(
  value: unknown,
  warn: (message: string) => void = () => {},
  base = {show: true, label: "Contents"}
): {show: boolean; label: string} {
  if (value === undefined || value === null) return base;
  if (typeof value === "boolean") return {...base, show: value};
  if (typeof value === "object" && !Array.isArray(value)) {
    const {show, label} = value as {show?: unknown; label?: unknown};
    return {show: typeof show === "boolean" ? show : base.show, label: typeof label === "string" ? label : base.label};
  }
  warn("toc should be true, false or {show, label}; left as it was");
  return base;
}

/** The sidebar's entries: pages ({name, path}) and sections ({name, pages, open, collapsible, path}); others dropped with a warning. */
export function pagesOf(value: unknown, warn: (message: string) => void): (SitePage | SiteSection)[] | undefined {
  if (!Array.isArray(value)) return void warn("pages should be a list; the sidebar lists every page instead");
  const page = (entry: any, where: string): SitePage | undefined => {
    if (entry && typeof entry.name === "string" && typeof entry.path === "string") return {name: entry.name, path: entry.path};
    return void warn(`${where} has no name and path; left out of the sidebar`);
  };
  const out: (SitePage | SiteSection)[] = [];
  for (const [i, entry] of value.entries()) {
    if (entry && typeof entry === "object" && Array.isArray(entry.pages)) {
      if (typeof entry.name !== "string") warn(`pages[${i}] (a section) has no name`);
      out.push({
        name: String(entry.name ?? ""),
        path: typeof entry.path === "string" ? entry.path : undefined,
        open: entry.open !== false,
        collapsible: entry.collapsible !== false,
        pages: entry.pages
          .map((p: unknown, j: number) => page(p, `pages[${i}].pages[${j}]`))
          .filter((p: SitePage | undefined): p is SitePage => p !== undefined)
      });
    } else {
      const p = page(entry, `pages[${i}]`);
      if (p) out.push(p);
    }
  }
  return out;
}
