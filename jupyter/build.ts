// `npm run jupyter:build`: the prebuilt JupyterLab 4 extension, in dist-jupyter/queuebook-jupyterlab/
// (a hub admin copies that folder into <prefix>/share/jupyter/labextensions/). Steps, each once:
//   1. the page's assets (build/client.js: client.js, the chunks, editor.js, the styles);
//   2. the lesson frame's script (src/client/jupyter/frame.ts) and the module map: every module
//      the course's lessons import (their ../src/… and npm packages), bundled by the build's own
//      bundle pass as the one cell of a generated notebook, so a lesson anywhere in a student's
//      tree imports them by the same specifiers;
//   3. the tab's side (jupyter/extension/src) as one ES module, JupyterLab's packages left as
//      imports for the builder's Module Federation;
//   4. @jupyterlab/builder's build-labextension against the pinned core (jupyter/core/package.json);
//   5. the frame's files into the extension's static/queuebook/, and lesson.html.
import {execFileSync} from "node:child_process";
import {cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync} from "node:fs";
import {dirname, join, relative} from "node:path";
import {fileURLToPath} from "node:url";
import {gzipSync} from "node:zlib";
import {build} from "esbuild";
import {buildClient} from "../build/client.js";
import {compileNotebook} from "../src/notebook/compile.js";
import {bundleNotebook} from "../src/notebook/bundle.js";
import {sharedPackages} from "../src/notebook/contract.js";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const notebooks = join(root, "notebooks");
const extension = join(root, "jupyter", "extension");
const out = join(root, "dist-jupyter", "queuebook-jupyterlab");
const builder = join(root, "jupyter", "node_modules", "@jupyterlab", "builder", "lib", "build-labextension.js");

function step(what: string): void {
  process.stdout.write(`jupyter:build: ${what}\n`);
}

/** Every .md under `dir` (not in dot folders), relative paths. */
function lessons(dir: string, prefix = ""): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((e) => (e.name.startsWith(".") ? [] : e.isDirectory() ? lessons(join(dir, e.name), `${prefix}${e.name}/`) : e.name.endsWith(".md") ? [`${prefix}${e.name}`] : []));
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

async function moduleMap(): Promise<{code: string; specifiers: string[]}> {
  const specifiers = mapSpecifiers(lessons(notebooks).map((path) => ({path, text: readFileSync(join(notebooks, path), "utf8")})));
  const text = `\`\`\`js\n${specifiers.map((s, i) => `import * as m${i} from ${JSON.stringify(s)};`).join("\n")}\n\`\`\`\n`;
  const compiled = compileNotebook(text, "module-map.md");
  const bundle = await bundleNotebook(compiled, join(notebooks, "module-map.md"), {}, {root: notebooks});
  if (bundle.warnings.length) throw new Error(`the module map does not bundle: ${bundle.warnings.map((w) => w.message).join("; ")}`);
  // The bundle hands its table to queuebook.notebook: here it is kept for the frame instead, the
  // rest of the page's API (library, attachments) as client.js has it.
  // Each module waits for the chunks (Plot, d3, KaTeX) the map's modules read, loaded on its first import.
  const libraries = JSON.stringify(bundle.libraries);
  const code = `(function (queuebook) {\n${bundle.code}\n})(Object.create(self.queuebook, {notebook: {value: function (d) {\n  var map = {}, modules = d.modules || {};\n  Object.keys(modules).forEach(function (s) { map[s] = function () { return Promise.resolve(self.queuebook.loadBuiltins(${libraries})).then(modules[s]); }; });\n  self.queuebook.moduleMap = map;\n}}}));\n`;
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
<link rel="stylesheet" href="katex.css">
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

async function main(): Promise<void> {
  if (!existsSync(builder)) throw new Error("the JupyterLab packages are not installed: run `npm run jupyter:install` first");
  step("the page's assets");
  const assets = await buildClient(root);
  const frame = join(root, "node_modules", ".cache", "queuebook-jupyter-frame");
  rmSync(frame, {recursive: true, force: true});
  mkdirSync(frame, {recursive: true});
  for (const name of readdirSync(assets)) cpSync(join(assets, name), join(frame, name));
  step("the lesson frame and the module map");
  await build({entryPoints: [join(root, "src", "client", "jupyter", "frame.ts")], outfile: join(frame, "jupyter-frame.js"), bundle: true, minify: true, format: "iife", platform: "browser", target: ["es2022", "chrome100", "firefox100", "safari15"], logLevel: "error", legalComments: "eof"});
  const map = await moduleMap();
  writeFileSync(join(frame, "modules.js"), map.code);
  writeFileSync(join(frame, "lesson.html"), lessonHtml);
  step("the tab's side");
  await build({entryPoints: [join(extension, "src", "index.ts")], outfile: join(extension, "lib", "index.js"), bundle: true, format: "esm", platform: "browser", target: "es2022", external: ["@jupyterlab/*", "@lumino/*"], logLevel: "error"});
  step("build-labextension");
  rmSync(out, {recursive: true, force: true});
  execFileSync(process.execPath, [builder, "--core-path", join(root, "jupyter", "core"), extension], {stdio: ["ignore", "ignore", "inherit"], cwd: root});
  const staticDir = join(out, "static", "queuebook");
  cpSync(frame, staticDir, {recursive: true});
  const meta = JSON.parse(readFileSync(join(out, "package.json"), "utf8"));
  if (!meta.jupyterlab?._build?.load) throw new Error("build-labextension wrote no jupyterlab._build.load");
  const size = (dir: string) => readdirSync(dir, {recursive: true}).map(String).filter((f) => statSync(join(dir, f)).isFile()).map((f) => readFileSync(join(dir, f)));
  const kb = (files: Buffer[]) => `${(files.reduce((s, b) => s + b.length, 0) / 1024).toFixed(0)} KB (gzip ${(files.reduce((s, b) => s + gzipSync(b).length, 0) / 1024).toFixed(0)} KB)`;
  const federated = size(join(out, "static")).filter((_, i, all) => all);
  step(`done: ${relative(process.cwd(), out)} — ${map.specifiers.length} modules in the map (${kb([readFileSync(join(staticDir, "modules.js"))])}), lesson frame ${kb(size(staticDir))}, the whole static folder ${kb(federated)}`);
}

main().catch((error) => {
  process.stderr.write(`jupyter:build: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
