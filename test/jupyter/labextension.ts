// Builds a prebuilt JupyterLab extension from a source folder of the tests (test/fixtures/jupyter/…)
// with @jupyterlab/builder's build-labextension against jupyter/core, as a hub's extension is built.
// The source is copied under jupyter/node_modules/.cache (so its imports resolve to jupyter/'s
// packages and nothing is written into the repository's tracked files) and built once per content.
import {spawn} from "node:child_process";
import {createHash} from "node:crypto";
import {cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync} from "node:fs";
import {basename, join} from "node:path";
import {fileURLToPath} from "node:url";

const jupyterDir = fileURLToPath(new URL("../../jupyter/", import.meta.url));
const cacheRoot = join(jupyterDir, "node_modules", ".cache", "queuebook-jupyter-fixtures");

/** The hash of a flat source folder's files and of the core metadata it is built against. */
function sourceHash(source: string): string {
  const hash = createHash("sha256").update(readFileSync(join(jupyterDir, "core", "package.json")));
  for (const name of readdirSync(source).sort())
    hash
      .update(name)
      .update("\0")
      .update(readFileSync(join(source, name)))
      .update("\0");
  return hash.digest("hex").slice(0, 16);
}

/** The installable folder (package.json with jupyterlab._build, static/remoteEntry.*.js) built from `source`. */
export async function buildLabextension(source: string): Promise<string> {
  const dir = join(cacheRoot, `${basename(source)}-${sourceHash(source)}`);
  const output = join(dir, "labextension");
  if (existsSync(output)) return output;
  const work = `${dir}.tmp-${process.pid}`;
  rmSync(work, {recursive: true, force: true});
  cpSync(source, work, {recursive: true});
  const builder = join(jupyterDir, "node_modules", ".bin", "build-labextension");
  await new Promise<void>((done, fail) => {
    const child = spawn(builder, ["--core-path", join(jupyterDir, "core"), work], {stdio: ["ignore", "ignore", "pipe"]});
    let err = "";
    child.stderr.setEncoding("utf8").on("data", (text: string) => (err = (err + text).slice(-4000)));
    child.on("error", fail);
    child.on("exit", (code) => (code === 0 ? done() : fail(new Error(`build-labextension ${source} exited ${code}:\n${err}`))));
  });
  // Another worker may have built it meanwhile: keep theirs.
  if (existsSync(dir)) rmSync(work, {recursive: true, force: true});
  else renameSync(work, dir);
  return output;
}
