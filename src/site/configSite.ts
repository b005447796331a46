// The site a `--root` names, for the build and the dev server: the pages' folder (the config's
// `root`, src/ by default, when the folder holds an observablehq.config.*), the config read
// without running it, and its warnings; then the chrome every page shares (src/site/configPage.ts)
// and the stylesheets the pages link, copied from the root into the site.
import {readFile, realpath} from "node:fs/promises";
import {join, relative, resolve} from "node:path";
import {findConfig, type SiteConfig} from "./config.js";
import {pageStyles, type SiteChrome} from "./configPage.js";
import {schemeBlocks} from "./theme.js";
import {defaultMaxFileBytes, readInside} from "../notebook/data.js";
import {parseNotebook} from "../notebook/parse.js";
import type {ReadPage} from "./notebook.js";
import type {Warning} from "../notebook/compile.js";

/** The site at `root`: its pages' folder, its config and the config's warnings (paths relative to the pages' folder). */
export async function siteOf(root: string): Promise<{root: string; config?: SiteConfig; warnings: Warning[]}> {
  const found = await findConfig(resolve(root));
  if (!found) return {root: resolve(root), warnings: []};
  const pagesRoot = found.config.root;
  const path = relative(pagesRoot, found.config.file);
  return {root: pagesRoot, config: found.config, warnings: found.warnings.map((w) => ({path, ...w}))};
}

/**
 * A page's title and front matter, for the sidebar and the stylesheets (read as a regular file
 * inside `root`; a page that cannot be read has neither), and the page as read and parsed, which
 * the build compiles next (src/site/notebook.ts, compilePage) instead of reading and parsing it again.
 */
export async function pageHead(
  file: string,
  root: string,
  maxBytes = defaultMaxFileBytes
): Promise<{title: string; data: Record<string, unknown>; source?: ReadPage}> {
  const read = await readInside(file, root, await realpath(root).catch(() => root), maxBytes);
  if (!("bytes" in read)) return {title: "", data: {}};
  const text = read.bytes.toString("utf8");
  const parsed = parseNotebook(text, relative(root, file));
  return {title: parsed.title, data: parsed.data, source: {text, parsed}};
}

/** The chrome the pages share: the config, every page's title, and queuebook's scheme variables from the built style.css in `assets`. */
export async function siteChrome(
  config: SiteConfig | undefined,
  pages: readonly {page: string; title: string}[],
  assets: string
): Promise<SiteChrome> {
  const css = await readFile(join(assets, "style.css"), "utf8").catch(() => "");
  return {config, pages, schemes: schemeBlocks(css)};
}

/**
 * The stylesheets the pages link (the config's `style`, each page's front matter `style:`), read
 * as regular files inside the root within `maxBytes`: root-relative path → bytes; one that cannot
 * be read is a warning on the page (or the config) naming it.
 */
export async function siteStyles(
  root: string,
  pages: readonly {page: string; data: Record<string, unknown>}[],
  config: SiteConfig | undefined,
  maxBytes: number
): Promise<{files: Map<string, Buffer>; warnings: Warning[]}> {
  const realRoot = await realpath(root).catch(() => root);
  const files = new Map<string, Buffer>();
  const warnings: Warning[] = [];
  const tried = new Set<string>();
  for (const {page, data} of pages) {
    const path = data.style === undefined && config ? relative(root, config.file) : `${page}.md`;
    for (const style of pageStyles(page, data, config, (message) => warnings.push({path, line: 0, column: 0, message}))) {
      if (tried.has(style.file)) continue;
      tried.add(style.file);
      const read = await readInside(join(root, style.file), root, realRoot, maxBytes);
      if ("bytes" in read) files.set(style.file, read.bytes);
      else warnings.push({path, line: 0, column: 0, message: `stylesheet ${style.file} ${read.is}; not linked`});
    }
  }
  return {files, warnings};
}
