// The lesson frame's files, shared by `npm run jupyter:build` and the tests: the page's assets
// (build/client.js), jupyter-frame.js (src/client/jupyter/frame.ts), the module map (modules.js)
// and lesson.html. The module map carries every module the course's lessons import (their
// ../src/… and npm packages), bundled by the build's own bundle pass as the one cell of a
// generated notebook, so a lesson anywhere in a student's tree imports them by the same
// specifiers; data (a locale's JSON) is read through the tab instead. Built into a folder named
// by a stamp of its inputs, in a temporary folder renamed into place (as build/client.js does).
import {createHash} from "node:crypto";
import {cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {build} from "esbuild";
import {buildClient} from "../build/client.js";
import {compileNotebook} from "../src/notebook/compile.js";
import {bundleNotebook} from "../src/notebook/bundle.js";
import {sharedPackages} from "../src/notebook/contract.js";

/** Every .md under `dir` (not in dot folders), relative paths. */
function lessons(dir: string, prefix = ""): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((e) =>
    e.name.startsWith(".")
      ? []
      : e.isDirectory()
        ? lessons(join(dir, e.name), `${prefix}${e.name}/`)
        : e.name.endsWith(".md")
          ? [`${prefix}${e.name}`]
          : []
  );
}

/** The specifiers the lessons import that the map must carry: code (project modules, npm packages), not data or the page's shared libraries. */
export function mapSpecifiers(texts: {path: string; text: string}[]): string[] {
  const found = new Set<string>();
  for (const {path, text} of texts) {
    for (const cell of compileNotebook(text, path).analysed) {
      for (const {specifier} of cell.imports) {
        if (Object.hasOwn(sharedPackages, specifier) || /\.(json|csv|tsv|txt)$/i.test(specifier)) continue;
        found.add(specifier);
      }
    }
  }
  return [...found].sort();
}

async function moduleMap(notebooks: string): Promise<{code: string; specifiers: string[]}> {
  const specifiers = mapSpecifiers(lessons(notebooks).map((path) => ({path, text: readFileSync(join(notebooks, path), "utf8")})));
  const text = `\`\`\`js\n${specifiers.map((s, i) => `import * as m${i} from ${JSON.stringify(s)};`).join("\n")}\n\`\`\`\n`;
  const compiled = compileNotebook(text, "module-map.md");
  const bundle = await bundleNotebook(compiled, join(notebooks, "module-map.md"), {}, {root: notebooks});
  if (bundle.warnings.length) throw new Error(`the module map does not bundle: ${bundle.warnings.map((w) => w.message).join("; ")}`);
  // The bundle hands its table to queuebook.notebook: here it is kept for the frame instead, the
  // rest of the page's API (library, attachments) as client.js has it.
  // Each module waits for the chunks (Plot, d3, KaTeX) the map's modules read, loaded on its first import.
  const libraries = JSON.stringify(bundle.libraries);
  const code = `(function (queuebook) {\n${bundle.code}\n})(Object.create(self.queuebook, {notebook: {value: function (d) {\n  var map = {}, modules = d.modules || {};\n  Object.keys(modules).forEach(function (s) { map[s] = function () { return Promise.resolve(self.queuebook.loadBuiltins(${libraries})).then(modules[s]); }; });\n  self.queuebook.moduleMap = map;\n  self.queuebook.moduleMapBuiltins = ${libraries};\n}}}));\n`;
  return {code, specifiers};
}

const lessonHtml = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>queuebook lesson</title>
<meta name="description" content="">
<link rel="stylesheet" href="style.css">
<script src="client.js"></script>
<script src="modules.js"></script>
</head>
<body>
<nav class="qb-nav"><span class="qb-home">queuebook</span></nav>
<main class="qb-notebook" id="observablehq-main"></main>
<script type="application/json" id="qb-source">null</script>
<script type="application/json" id="qb-titles">{}</script>
<script src="jupyter-frame.js"></script>
</body>
</html>
`;

/** A stamp of what the frame is built from: the client assets' folder, the frame's sources, the notebooks and the modules under src/. */
function stampOf(root: string, assets: string): string {
  const hash = createHash("sha1").update(assets);
  for (const dir of ["src", "notebooks", "jupyter/frame.ts"].map((d) => join(root, d))) {
    const files = statSync(dir).isFile() ? [""] : readdirSync(dir, {recursive: true}).map(String).sort();
    for (const name of files) {
      const stat = statSync(join(dir, name));
      if (stat.isFile()) hash.update(`${join(dir, name)}:${stat.size}:${stat.mtimeMs}\n`);
    }
  }
  return `frame-${hash.digest("hex").slice(0, 12)}`;
}

/** Builds the lesson frame's folder (or finds it built) and names the modules its map carries. */
export async function buildLessonFrame(root: string): Promise<{dir: string; specifiers: string[]}> {
  const notebooks = join(root, "notebooks");
  const assets = await buildClient(root);
  const cache = join(root, "node_modules", ".cache", "queuebook-jupyter");
  const dir = join(cache, stampOf(root, assets));
  if (existsSync(join(dir, "specifiers.json"))) return {dir, specifiers: JSON.parse(readFileSync(join(dir, "specifiers.json"), "utf8"))};
  const tmp = `${dir}.tmp-${process.pid}`;
  rmSync(tmp, {recursive: true, force: true});
  mkdirSync(tmp, {recursive: true});
  try {
    for (const name of readdirSync(assets)) cpSync(join(assets, name), join(tmp, name));
    await build({
      entryPoints: [join(root, "src", "client", "jupyter", "frame.ts")],
      outfile: join(tmp, "jupyter-frame.js"),
      bundle: true,
      minify: true,
      format: "iife",
      platform: "browser",
      target: ["es2022", "chrome100", "firefox100", "safari15"],
      logLevel: "error",
      legalComments: "eof",
      absWorkingDir: root
    });
    const map = await moduleMap(notebooks);
    writeFileSync(join(tmp, "modules.js"), map.code);
    writeFileSync(join(tmp, "lesson.html"), lessonHtml);
    writeFileSync(join(tmp, "specifiers.json"), JSON.stringify(map.specifiers));
    try {
      renameSync(tmp, dir);
    } catch {
      // another process built it meanwhile: keep theirs
    }
    return {dir, specifiers: map.specifiers};
  } finally {
    rmSync(tmp, {recursive: true, force: true});
  }
}
