// `npm run jupyter:build`: the prebuilt JupyterLab 4 extension, in dist-jupyter/queuebook-jupyterlab/
// (a hub admin copies that folder into <prefix>/share/jupyter/labextensions/). Steps, each once:
//   1. the page's assets (build/client.js: client.js, the chunks, editor.js, the styles);
//   2. the lesson frame's script (src/client/jupyter/frame.ts) and the module map: every module
//      the course's lessons import (their ../src/… and npm packages), bundled by the build's own
//      bundle pass as the one cell of a generated notebook, so a lesson anywhere in a student's
//      tree imports them by the same specifiers;
//   3. the tab's side (jupyter/extension/src), type-checked, as one ES module, JupyterLab's packages left as
//      imports for the builder's Module Federation;
//   4. @jupyterlab/builder's build-labextension against the pinned core (jupyter/core/package.json);
//   5. the frame's files into the extension's static/queuebook/, and lesson.html.
import {execFileSync} from "node:child_process";
import {createHash} from "node:crypto";
import {cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync} from "node:fs";
import {dirname, join, relative, resolve} from "node:path";
import {fileURLToPath} from "node:url";
import {gzipSync} from "node:zlib";
import {build} from "esbuild";
import {buildLessonFrame} from "./frame.js";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const extension = join(root, "jupyter", "extension");
const out = join(root, "dist-jupyter", "queuebook-jupyterlab");
const builder = join(root, "jupyter", "node_modules", "@jupyterlab", "builder", "lib", "build-labextension.js");

function step(what: string): void {
  process.stdout.write(`jupyter:build: ${what}\n`);
}

/** A stamp of what the extension is built from: the frame's folder (itself stamped), the tab's sources and the core metadata. */
function stampOf(frame: string): string {
  const hash = createHash("sha256").update(frame);
  for (const file of [
    join(root, "jupyter", "core", "package.json"),
    join(extension, "package.json"),
    ...readdirSync(join(extension, "src"))
      .sort()
      .map((f) => join(extension, "src", f))
  ])
    hash.update(file).update(readFileSync(file));
  return hash.digest("hex").slice(0, 16);
}

/**
 * Builds the installable folder (or finds it built from the same inputs) and returns its path.
 * `log` hears each step (the command prints them; the tests stay quiet).
 */
export async function buildJupyterExtension(log: (what: string) => void = () => {}): Promise<{dir: string; specifiers: string[]}> {
  if (!existsSync(builder)) throw new Error("the JupyterLab packages are not installed: run `npm run jupyter:install` first");
  log("the page's assets, the lesson frame and the module map");
  const {dir: frame, specifiers} = await buildLessonFrame(root);
  const stamp = stampOf(frame);
  if (existsSync(join(out, ".stamp")) && readFileSync(join(out, ".stamp"), "utf8") === stamp) return {dir: out, specifiers};
  log("the tab's side: type check, then one ES module");
  execFileSync(process.execPath, [join(root, "node_modules", "typescript", "bin", "tsc"), "-p", join(extension, "tsconfig.json")], {
    stdio: "inherit",
    cwd: root
  });
  await build({
    entryPoints: [join(extension, "src", "index.ts")],
    outfile: join(extension, "lib", "index.js"),
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    external: ["@jupyterlab/*", "@lumino/*"],
    logLevel: "error"
  });
  log("build-labextension");
  rmSync(out, {recursive: true, force: true});
  execFileSync(process.execPath, [builder, "--core-path", join(root, "jupyter", "core"), extension], {
    stdio: ["ignore", "ignore", "inherit"],
    cwd: root
  });
  const staticDir = join(out, "static", "queuebook");
  cpSync(frame, staticDir, {recursive: true});
  const meta = JSON.parse(readFileSync(join(out, "package.json"), "utf8"));
  if (!meta.jupyterlab?._build?.load) throw new Error("build-labextension wrote no jupyterlab._build.load");
  writeFileSync(join(out, ".stamp"), stamp);
  return {dir: out, specifiers};
}

async function main(): Promise<void> {
  const {dir: out, specifiers} = await buildJupyterExtension(step);
  const staticDir = join(out, "static", "queuebook");
  const size = (dir: string) =>
    readdirSync(dir, {recursive: true})
      .map(String)
      .filter((f) => statSync(join(dir, f)).isFile())
      .map((f) => readFileSync(join(dir, f)));
  const kb = (files: Buffer[]) =>
    `${(files.reduce((s, b) => s + b.length, 0) / 1024).toFixed(0)} KB (gzip ${(files.reduce((s, b) => s + gzipSync(b).length, 0) / 1024).toFixed(0)} KB)`;
  const federated = size(join(out, "static"));
  step(
    `done: ${relative(process.cwd(), out)} — ${specifiers.length} modules in the map (${kb([readFileSync(join(staticDir, "modules.js"))])}), lesson frame ${kb(size(staticDir))}, the whole static folder ${kb(federated)}`
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    process.stderr.write(`jupyter:build: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
