// Bundles the browser client (src/client/) into classic scripts and stylesheets:
//   client.js  window.queuebook = {notebook, provide}: runtime, inspector, Inputs, htl,
//              display, Generators, Mutable, FileAttachment (d3-dsv), width, now, live reload
//   plot.js    queuebook.provide({Plot})        d3.js  queuebook.provide({d3})
//   plot-d3.js queuebook.provide({Plot, d3})    (a notebook using both loads this one only)
//   katex.js   queuebook.provide({katex})      katex.css  KaTeX's CSS, woff2 fonts inlined
//   marked.js  queuebook.provide({marked})     style.css  notebook style + Inspector + Inputs
//   course.js  the course page (index): ?lang= and the progress kept in this browser (src/components/progressCourse.ts)
//   editor.js  queuebook.editor: CodeMirror + the compiler passes (src/notebook), loaded on first edit
//   lab-upload.js  queuebook.provide({labUploadWorker}): the arrival lab's upload worker as text,
//              loaded by the lab's upload widget on first use (src/components/lab/uploadClient.ts)
//   ui-hu.js …  queuebookUi.hu = {…}: the kit's words in one language (src/client/ui/hu.ts), linked
//              by a page only for the languages it declares (English is in client.js)
// The output folder's name is a stamp of src/client/ and src/page/, package-lock.json and this script; it is
// built in a temporary folder and renamed into place, so concurrent runs never see half a build.
// Other stamps are removed a minute after they were built.
import {createHash} from "node:crypto";
import {existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync} from "node:fs";
import {createRequire} from "node:module";
import {dirname, join} from "node:path";
import {editorSlim} from "./editorSlim.js";
import {buildLibraries, libraryAssets} from "./libraries.js";
import {sourceFiles} from "./sourceFiles.js";

/** The languages of the kit's words besides English, one table each in src/client/ui/ (a test holds this list to that folder). */
export const uiLanguages = ["hu", "ig", "ja", "pt"];

/** Every file buildClient writes. */
export const assets = [
  "client.js",
  "plot.js",
  "d3.js",
  "plot-d3.js",
  "katex.js",
  "katex.css",
  "marked.js",
  "style.css",
  "lab-upload.js",
  "editor.js",
  "course.js",
  ...uiLanguages.map((lang) => `ui-${lang}.js`),
  ...libraryAssets
];

function stampOf(packageRoot) {
  const hash = createHash("sha1");
  // (the lab's folders too: the upload worker chunk bundles them; src/notebook: editor.js carries the compiler)
  for (const src of ["client", "page", "lab", join("components", "lab"), "notebook"].map((dir) => join(packageRoot, "src", dir))) {
    for (const name of sourceFiles(src)) {
      const stat = statSync(join(src, name));
      if (stat.isFile()) hash.update(`${src}/${name}:${stat.size}:${stat.mtimeMs}\n`);
    }
  }
  // (this script by its path in the package: it may run bundled into the CLI, elsewhere)
  for (const file of [
    join(packageRoot, "package-lock.json"),
    join(packageRoot, "build", "client.js"),
    join(packageRoot, "build", "editorSlim.js"),
    join(packageRoot, "build", "libraries.js"),
    join(packageRoot, "src", "notebook", "contract.ts"),
    ...["progress.ts", "progressCourse.ts"].map((name) => join(packageRoot, "src", "components", name))
  ]) {
    try {
      const stat = statSync(file);
      hash.update(`${file}:${stat.size}:${stat.mtimeMs}\n`);
    } catch {
      // no lock file: the sources alone make the stamp
    }
  }
  return `client-${hash.digest("hex").slice(0, 12)}`;
}

