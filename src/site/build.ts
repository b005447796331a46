// The static build: every notebook under the root becomes name.html + name.js, plus an index
// page and the shared assets under _queuebook/. Written to a temporary folder and renamed into
// place, so a failed build never leaves a half-written site.
import {copyFile, mkdir, readdir, rename, rm, stat, writeFile} from "node:fs/promises";
import {dirname, join, relative, resolve} from "node:path";
import {buildClient} from "../../build/client.js";
import {defaultMaxFileBytes} from "../notebook/data.js";
import {BuildError} from "../notebook/messages.js";
import {pageImages} from "./siteImages.js";
import {compilePage, finishNotebook, type BuiltNotebook} from "./notebook.js";
import {buildCache} from "../notebook/buildCache.js";
import {writeSharedFiles} from "./sharedFiles.js";
import {indexEntry, renderIndex, urlPath} from "./page.js";
import {writeFailure} from "../io/write.js";
import {checkOutput, fromCwd, SITE_MARKER} from "./output.js";
import {snapshotSite, type SiteSnapshot} from "./snapshot.js";
import type {Warning} from "../notebook/compile.js";
import {pageHead, siteChrome, siteOf, siteStyles} from "./configSite.js";

/** Side effects of a build, so tests can run it silently. */
export interface BuildEffects {
  warn(warning: Warning): void;
}

/** What a build made. */
export interface BuildResult {
  pages: {path: string; title: string}[];
  warnings: Warning[];
}

/** Markdown files under `root` (relative paths, sorted), skipping hidden, _ and node_modules folders; a missing root is named from `cwd`. */
export async function findNotebooks(root: string, cwd = process.cwd()): Promise<string[]> {
  let info;
  try {
    info = await stat(root);
  } catch {
    throw new BuildError(`notebook folder not found: ${relative(cwd, root) || root}`);
  }
  if (!info.isDirectory()) throw new BuildError(`not a folder: ${relative(cwd, root) || root}`);
  const found: string[] = [];
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, {withFileTypes: true})) {
      if (entry.name.startsWith(".") || entry.name.startsWith("_") || entry.name === "node_modules") continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.name.endsWith(".md")) found.push(relative(root, full));
    }
  };
  await walk(root);
  return found.sort();
}

/**
 * Copies the shared assets (queuebook's own cache folder of bundled files) into the site, every
 * file at once: fs.cp goes one file after another with its checks between (about 30 ms for the
 * 17 MB of chunks, against 7 ms here). Another build may have replaced the assets' folder (their
 * sources changed) and removed this one while it was copied: bundle them again, once.
 */
async function copyAssets(from: string, to: string, packageRoot: string): Promise<void> {
  await copyFolder(from, to).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== "ENOENT") throw error;
    await rm(to, {recursive: true, force: true});
    await copyFolder(await buildClient(packageRoot), to);
  });
}

/** Copies the regular files and folders under `from` into a new folder `to`, the files in parallel. */
async function copyFolder(from: string, to: string): Promise<void> {
  await mkdir(to, {recursive: true});
  const entries = await readdir(from, {withFileTypes: true});
  await Promise.all(
    entries.map((entry) =>
      entry.isDirectory()
        ? copyFolder(join(from, entry.name), join(to, entry.name))
        : entry.isFile()
          ? copyFile(join(from, entry.name), join(to, entry.name))
          : undefined
    )
  );
}