/** KaTeX's CSS with only the woff2 sources left in each @font-face (inlined as data: URLs). */
function katexCss(katexDist) {
  const css = readFileSync(join(katexDist, "katex.css"), "utf8");
  return css.replace(/src:\s*([^;}]*)/g, (match, list) => {
    const woff2 = list.split(/,\s*(?=url\()/).filter((source) => /format\(["']?woff2["']?\)/.test(source));
    return woff2.length ? `src: ${woff2.join(", ")}` : match;
  });
}

async function buildInto(packageRoot, out) {
  const {build} = createRequire(import.meta.url)("esbuild"); // (required: the CLI bundles this file into a script with no import())
  const require = createRequire(join(packageRoot, "package.json"));
  const src = join(packageRoot, "src", "client");
  const common = {
    bundle: true,
    minify: true,
    logLevel: "error",
    legalComments: "eof",
    absWorkingDir: packageRoot
  };
  await build({
    ...common,
    entryPoints: [
      // (the chunk plot-d3.js is made from plotD3.ts: source files are camelCase, asset names as the pages load them)
      ...[
        ["main", "client"],
        ["plot", "plot"],
        ["d3", "d3"],
        ["plotD3", "plot-d3"],
        ["katex", "katex"],
        ["marked", "marked"]
      ].map(([name, out]) => ({in: join(src, `${name}.ts`), out})),
      {in: join(packageRoot, "src", "components", "progressCourse.ts"), out: "course"}
    ],
    outdir: out,
    format: "iife",
    platform: "browser",
    target: ["es2022", "chrome100", "firefox100", "safari15"]
  });
  // editor.js on its own: it leaves out library code the in-page compile never runs (editorSlim.js)
  await build({
    ...common,
    entryPoints: [{in: join(src, "editor", "main.ts"), out: "editor"}],
    outdir: out,
    format: "iife",
    platform: "browser",
    target: ["es2022", "chrome100", "firefox100", "safari15"],
    plugins: [editorSlim()]
  });
  // A worker may not be loaded by URL from file://, so the chunk carries the worker's script as text.
  const worker = await build({
    ...common,
    entryPoints: [join(packageRoot, "src", "components", "lab", "uploadWorker.ts")],
    write: false,
    format: "iife",
    platform: "browser",
    target: ["es2022", "chrome100", "firefox100", "safari15"]
  });
  writeFileSync(join(out, "lab-upload.js"), `queuebook.provide({labUploadWorker: ${JSON.stringify(worker.outputFiles[0].text)}});\n`);
  // each language's table as a classic script that only sets it (it may run before client.js)
  for (const lang of uiLanguages) {
    const contents = `import {${lang}} from "./${lang}.ts"; (globalThis.queuebookUi ||= {}).${lang} = ${lang};`;
    await build({
      ...common,
      stdin: {contents, loader: "ts", resolveDir: join(src, "ui"), sourcefile: `ui-${lang}.ts`},
      outfile: join(out, `ui-${lang}.js`),
      charset: "utf8",
      format: "iife",
      platform: "browser",
      target: ["es2022", "chrome100", "firefox100", "safari15"]
    });
  }
  await buildLibraries(build, packageRoot, out, common); // Framework's libraries and readers (build/libraries.js)
  const katexDist = dirname(require.resolve("katex/dist/katex.css"));
  await build({
    ...common,
    stdin: {contents: katexCss(katexDist), loader: "css", resolveDir: katexDist, sourcefile: "katex.css"},
    outfile: join(out, "katex.css"),
    loader: {".woff2": "dataurl", ".woff": "empty", ".ttf": "empty"}
  });
  const inspectorCss = join(dirname(dirname(require.resolve("@observablehq/inspector"))), "dist", "inspector.css");
  const inputsCss = require.resolve("@observablehq/inputs/dist/index.css");
  const styles = [inspectorCss, inputsCss, join(src, "style.css"), join(src, "editor", "edit.css")].map((file) =>
    readFileSync(file, "utf8")
  );
  await build({
    ...common,
    stdin: {contents: styles.join("\n"), loader: "css", resolveDir: src, sourcefile: "style.css"},
    outfile: join(out, "style.css")
  });
}

/** Returns the folder holding the built client assets, building them first if stale. */
export async function buildClient(packageRoot) {
  const cache = join(packageRoot, "node_modules", ".cache", "queuebook");
  const stamp = stampOf(packageRoot);
  const dir = join(cache, stamp);
  if (!assets.every((name) => existsSync(join(dir, name)))) {
    mkdirSync(cache, {recursive: true});
    const tmp = `${dir}.tmp-${process.pid}-${Date.now()}`;
    try {
      await buildInto(packageRoot, tmp);
      try {
        renameSync(tmp, dir);
      } catch {
        // another process won the race (its folder is complete): keep it
      }
    } finally {
      rmSync(tmp, {recursive: true, force: true});
    }
    // Older builds go, after a grace period: a server may still be sending files from one.
    const now = Date.now();
    for (const old of readdirSync(cache)) {
      if (!old.startsWith("client-") || old === stamp) continue;
      const path = join(cache, old);
      try {
        const age = now - statSync(path).mtimeMs;
        if (age > (old.includes(".tmp-") ? 600_000 : 60_000)) rmSync(path, {recursive: true, force: true});
      } catch {
        // removed meanwhile
      }
    }
  }
  return dir;
}