/** Builds every notebook under `root` into `out`. */
export async function buildSite(options: {
  root: string;
  out: string;
  packageRoot: string;
  cwd?: string;
  effects?: BuildEffects;
  maxFileBytes?: number;
  snapshot?: SiteSnapshot;
}): Promise<BuildResult> {
  // a project's observablehq.config.* names the pages' folder and shapes every page (src/site/configSite.ts)
  const site = await siteOf(options.root);
  const root = site.root;
  const out = resolve(options.out);
  const cwd = options.cwd ?? process.cwd();
  const names = await findNotebooks(root, cwd);
  const show = (p: string) => fromCwd(cwd, p);
  await checkOutput(out, root, cwd, show);
  const assets = buildClient(options.packageRoot);
  assets.catch(() => {}); // awaited below; a notebook error may come first
  // the config's sidebar lists every page's title, so each page's head is read before any page is made; without a config nothing needs them first
  const titles = site.config
    ? await Promise.all(
        names.map(async (name) => ({page: name.replace(/\.md$/, ""), ...(await pageHead(join(root, name), root, options.maxFileBytes))}))
      )
    : [];
  const chrome = await siteChrome(
    site.config,
    titles.map(({source: _, ...head}) => head),
    await assets.catch(() => "")
  );
  const tmp = `${out}.tmp-${process.pid}`;
  const imageWarnings: Warning[] = [];
  let built: BuiltNotebook[] = [];
  let styles: Awaited<ReturnType<typeof siteStyles>> = {files: new Map(), warnings: []};
  let copied: Promise<void> | undefined;
  try {
    await rm(tmp, {recursive: true, force: true});
    await mkdir(tmp, {recursive: true});
    await writeFile(join(tmp, SITE_MARKER), "This folder was written by `queuebook build`; the next build replaces it whole.\n");
    // The shared assets are copied while the pages are compiled and bundled (the copy is the disk's work, not this thread's).
    copied = assets.then((dir) => copyAssets(dir, join(tmp, "_queuebook"), options.packageRoot));
    copied.catch(() => {}); // awaited below; a notebook error may come first
    // Each page goes to esbuild as soon as it is compiled, so esbuild bundles it on the other
    // core while this thread compiles the next; the course page is written from the pages'
    // front matter while the last ones bundle.
    const cache = buildCache();
    const compiling = names.map((name, i) =>
      compilePage(join(root, name), root, {maxFileBytes: options.maxFileBytes, cwd, source: titles[i]?.source, cache})
    );
    const bundled = compiling.map((page) => page.then((p) => finishNotebook(p, {site: chrome, maxFileBytes: options.maxFileBytes, cache})));
    bundled.forEach((b) => b.catch(() => {})); // awaited below, in order
    const compiled = await Promise.all(compiling);
    const index = names.includes("index.md")
      ? undefined
      : renderIndex(
          names.map((name, i) => {
            const page = name.replace(/\.md$/, "");
            return indexEntry(page, urlPath(`${page}.html`), compiled[i].compiled);
          }),
          {assets: "_queuebook/"}
        );
    built = await Promise.all(bundled);
    const styled = built.map((b, i) => ({page: names[i].replace(/\.md$/, ""), data: b.compiled.data}));
    styles = await siteStyles(root, styled, site.config, options.maxFileBytes ?? defaultMaxFileBytes);
    await copied;
    await writeSharedFiles(join(tmp, "_queuebook"), cache.sharedFiles); // the files cells and project modules attach, once for every page
    // Each page is written once: its images, script and stylesheets first, then (after its
    // no-script snapshot, which renders it from memory beside them) the page itself.
    const imagesCopied = new Set<string>();
    const pages: {page: string; html: string}[] = [];
    for (const [i, name] of names.entries()) {
      const page = name.replace(/\.md$/, "");
      await mkdir(dirname(join(tmp, page)), {recursive: true});
      // The images the prose shows go beside the page, as in Framework (src/site/siteImages.ts).
      const shown = await pageImages(
        built[i].html,
        join(root, name),
        root,
        options.maxFileBytes ?? defaultMaxFileBytes,
        built[i].compiled.markdown
      );
      for (const problem of shown.problems) imageWarnings.push({path: built[i].compiled.path, ...problem});
      for (const [path, bytes] of shown.images) {
        if (imagesCopied.has(path)) continue;
        imagesCopied.add(path);
        await mkdir(dirname(join(tmp, path)), {recursive: true});
        await writeFile(join(tmp, path), bytes);
      }
      await writeFile(join(tmp, `${page}.js`), built[i].script);
      pages.push({page: `${page}.html`, html: shown.html});
    }
    for (const [path, bytes] of styles.files) {
      await mkdir(dirname(join(tmp, path)), {recursive: true});
      await writeFile(join(tmp, path), bytes); // the config's and the pages' stylesheets
    }
    const snapshots = options.snapshot ? await snapshotSite(tmp, pages, options.snapshot) : new Map<string, string>(); // --snapshot (src/site/snapshot.ts)
    for (const {page, html} of pages) await writeFile(join(tmp, page), snapshots.get(page) ?? html);
    if (index !== undefined) await writeFile(join(tmp, "index.html"), index);
    const old = `${out}.old-${process.pid}`;
    const existed = await stat(out).then(
      () => true,
      () => false
    );
    if (existed) await rename(out, old);
    try {
      await rename(tmp, out);
    } catch (error) {
      if (existed) await rename(old, out); // put the previous site back
      throw error;
    }
    if (existed) await rm(old, {recursive: true, force: true});
  } catch (error) {
    await copied?.catch(() => {}); // (a copy still running would write into the folder after it is removed)
    await rm(tmp, {recursive: true, force: true}).catch(() => {});
    if (error instanceof BuildError) throw error;
    throw new BuildError(writeFailure(error, show(out)));
  }
  const warnings = [...site.warnings, ...styles.warnings, ...built.flatMap((b) => b.warnings), ...imageWarnings];
  for (const warning of warnings) options.effects?.warn(warning);
  return {pages: built.map((b) => ({path: b.compiled.path, title: b.compiled.title})), warnings};
}
